import Foundation
import Testing
@testable import TextEngine

/// What `TextMeasurer.glyphLayout` and the glyph drawing functions promise: the measured lines,
/// the measuring shaper's glyphs at the measured positions, and each glyph's ink.
@Suite struct GlyphLayoutTests {
    let measurer = TextMeasurer()
    static let widths: [Double] = [60, 120, 200, 320, .infinity]

    /// A layout cut at `textLimit` units keeps exactly the first lines of the whole one, glyph
    /// for glyph, though it shapes only their text and a little after it (Latin, CJK, Arabic,
    /// Thai and Devanagari words, emoji, kerning pairs).
    @Test func aCutLayoutKeepsTheFirstLinesGlyphForGlyph() {
        let words = ["the", "layout", "下载", "مرحبا", "สวัสดี", "नमस्ते", "AVTo", "🎂"]
        let text = (0..<3000).map { words[$0 % words.count] + ($0 % 50 == 49 ? "\n" : "") }.joined(separator: " ")
        let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)
        let whole = measurer.glyphLayout(text, style: style, width: 200)
        for limit in [1, 2000, 7000] {
            let cut = measurer.glyphLayout(text, style: style, width: 200, textLimit: limit)
            #expect(cut.lines.allSatisfy { $0.line.range.upperBound <= limit })
            #expect(cut.lines.count < whole.lines.count && (limit < 100 || cut.lines.count > 10))
            #expect(cut.measurement == whole.measurement)
            for (a, b) in zip(cut.lines, whole.lines) { #expect(a.line == b.line && a.glyphs == b.glyphs) }
        }
    }

