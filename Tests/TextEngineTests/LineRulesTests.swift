import Testing
@testable import TextEngine

/// SPEC section 1 "Text", one test per promise. Widths come from hb-shape, line heights from
/// the font files' own tables (FontFile), so every expected number has an outside source.
@Suite struct LineRulesTests {
    let measurer = TextMeasurer()
    let dejaVu = FontStack(primary: Bundled.dejaVu)

    func style(_ size: Double = 17, lines: Int = 0, _ mode: LineBreakMode = .word,
               spacing: Double = 0, multiple: Double = 1) -> TextStyle {
        TextStyle(fonts: Bundled.stack, size: size, lines: lines, lineBreak: mode,
                  lineSpacing: spacing, lineHeightMultiple: multiple)
    }

    /// DejaVu Sans's (ascender, descender, gap) at `size`, from its hhea table.
    func dejaVuExtents(_ size: Double) throws -> (ascender: Double, descender: Double, gap: Double) {
        let file = try FontFile(path: fontPath("DejaVuSans.ttf"))
        let e = file.horizontalExtents
        let scale = size / Double(file.unitsPerEm)
        return (Double(e.ascender) * scale, Double(e.descender) * scale, Double(e.lineGap) * scale)
    }

    func lineHeight(_ size: Double) throws -> Double {
        let e = try dejaVuExtents(size)
        return e.ascender - e.descender + e.gap
    }

    /// hb-shape's advance of `text` in DejaVu Sans at `size`, in points.
    func advance(_ text: String, size: Double = 17) throws -> Double {
        Double(try HBShape.advances(font: fontPath("DejaVuSans.ttf"), texts: [text])[0]) * size / 2048
    }

    @Test func emptyTextHasZeroSizeAndNoLines() {
        let layout = measurer.layout("", style: style(), width: 100)
        #expect(layout.lineCount == 0)
        #expect(layout.width == 0 && layout.height == 0)
        #expect(layout.roundedSize(scale: 2) == (0, 0))
        #expect(layout.firstBaseline == 0 && layout.lastBaseline == 0)
    }

    @Test func oneLineIsTheFontsLineHeightTall() throws {
        let layout = measurer.layout("Settings", style: style(), width: 375)
        #expect(layout.lineCount == 1)
        #expect(layout.height == (try lineHeight(17)))
        #expect(layout.width == (try advance("Settings")))
    }

    @Test func eachLineTakesAsManySegmentsAsFit() throws {
        // "one two three" at exactly the width of "one two": the break after "two " is taken.
        let width = try advance("one two")
        let layout = measurer.layout("one two three", style: style(), width: width)
        #expect(layout.lines.map(\.range) == [0..<8, 8..<13])
        #expect(layout.lines[0].width == width)
        let narrower = measurer.layout("one two three", style: style(), width: width.nextDown - 0.001)
        #expect(narrower.lines.map(\.range) == [0..<4, 4..<8, 8..<13])
    }

    @Test func trailingWhiteSpaceDoesNotCountTowardTheWidth() throws {
        let width = try advance("aaa")
        let layout = measurer.layout("aaa      aaa", style: style(), width: width)
        #expect(layout.lines.map(\.range) == [0..<9, 9..<12])
        #expect(layout.lines[0].width == width)
        #expect(layout.width == width)
    }

    @Test func aSegmentWiderThanTheLineBreaksAtGraphemeBoundaries() throws {
        // Three family emoji (8 UTF-16 units each), each wider than the line: one per line,
        // never split inside the ZWJ sequence.
        let family = "👨‍👩‍👧"
        let layout = measurer.layout(family + family + family, style: style(), width: 5)
        #expect(layout.lines.map(\.range) == [0..<8, 8..<16, 16..<24])
        // A decomposed é (e + U+0301) stays whole: "ée" at the width of one cluster.
        let accented = measurer.layout("e\u{301}e\u{301}", style: style(), width: 1)
        #expect(accented.lines.map(\.range) == [0..<2, 2..<4])
    }

