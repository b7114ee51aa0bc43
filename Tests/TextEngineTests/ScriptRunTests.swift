import CTextKernels
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import TextEngine

/// SPEC "Scripts and direction": text is shaped in runs of one font, one script and one
/// direction, and a label's height depends only on its own text, fonts, size and width.
@Suite struct ScriptRunTests {
    static func style(_ size: Double) -> TextStyle { TextStyle(fonts: Bundled.stack, size: size, lines: 0) }

    /// The runs tl_paragraph_runs cuts `text` into: (UTF-16 end, ICU script code, level).
    static func runs(_ text: String) -> [(end: Int, script: Int, level: Int)] {
        let units = Array(text.utf16)
        var runs = [tl_run](repeating: tl_run(), count: max(1, units.count))
        let count = Int(tl_paragraph_runs(units, Int32(units.count), &runs, Int32(runs.count)))
        return runs.prefix(max(0, count)).map { (Int($0.end), Int($0.props >> 7), Int($0.props & 0x7F)) }
    }

    // ICU's UScriptCode values.
    static let common = 0, arabic = 2, greek = 14, han = 17, hebrew = 19, hiragana = 20, latin = 25, thai = 38

    @Test func commonCharactersTakeTheScriptAroundThemAndLevelsFollowTheBidiAlgorithm() {
        // One script, left to right: one run (no bidi pass).
        #expect(Self.runs("Hello, world 42!").map(\.end) == [16])
        #expect(Self.runs("Hello, world 42!").map(\.script) == [Self.latin])
        // No character with a script: one run of Common.
        #expect(Self.runs("1234 (56)").map(\.script) == [Self.common])
        // Leading punctuation takes the first script; a space and digits the script before them.
        #expect(Self.runs("«Έγγραφο» troff ME").map { [$0.end, $0.script, $0.level] }
                == [[10, Self.greek, 0], [18, Self.latin, 0]])
        // Latin inside an Arabic paragraph: the paragraph is right to left (its first strong
        // character), the Latin word at level 2; the spaces between take the paragraph's level.
        #expect(Self.runs("ليس GTKTEXT").map { [$0.end, $0.script, $0.level] }
                == [[4, Self.arabic, 1], [11, Self.latin, 2]])
        #expect(Self.runs("Alt+قفل").map { [$0.end, $0.script, $0.level] }
                == [[4, Self.latin, 0], [7, Self.arabic, 1]])
        // RLM first: a right-to-left paragraph even though Latin comes first (the mark takes the
        // script after it, the `+` between Latin and Arabic the paragraph's level).
        #expect(Self.runs("\u{200F}Alt+قفل").map { [$0.end, $0.script, $0.level] }
                == [[1, Self.latin, 1], [4, Self.latin, 2], [5, Self.latin, 1], [8, Self.arabic, 1]])
        // A closing bracket takes the script of its opening one.
        #expect(Self.runs("abc (שלום) def").map { [$0.end, $0.script, $0.level] }
                == [[5, Self.latin, 0], [9, Self.hebrew, 1], [14, Self.latin, 0]])
        // Japanese: Hiragana and Han are separate scripts; the ideographic full stop is Common.
        #expect(Self.runs("日本語のテキスト。").map(\.script).prefix(2) == [Self.han, Self.hiragana])
        #expect(Self.runs("").isEmpty)
    }

    /// ICU 72 gives dictionary breaks in a run ending at a line feed the hard-break status; only
    /// a break after a BK, CR, LF or NL character is mandatory.
    @Test func aForcedBreakComesOnlyAfterABreakCharacter() {
        for text in ["ภาษาไทยง่ายนิดเดียว\nx", "ພາສາລາວງ່າຍດາຍ\nx", "ភាសាខ្មែរងាយស្រួល\nx", "မြန်မာဘာသာစကား\nx",
                     "a b\u{2028}c\u{85}d\u{0B}e\u{0C}f\r\ng\u{2029}h"] {
            let breaks = BreakOpportunities.lines(Array(text.utf16)) ?? []
            let units = Array(text.utf16)
            #expect(breaks.count > 1, "\(text)")
            for b in breaks {
                let after = b.offset > 0 ? units[b.offset - 1] : 0
                #expect(b.isMandatory == TextMeasurer.isMandatoryBreak(after), "\(text.debugDescription) at \(b.offset)")
            }
        }
        // The Thai label: two lines, as Pango and Chromium lay it out, not one per word.
        let layout = TextMeasurer().layout("ภาษาไทยง่ายนิดเดียว\nx", style: Self.style(17), width: 375)
        #expect(layout.lineCount == 2)
    }

    /// Defect A of issue 30: the shaped-segment cache keyed a segment by its characters only, so
    /// `GTKTEXT` measured after `ليس GTKTEXT` came out as shaped right to left there.
    @Test func aWordMeasuresTheSameAloneAsAfterARowThatShapedItInAnotherRun() throws {
        let style = Self.style(100)
        let alone = TextMeasurer().layout("GTKTEXT", style: style, width: 10_000)
        let measurer = TextMeasurer()
        _ = measurer.layout("ليس GTKTEXT", style: style, width: 10_000)
        let after = measurer.layout("GTKTEXT", style: style, width: 10_000)
        #expect(after.lines == alone.lines)
        let units = try HBShape.advances(font: Bundled.dejaVu.path, texts: ["GTKTEXT"])[0]
        #expect(abs(alone.width - Double(units) * 100 / Double(Bundled.dejaVu.unitsPerEm)) < 1e-9)
        #expect(abs(alone.width - 444.922) < 0.001)
        // The other way round: the Arabic row after the word alone.
        let fresh = TextMeasurer().layout("ليس GTKTEXT", style: style, width: 10_000)
        #expect(measurer.layout("ليس GTKTEXT", style: style, width: 10_000).lines == fresh.lines)
    }

    /// The same characters in another script or level run are another cache entry: `123` after
    /// Latin is shaped as Latin, after Arabic as Arabic at level 2.
    @Test func theSegmentCacheKeysASegmentByItsRuns() {
        let measurer = TextMeasurer()
        _ = measurer.layout("x 123", style: Self.style(15), width: 500)
        let before = measurer.cacheStatistics.segments
        _ = measurer.layout("ليس 123", style: Self.style(15), width: 500)
        let after = measurer.cacheStatistics.segments
        #expect(after.hits == before.hits)
        #expect(after.misses == before.misses + 2)
        _ = measurer.layout("y 123", style: Self.style(15), width: 500)
        #expect(measurer.cacheStatistics.segments.hits == after.hits + 1)
    }

    /// Each directional run is shaped on its own, with its own script and direction: `Alt+`
    /// left to right as Latin, `قفل` right to left as Arabic (joined), as hb-shape shapes each.
    @Test func mixedDirectionTextIsShapedARunAtATime() throws {
        let layout = TextMeasurer().layout("Alt+قفل", style: Self.style(100), width: 10_000)
        let parts = try HBShape.advances(font: Bundled.dejaVu.path, texts: ["Alt+", "قفل"])
        let expected = Double(parts[0] + parts[1]) * 100 / Double(Bundled.dejaVu.unitsPerEm)
        #expect(abs(layout.width - expected) < 1e-9)
        #expect(abs(layout.width - 393.31) < 0.01)
    }

    /// The labels that mixed runs made too tall or too wide, with the line counts Pango
    /// and Chromium give them.
    @Test func mixedScriptLabelsTakeTheLinesTheReferencesGive() {
        let measurer = TextMeasurer()
        #expect(measurer.layout("\u{200F}Alt+قفل الحروف الكبيرة", style: Self.style(20), width: 90).lineCount == 3)
        #expect(measurer.layout("فشل تحقّق Checksum لملف Tar، الأرشيف فاسد", style: Self.style(15), width: 160).lineCount == 2)
        #expect(measurer.layout("Έγγραφο εντολών troff ME", style: Self.style(12), width: 160).lineCount == 1)
    }

    /// Drawing puts a line's runs in visual order (UAX #9 L2): in a right-to-left paragraph the
    /// Latin word after the Hebrew one is drawn to its left, each run as wide as measured.
    @Test func drawnRunsAreInVisualOrder() {
        let text = "שלום abc"
        let layout = TextMeasurer().glyphLayout(text, style: Self.style(20), width: 1_000)
        let glyphs = layout.lines[0].glyphs
        let latin = glyphs.filter { $0.text.lowerBound >= 5 }, hebrew = glyphs.filter { $0.text.upperBound <= 4 }
        #expect(latin.count == 3 && hebrew.count >= 4)
        let latinRight = latin.map { $0.x + $0.advance }.max() ?? 0, hebrewLeft = hebrew.map(\.x).min() ?? 0
        #expect(latin.map(\.x).min() == 0)
        #expect(latinRight <= hebrewLeft + 1e-9)
        let right = glyphs.map { $0.x + $0.advance }.max() ?? 0
        #expect(abs(right - layout.lines[0].line.width) < 1e-9)
        // Left to right, the same words keep their logical order.
        let ltr = TextMeasurer().glyphLayout("abc שלום", style: Self.style(20), width: 1_000).lines[0].glyphs
        #expect(ltr.filter { $0.text.upperBound <= 3 }.map(\.x).max()! < ltr.filter { $0.text.lowerBound >= 4 }.map(\.x).min()!)
    }

    /// The mixed corpus: every label measures the same whatever was measured before it, in any
    /// order and on any number of threads sharing one measurer.
    @Test func heightsDoNotDependOnOrderOrThreads() async {
        let texts = Self.mixedCorpus
        let widths = [90.0, 160, 320]
        @Sendable func key(_ i: Int, _ w: Int) -> Int { i * widths.count + w }
        @Sendable func measureAll(_ measurer: TextMeasurer, order: [Int]) -> [Int: [TextLine]] {
            var out: [Int: [TextLine]] = [:]
            for i in order {
                for (w, width) in widths.enumerated() {
                    out[key(i, w)] = measurer.layout(texts[i], style: Self.style(15), width: width).lines
                }
            }
            return out
        }
        // Each text alone in its own measurer: the reference.
        var alone: [Int: [TextLine]] = [:]
        for i in texts.indices { alone.merge(measureAll(TextMeasurer(), order: [i])) { $1 } }
        let forward = measureAll(TextMeasurer(), order: Array(texts.indices))
        let backward = measureAll(TextMeasurer(), order: texts.indices.reversed())
        var generator = SystemRandomNumberGenerator()
        let shuffled = measureAll(TextMeasurer(), order: texts.indices.shuffled(using: &generator))
        #expect(forward == alone)
        #expect(backward == alone)
        #expect(shuffled == alone)
        // Four threads, one measurer, each thread its own order.
        let shared = TextMeasurer(cacheCapacity: 64)
        let results = Mutex<[[Int: [TextLine]]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let order: [Int] = thread % 2 == 0 ? Array(texts.indices) : Array(texts.indices.reversed())
            let cut = (thread * 7) % order.count
            let rotated: [Int] = Array(order[cut...]) + Array(order[..<cut])
            let mine = measureAll(shared, order: rotated)
            results.withLock { $0.append(mine) }
        }
        for result in results.withLock({ $0 }) { #expect(result == alone) }
    }

    /// Labels in Latin, Greek, Cyrillic, Arabic, Hebrew, Persian, Devanagari, Thai, CJK and mixes
    /// of them, each sharing words with others so a cache could carry one's shaping to another.
    static let mixedCorpus: [String] = [
        "GTKTEXT", "ليس GTKTEXT", "GTKTEXT ليس", "Alt+قفل", "\u{200F}Alt+قفل الحروف الكبيرة",
        "قفل الحروف الكبيرة", "فشل تحقّق Checksum لملف Tar، الأرشيف فاسد", "Checksum Tar", "Tar، الأرشيف",
        "Έγγραφο εντολών troff ME", "troff ME", "office affine troff", "Открыть файл troff",
        "שמור (Save) בשם", "Save (שמור)", "ذخیره فایل PDF", "PDF فایل", "फ़ाइल सहेजें PDF", "PDF फ़ाइल",
        "ภาษาไทยง่ายนิดเดียว\nx", "ไฟล์ PDF ใหม่", "日本語のテキスト PDF", "PDF 日本語", "한국어 텍스트 PDF",
        "tiếng Việt PDF", "(شلوم) abc", "abc (שלום) def", "123 ٤٥٦ 789", "GTKTEXT\nليس GTKTEXT\nGTKTEXT",
    ]
}
