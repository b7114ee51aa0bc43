import CTextKernels
import Foundation
import TestCommons
import Testing
@testable import TextEngine

/// SPEC: a line's width is that of shaping the line as one run, also where two break segments
/// meet inside it (the kerning pair across a joint is kept).
@Suite struct JointTests {
    let measurer = TextMeasurer()

    /// hb-shape's total advance of `text` with the face at `path`, in font units.
    static func units(_ text: String, font: String = fontPath("DejaVuSans.ttf")) throws -> Int {
        try HBShape.advances(font: font, texts: [text])[0]
    }

    /// `DATE-OR-FILE` is 14,032 units as one run (the hyphen before `O` kerns to 796): at 16 pt
    /// that is 109.625 points, too wide for 109.5, so the label takes two lines.
    @Test func aKerningPairAcrossABreakCountsInTheLineWidth() throws {
        #expect(try Self.units("DATE-OR-FILE") == 14_032)
        let style = TextStyle(fonts: Bundled.stack, size: 16, lines: 0)
        #expect(measurer.layout("DATE-OR-FILE", style: style, width: .infinity).width == 14_032.0 * 16 / 2048)
        let layout = measurer.layout("DATE-OR-FILE", style: style, width: 109.5)
        #expect(layout.lines.map(\.range.lowerBound) == [0, 8])   // DATE-OR- / FILE
        #expect(layout.roundedSize(scale: 2).height == 37.5)
    }

    /// The class: a hyphen kerned against the letter after it (`-O`, `-v`, `-Q`), a letter kerned
    /// against a break it precedes (`T` before a hyphen), in texts of one line at any width.
    @Test func everyKernedJointOfALineMeasuresAsTheWholeRun() throws {
        let texts = ["PRE-ORDER", "re-vote", "HI-QUALITY", "AT-T-ONE", "DATE-OR-FILE", "e-VOTE-QUOTA-OVER"]
        let reference = try HBShape.advances(font: fontPath("DejaVuSans.ttf"), texts: texts)
        var kerned = 0
        for (text, units) in zip(texts, reference) {
            for size in [11.0, 16, 23.5] {
                let width = measurer.layout(text, style: TextStyle(fonts: Bundled.stack, size: size), width: .infinity).width
                #expect(abs(width - Double(units) * size / 2048) < 1e-9, "\(text) at \(size)")
            }
            let shaped = measurer.shapedText(text, stack: Bundled.stack)
            kerned += shaped.segments.filter { $0.joint != 0 }.count
        }
        #expect(kerned >= texts.count)
    }

    /// Fonts that differ on the two sides of a joint do not kern against each other, as the
    /// two runs of a line are shaped apart.
    @Test func aJointBetweenTwoFontsAddsNothing() {
        let shaped = measurer.shapedText("AV-设-Ok 设-O", stack: Bundled.stack)
        var across = 0
        for (segment, next) in zip(shaped.segments, shaped.segments.dropFirst()) {
            guard let last = shaped.graphemes(of: segment)?.last?.font,
                  let first = shaped.graphemes(of: next)?.first?.font, last != first else { continue }
            #expect(segment.joint == 0)
            across += 1
        }
        #expect(across >= 2)
    }

    /// A line filled to its width: wrapping at the width of the one-line layout keeps one line.
    @Test func aTextMeasuredAtItsOwnWidthKeepsItsLines() {
        for text in ["DATE-OR-FILE", "HI-QUALITY-OVER-VIEW re-vote", "PRE-ORDER now"] {
            let style = TextStyle(fonts: Bundled.stack, size: 16, lines: 0)
            let width = measurer.layout(text, style: style, width: .infinity).width
            #expect(measurer.layout(text, style: style, width: width).lineCount == 1, "\(text)")
        }
    }
}

/// Random texts laid out at random widths: every line's width equals hb-shape's advance of the
/// line's text (its hanging spaces left out), shaped as one run per font and script run (as
/// Pango and CoreText itemize a line; common characters such as spaces and digits join the run
/// before them).
@Suite struct LineWidthAgainstHBShapeTests {
    /// Words of a corpus, plus hyphenated and slashed compounds of capitals and lower case
    /// (where DejaVu Sans kerns across the break).
    static func words(_ texts: [String]) -> [String] {
        texts.flatMap { $0.split(separator: " ").map(String.init) }
    }

    static let compounds = ["DATE-OR-FILE", "re-vote", "HI-QUALITY", "AT-T", "PRE-ORDER", "e-Voting", "A/V", "TV-AWARD",
                            "Y-axis", "OVER-VALUE", "x-ray", "T-shirt", "V-neck", "AY-OK-Q"]