    @Test func anOverlongWordFillsEachLineWithTheGraphemesThatFit() throws {
        // "abcdefgh" at the width of "abc" (no kerning in these pairs): abc | def | gh.
        let width = try advance("abc")
        let layout = measurer.layout("abcdefgh", style: style(), width: width)
        #expect(layout.lines.map(\.range) == [0..<3, 3..<6, 6..<8])
        #expect(layout.lines[0].width == width)
        #expect(layout.lines[1].width == (try advance("def")))
    }

    @Test func newlinesAndParagraphSeparatorsForceBreaks() throws {
        let h = try lineHeight(17)
        for (text, ranges) in [("a\nb", [0..<2, 2..<3]), ("a\r\nb", [0..<3, 3..<4]),
                               ("a\u{2028}b", [0..<2, 2..<3]), ("a\u{2029}b", [0..<2, 2..<3]),
                               ("a\n\nb", [0..<2, 2..<3, 3..<4])] {
            let layout = measurer.layout(text, style: style(), width: .infinity)
            #expect(layout.lines.map(\.range) == ranges, "\(text.debugDescription)")
            #expect(layout.height == Double(ranges.count) * h, "\(text.debugDescription)")
            let widest = max(try advance("a"), try advance("b"))
            #expect(layout.width == widest)
        }
    }

    @Test func aTrailingNewlineEndsWithAnEmptyLineAsPangoDoes() throws {
        let pango = try PangoReference.layout([.init(text: "Hello\n", size: 17, width: nil)])[0]
        let layout = measurer.layout("Hello\n", style: style(), width: .infinity)
        #expect(layout.lines.map(\.range.lowerBound) == pango.starts)
        #expect(layout.lineCount == 2)
    }

    @Test func linesNKeepsTheFirstNLinesAndZeroKeepsAll() throws {
        let text = "one two three four five six seven eight"
        let width = try advance("one two three")
        let all = measurer.layout(text, style: style(lines: 0), width: width)
        // one two three | four five six | seven eight
        #expect(all.lines.map(\.range) == [0..<14, 14..<28, 28..<39])
        #expect(!all.isTruncated)
        let two = measurer.layout(text, style: style(lines: 2), width: width)
        #expect(two.lineCount == 2)
        #expect(two.isTruncated)
        #expect(two.lines == Array(all.lines.prefix(2)))
        #expect(two.height == 2 * (try lineHeight(17)))
        let exact = measurer.layout(text, style: style(lines: 3), width: width)
        #expect(exact.lineCount == 3 && !exact.isTruncated)
        // UILabel's default is one line.
        #expect(measurer.layout(text, style: TextStyle(fonts: Bundled.stack, size: 17), width: width).lineCount == 1)
    }

    @Test func charModeBreaksAtAnyGraphemeBoundary() throws {
        // "abc def" at the width of "abc d": the line breaks inside "def".
        let width = try advance("abc d")
        let char = measurer.layout("abc def", style: style(17, lines: 0, .char), width: width)
        #expect(char.lines.map(\.range) == [0..<5, 5..<7])
        let word = measurer.layout("abc def", style: style(), width: width)
        #expect(word.lines.map(\.range) == [0..<4, 4..<7])
    }

    @Test func truncatingAndClippingModesWrapLikeWord() {
        for text in TestCorpus.all {
            for width in [60.0, 140, 300] {
                let word = measurer.layout(text, style: style(lines: 3), width: width)
                for mode in [LineBreakMode.truncateTail, .truncateMiddle, .truncateHead, .clip] {
                    let other = measurer.layout(text, style: style(lines: 3, mode), width: width)
                    #expect(other.lines == word.lines, "\(mode) \(text)")
                    #expect(other.height == word.height)
                }
            }
        }
    }

