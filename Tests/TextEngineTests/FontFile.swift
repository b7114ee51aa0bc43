import Foundation

/// Reads a TrueType/OpenType file's tables directly: the independent reference for metrics,
/// and a way to build a TrueType Collection for the face-index tests.
struct FontFile {
    let data: Data
    let tables: [String: (offset: Int, length: Int)]

    init(path: String) throws {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
        var tables: [String: (Int, Int)] = [:]
        let count = Int(Self.u16(data, 4))
        for i in 0..<count {
            let record = 12 + 16 * i
            let tag = String(decoding: data[record..<record + 4], as: UTF8.self)
            tables[tag] = (Int(Self.u32(data, record + 8)), Int(Self.u32(data, record + 12)))
        }
        self.tables = tables
    }

    static func u16(_ d: Data, _ at: Int) -> UInt16 { UInt16(d[d.startIndex + at]) << 8 | UInt16(d[d.startIndex + at + 1]) }
    static func i16(_ d: Data, _ at: Int) -> Int { Int(Int16(bitPattern: u16(d, at))) }
    static func u32(_ d: Data, _ at: Int) -> UInt32 { UInt32(u16(d, at)) << 16 | UInt32(u16(d, at + 2)) }

    var unitsPerEm: Int { Int(Self.u16(data, tables["head"]!.offset + 18)) }

    /// (ascender, descender, lineGap) in font units as SPEC says HarfBuzz reports them: OS/2
    /// typo metrics when fsSelection bit 7 (USE_TYPO_METRICS) is set, hhea otherwise.
    var horizontalExtents: (ascender: Int, descender: Int, lineGap: Int) {
        if let os2 = tables["OS/2"], Self.u16(data, os2.offset + 62) & 0x80 != 0 {
            return (Self.i16(data, os2.offset + 68), Self.i16(data, os2.offset + 70), Self.i16(data, os2.offset + 72))
        }
        let hhea = tables["hhea"]!.offset
        return (Self.i16(data, hhea + 4), Self.i16(data, hhea + 6), Self.i16(data, hhea + 8))
    }

    /// A TrueType Collection ('ttcf' 1.0) holding `fonts` in order.
    static func collection(of fonts: [FontFile]) -> Data {
        var out = Data()
        func put32(_ v: UInt32) { out.append(contentsOf: [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]) }
        out.append(contentsOf: Array("ttcf".utf8))
        put32(0x0001_0000)
        put32(UInt32(fonts.count))
        // Each font: its offset table and records, then its tables, all 4-byte aligned.
        var offsets: [Int] = []
        var next = 12 + 4 * fonts.count
        var layouts: [[(tag: String, offset: Int, length: Int)]] = []
        for font in fonts {
            offsets.append(next)
            next += 12 + 16 * font.tables.count
            var layout: [(String, Int, Int)] = []
            for (tag, table) in font.tables.sorted(by: { $0.key < $1.key }) {
                layout.append((tag, next, table.length))
                next += (table.length + 3) & ~3
            }
            layouts.append(layout)
        }
        for offset in offsets { put32(UInt32(offset)) }
        for (font, layout) in zip(fonts, layouts) {
            out.append(font.data[font.data.startIndex..<font.data.startIndex + 12])
            for (tag, offset, length) in layout {
                out.append(contentsOf: Array(tag.utf8))
                let source = font.tables[tag]!.offset
                var sum: UInt32 = 0
                var i = 0
                while i < length {
                    var word: UInt32 = 0
                    for k in 0..<4 { word = word << 8 | UInt32(i + k < length ? font.data[source + i + k] : 0) }
                    sum = sum &+ word
                    i += 4
                }
                put32(sum)
                put32(UInt32(offset))
                put32(UInt32(length))
            }
            for (tag, _, length) in layout {
                let source = font.tables[tag]!.offset
                out.append(font.data[source..<source + length])
                out.append(contentsOf: [UInt8](repeating: 0, count: (4 - length % 4) % 4))
            }
        }
        return out
    }
}
