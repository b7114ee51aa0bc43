import CHarfBuzz
import Foundation
import TestCommons
import Testing
@testable import TextEngine

/// `trak` tables: a face's tracking at each point size, checked on a fixture font
/// (Tests/Fixtures/Fonts/TrakTest.ttf, made by make-trak-font.py beside it: tracks -1, 0, +1 over
/// 6, 9, 12, 24 and 48 pt, the normal one 60, 30, 12, -24 and -48 units) against HarfBuzz's own
/// `trak`: the advances it shapes at a point size with the table, less those without it.
@Suite struct FontTrackingTests {
    static let font = packageRoot.appendingPathComponent("Tests/Fixtures/Fonts/TrakTest.ttf").path
    static let text = "tracking at each size"

    /// Each glyph's advance and x offset from hb-shape (Debian's HarfBuzz) at its default size
    /// (one unit per font unit), with `options`.
    static func hbShape(_ options: [String]) throws -> [(advance: Int, offset: Int)] {
        let codes = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")
        let output = try ExternalTool.run("/usr/bin/hb-shape", [font, "--output-format=json", "--no-glyph-names",
                                                                 "--unicodes=\(codes)"] + options, input: "")
        let glyphs = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        return glyphs.map { (($0["ax"] as? Int) ?? 0, ($0["dx"] as? Int) ?? 0) }
    }

    @Test func trackingEqualsWhatHBShapeAddsToEachGlyphInsideTheTablesSizes() throws {
        // HarfBuzz 6 (Debian 12) applies `trak` at `--font-ptem` with the value rounded to whole
        // units, and `-trak` turns it off; these sizes give whole values. It extrapolates past
        // the table's ends, which HarfBuzz 10.3 and Core Text do not (the next test).
        let face = try FontFace(path: Self.font)
        #expect(face.hasTracking)
        for size in [6.0, 7.5, 9, 10.5, 12, 17, 24, 30, 36, 48] {
            let tracked = try Self.hbShape(["--font-ptem=\(size)"])
            let plain = try Self.hbShape(["--font-ptem=\(size)", "--features=-trak"])
            #expect(tracked.count == Self.text.count && plain.count == tracked.count)
            let added = Set(zip(tracked, plain).map { $0.advance - $1.advance })
            #expect(added.count == 1, "size \(size): one value added to every glyph: \(added)")
            let units = Double(added.first ?? 0)
            #expect(face.trackingTable?.units(atPointSize: size) == units, "size \(size)")
            #expect(face.tracking(atPointSize: size) == units * size / 1000, "size \(size)")
            // HarfBuzz 6 also moves each glyph by half the tracking (in whole units, toward 0;
            // 10.3 and later do not move it): the space goes half before the glyph and half after
            // it, the advance grows by all of it.
            #expect(tracked.allSatisfy { $0.offset == Int(units) / 2 }, "size \(size)")
        }
    }

