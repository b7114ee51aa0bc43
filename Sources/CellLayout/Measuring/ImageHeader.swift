/// An image file's size in pixels, read from its header as libpng (`png_get_image_width`) and
/// libjpeg (`jpeg_read_header`) read it: a PNG's IHDR chunk, a JPEG's first start-of-frame
/// marker. Nothing past the header is decoded.
enum ImageHeader {
    /// The pixel size of the PNG or JPEG `bytes` begin with, or nil when they are neither or the
    /// header is cut short or damaged.
    static func pixelSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        png(bytes) ?? jpeg(bytes)
    }

    /// The eight bytes every PNG file starts with.
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG's size: the signature, then the IHDR chunk (length 13) whose data starts with the
    /// width and height as big-endian 32-bit numbers, each 1...2^31-1 (the PNG specification's
    /// limits, which libpng enforces).
    private static func png(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 24, Array(b[0..<8]) == pngSignature,
              bigEndian(b, at: 8, count: 4) == 13, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        let width = bigEndian(b, at: 16, count: 4)
        let height = bigEndian(b, at: 20, count: 4)
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else { return nil }
        return (width, height)
    }

    /// A JPEG's size: after the SOI marker, marker segments are skipped by their lengths until a
    /// start-of-frame (SOF0...SOF15 but DHT, JPG and DAC, which share the range), whose data is
    /// precision, height and width. A height of 0 (defined later by a DNL marker) is refused, as
    /// libjpeg refuses it.
    private static func jpeg(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
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
            // Markers without a segment: TEM and RST0...RST7 (SOI again would be damage).
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD8 || marker == 0xD9 || marker == 0xDA { return nil }
            guard i + 2 <= b.count else { return nil }
            let length = bigEndian(b, at: i, count: 2)
            guard length >= 2, i + length <= b.count else { return nil }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard length >= 7 else { return nil }
                let height = bigEndian(b, at: i + 3, count: 2)
                let width = bigEndian(b, at: i + 5, count: 2)
                guard width > 0, height > 0 else { return nil }
                return (width, height)
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
}
