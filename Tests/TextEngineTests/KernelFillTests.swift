import CTextKernels
import Testing
@testable import TextEngine

/// The C line filler (the one behind measure and layout) against ReferenceLineFiller (the same
/// algorithm in Swift, the readable reference); and what measuring gives when the C path
/// cannot run.
@Suite struct KernelFillTests {
    static let texts = TestCorpus.all + [
        "", " ", "\n", "a\n", "\n\nb", "tick tick tick", "Supercalifragilisticexpialidocious word",
        "下载 the app 于 9 月 🎂 祝", "   leading and trailing   ", "a\r\nb\u{2028}c\u{2029}d",
        "DATE-OR-FILE re-vote HI-QUALITY-OVER-VIEW", // kerned joints
    ]

    /// Lines (ranges, ink widths, fonts) and truncation from both fillers.
    static func both(_ measurer: TextMeasurer, _ text: String, style: TextStyle, width: Double)
        -> (kernel: ([LineFiller.Line], Bool)?, swift: ([LineFiller.Line], Bool)) {
        let maxLines = style.lines > 0 ? style.lines : Int.max
        let options = tl_fill_options(size: style.size, limit: LineFiller.limit(width: width),
                                      breaks_at_graphemes: style.lineBreak.breaksAtGraphemes ? 1 : 0,
                                      max_lines: Int32(clamping: maxLines))
        var kernelLines: [LineFiller.Line] = []
        let kernel = measurer.fillInKernel(text, kernel: style.fonts.kernelTable, options: options) { kernelLines.append($0) }
        var swiftLines: [LineFiller.Line] = []
        var filler = ReferenceLineFiller(size: style.size, width: width, breaksAtGraphemes: style.lineBreak.breaksAtGraphemes,
                                maxLines: maxLines)
        let truncated = filler.fill(measurer.shapedText(text, stack: style.fonts)) { swiftLines.append($0) }
        return (kernel.map { (kernelLines, $0) }, (swiftLines, truncated))
    }

    @Test func theCFillerGivesSwiftsLinesExactly() {
        let measurer = TextMeasurer()
        var compared = 0
        for text in Self.texts where !text.isEmpty {
            for mode in [LineBreakMode.word, .char] {
                for lines in [0, 1, 2, 3] {
                    for size in [9.0, 15, 23.5] {
                        for width in [0.0, 12, 45, 90, 150, 201.3, 343, 1000] {
                            let style = TextStyle(fonts: Bundled.stack, size: size, lines: lines, lineBreak: mode)
                            // Twice: the first fills a new text, the second a cached one.
                            for _ in 0..<2 {
                                let (kernel, swift) = Self.both(measurer, text, style: style, width: width)
                                #expect(kernel?.0 == swift.0 && kernel?.1 == swift.1,
                                        "\(text.debugDescription) \(mode) lines \(lines) size \(size) width \(width)")
                                compared += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(compared > 5_000)
    }

    @Test func aTextTheKernelCannotMeasureIsReportedUnmeasuredNeverASize() {
        // A text cache that could not be allocated fails the C path as running out of memory does.
        let measurer = TextMeasurer(segmentCapacity: 64, texts: TextCache(unallocated: ()), textCapacity: 64)
        let style = TextStyle(fonts: Bundled.stack, size: 15)
        let measured = measurer.measure("Hello world", style: style, width: 100)
        #expect(measured.isUnmeasured && measured.lineCount == 0 && !measured.isTruncated)
        #expect(measured.width.isNaN && measured.height.isNaN)
        #expect(measured.firstBaseline.isNaN && measured.lastBaseline.isNaN)
        let laidOut = measurer.layout("Hello world", style: style, width: 100)
        #expect(laidOut.lines.isEmpty && laidOut.measurement.isUnmeasured)
        // Measured texts, empty ones included, are not.
        #expect(!TextMeasurer().measure("Hello world", style: style, width: 100).isUnmeasured)
        #expect(!measurer.measure("", style: style, width: 100).isUnmeasured)
    }
}
