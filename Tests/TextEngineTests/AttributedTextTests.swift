import Testing
@testable import TextEngine

/// Attributed text and paragraph style (SPEC section 1): each rule checked with numbers derived
/// from plain, one-font measurements of the same pieces.
@Suite struct AttributedTextTests {
    static let regular = Bundled.stack
    static let bold = FontStack(primary: Bundled.dejaVuBold, fallbacks: [Bundled.droid, Bundled.emoji])
    let measurer = TextMeasurer()

    func plain(_ text: String, _ fonts: FontStack = regular, size: Double = 17) -> TextMeasurement {
        measurer.measure(text, style: TextStyle(fonts: fonts, size: size, lines: 0), width: .infinity)
    }

    func attributed(_ runs: [TextRun], width: Double = .infinity, lines: Int = 0,
                    paragraph: ParagraphStyle = ParagraphStyle()) -> TextLayout {
        measurer.layout(runs, style: TextStyle(fonts: Self.regular, size: 17, lines: lines, paragraph: paragraph), width: width)
    }

    @Test func oneRunOnTheAttributedPathLaysOutExactlyAsTheString() {
        for text in TestCorpus.all + ["", "a\n", "\n\nb", "x\r\ny", "  lead", "trail  "] {
            for width in [40.0, 97.5, 180, 320, .infinity] {
                for size in [11.0, 17, 24] {
                    for lines in [0, 1, 2] {
                        let style = TextStyle(fonts: Self.regular, size: size, lines: lines)
                        let string = measurer.layout(text, style: style, width: width)
                        // The attributed path itself (the public calls send one run to the plain path).
                        var lines: [TextLine] = []
                        let measurement = measurer.runAttributed([TextRun(text, fonts: Self.regular, size: size)], style: style,
                                                                 width: width) { lines.append($0) }
                        let runs = TextLayout(lines: lines, measurement: measurement)
                        #expect(runs.measurement == string.measurement, "\(text.debugDescription) at \(width)")
                        #expect(runs.lines == string.lines, "\(text.debugDescription) at \(width)")
                    }
                }
            }
        }
    }

    @Test func runsOfOneFontSplitAtSpacesLayOutAsTheString() {
        let text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor"
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for cut in 1..<words.count {
            let first = words[..<cut].joined(separator: " ") + " ", second = words[cut...].joined(separator: " ")
            for width in [60.0, 150, 233] {
                let style = TextStyle(fonts: Self.regular, size: 15, lines: 0)
                let string = measurer.layout(text, style: style, width: width)
                let runs = measurer.layout([TextRun(first, fonts: Self.regular, size: 15), TextRun(second, fonts: Self.regular, size: 15)],
                                           style: style, width: width)
                #expect(runs.lines.map(\.range) == string.lines.map(\.range))
                #expect(runs.measurement.height == string.measurement.height)
            }
        }
    }

    @Test func aLineIsAsTallAsItsTallestRun() {
        let small = plain("12:30", size: 11), large = plain("Ada", Self.bold, size: 24)
        let layout = attributed([TextRun("Ada", fonts: Self.bold, size: 24), TextRun(" 12:30", fonts: Self.regular, size: 11)])
        #expect(layout.lineCount == 1)
        #expect(layout.height == large.height)
        #expect(layout.height > small.height)
        // Two lines: each has the metrics of the run on it.
        let two = attributed([TextRun("Ada\n", fonts: Self.bold, size: 24), TextRun("12:30", fonts: Self.regular, size: 11)])
        #expect(two.lines.map(\.height) == [large.height, small.height])
        #expect(two.height == large.height + small.height)
    }

    @Test func kernAddsAfterEveryCharacterTheLastIncludedButNotHangingSpace() {
        let word = plain("Hello").width
        let layout = attributed([TextRun("Hello", fonts: Self.regular, size: 17, kern: 2)])
        #expect(abs(layout.width - (word + 5 * 2)) < 1e-9)
        // A trailing space hangs at the line end, with its kern.
        let spaced = attributed([TextRun("Hello ", fonts: Self.regular, size: 17, kern: 2)])
        #expect(abs(spaced.width - (word + 5 * 2)) < 1e-9)
        // Kern makes text wrap where it would not without.
        let width = plain("Hello world").width + 1
        #expect(attributed([TextRun("Hello world", fonts: Self.regular, size: 17)], width: width).lineCount == 1)
        #expect(attributed([TextRun("Hello world", fonts: Self.regular, size: 17, kern: 1)], width: width).lineCount == 2)
        // Kern of one run only: the other keeps its widths.
        let mixed = attributed([TextRun("Hello", fonts: Self.regular, size: 17, kern: 3), TextRun("world", fonts: Self.regular, size: 17)])
        #expect(abs(mixed.width - (word + 15 + plain("world").width)) < 1e-9)
    }

