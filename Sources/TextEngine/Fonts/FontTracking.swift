/// A face's normal horizontal tracking from its AAT `trak` table: the font units added after
/// each character at each point size.
///
/// The values are those of HarfBuzz 10.3 and later (`hb-aat-layout-trak-table.hh`), whose
/// authors report that Core Text gives the same: the track of value 0 (or, when the table has none, the two tracks either side of
/// 0 interpolated, or the nearest one); at a size between two of the table's sizes, the linear
/// interpolation of their values; below the first size the first value, above the last the last
/// (no extrapolation); no rounding.
struct FontTracking: Sendable, Equatable {
    /// The table's point sizes, in table order.
    let sizes: [Double]
    /// The normal track's value at each size, in font units.
    let values: [Double]

    /// The tracking of the table `bytes` (a whole `trak` table), or nil when it has no
    /// horizontal tracks or is malformed (a version other than 1, or any offset or count that
    /// reaches past the table): HarfBuzz's sanitizer drops such horizontal data too.
    init?(table bytes: UnsafeRawBufferPointer) {
        func u16(_ at: Int) -> Int? {
            at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil
        }
        func i16(_ at: Int) -> Int? { u16(at).map { Int(Int16(truncatingIfNeeded: $0)) } }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            return high << 16 | low
        }
        func fixed(_ at: Int) -> Double? { u32(at).map { Double(Int32(truncatingIfNeeded: $0)) / 65536 } }

        guard u16(0) == 1, let data = u16(6), data != 0,
              let trackCount = u16(data), let sizeCount = u16(data + 2), let sizeTable = u32(data + 4),
              trackCount > 0, sizeCount > 0 else { return nil }
        var sizes: [Double] = []
        sizes.reserveCapacity(sizeCount)
        for k in 0..<sizeCount {
            guard let size = fixed(sizeTable + 4 * k) else { return nil }
            sizes.append(size)
        }
        // Every track is checked (as HarfBuzz's sanitizer checks them), though one or two are read.
        var tracks: [(value: Double, at: Int)] = []
        tracks.reserveCapacity(trackCount)
        for t in 0..<trackCount {
            let entry = data + 8 + 8 * t
            guard let value = fixed(entry), let at = u16(entry + 6), at + 2 * sizeCount <= bytes.count else { return nil }
            tracks.append((value, at))
        }
        func trackValues(_ track: Int) -> [Double] {
            (0..<sizeCount).map { Double(i16(tracks[track].at + 2 * $0) ?? 0) }
        }
        // HarfBuzz's choice of track: i is the last track from the start whose value is at most
        // 0, j the first from the end whose value is at least 0 (the table lists tracks in
        // increasing order).
        var i = 0, j = trackCount - 1
        while i + 1 < trackCount && tracks[i + 1].value <= 0 { i += 1 }
        while j > 0 && tracks[j - 1].value >= 0 { j -= 1 }
        let t0 = tracks[i].value, t1 = tracks[j].value
        if i == j || t0 == t1 {
            values = trackValues(i)
        } else {
            // Interpolating the two tracks size by size equals interpolating their results: every
            // step of `units(atPointSize:)` is linear in the values.
            let t = (0 - t0) / (t1 - t0)
            values = zip(trackValues(i), trackValues(j)).map { $0 + t * ($1 - $0) }
        }
        self.sizes = sizes
    }

    /// The tracking at `pointSize`, in font units.
    func units(atPointSize pointSize: Double) -> Double {
        if values.count == 1 { return values[0] }
        guard let i = sizes.firstIndex(where: { $0 >= pointSize }) else { return values[values.count - 1] }
        if i == 0 { return values[0] }
        if sizes[i] == pointSize { return values[i] }
        // sizes[i - 1] < pointSize < sizes[i]: the first size at least pointSize is the one after.
        let s0 = sizes[i - 1], s1 = sizes[i], v0 = values[i - 1], v1 = values[i]
        return v0 + (pointSize - s0) / (s1 - s0) * (v1 - v0)
    }
}
