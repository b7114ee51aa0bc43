import Testing
@testable import TextEngine

/// `TextMeasurer.lineSpan` against laying the text out: every width up to a span's end fills the
/// text as the width asked about does (its lines, or its line count, height and baselines), and
/// the first width past the end does not.
@Suite struct LineSpanTests {
    static let texts = TestCorpus.all + [
        "Short", "The engine weaves algebra. The engine weaves algebra. The engine weaves algebra.",
        "First paragraph wraps here and there.\nSecond one too, a little longer than the first.",
        "a\n\nb c d e f g h", "Supercalifragilisticexpialidocious and a few more words to wrap",
        "DATE-OR-FILE re-vote HI-QUALITY-OVER-VIEW",
    ]
    static let widths = [30.0, 64, 90, 150, 201.3, 343]

    /// `layout` at `width`, its text cached first as measuring caches it.
    static func layout(_ measurer: TextMeasurer, _ text: String, _ style: TextStyle, _ width: Double) -> TextLayout {
        measurer.layout(text, style: style, width: width)
    }

    /// The line count, height and baselines: what a layout reads of a label of one line height.
    static func heightOf(_ m: TextMeasurement) -> [Double] {
        [Double(m.lineCount), m.height, m.firstBaseline, m.lastBaseline]
    }

    /// Widths from `from` to `to` (closed): both ends, a few between.
    static func between(_ from: Double, _ to: Double) -> [Double] {
        guard to > from else { return [from] }
        return [from, to] + (1..<8).map { from + (to - from) * Double($0) / 8 }
    }

    @Test func everyWidthUpToASpansEndFillsAliveAndTheNextDoesNot() throws {
        let measurer = TextMeasurer()
        var spans = 0, heightSpans = 0
        for text in Self.texts {
            for mode in [LineBreakMode.word, .char] {
                for lines in [0, 2] {
                    let style = TextStyle(fonts: Bundled.stack, size: 15, lines: lines, lineBreak: mode)
                    for width in Self.widths {
                        let here = Self.layout(measurer, text, style, width)
                        let far = width + 400
                        let span = try #require(measurer.lineSpan(text, style: style, width: width, through: far))
                        spans += 1
                        #expect(span.lineCount == here.lineCount)
                        #expect(span.sameLinesThrough >= width && span.sameHeightThrough >= span.sameLinesThrough)
                        for w in Self.between(width, min(span.sameLinesThrough, far)) {
                            #expect(Self.layout(measurer, text, style, w).lines == here.lines, "\(text) at \(w)")
                        }
                        if span.sameLinesThrough < far {
                            let past = span.sameLinesThrough.nextUp
                            #expect(Self.layout(measurer, text, style, past).lines != here.lines, "\(text) past \(past)")
                        }
                        guard span.sameHeightThrough > span.sameLinesThrough else { continue }
                        heightSpans += 1
                        for w in Self.between(width, min(span.sameHeightThrough, far)) {
                            #expect(Self.heightOf(Self.layout(measurer, text, style, w).measurement) == Self.heightOf(here.measurement),
                                    "\(text) at \(w)")
                        }
                        // (A search that stopped at its fill limit proves less than all it could.)
                        if span.sameHeightThrough < far && span.fills < TextMeasurer.maximumSpanFills {
                            let past = span.sameHeightThrough.nextUp
                            #expect(Self.layout(measurer, text, style, past).lineCount != here.lineCount, "\(text) past \(past)")
                        }
                    }
                }
            }
        }
        #expect(spans > 0 && heightSpans > 0)
    }

    /// The count's end found by the span (bisected where the count can only fall) against walking
    /// the text's line changes one by one, each from the span of the lines before.
    @Test func theCountsEndIsTheFirstLineChangeThatChangesTheCount() throws {
        let measurer = TextMeasurer()
        for text in Self.texts {
            let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)
            for width in Self.widths {
                let here = Self.layout(measurer, text, style, width)
                let far = width + 400
                let span = try #require(measurer.lineSpan(text, style: style, width: width, through: far))
                guard span.sameHeightThrough > span.sameLinesThrough, span.fills < TextMeasurer.maximumSpanFills else { continue }
                // Walk: from each set of lines to the first width past it.
                var w = width, walked = width
                while w <= far {
                    _ = Self.layout(measurer, text, style, w)
                    let next = try #require(measurer.lineSpan(text, style: style, width: w, through: w))
                    if next.lineCount != here.lineCount { break }
                    walked = next.sameLinesThrough
                    if walked == .infinity { break }
                    w = walked.nextUp
                }
                if span.sameHeightThrough <= far { #expect(span.sameHeightThrough == walked, "\(text) at \(width)") }
            }
        }
    }

    /// Lines of other heights (a CJK fallback face with other metrics) are followed by their lines:
    /// the same count may be another height there.
    @Test func aTextWhoseLinesDifferInHeightSpansItsLinesOnly() throws {
        let measurer = TextMeasurer()
        let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)
        let text = "Download 下载 the app 应用 today 今天! And a few more words after it."
        _ = measurer.measure(text, style: style, width: 120)
        let span = try #require(measurer.lineSpan(text, style: style, width: 120, through: 600))
        #expect(span.sameHeightThrough == span.sameLinesThrough)
    }

    /// A text set in the fallback face alone has lines of one height: its count spans further.
    @Test func aTextInOneFallbackFaceSpansItsLineCount() throws {
        let measurer = TextMeasurer()
        let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)
        let text = "这个布局在小屏幕上会换行，刚到上海，准备去外滩看看，我们去公园散步，晚上吃火锅。"
        let here = measurer.layout(text, style: style, width: 120)
        let span = try #require(measurer.lineSpan(text, style: style, width: 120, through: 600))
        #expect(span.sameHeightThrough > span.sameLinesThrough)
        for w in Self.between(120, span.sameHeightThrough) {
            #expect(Self.heightOf(measurer.measure(text, style: style, width: w)) == Self.heightOf(here.measurement), "at \(w)")
        }
        #expect(measurer.measure(text, style: style, width: span.sameHeightThrough.nextUp).lineCount != here.lineCount)
    }

    @Test func aTextTheKernelCannotTellAboutHasNoSpan() {
        let measurer = TextMeasurer()
        let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)
        // Not measured yet, so not cached; empty; attributed (kern).
        #expect(measurer.lineSpan("Never measured here", style: style, width: 100, through: 300) == nil)
        #expect(measurer.lineSpan("", style: style, width: 100, through: 300) == nil)
        var kerned = style
        kerned.kern = 1
        _ = measurer.measure("Kerned text", style: kerned, width: 100)
        #expect(measurer.lineSpan("Kerned text", style: kerned, width: 100, through: 300) == nil)
    }
}