    @Test func baselineOffsetMovesARunsMetricsUp() {
        let base = plain("x")
        let m = Bundled.dejaVu.metrics(size: 17)
        let raised = attributed([TextRun("x", fonts: Self.regular, size: 17), TextRun("2", fonts: Self.regular, size: 17, baselineOffset: 6)])
        // Ascender 6 points higher, descender of the plain run still the lowest.
        #expect(abs(raised.height - (base.height + 6)) < 1e-9)
        #expect(abs(raised.firstBaseline - (m.ascender + 6)) < 1e-9)
        let lowered = attributed([TextRun("x", fonts: Self.regular, size: 17), TextRun("2", fonts: Self.regular, size: 17, baselineOffset: -4)])
        #expect(abs(lowered.height - (base.height + 4)) < 1e-9)
        #expect(abs(lowered.firstBaseline - m.ascender) < 1e-9)
    }

    @Test func breaksFallInsideAndBetweenRuns() {
        // No break between a bold name and the "'s" that follows it.
        let name = TextRun("Grace", fonts: Self.bold, size: 17), rest = TextRun("'s reply", fonts: Self.regular, size: 17)
        let width = plain("Grace", Self.bold).width + plain("'s").width + 1
        let layout = attributed([name, rest], width: width)
        #expect(layout.lines.map(\.range.lowerBound) == [0, 8])
        // Narrower, "Grace's" is one word wider than the line: it breaks at graphemes.
        let narrow = attributed([name, rest], width: plain("Grace", Self.bold).width + 1)
        #expect(narrow.lines.map(\.range.lowerBound) == [0, 5, 8])
        let firstLine = attributed([TextRun("Ada ", fonts: Self.bold, size: 17), TextRun("replied", fonts: Self.regular, size: 17)])
        let words = attributed([TextRun("Ada ", fonts: Self.bold, size: 17), TextRun("replied to ", fonts: Self.regular, size: 17),
                                TextRun("Grace", fonts: Self.bold, size: 17)], width: firstLine.width + 1)
        #expect(words.lines.map(\.range.lowerBound) == [0, 12])
    }

    @Test func emptyRunsAddNothing() {
        let runs = [TextRun("", fonts: Self.bold, size: 40), TextRun("text", fonts: Self.regular, size: 17), TextRun("", fonts: Self.bold, size: 40)]
        #expect(attributed(runs).measurement == plain("text"))
        #expect(attributed([TextRun("", fonts: Self.regular, size: 17)]).measurement == TextMeasurement.empty)
        #expect(attributed([]).measurement == TextMeasurement.empty)
    }

    @Test func paragraphSpacingGoesBetweenParagraphsOnly() {
        let line = plain("a").height
        let runs = [TextRun("a\nb\nc", fonts: Self.regular, size: 17)]
        let spaced = attributed(runs, paragraph: ParagraphStyle(paragraphSpacing: 5, paragraphSpacingBefore: 3))
        #expect(spaced.lineCount == 3)
        #expect(abs(spaced.height - (3 * line + 2 * 8)) < 1e-9)
        #expect(spaced.lines.map(\.top).map { ($0 * 1e6).rounded() / 1e6 } == [0, line + 8, 2 * line + 16].map { ($0 * 1e6).rounded() / 1e6 })
        // Wrapped lines of one paragraph get no paragraph spacing.
        let wrapped = attributed([TextRun("aaa bbb ccc", fonts: Self.regular, size: 17)],
                                 width: ["aaa", "bbb", "ccc"].map { plain($0).width }.max()! + 1,
                                 paragraph: ParagraphStyle(paragraphSpacing: 5))
        #expect(wrapped.lineCount == 3)
        #expect(abs(wrapped.height - 3 * line) < 1e-9)
    }

    @Test func indentsNarrowTheirLines() {
        let text = [TextRun("aaa bbb ccc ddd", fonts: Self.regular, size: 17)]
        let width = plain("aaa bbb").width + 1
        #expect(attributed(text, width: width).lineCount == 2)
        // The first line loses room for "bbb"; the rest keep two words a line.
        let first = attributed(text, width: width, paragraph: ParagraphStyle(firstLineHeadIndent: 20))
        #expect(first.lines.map(\.range.lowerBound) == [0, 4, 12])
        #expect(abs(first.lines[0].width - (20 + plain("aaa").width)) < 1e-9)
        let head = attributed(text, width: width, paragraph: ParagraphStyle(headIndent: 20))
        #expect(head.lines.map(\.range.lowerBound) == [0, 8, 12])
        let tail = attributed(text, width: width, paragraph: ParagraphStyle(tailIndent: -20))
        #expect(tail.lineCount == 4)
        // A positive tail indent is the line's trailing edge from the leading edge, whatever the width.
        let fixed = attributed(text, width: 1000, paragraph: ParagraphStyle(tailIndent: width))
        #expect(fixed.lineCount == 2)
        // A label measured at its own width keeps its lines.
        for style in [ParagraphStyle(firstLineHeadIndent: 20), ParagraphStyle(headIndent: 12, tailIndent: -7)] {
            let natural = attributed(text, paragraph: style)
            #expect(attributed(text, width: natural.width, paragraph: style).lineCount == natural.lineCount)
        }
    }