    @Test func lineSpacingGoesBetweenLines() throws {
        let h = try lineHeight(17)
        let layout = measurer.layout("a\nb\nc", style: style(spacing: 6), width: .infinity)
        #expect(layout.height == 3 * h + 2 * 6)
        #expect(layout.lines.map(\.top) == [0, h + 6, 2 * h + 12])
    }

    @Test func lineHeightMultipleScalesEachLineAndPutsTheExtraAboveTheText() throws {
        let e = try dejaVuExtents(17)
        let h = (e.ascender - e.descender + e.gap) * 1.5
        let layout = measurer.layout("a\nb", style: style(multiple: 1.5), width: .infinity)
        #expect(layout.height == 2 * h)
        #expect(layout.firstBaseline == h - e.gap + e.descender)
        #expect(layout.lastBaseline == 2 * h - e.gap + e.descender)
    }

    @Test func baselinesSitAboveTheDescenderAndGap() throws {
        let e = try dejaVuExtents(15)
        let layout = measurer.layout("one\ntwo", style: style(15), width: .infinity)
        let h = e.ascender - e.descender + e.gap
        #expect(layout.firstBaseline == e.ascender)
        #expect(layout.lastBaseline == h + e.ascender)
    }

    @Test func aLineUsesTheLargestAscenderAndLineGapAndSmallestDescenderOfItsFonts() throws {
        let droid = try FontFile(path: fontPath("DroidSansFallbackFull.ttf"))
        let d = droid.horizontalExtents
        let scale = 17 / Double(droid.unitsPerEm)
        let e = try dejaVuExtents(17)
        let mixed = measurer.layout("Hi 你好\nHi", style: style(), width: .infinity)
        let ascender = max(e.ascender, Double(d.ascender) * scale)
        let descender = min(e.descender, Double(d.descender) * scale)
        let gap = max(e.gap, Double(d.lineGap) * scale)
        #expect(mixed.lines[0].height == ascender - descender + gap)
        #expect(mixed.lines[1].height == (try lineHeight(17)))
    }

    @Test func widthIsTheWidestLine() throws {
        let layout = measurer.layout("a\nabc\nab", style: style(), width: .infinity)
        #expect(layout.width == (try advance("abc")))
    }

    @Test func sizesRoundUpToThePixelGrid() throws {
        let layout = measurer.layout("Settings", style: style(), width: 375)
        let (w, h) = layout.roundedSize(scale: 2)
        #expect(w == (layout.width * 2 - 1e-9).rounded(.up) / 2)
        #expect(h == 20)   // 19.7890625 -> 20
        #expect(layout.roundedSize(scale: 3).height == 20)   // 59.37 px -> 60 px
        #expect(TextMeasurement.roundUp(10, scale: 2) == 10)
        #expect(TextMeasurement.roundUp(10 + 1e-10, scale: 2) == 10)
        #expect(TextMeasurement.roundUp(10.01, scale: 2) == 10.5)
    }

    @Test func measureGivesTheSameNumbersAsLayout() {
        for text in TestCorpus.all {
            for width in [50.0, 200, .infinity] {
                let s = style(lines: 2)
                #expect(measurer.measure(text, style: s, width: width) == measurer.layout(text, style: s, width: width).measurement)
            }
        }
    }

    @Test func badNumbersGiveAnswersNotCrashes() {
        let text = "Hello world"
        // Nothing fits a negative (or NaN: none) width, so each grapheme gets a line; the space hangs.
        #expect(measurer.layout(text, style: style(), width: -5).lineCount == 10)
        #expect(measurer.layout(text, style: style(), width: .nan).lineCount == 10)
        #expect(measurer.layout(text, style: style(-3), width: 100).width == 0)
        #expect(measurer.layout(text, style: style(.nan), width: 100).height == 0)
        #expect(measurer.layout(text, style: style(lines: -1), width: 1).lineCount == 10)
        #expect(measurer.layout(text, style: style(multiple: 0), width: .infinity).height
            == measurer.layout(text, style: style(), width: .infinity).height)
    }
}
