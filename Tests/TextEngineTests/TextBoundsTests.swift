import CTextKernels
import Foundation
import Testing
@testable import TextEngine

/// The bounds on work and memory (docs/text.md, "Bounds on time and memory") keep the numbers:
/// long clusters, long runs and long texts measure as one shaping of the whole would.
@Suite struct TextBoundsTests {
    let measurer = TextMeasurer()

    /// hb-shape's total advance of `text` (from a file: --batch lines are too short for it).
    static func hbShapeAdvance(font: String, _ text: String) throws -> Int {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tl-bounds-\(getpid())-\(text.hashValue).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try ExternalTool.run("/usr/bin/hb-shape", [font, "--text-file=\(file.path)", "--output-format=json",
                                                                "--no-glyph-names"], input: "")
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        return glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }
    }

    /// A cluster longer than a shaping piece (a base and 1,000 combining marks) is as wide as
    /// hb-shape makes it in one piece.
    @Test func clusterLongerThanAPieceHasHBShapesWidth() throws {
        let text = "a" + String(repeating: "\u{0301}", count: 1_000) + "b"
        let reference = try Self.hbShapeAdvance(font: fontPath("DejaVuSans.ttf"), text)
        let shaped = measurer.shapedText(text, stack: Bundled.stack)
        let graphemes = shaped.segments.flatMap { shaped.graphemes(of: $0).map(Array.init) ?? [] }
        #expect(graphemes.count == 2)
        #expect(abs(graphemes.map(\.advance).reduce(0, +) * 2048 - Double(reference)) < 1e-6)
    }

    /// A run longer than a shaping piece (kerning pairs all along it, no break opportunity) is
    /// as wide as hb-shape makes the whole run: the cuts keep their kerning.
    @Test func runLongerThanAPieceHasHBShapesWidth() throws {
        let text = String(repeating: "AVTo", count: 3_000)
        let reference = try Self.hbShapeAdvance(font: fontPath("DejaVuSans.ttf"), text)
        let width = measurer.layout(text, style: TextStyle(fonts: Bundled.stack, size: 2048), width: .infinity).width
        #expect(abs(width - Double(reference)) < 1e-6)
    }

    /// A text longer than a window (filled a window at a time, long words in pieces) gives the
    /// lines of Swift's filler over the whole text analysed at once.
    @Test func textLongerThanAWindowFillsAsAWhole() {
        var words: [String] = []
        for i in 0..<14_000 { words.append(["the", "layout", "下载", "height", "🎂", "AVTo", "w\(i % 97)"][i % 7]) }
        let long = words.joined(separator: " ")
        let texts = [
            long,
            long + "\n" + long,
            String(repeating: "x", count: 70_000) + " tail",
            "head " + String(repeating: "AV", count: 40_000) + "\n",
        ]
        for text in texts {
            for (lines, width) in [(0, 100.0), (0, 343), (7, 343), (0, 1e9)] {
                let style = TextStyle(fonts: Bundled.stack, size: 15, lines: lines)
                let (kernel, swift) = KernelFillTests.both(measurer, text, style: style, width: width)
                #expect(kernel?.0 == swift.0 && kernel?.1 == swift.1,
                        "\(text.utf16.count) units, lines \(lines), width \(width)")
            }
        }
    }

    /// A word longer than a window and wider than a line is shaped once for its sums only up
    /// to where it is known to overflow: its lines, after a word and with breaks at characters
    /// too, are still those of Swift's filler over the whole text.
    @Test func overlongWordBreaksAsAWhole() {
        let word = String(repeating: "x", count: 140_000)
        for text in [word, "head " + word, "head " + word + " tail\n" + word] {
            for lineBreak in [LineBreakMode.word, .char] {
                for (lines, width) in [(0, 100.0), (3, 343)] {
                    let style = TextStyle(fonts: Bundled.stack, size: 15, lines: lines, lineBreak: lineBreak)
                    let (kernel, swift) = KernelFillTests.both(measurer, text, style: style, width: width)
                    #expect(kernel?.0 == swift.0 && kernel?.1 == swift.1,
                            "\(text.utf16.count) units, \(lineBreak), lines \(lines), width \(width)")
                }
            }
        }
    }

    /// The caches bound their bytes, not only their entries: a text whose entry would be large
    /// (here 11,200 characters in a 16-shard text cache, and any text longer than a window) is
    /// measured, the same each time, but not kept; a short one is kept.
    @Test func largeTextsAreMeasuredButNotKept() {
        let measurer = TextMeasurer(segmentCapacity: 16_384, textCapacity: 1_024)
        let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)
        for text in [String(repeating: "layout height ", count: 800), String(repeating: "a b ", count: 20_000)] {
            let first = measurer.layout(text, style: style, width: 200)
            let second = measurer.layout(text, style: style, width: 200)
            #expect(first.lines.map(\.range) == second.lines.map(\.range) && first.height == second.height)
            #expect(measurer.cacheStatistics.texts.entries == 0, "\(text.utf16.count) units")
        }
        _ = measurer.layout("a short text", style: style, width: 200)
        #expect(measurer.cacheStatistics.texts.entries == 1)
    }
}