    /// `count` random texts of 2 to 14 words from `pool`, joined by one or two spaces.
    static func texts(_ pool: [String], count: Int, generator: inout SplitMix64) -> [String] {
        (0..<count).map { _ in
            (0..<Int.random(in: 2...14, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
                .enumerated().map { $0.offset == 0 ? $0.element : (Bool.random(using: &generator) ? " " : "  ") + $0.element }
                .joined()
        }
    }

    /// Every line of each text at random sizes and widths: (text of a font run, face, size) per
    /// run, and the line's own width, so one hb-shape batch per face checks them all.
    static func check(_ texts: [String]) throws -> (lines: Int, wrong: [String]) {
        let measurer = TextMeasurer()
        var generator = SplitMix64(state: 0x7E57)
        let faces = Bundled.stack.faces
        var runs: [[String]] = Array(repeating: [], count: faces.count)
        // Per line: its width and its runs as (face, index in runs[face], size).
        var lines: [(label: String, width: Double, runs: [(face: Int, index: Int, size: Double)])] = []
        for text in texts {
            let units = Array(text.utf16)
            let shaped = measurer.shapedText(text, stack: Bundled.stack)
            let (faceOf, startsCluster) = Self.faces(shaped, count: units.count)
            for _ in 0..<3 {
                let size = [11.0, 13, 15.5, 17, 22].randomElement(using: &generator)!
                let width = Double.random(in: 40...400, using: &generator).rounded()
                let layout = measurer.layout(text, style: TextStyle(fonts: Bundled.stack, size: size, lines: 0), width: width)
                for line in layout.lines {
                    var end = line.range.upperBound
                    while end > line.range.lowerBound, Self.hangs(units[end - 1]) { end -= 1 }
                    var lineRuns: [(Int, Int, Double)] = []
                    var start = line.range.lowerBound
                    while start < end {
                        var stop = start + 1
                        while stop < end && faceOf[stop] == faceOf[start]
                                && (!startsCluster[stop] || Self.continuesScript(units, previous: stop - 1, next: stop)) {
                            stop += 1
                        }
                        let face = faceOf[start]
                        lineRuns.append((face, runs[face].count, size))
                        runs[face].append(String(decoding: units[start..<stop], as: UTF16.self))
                        start = stop
                    }
                    let label = "\(String(decoding: units[line.range], as: UTF16.self).debugDescription) size \(size) width \(width)"
                    lines.append((label, line.width, lineRuns))
                }
            }
        }
        var advances: [[Int]] = []
        for (index, face) in faces.enumerated() {
            advances.append(runs[index].isEmpty ? [] : try HBShape.advances(font: face.path, texts: runs[index]))
        }
        var wrong: [String] = []
        for line in lines {
            let expected = line.runs.reduce(0.0) {
                $0 + Double(advances[$1.face][$1.index]) * $1.size / Double(faces[$1.face].unitsPerEm)
            }
            if abs(expected - line.width) > 1e-9 * max(1, expected) {
                wrong.append("\(line.label): ours \(line.width), hb-shape \(expected)")
            }
        }
        return (lines.count, wrong)
    }

    /// The face of every code unit as a line shapes it, and where clusters start.
    static func faces(_ shaped: ShapedText, count: Int) -> (face: [Int], startsCluster: [Bool]) {
        var faceOf = Array(repeating: 0, count: count)
        var startsCluster = Array(repeating: false, count: count)
        for segment in shaped.segments {
            guard let graphemes = shaped.graphemes(of: segment) else { continue }
            var at = segment.start
            for g in graphemes {
                for k in at..<(at + Int(g.length)) { faceOf[k] = Int(g.font) }
                startsCluster[at] = true
                at += Int(g.length)
            }
        }
        return (faceOf, startsCluster)
    }

    /// Whether the character at `next` continues the script run of the one ending at `previous`
    /// (a low surrogate continues its pair).
    static func continuesScript(_ units: [UInt16], previous: Int, next: Int) -> Bool {
        if (0xDC00...0xDFFF).contains(units[next]) { return true }
        var start = previous
        if start > 0, (0xDC00...0xDFFF).contains(units[start]) { start -= 1 }
        return units.withUnsafeBufferPointer {
            tl_continues_script_run($0.baseAddress, Int32($0.count), Int32(start), Int32(next)) != 0
        }
    }

    /// Breakable white space that hangs at a line's end (tl_shape's hanging spaces).
    static func hangs(_ unit: UInt16) -> Bool {
        unit == 0x20 || (unit >= 0x09 && unit <= 0x0D) || unit == 0x85 || unit == 0x1680
            || (unit >= 0x2000 && unit <= 0x2006) || (unit >= 0x2008 && unit <= 0x200A)
            || unit == 0x2028 || unit == 0x2029 || unit == 0x205F || unit == 0x3000
    }

    static func run(_ pool: [String], seed: UInt64) throws {
        var generator = SplitMix64(state: seed)
        let (count, wrong) = try check(texts(pool, count: 60, generator: &generator))
        #expect(count > 300)
        #expect(wrong.isEmpty, "\(wrong.count) of \(count) lines:\n\(wrong.prefix(20).joined(separator: "\n"))")
    }

    @Test func englishLinesAreAsWideAsHBShapeSaysEachWholeLineIs() throws {
        try Self.run(Self.words(TestCorpus.english) + Self.compounds, seed: 1)
    }

    @Test func chineseLinesAreAsWideAsHBShapeSaysEachWholeLineIs() throws {
        try Self.run(TestCorpus.chinese + Self.words(TestCorpus.chinese), seed: 2)
    }

    @Test func mixedLinesAreAsWideAsHBShapeSaysEachWholeLineIs() throws {
        try Self.run(Self.words(TestCorpus.mixed + TestCorpus.chinese) + Self.compounds, seed: 3)
    }

    @Test func emojiLinesAreAsWideAsHBShapeSaysEachWholeLineIs() throws {
        try Self.run(Self.words(TestCorpus.emoji) + Self.compounds, seed: 4)
    }

    /// Words of scripts DejaVu Sans holds side by side (Latin, Arabic, Hebrew, Greek, Cyrillic),
    /// so one font run holds several scripts: each script run is shaped as its own script.
    @Test func linesMixingScriptsOfOneFontAreAsWideAsHBShapeSaysEachWholeLineIs() throws {
        try Self.run(SegmentContextTests.scriptWords + Self.words(TestCorpus.english), seed: 5)
    }
}

/// A segment is shaped the same whatever text it came in (the segment cache keys it by its code
/// units and the script and direction runs it lies in): a row's height must not depend on the
/// texts measured before.
@Suite struct SegmentContextTests {
    /// Words in the scripts of DejaVu Sans and the fallbacks, some mixing scripts or starting
    /// with characters of no script (digits, brackets, emoji).
    static let scriptWords = ["مرحبا", "بالعالم", "שלום", "עולם", "Καλημέρα", "κόσμε", "Привет", "мир", "supercalifragilistic",
                              "x", "A/V", "漢字テキスト", "สวัสดีครับ", "नमस्ते", "दुनिया", "😀", "12:45", "(مرحبا)", "3.5",
                              "«Привет»", "AVمرحبا", "шалом-שלום"]

    /// Texts made of those words, each measured by a new measurer and by one that measured
    /// another text first: the same lines and widths at every width.
    @Test func aTextMeasuresTheSameWhateverTextsWereMeasuredBefore() {
        let texts = ["😀 مرحبا", "supercalifragilistic مرحبا", "x مرحبا", "مرحبا x", "Καλημέρα κόσμε AV", "A Καλημέρα",
                     "Привет мир 12:45", "12:45 Привет", "שלום עולם (x)", "مرحبا بالعالم", "بالعالم 12:45 مرحبا",
                     "(مرحبا) 3.5 AV", "สวัสดีครับ Hello", "नमस्ते दुनिया OK", "漢字テキスト Tokyo 😀",
                     "«Привет» AVمرحبا шалом-שלום", "مب\u{200B}حبا", "x حبا", "مب\u{00AD}حبا 12"]
        let style = TextStyle(fonts: Bundled.stack, size: 22, lines: 0)
        var differing: [String] = []
        for second in texts {
            for width in [Double.infinity, 120, 60] {
                let alone = TextMeasurer().layout(second, style: style, width: width)
                for first in texts where first != second {
                    let measurer = TextMeasurer()
                    _ = measurer.layout(first, style: style, width: .infinity)
                    let after = measurer.layout(second, style: style, width: width)
                    if after.lines != alone.lines || after.width != alone.width {
                        differing.append("\(second) at \(width) after \(first): \(after.width) alone \(alone.width)")
                    }
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    /// Letters joined across a zero-width space keep their joined forms, as hb-shape shapes the
    /// whole text, alone and after a text that shaped one of its words unjoined.
    @Test func lettersJoinedAcrossAZeroWidthSpaceKeepTheirFormsInAnyOrder() throws {
        let style = TextStyle(fonts: Bundled.stack, size: 22, lines: 0)
        let text = "مب\u{200B}حبا"
        let whole = try HBShape.advances(font: Bundled.dejaVu.path, texts: [text])[0]
        let em = 22.0 / Double(Bundled.dejaVu.unitsPerEm)
        #expect(TextMeasurer().layout(text, style: style, width: .infinity).width == Double(whole) * em)
        let measurer = TextMeasurer()
        _ = measurer.layout("x حبا مب", style: style, width: .infinity)
        #expect(measurer.layout(text, style: style, width: .infinity).width == Double(whole) * em)
    }

    /// Issue 31's case: `مرحبا` after a Latin word in one font run is shaped as Arabic (joining
    /// forms: 4,735 units in DejaVu Sans, hb-shape's width of the word), not as Latin (6,076).
    @Test func arabicAfterLatinInOneFontRunIsShapedAsArabic() throws {
        let style = TextStyle(fonts: Bundled.stack, size: 22, lines: 0)
        let word = try HBShape.advances(font: Bundled.dejaVu.path, texts: ["مرحبا", "x "])
        #expect(word == [4735, 1863])
        let em = 22.0 / Double(Bundled.dejaVu.unitsPerEm)
        // Each by a new measurer, so no text is served a word another shaped.
        #expect(TextMeasurer().layout("x مرحبا", style: style, width: .infinity).width == (1863 + 4735) * em)
        #expect(TextMeasurer().layout("supercalifragilistic مرحبا", style: style, width: .infinity).width == 257.9951171875)
        #expect(TextMeasurer().layout("😀 مرحبا", style: style, width: .infinity).width == 80.7919921875)
        #expect(TextMeasurer().layout("مرحبا", style: style, width: .infinity).width == 4735 * em)
    }
}

/// `tl_fill_bmp_joint_classes`' promise, on which skipping a joint rests: two characters whose
/// joint classes share no bit shape side by side exactly as the sum of each shaped alone
/// (checked with hb-shape on random pairs of DejaVu Sans's characters of every script it has).
@Suite struct JointClassTests {
    /// DejaVu Sans's mapped BMP characters that start a cluster of their own: no marks, controls
    /// or format characters.
    static func clusterStarters() -> [Unicode.Scalar] {
        let face = Bundled.dejaVu
        return (0x20..<0xFFFE).compactMap { code -> Unicode.Scalar? in
            guard face.bmpCoverage[code >> 6] >> UInt64(code & 63) & 1 == 1, let scalar = Unicode.Scalar(code) else { return nil }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .surrogate, .privateUse,
                 .unassigned, .lineSeparator, .paragraphSeparator:
                return nil
            default:
                return scalar.properties.isGraphemeExtend || scalar.properties.isDefaultIgnorableCodePoint ? nil : scalar
            }
        }
    }

    @Test func charactersWithNoJointClassInCommonShapeAsTheirSum() throws {
        let classes = Bundled.dejaVu.jointClasses
        let starters = Self.clusterStarters()
        var generator = SplitMix64(state: 0x10_1A55)
        var pairs: [(Unicode.Scalar, Unicode.Scalar)] = []
        var shared = 0
        while pairs.count < 1_500 {
            let l = starters[Int(generator.next() % UInt64(starters.count))]
            // Half the right-hand characters from the same block, where kerning and ligatures live.
            let near = Int(l.value) + Int(generator.next() % 64) - 32
            let r = generator.next() % 2 == 0 ? starters[Int(generator.next() % UInt64(starters.count))]
                : (Unicode.Scalar(UInt32(max(0x20, near))).flatMap { starters.contains($0) ? $0 : nil } ?? l)
            if classes[Int(l.value)] & classes[Int(r.value)] != 0 {
                shared += 1
                continue
            }
            pairs.append((l, r))
        }
        let texts = pairs.flatMap { [String(Character($0.0)) + String(Character($0.1)), String(Character($0.0)), String(Character($0.1))] }
        let units = try HBShape.advances(font: fontPath("DejaVuSans.ttf"), texts: texts)
        for (k, pair) in pairs.enumerated() {
            #expect(units[3 * k] == units[3 * k + 1] + units[3 * k + 2],
                    "U+\(String(pair.0.value, radix: 16)) U+\(String(pair.1.value, radix: 16))")
        }
        // Kerning pairs do share a class (the classes are not everything apart).
        #expect(classes[Int(("-" as Unicode.Scalar).value)] & classes[Int(("O" as Unicode.Scalar).value)] != 0)
        #expect(shared > 0)
    }
}
