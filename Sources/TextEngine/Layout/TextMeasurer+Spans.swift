import CTextKernels
import Locking

/// How far a text's lines at one width stay alike as the width grows (`TextMeasurer.lineSpan`):
/// what a height curve proves a label by, found from the line filler's own decisions.
public struct LineSpan: Sendable, Hashable {
    /// The line count at the width asked about.
    public var lineCount: Int
    /// The widest width (at or above the one asked about) whose lines are exactly those at it.
    public var sameLinesThrough: Double
    /// The widest width through which the line count, height and baselines stay those at the
    /// width asked about (only the measured width and the lines may differ): when every line of
    /// the text is one height (its faces share their metrics), as far as the count stays put;
    /// otherwise `sameLinesThrough`.
    public var sameHeightThrough: Double
    /// How many fills finding the span took (at most `TextMeasurer.maximumSpanFills`, where the
    /// search stops short).
    var fills = 0
}

extension TextMeasurer {
    /// How many fills one `lineSpan` may make before it stops looking further.
    public static let maximumSpanFills = 64

    /// How far the lines of `text` in `style` at `width` stay alike (see `LineSpan`), looked at up
    /// to `far` (past it the span may stop early); nil when the text is not measured by the C
    /// kernel's cached path (empty, attributed, over the cache's window) or not cached (measure it
    /// at `width` first).
    public func lineSpan(_ text: String, style: TextStyle, width: Double, through far: Double) -> LineSpan? {
        measureSpan(text, style: style, width: width, through: far, measuring: false)?.span
    }

    /// `lineSpan` of the attributed text `runs`: nil unless they lay out as a plain string.
    public func lineSpan(_ runs: [TextRun], style: TextStyle, width: Double, through far: Double) -> LineSpan? {
        guard let plain = Self.plainText(runs, style: style) else { return nil }
        return lineSpan(plain.text, style: plain.style, width: width, through: far)
    }

    /// `measure(_:style:width:)` and `lineSpan(_:style:width:through:)` in one pass over the
    /// cached text (nil when `lineSpan` is: measure the text instead).
    public func measureSpan(_ text: String, style: TextStyle, width: Double,
                            through far: Double) -> (measurement: TextMeasurement, span: LineSpan)? {
        measureSpan(text, style: style, width: width, through: far, measuring: true)
    }

    /// `measureSpan` of the attributed text `runs`: nil unless they lay out as a plain string.
    public func measureSpan(_ runs: [TextRun], style: TextStyle, width: Double,
                            through far: Double) -> (measurement: TextMeasurement, span: LineSpan)? {
        guard let plain = Self.plainText(runs, style: style) else { return nil }
        return measureSpan(plain.text, style: plain.style, width: width, through: far)
    }

    private func measureSpan(_ text: String, style: TextStyle, width: Double, through far: Double,
                             measuring: Bool) -> (measurement: TextMeasurement, span: LineSpan)? {
        if text.isEmpty || style.needsAttributedPath || !(width >= 0) || width.isInfinite { return nil }
        return _Lent(style.fonts.kernelTable).read { kernel in
            measureSpan(text, style: style, kernel: kernel, width: width, through: far, measuring: measuring)
        }
    }

    private func measureSpan(_ text: String, style: TextStyle, kernel: KernelFontTable, width: Double,
                             through far: Double, measuring: Bool) -> (measurement: TextMeasurement, span: LineSpan)? {
        guard let cache = texts.pointer else { return nil }
        let options = tl_fill_options(size: style.effectiveSize, limit: LineFiller.limit(width: width),
                                      breaks_at_graphemes: style.lineBreak.breaksAtGraphemes ? 1 : 0,
                                      max_lines: Int32(clamping: style.lines > 0 ? style.lines : Int.max))
        let farLimit = far > width ? LineFiller.limit(width: far) : options.limit
        var span = tl_fill_span()
        let serials = kernel.serials.baseAddress, count = Int32(kernel.faces.count)
        let fills = Int32(Self.maximumSpanFills)
        var status = text.utf8.withContiguousStorageIfAvailable { bytes in
            tl_measure_span(cache, serials, count, bytes.baseAddress, Int64(bytes.count), options, farLimit, fills, &span)
        }
        if status == nil {
            var copy = text
            copy.makeContiguousUTF8()
            status = copy.utf8.withContiguousStorageIfAvailable { bytes in
                tl_measure_span(cache, serials, count, bytes.baseAddress, Int64(bytes.count), options, farLimit, fills, &span)
            }
        }
        guard status == 0 else { return nil }
        // The lines at `width`, stacked as `measure` stacks them.
        var stack = LineStack(style: style, metrics: kernel.metrics)
        if measuring, span.line_count > 0, let lines = span.lines {
            for i in 0..<Int(span.line_count) {
                _ = stack.add(LineFiller.Line(start: Int(lines[i].start), end: Int(lines[i].end), width: lines[i].width,
                                              fontMask: lines[i].font_mask))
            }
        }
        stack.result.height = stack.top
        stack.result.isTruncated = span.truncated != 0
        let sameLines = Self.widestWidth(below: span.lines_end, from: width)
        let sameCount = Self.widestWidth(below: span.count_end, from: width)
        return (stack.result, LineSpan(lineCount: Int(span.line_count), sameLinesThrough: sameLines,
                                       sameHeightThrough: Self.linesShareHeight(mask: span.font_mask, kernel: kernel)
                                           ? sameCount : sameLines,
                                       fills: Int(span.fills)))
    }

    /// Whether every line of a text whose lines are measured with faces among those in `mask`
    /// (`tl_fill_span.font_mask`) is one height: those faces share ascender, descender and line gap.
    static func linesShareHeight(mask: UInt64, kernel: KernelFontTable) -> Bool {
        let metrics = kernel.metrics
        guard mask != 0, mask.trailingZeroBitCount < metrics.count else { return false }
        let first = metrics[mask.trailingZeroBitCount]
        var bits = mask & (mask - 1)
        while bits != 0 {
            let face = bits.trailingZeroBitCount
            guard face < metrics.count else { return false }
            let other = metrics[face]
            if other.ascender != first.ascender || other.descender != first.descender || other.lineGap != first.lineGap {
                return false
            }
            bits &= bits - 1
        }
        return true
    }

    /// The widest width at or above `width` whose line limit (`LineFiller.limit(width:)`) is below
    /// `end`, a limit above `width`'s: infinity when `end` is.
    static func widestWidth(below end: Double, from width: Double) -> Double {
        if end == .infinity { return .infinity }
        guard end > LineFiller.limit(width: width) else { return width }
        // The inverse of the limit, then corrected by the few units of round-off it is off by.
        var w = Swift.max(width, end - 1e-7 > 1 ? end / (1 + 1e-7) : end - 1e-7)
        var steps = 0
        while w > width && LineFiller.limit(width: w) >= end && steps < 64 {
            w = w.nextDown
            steps += 1
        }
        if LineFiller.limit(width: w) >= end { return width }
        while LineFiller.limit(width: w.nextUp) < end && steps < 128 {
            w = w.nextUp
            steps += 1
        }
        return w
    }
}