    @Test func lineHeightBoundsComeAfterTheMultiple() {
        let line = plain("a").height
        let runs = [TextRun("a\nb", fonts: Self.regular, size: 17)]
        #expect(abs(attributed(runs, paragraph: ParagraphStyle(minimumLineHeight: 30)).height - 60) < 1e-9)
        #expect(abs(attributed(runs, paragraph: ParagraphStyle(maximumLineHeight: 12)).height - 24) < 1e-9)
        let style = TextStyle(fonts: Self.regular, size: 17, lines: 0, lineHeightMultiple: 2,
                              paragraph: ParagraphStyle(maximumLineHeight: line * 1.5))
        #expect(abs(measurer.measure(runs, style: style, width: .infinity).height - 3 * line) < 1e-9)
    }

    @Test func lineLimitCountsLinesOfTheWholeText() {
        let runs = [TextRun("one two ", fonts: Self.bold, size: 17), TextRun("three four five", fonts: Self.regular, size: 13)]
        let width = plain("one two", Self.bold).width + 1
        let all = attributed(runs, width: width)
        let two = attributed(runs, width: width, lines: 2)
        #expect(all.lineCount > 2)
        #expect(two.lineCount == 2)
        #expect(two.isTruncated)
        #expect(two.lines == Array(all.lines.prefix(2)))
    }

    @Test func plainTextTakesTheLabelsKernAndParagraphStyle() {
        let style = TextStyle(fonts: Self.regular, size: 17, lines: 0, kern: 1.5,
                              paragraph: ParagraphStyle(paragraphSpacing: 4, firstLineHeadIndent: 10))
        let text = "Hello there\nGeneral Kenobi"
        let string = measurer.layout(text, style: style, width: 120)
        let runs = measurer.layout([TextRun(text, fonts: Self.regular, size: 17, kern: 1.5)], style: style, width: 120)
        #expect(string.measurement == runs.measurement)
        #expect(string.height > measurer.measure(text, style: TextStyle(fonts: Self.regular, size: 17, lines: 0), width: 120).height)
    }

