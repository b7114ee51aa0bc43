import CTextKernels

/// A break segment (text between two line-break opportunities) shaped once with a font stack.
///
/// Advances are in em of the font that shaped each cluster: unhinted OpenType shaping scales
/// linearly with the point size, so one shaping serves every size. A value (its clusters live in
/// storage shared with the other segments of the paragraph shaped with it), so making one
/// allocates nothing.
struct ShapedSegment: Sendable {
    /// The segment's grapheme clusters in order, each with its advance and font.
    let graphemes: GraphemeRun
    /// Sum of all cluster advances, in em.
    let advance: Double
    /// Advance of the breakable white space at the end (it hangs at a line end), in em.
    let trailingSpace: Double
    /// Bit i set when face i of the stack shaped some cluster.
    let fontMask: UInt64
    /// Index of the first cluster of the trailing run of breakable space separators (count if
    /// none): Pango gives them the font of the text after them, in the next segment.
    let trailingSpacesStart: Int

    init(graphemes: GraphemeRun) {
        self.graphemes = graphemes
        var advance = 0.0, trailing = 0.0, mask: UInt64 = 0
        var first = graphemes.count
        graphemes.storage.withUnsafeBufferPointer { all in
            let clusters = UnsafeBufferPointer(rebasing: all[graphemes.base..<(graphemes.base + graphemes.count)])
            // Summed from the end (the order fixes the rounding of the sums).
            var inTrailing = true
            for g in clusters.reversed() {
                advance += g.advance
                mask |= 1 << UInt64(g.font)
                if inTrailing && g.hangs { trailing += g.advance } else { inTrailing = false }
            }
            while first > 0 && clusters[first - 1].spaces && clusters[first - 1].hangs { first -= 1 }
        }
        self.advance = advance
        self.trailingSpace = trailing
        self.fontMask = mask
        trailingSpacesStart = first
    }

    /// Shapes `units` with `stack`; nil only when the C kernel fails (ICU or memory).
    static func shape(_ units: UnsafeBufferPointer<UInt16>, stack: FontStack) -> ShapedSegment? {
        shapeGraphemes(units, stack: stack).map { ShapedSegment(graphemes: GraphemeRun($0)) }
    }

    /// The grapheme clusters of `units` shaped with `stack` (fallback per cluster, one
    /// HarfBuzz call per run of clusters sharing a face); nil only when the C kernel fails.
    static func shapeGraphemes(_ units: UnsafeBufferPointer<UInt16>, stack: FontStack) -> ContiguousArray<Grapheme>? {
        let faces = stack.faces
        return withUnsafeTemporaryAllocation(of: tl_font.self, capacity: faces.count) { fonts in
            for (i, face) in faces.enumerated() {
                fonts[i] = tl_font(hb_font: UnsafeMutableRawPointer(face.hbFont),
                                   inverse_upem: 1 / Double(face.unitsPerEm),
                                   is_color: face.isColor ? 1 : 0,
                                   bmp: UnsafePointer(face.bmpCoverage))
            }
            let capacity = max(1, units.count)
            if Grapheme.matchesCLayout {
                // The kernel writes the clusters straight into the array's storage.
                var failed = true
                let graphemes = ContiguousArray<Grapheme>(unsafeUninitializedCapacity: capacity) { buffer, initialized in
                    guard let base = buffer.baseAddress else { return }
                    let count = UnsafeMutableRawPointer(base).withMemoryRebound(to: tl_grapheme.self, capacity: capacity) { out in
                        tl_shape_segment(fonts.baseAddress, Int32(faces.count), units.baseAddress,
                                         Int32(units.count), out, Int32(units.count))
                    }
                    failed = count < 0
                    initialized = max(0, Int(count))
                }
                return failed ? nil : graphemes
            }
            return withUnsafeTemporaryAllocation(of: tl_grapheme.self, capacity: capacity) { out in
                let count = tl_shape_segment(fonts.baseAddress, Int32(faces.count), units.baseAddress,
                                             Int32(units.count), out.baseAddress, Int32(units.count))
                guard count >= 0 else { return nil }
                var graphemes = ContiguousArray<Grapheme>()
                graphemes.reserveCapacity(Int(count))
                for g in out.prefix(Int(count)) {
                    graphemes.append(Grapheme(advance: g.advance, tail: g.tail, length: g.length, font: g.font,
                                              hangs: g.hangs != 0, spaces: g.spaces != 0))
                }
                return graphemes
            }
        }
    }
}

/// A segment's clusters: a zero-based window on clusters shaped together (a paragraph's),
/// so cutting a paragraph into segments shares one array instead of copying.
struct GraphemeRun: RandomAccessCollection, Sendable {
    let storage: ContiguousArray<Grapheme>
    let base: Int
    let count: Int

    /// All of `storage`.
    init(_ storage: ContiguousArray<Grapheme>) {
        self.init(storage, range: storage.indices)
    }

    /// The clusters `range` of `storage`.
    init(_ storage: ContiguousArray<Grapheme>, range: Range<Int>) {
        self.storage = storage
        self.base = range.lowerBound
        self.count = range.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> Grapheme { storage[base + position] }
}

/// One grapheme cluster of a shaped segment.
struct Grapheme: Sendable, Hashable {
    /// Advance in em.
    var advance: Double
    /// Advance in em when a line ends after it (no kerning against the next cluster).
    var tail: Double
    /// Length in UTF-16 code units.
    var length: Int32
    /// Index of the face in the stack that shaped it.
    var font: UInt8
    /// Breakable white space: it hangs past the line end.
    var hangs: Bool
    /// Only space separators: its font follows its neighbours (see tl_shape_segment).
    var spaces: Bool
}

extension Grapheme {
    /// Whether Grapheme and the kernel's tl_grapheme lay out their fields alike (the kernel
    /// writes 0 or 1 to hangs and spaces, valid Bools), so clusters need no copying.
    static let matchesCLayout: Bool = {
        MemoryLayout<Grapheme>.stride == MemoryLayout<tl_grapheme>.stride
            && MemoryLayout<Grapheme>.offset(of: \.advance) == MemoryLayout<tl_grapheme>.offset(of: \.advance)
            && MemoryLayout<Grapheme>.offset(of: \.tail) == MemoryLayout<tl_grapheme>.offset(of: \.tail)
            && MemoryLayout<Grapheme>.offset(of: \.length) == MemoryLayout<tl_grapheme>.offset(of: \.length)
            && MemoryLayout<Grapheme>.offset(of: \.font) == MemoryLayout<tl_grapheme>.offset(of: \.font)
            && MemoryLayout<Grapheme>.offset(of: \.hangs) == MemoryLayout<tl_grapheme>.offset(of: \.hangs)
            && MemoryLayout<Grapheme>.offset(of: \.spaces) == MemoryLayout<tl_grapheme>.offset(of: \.spaces)
    }()
}
