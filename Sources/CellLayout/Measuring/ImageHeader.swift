/// An image file's size in pixels, read from its header as libpng (`png_read_info`, through
/// `png_image_begin_read_from_file`) and libjpeg (`jpeg_read_header`) read it: a PNG's chunks up
/// to its first IDAT, a JPEG's markers up to its first start of scan. Nothing past the header is
/// decoded; a file either library would refuse there gives nil.
enum ImageHeader {
    /// The pixel size of the PNG or JPEG `bytes` hold, or nil when they are neither or the
    /// header is cut short or damaged.
    static func pixelSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        png(bytes) ?? jpeg(bytes)
    }

    /// The eight bytes every PNG file starts with.
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG's size: after the signature, IHDR first (13 bytes: width and height as big-endian
    /// numbers in 1...2^31-1, then bit depth, colour type, compression, filter, interlace); every
    /// chunk whole with its CRC up to the first IDAT, a critical chunk's CRC correct (libpng stops
    /// at a critical chunk's CRC error and drops an ancillary one's).
    private static func png(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 8, Array(b[0..<8]) == pngSignature else { return nil }
        var size: (width: Int, height: Int)?
        var i = 8
        while i + 8 <= b.count {
            let length = bigEndian(b, at: i, count: 4)
            let type = Array(b[(i + 4)..<(i + 8)])
            let isIHDR = type == Array("IHDR".utf8)
            if type == Array("IDAT".utf8) { return size }
            guard length <= 0x7FFF_FFFF, i + 12 + length <= b.count else { return nil }
            if size == nil && !isIHDR { return nil }
            // Bit 5 of the first type byte clear: a critical chunk, whose CRC must match.
            let critical = type[0] & 0x20 == 0
            if critical, crc32(b[(i + 4)..<(i + 8 + length)]) != UInt32(bigEndian(b, at: i + 8 + length, count: 4)) {
                return nil
            }
            if isIHDR {
                guard size == nil, length == 13 else { return nil }
                let width = bigEndian(b, at: i + 8, count: 4)
                let height = bigEndian(b, at: i + 12, count: 4)
                guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else { return nil }
                size = (width, height)
            } else if type == Array("IEND".utf8) {
                return nil
            }
            i += 12 + length
        }
        return nil
    }

    /// A JPEG's size: after the SOI marker, marker segments whole up to the first start of scan,
    /// with one start-of-frame (SOF0...SOF15 but DHT, JPG and DAC, which share the range) before
    /// it, whose data is precision, height and width. A height or width of 0 is refused, as
    /// libjpeg refuses it.
    private static func jpeg(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var size: (width: Int, height: Int)?
        var i = 2
        while i + 1 < b.count {
            guard b[i] == 0xFF else { return nil }
            var marker = b[i + 1]
            i += 2
            // Fill bytes: any number of 0xFF before a marker.
            while marker == 0xFF, i < b.count {
                marker = b[i]
                i += 1
            }
            // Markers without a segment: TEM and RST0...RST7; SOI again or EOI is damage.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD8 || marker == 0xD9 { return nil }
            guard i + 2 <= b.count else { return nil }
            let length = bigEndian(b, at: i, count: 2)
            guard length >= 2, i + length <= b.count else { return nil }
            if marker == 0xDA { return size }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard size == nil, length >= 8 else { return nil }
                let height = bigEndian(b, at: i + 3, count: 2)
                let width = bigEndian(b, at: i + 5, count: 2)
                guard width > 0, height > 0 else { return nil }
                size = (width, height)
            }
            i += length
        }
        return nil
    }

    /// The big-endian unsigned number in `count` bytes of `b` from `offset`.
    private static func bigEndian(_ b: [UInt8], at offset: Int, count: Int) -> Int {
        var value = 0
        for k in 0..<count { value = value << 8 | Int(b[offset + k]) }
        return value
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected polynomial 0xEDB88320), over `bytes`.
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