    @Test func scriptsAndOrderAndThreadsGiveIdenticalHeights() async {
        let samples: [[TextRun]] = [
            [TextRun("Ada ", fonts: Self.bold, size: 15), TextRun("replied to your post about layout engines", fonts: Self.regular, size: 15), TextRun(" 2h", fonts: Self.regular, size: 11)],
            [TextRun("王小明", fonts: Self.bold, size: 17), TextRun("回复了你的评论：这个布局引擎真的很快", fonts: Self.regular, size: 15)],
            [TextRun("ليلى ", fonts: Self.bold, size: 16), TextRun("ردت على منشورك حول محركات التخطيط", fonts: Self.regular, size: 14)],
            [TextRun("สมชาย ", fonts: Self.bold, size: 16), TextRun("ตอบกลับโพสต์ของคุณเกี่ยวกับเครื่องมือจัดวาง", fonts: Self.regular, size: 14)],
            [TextRun("अदिति ", fonts: Self.bold, size: 16), TextRun("ने आपकी पोस्ट पर जवाब दिया", fonts: Self.regular, size: 14, kern: 0.5)],
            [TextRun("Party 🎉 ", fonts: Self.regular, size: 20, baselineOffset: 2), TextRun("tonight at eight", fonts: Self.regular, size: 12)],
        ]
        let widths = [90.0, 160, 240]
        func heights(_ measurer: TextMeasurer, order: [Int]) -> [Int: [Double]] {
            var out: [Int: [Double]] = [:]
            for i in order {
                out[i] = widths.map { measurer.measure(samples[i], style: TextStyle(fonts: Self.regular, size: 17, lines: 0), width: $0).height }
            }
            return out
        }
        let reference = heights(TextMeasurer(), order: Array(samples.indices))
        #expect(heights(TextMeasurer(), order: samples.indices.reversed()) == reference)
        let shared = TextMeasurer()
        let threaded = await withTaskGroup(of: [Int: [Double]].self) { group in
            for t in 0..<4 { group.addTask { heights(shared, order: t % 2 == 0 ? Array(samples.indices) : samples.indices.reversed()) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for result in threaded { #expect(result == reference) }
        for runs in samples { #expect(reference[samples.firstIndex(of: runs)!]!.allSatisfy { $0 > 0 }) }
    }

    @Test func glyphsAreDrawnInTheirRunsFontSizeAndPlace() {
        let runs = [TextRun("Ada", fonts: Self.bold, size: 20), TextRun(" replied", fonts: Self.regular, size: 12, kern: 1, baselineOffset: 3)]
        let style = TextStyle(fonts: Self.regular, size: 17, lines: 0, paragraph: ParagraphStyle(firstLineHeadIndent: 10))
        let layout = measurer.glyphLayout(runs, style: style, width: .infinity)
        #expect(layout.measurement == measurer.measure(runs, style: style, width: .infinity))
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.count == 11)
        #expect(glyphs.prefix(3).allSatisfy { $0.size == 20 && $0.face === Bundled.dejaVuBold && $0.rise == 0 })
        #expect(glyphs.dropFirst(3).allSatisfy { $0.size == 12 && $0.face === Bundled.dejaVu && $0.rise == 3 })
        #expect(abs(glyphs[0].x - 10) < 1e-9)
        // The second run starts where the bold name ends, and each of its characters is a kern wider.
        #expect(abs(glyphs[3].x - (10 + plain("Ada", Self.bold, size: 20).width)) < 1e-9)
        let spacing = glyphs[5].x - glyphs[4].x
        #expect(abs(spacing - (glyphs[4].advance + 1)) < 1e-9)
        // Every paragraph's first line starts at the first-line indent, its other lines at the
        // head indent (0 here).
        let two = measurer.glyphLayout([TextRun("a\nbbb ccc", fonts: Self.regular, size: 17)], style: style,
                                       width: plain("bbb").width + 11)
        #expect(two.lines.map { $0.glyphs.first!.x } == [10, 10, 0])
        // A string with the label's kern and paragraph style is drawn as one run.
        let string = measurer.glyphLayout("a\nbbb ccc", style: TextStyle(fonts: Self.regular, size: 17, lines: 0, kern: 2,
                                                                          paragraph: ParagraphStyle(headIndent: 4)), width: 60)
        #expect(string.lines.map { $0.glyphs.first!.x } == [0, 0, 4])
        #expect(abs(string.lines[1].glyphs[1].x - string.lines[1].glyphs[0].advance - 2) < 1e-9)
    }

    @Test func longTextsAreMeasuredAlikeEveryTime() {
        // Past AttributedCache.longestCachedText a text is analysed at every call.
        let text = String(repeating: "Lorem ipsum dolor sit amet, 布局引擎 ", count: 500)
        #expect(text.utf8.count > AttributedCache.longestCachedText)
        let style = TextStyle(fonts: Self.regular, size: 15, lines: 0)
        let runs = [TextRun(text, fonts: Self.regular, size: 15)]
        let first = measurer.measure(runs, style: style, width: 300)
        #expect(first == measurer.measure(runs, style: style, width: 300))
        #expect(first == measurer.measure(text, style: style, width: 300))
        #expect(first.lineCount > 50)
    }

    @Test func canonicallyEqualTextsAreNotConfused() {
        // The same word with a precomposed and a decomposed é: equal as Swift strings, but
        // their UTF-16 offsets differ, so each keeps its own line ranges.
        let style = TextStyle(fonts: Self.regular, size: 17, lines: 0)
        let composed = measurer.layout([TextRun("caf\u{E9} au lait", fonts: Self.regular, size: 17)], style: style, width: 60)
        let decomposed = measurer.layout([TextRun("cafe\u{301} au lait", fonts: Self.regular, size: 17)], style: style, width: 60)
        #expect(composed.lines.map(\.range) == [0..<5, 5..<12])
        #expect(decomposed.lines.map(\.range) == [0..<6, 6..<13])
    }

    @Test func everyLineBreakModeWorksWithRuns() {
        let runs = [TextRun("Grace", fonts: Self.bold, size: 17), TextRun(" replied to everyone", fonts: Self.regular, size: 13)]
        let width = plain("Grace", Self.bold).width + plain(" re", size: 13).width + 0.5
        func lines(_ mode: LineBreakMode, _ limit: Int = 0) -> [Int] {
            measurer.layout(runs, style: TextStyle(fonts: Self.regular, size: 17, lines: limit, lineBreak: mode), width: width)
                .lines.map(\.range.lowerBound)
        }
        // `char` fills each line to the last grapheme that fits, across the change of run.
        let char = lines(.char)
        #expect(char.first == 0 && char.count > 1 && char[1] == 8)
        // The truncating modes and `clip` wrap as `word` does; a limit keeps the first lines.
        let word = lines(.word)
        #expect(word.first == 0 && word.dropFirst().first == 6)
        for mode in [LineBreakMode.truncateTail, .truncateMiddle, .truncateHead, .clip] {
            #expect(lines(mode) == word)
            #expect(lines(mode, 1) == [0])
        }
    }
}