    /// Shapes the first glyph of "ab c" with uharfbuzz at scale 64 per font unit, at each of
    /// `sizes` as `ptem`, from `font` as it is and from the font with its `trak` table hidden:
    /// the font units (in 64ths) HarfBuzz adds to every glyph at each size, and at no `ptem`.
    static func uharfbuzzTracking(font: String, sizes: [Double]) throws -> (sizes: [Double], unset: Double) {
        try OutsideReference.uharfbuzz.require()
        let script = #"""
        import sys, json, uharfbuzz as hb
        q = json.loads(sys.stdin.read())
        blob = hb.Blob.from_file_path(q["font"])
        face = hb.Face(blob)
        kept = {}
        def reference(f, tag, data):
            if tag == "trak": return b""
            kept[tag] = face.reference_table(tag).data
            return kept[tag]
        hidden = hb.Face.create_for_tables(reference, None)
        def advances(f, ptem):
            font = hb.Font(f)
            font.scale = (face.upem * 64, face.upem * 64)
            if ptem is not None: font.ptem = ptem
            buf = hb.Buffer(); buf.add_str("ab c"); buf.guess_segment_properties()
            hb.shape(font, buf)
            return [p.x_advance for p in buf.glyph_positions]
        def added(ptem):
            values = {(a - b) / 64 for a, b in zip(advances(face, ptem), advances(hidden, ptem))}
            assert len(values) == 1, values
            return values.pop()
        print(json.dumps({"sizes": [added(s) for s in q["sizes"]], "unset": added(None)}))
        """#
        let request = try JSONSerialization.data(withJSONObject: ["font": font, "sizes": sizes])
        let output = try ExternalTool.run("/usr/bin/env", ["python3", "-c", script], input: String(decoding: request, as: UTF8.self))
        let answer = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
        return ((answer["sizes"] as? [Double]) ?? [], (answer["unset"] as? Double) ?? .nan)
    }

    @Test func trackingEqualsWhatHarfBuzz10_3AddsAtEverySizeAndIsHeldAtTheTablesEnds() throws {
        let face = try FontFace(path: Self.font)
        let sizes = [0.5, 1, 4, 6, 7.5, 9, 10.5, 12, 13.25, 17, 24, 30, 36, 48, 60, 100, 1000]
        let reference = try Self.uharfbuzzTracking(font: Self.font, sizes: sizes)
        #expect(reference.sizes.count == sizes.count)
        for (size, units) in zip(sizes, reference.sizes) {
            #expect(face.trackingTable?.units(atPointSize: size) == units, "size \(size)")
            #expect(face.tracking(atPointSize: size) == units * size / 1000, "size \(size)")
        }
        // Held, not extrapolated: the first value below 6 pt, the last above 48.
        #expect(reference.sizes.prefix(4) == [60, 60, 60, 60])
        #expect(reference.sizes.suffix(4) == [-48, -48, -48, -48])
        // HarfBuzz 10.3 and later apply `trak` even to a font without a point size (at 12 pt):
        // the reason our shaping face hides the table.
        #expect(reference.unset == 12)
    }

    @Test func withoutANormalTrackTheTwoTracksAroundZeroAreInterpolatedAsHarfBuzzDoes() throws {
        // The fixture with its tracks -1, 0, +1 made -1, +1, +3: no track 0, so HarfBuzz takes
        // the tracks -1 and +1 halfway.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.font)))
        let trak = try #require(Self.table("trak", in: bytes))
        let data = trak.lowerBound + (Int(bytes[trak.lowerBound + 6]) << 8 | Int(bytes[trak.lowerBound + 7]))
        #expect(bytes[data + 1] == 3, "three tracks")
        for (track, value) in [(1, UInt8(1)), (2, UInt8(3))] {
            let entry = data + 8 + 8 * track
            bytes.replaceSubrange(entry..<entry + 4, with: [0, value, 0, 0])
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trak-\(getpid())-tracks.ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let face = try FontFace(path: path)
        let sizes = [4.0, 6, 9, 12, 24, 48, 72]
        let reference = try Self.uharfbuzzTracking(font: path, sizes: sizes)
        #expect(reference.sizes == [-20, -20, -35, -44, -62, -74, -74])
        for (size, units) in zip(sizes, reference.sizes) {
            #expect(face.trackingTable?.units(atPointSize: size) == units, "size \(size)")
        }
    }

    @Test func shapingLeavesTheTrakTableOutAtEverySize() throws {
        let face = try FontFace(path: Self.font)
        // The face HarfBuzz shapes with has no `trak` table, while the file has one.
        let shaped = hb_face_reference_table(hb_font_get_face(face.hbFont), FontAxis.tag(of: "trak"))
        defer { hb_blob_destroy(shaped) }
        #expect(hb_blob_get_length(shaped) == 0)
        let units = try HBShape.advances(font: Self.font, texts: [Self.text], options: ["--features=-trak"])[0]
        // Shaping is size-independent (em advances): the tracking of each size is added after it.
        let analysed = TextMeasurer().shapedText(Self.text, stack: FontStack(primary: face))
        let em = analysed.segments.reduce(0.0) { $0 + $1.advance + $1.joint }
        #expect(abs(em * 1000 - Double(units)) < 1e-9, "\(em) em against \(units) units")
    }

    @Test func aFaceWithoutATrakTableHasNoTracking() throws {
        let face = Bundled.dejaVu
        #expect(!face.hasTracking)
        #expect(face.tracking(atPointSize: 12) == 0)
        let tracked = try FontFace(path: Self.font)
        for size in [0.0, -3, .nan, .infinity, -.infinity] {
            #expect(tracked.tracking(atPointSize: size) == 0, "size \(size)")
        }
    }

    /// The byte range of table `tag` in the font file `bytes` (its table directory).
    static func table(_ tag: String, in bytes: [UInt8]) -> Range<Int>? {
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for record in 0..<count {
            let at = 12 + 16 * record
            if String(decoding: bytes[at..<at + 4], as: UTF8.self) == tag { return u32(at + 8)..<u32(at + 8) + u32(at + 12) }
        }
        return nil
    }

    static func fixtureTable() throws -> [UInt8] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: font)))
        return Array(bytes[try #require(table("trak", in: bytes))])
    }

    static func tracking(_ table: [UInt8]) -> FontTracking? {
        table.withUnsafeBytes { FontTracking(table: $0) }
    }

    @Test func aTruncatedTableHasNoTracking() throws {
        let table = try Self.fixtureTable()
        #expect(Self.tracking(table) != nil)
        for length in 0..<table.count {
            #expect(Self.tracking(Array(table.prefix(length))) == nil, "\(length) of \(table.count) bytes")
        }
    }

    @Test func aCorruptedTableGivesAFiniteTrackingOrNone() throws {
        let table = try Self.fixtureTable()
        for at in table.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
                var bytes = table
                bytes[at] = value
                guard let tracking = Self.tracking(bytes) else { continue }
                for size in [0.5, 6, 10, 12, 30, 48, 1e9] {
                    #expect(tracking.units(atPointSize: size).isFinite, "byte \(at) = \(value), size \(size)")
                }
            }
        }
    }

    @Test func countsAndOffsetsPastTheTableHaveNoTracking() throws {
        let table = try Self.fixtureTable()
        func patched(_ at: Int, _ values: [UInt8]) -> [UInt8] {
            var bytes = table
            bytes.replaceSubrange(at..<at + values.count, with: values)
            return bytes
        }
        let data = Int(table[6]) << 8 | Int(table[7])
        #expect(Self.tracking(patched(0, [0, 2])) == nil, "version 2")
        #expect(Self.tracking(patched(6, [0, 0])) == nil, "no horizontal data")
        #expect(Self.tracking(patched(6, [0xFF, 0xF0])) == nil, "horizontal data past the end")
        #expect(Self.tracking(patched(data, [0xFF, 0xFF])) == nil, "65,535 tracks")
        #expect(Self.tracking(patched(data + 2, [0xFF, 0xFF])) == nil, "65,535 sizes")
        #expect(Self.tracking(patched(data, [0, 0])) == nil, "no tracks")
        #expect(Self.tracking(patched(data + 2, [0, 0])) == nil, "no sizes")
        #expect(Self.tracking(patched(data + 4, [0xFF, 0xFF, 0xFF, 0xF0])) == nil, "size table past the end")
        #expect(Self.tracking(patched(data + 8 + 8 * 2 + 6, [0xFF, 0xF0])) == nil, "a track's values past the end")
        // One size left: its value at every size.
        let one = try #require(Self.tracking(patched(data + 2, [0, 1])))
        #expect([1.0, 12, 100].map { one.units(atPointSize: $0) } == [60, 60, 60])
    }

    @Test func aFontWhoseTrakTableIsDamagedLoadsWithoutTracking() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.font)))
        let trak = try #require(Self.table("trak", in: bytes))
        // The sizes' offset points past the file.
        let data = trak.lowerBound + (Int(bytes[trak.lowerBound + 6]) << 8 | Int(bytes[trak.lowerBound + 7]))
        bytes.replaceSubrange(data + 4..<data + 8, with: [0x7F, 0xFF, 0xFF, 0xFF])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trak-\(getpid())-damaged.ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let face = try FontFace(path: path)
        #expect(!face.hasTracking)
        #expect(face.tracking(atPointSize: 12) == 0)
        let width = TextMeasurer().layout(Self.text, style: TextStyle(fonts: FontStack(primary: face), size: 10),
                                          width: .infinity).width
        let units = try HBShape.advances(font: Self.font, texts: [Self.text], options: ["--features=-trak"])[0]
        #expect(abs(width / 10 * 1000 - Double(units)) < 1e-9)
    }

    @Test func measuredWidthsCarryTheTrackingOfEachSizeAsHBShapeAppliesIt() throws {
        // A line's width is the sum of HarfBuzz's advances with `trak` at the point size (every
        // glyph's, the last included), whole sizes inside the table where HarfBuzz 6 agrees.
        let face = try FontFace(path: Self.font)
        let measurer = TextMeasurer()
        for size in [6.0, 9, 12, 17, 24, 48] {
            let tracked = try Self.hbShape(["--font-ptem=\(size)"]).map(\.advance).reduce(0, +)
            let style = TextStyle(fonts: FontStack(primary: face), size: size, lines: 0)
            let measured = measurer.measure(Self.text, style: style, width: .infinity)
            #expect(abs(measured.width - Double(tracked) * size / Double(face.unitsPerEm)) < 1e-9, "size \(size)")
            // The same text as a run, with kern on top of the tracking.
            let runs = [TextRun(Self.text, fonts: FontStack(primary: face), size: size, kern: 1)]
            let kerned = measurer.measure(runs, style: style, width: .infinity)
            #expect(abs(kerned.width - measured.width - Double(Self.text.count)) < 1e-9, "size \(size)")
        }
        // Tracking narrows the room on a line as kern does: a width that holds the text without
        // it (HarfBuzz without `trak`) wraps with the 60 units of 6 pt.
        let plain = try Self.hbShape(["--features=-trak"]).map(\.advance).reduce(0, +)
        let style = TextStyle(fonts: FontStack(primary: face), size: 6, lines: 0)
        let lines = measurer.measure(Self.text, style: style, width: Double(plain) * 6 / Double(face.unitsPerEm) + 0.01).lineCount
        #expect(lines == 2)
    }
}