    @Test func glyphLayoutHasTheLinesAndSizeThatLayoutMeasures() {
        for text in TestCorpus.all + ["", "one\ntwo\r\n\nthree", "  spaces  "] {
            for width in Self.widths {
                let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)
                let glyphs = measurer.glyphLayout(text, style: style, width: width)
                let layout = measurer.layout(text, style: style, width: width)
                #expect(glyphs.lines.map(\.line) == layout.lines, "\(text) at \(width)")
                #expect(glyphs.measurement == layout.measurement, "\(text) at \(width)")
                #expect(glyphs.size == 15)
            }
        }
    }

    /// Each line's last visible glyph ends exactly at the line's measured width, so the ink
    /// spans what was measured.
    @Test func eachLinesGlyphsEndAtItsMeasuredWidth() {
        var checked = 0
        for text in TestCorpus.all {
            for width in Self.widths {
                let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)
                let units = Array(text.utf16)
                for glyphLine in measurer.glyphLayout(text, style: style, width: width).lines {
                    let visible = glyphLine.glyphs.filter { glyph in
                        !String(decoding: units[glyph.text], as: UTF16.self).allSatisfy(\.isWhitespace)
                    }
                    guard let end = visible.map({ $0.x + $0.advance }).max() else { continue }
                    #expect(abs(end - glyphLine.line.width) < 1e-9, "\(text) at \(width): \(end) vs \(glyphLine.line.width)")
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
    }

    /// On one line and in one face, the glyphs, their order and their positions are hb-shape's
    /// (left to right, also for right-to-left scripts): the measuring shaper's glyphs, each at
    /// the sum of the advances before it.
    @Test func glyphsAndPositionsOnOneLineAreHBShapes() throws {
        let cases: [(FontFace, [String])] = [
            (Bundled.dejaVu, TestCorpus.english + ["office affiliation", "שלום עולם", "مرحبا بالعالم", "e\u{301}a\u{308}\u{323}"]),
            (Bundled.droid, TestCorpus.chinese),
            (Bundled.emoji, ["👍🏽🎉", "👨‍👩‍👧🇫🇷🇯🇵", "😀😃😄😁"]),
        ]
        for (face, texts) in cases {
            let expected = try HBShape.positionedGlyphs(font: face.path, texts: texts)
            let size = Double(face.unitsPerEm)   // 1 point per font unit
            let style = TextStyle(fonts: FontStack(primary: face), size: size, lines: 0)
            for (text, reference) in zip(texts, expected) {
                let lines = measurer.glyphLayout(text, style: style, width: .infinity).lines
                #expect(lines.count == 1, "\(text)")
                let glyphs = lines.first?.glyphs ?? []
                #expect(glyphs.map(\.glyph) == reference.map(\.glyph), "\(text)")
                #expect(glyphs.allSatisfy { $0.face === face })
                for (glyph, hb) in zip(glyphs, reference) {
                    #expect(abs(glyph.x - Double(hb.x)) < 1e-6 && abs(glyph.rise - Double(hb.y)) < 1e-6,
                            "\(text): glyph \(glyph.glyph) at \(glyph.x),\(glyph.rise), hb-shape \(hb.x),\(hb.y)")
                }
            }
        }
    }

    /// In a stack, each glyph comes from the face that measured its cluster (CJK from the
    /// fallback, emoji from the colour face, Latin and spaces from the primary).
    @Test func eachGlyphComesFromTheFaceThatMeasuredItsCluster() {
        for text in TestCorpus.mixed + TestCorpus.emoji {
            var measuredFace: [Int: FontFace] = [:]
            let shaped = measurer.shapedText(text, stack: Bundled.stack)
            for segment in shaped.segments {
                var offset = segment.start
                for g in shaped.graphemes(of: segment) ?? GraphemeRun([], range: 0..<0) {
                    measuredFace[offset] = Bundled.stack.faces[Int(g.font)]
                    offset += Int(g.length)
                }
            }
            let glyphs = measurer.glyphLayout(text, style: TextStyle(fonts: Bundled.stack, size: 12), width: .infinity)
                .lines.flatMap(\.glyphs)
            #expect(!glyphs.isEmpty)
            for glyph in glyphs {
                #expect(glyph.face === measuredFace[glyph.text.lowerBound], "\(text) at \(glyph.text)")
            }
        }
        let faces = measurer.glyphLayout("Hi 你好 👍🏽!", style: TextStyle(fonts: Bundled.stack, size: 12), width: .infinity)
            .lines.flatMap(\.glyphs).map { ObjectIdentifier($0.face) }
        #expect(Set(faces).count == 3)
    }

    /// A wrapped text's lines each start at x = 0 and keep their glyphs in text order.
    @Test func wrappedLinesStartAtTheLeftEdge() {
        let text = TestCorpus.english[5]
        let layout = measurer.glyphLayout(text, style: TextStyle(fonts: Bundled.stack, size: 15, lines: 0), width: 120)
        #expect(layout.lines.count > 3)
        for glyphLine in layout.lines {
            #expect(glyphLine.glyphs.first?.x == 0)
            #expect(glyphLine.glyphs.allSatisfy { glyphLine.line.range.contains($0.text.lowerBound) })
            #expect(zip(glyphLine.glyphs, glyphLine.glyphs.dropFirst()).allSatisfy { $0.x <= $1.x })
        }
    }

    /// An outline's points lie in the glyph's ink box and reach each of its edges.
    @Test func outlinesFillTheirInkBox() throws {
        let face = Bundled.dejaVu
        let glyphs = measurer.glyphLayout("Hg@Åfiß", style: TextStyle(fonts: FontStack(primary: face), size: 10), width: .infinity)
            .lines.flatMap(\.glyphs)
        #expect(glyphs.count >= 6)
        for glyph in glyphs {
            let outline = face.outline(glyph: glyph.glyph)
            let box = try #require(face.inkBox(glyph: glyph.glyph))
            var xs: [Double] = [], ys: [Double] = []
            for step in outline.steps {
                switch step {
                case .move(let x, let y), .line(let x, let y): xs.append(x); ys.append(y)
                case .quadratic(let cx, let cy, let x, let y): xs += [cx, x]; ys += [cy, y]
                case .cubic(let ax, let ay, let bx, let by, let x, let y): xs += [ax, bx, x]; ys += [ay, by, y]
                case .close: break
                }
            }
            #expect(outline.steps.contains(.close))
            #expect(abs(xs.min()! - box.left) <= 1 && abs(xs.max()! - (box.left + box.width)) <= 1, "glyph \(glyph.glyph)")
            #expect(abs(ys.max()! - box.top) <= 1 && abs(ys.min()! - (box.top - box.height)) <= 1, "glyph \(glyph.glyph)")
            #expect(face.colorImage(glyph: glyph.glyph) == nil)
        }
    }

    @Test func spacesHaveNoOutline() {
        let glyph = measurer.glyphLayout(" ", style: TextStyle(fonts: Bundled.stack, size: 10), width: .infinity)
            .lines.flatMap(\.glyphs).first
        #expect(glyph != nil)
        if let glyph { #expect(glyph.face.outline(glyph: glyph.glyph).steps.isEmpty) }
    }

    /// A colour emoji has no outline but a PNG image, in a box about an em wide sitting on the
    /// baseline's ascender side.
    @Test func colourEmojiAreAPNGInTheirBox() throws {
        let glyph = try #require(measurer.glyphLayout("👍", style: TextStyle(fonts: Bundled.stack, size: 10), width: .infinity)
            .lines.first?.glyphs.first)
        #expect(glyph.face === Bundled.emoji)
        #expect(glyph.face.outline(glyph: glyph.glyph).steps.isEmpty)
        let image = try #require(glyph.face.colorImage(glyph: glyph.glyph))
        #expect(image.png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let em = Double(glyph.face.unitsPerEm)
        #expect(image.box.width > 0.8 * em && image.box.width < 1.4 * em)
        #expect(image.box.top > 0.5 * em && image.box.height > 0.8 * em)
    }
}

extension HBShape {
    /// For each text, its glyphs as hb-shape places them: id and pen position (x: the sum of
    /// the advances before it plus its x offset; y: its y offset), in font units.
    static func positionedGlyphs(font: String, texts: [String]) throws -> [[(glyph: UInt32, x: Int, y: Int)]] {
        let lines = texts.map { text in
            let codes = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")
            return "\(font);--output-format=json;--no-glyph-names;--unicodes=\(codes)"
        }
        let output = try ExternalTool.run("/usr/bin/hb-shape", ["--batch"], input: lines.joined(separator: "\n") + "\n")
        let results = output.split(separator: "\n").map { line -> [(glyph: UInt32, x: Int, y: Int)] in
            guard let data = line.data(using: .utf8),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
            var pen = 0
            return json.map { glyph in
                let advance = glyph["ax"] as? Int ?? 0
                defer { pen += advance }
                return (UInt32(glyph["g"] as? Int ?? -1), pen + (glyph["dx"] as? Int ?? 0), glyph["dy"] as? Int ?? 0)
            }
        }
        guard results.count == texts.count else {
            throw ExternalTool.Failure(description: "hb-shape gave \(results.count) results for \(texts.count) texts")
        }
        return results
    }
}
