import CTextKernels
import Locking

/// Measures labels: breaks text into lines at a width and reports sizes (SPEC section 1).
///
/// Thread-safe. Keeps two bounded caches: shaped break segments keyed by (font stack, segment)
/// and analysed texts keyed by (font stack, text). Shaping is size-independent (unhinted
/// OpenType advances scale linearly), so neither key needs the point size, and measuring a
/// cached text at another width or size walks arrays without allocating.
public final class TextMeasurer: Sendable {
    /// The default number of entries each cache holds. A cache keeps every entry of a working
    /// set of up to half its capacity (two generations, docs/text.md), so the default keeps the
    /// 16,384 texts of a list measured again (at another width, or after its heights were
    /// forgotten) without analysing any of them anew.
    public static let defaultCacheCapacity = 32_768

    let segments: SegmentCache
    let texts: TextCache
    let attributed: AttributedCache

    /// A measurer whose segment and text caches each hold at most `cacheCapacity` entries.
    public convenience init(cacheCapacity: Int = TextMeasurer.defaultCacheCapacity) {
        self.init(segmentCapacity: cacheCapacity, textCapacity: cacheCapacity)
    }

    /// A measurer whose segment cache holds at most `segmentCapacity` entries and whose text
    /// cache holds at most `textCapacity`: a batch of rows that never repeat a text wants many
    /// words kept and few texts (a text is reused within its row, across its measuring rounds).
    public convenience init(segmentCapacity: Int, textCapacity: Int) {
        self.init(segmentCapacity: segmentCapacity, texts: TextCache(capacity: max(2, textCapacity)),
                  textCapacity: textCapacity)
    }

    /// A measurer with the text cache `texts` (tests give one that could not be allocated).
    init(segmentCapacity: Int, texts: TextCache, textCapacity: Int) {
        segments = SegmentCache(capacity: max(2, segmentCapacity))
        self.texts = texts
        attributed = AttributedCache(capacity: max(2, textCapacity))
    }

    /// Breaks `text` into lines no wider than `width` points (`.infinity`: only mandatory
    /// breaks) and returns the kept lines and the size.
    public func layout(_ text: String, style: TextStyle, width: Double) -> TextLayout {
        var lines: [TextLine] = []
        let measurement = run(text, style: style, width: width) { line in lines.append(line) }
        return TextLayout(lines: lines, measurement: measurement)
    }

    /// The size, line count and baselines of `text` at `width`, as `layout` gives them,
    /// without building the lines (no allocation once the text is cached).
    public func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
        run(text, style: style, width: width) { _ in }
    }

    /// Breaks the attributed text `runs` (SPEC section 1, "Attributed text") into lines no wider
    /// than `width` points and returns the kept lines (UTF-16 ranges into the runs' texts
    /// joined) and the size; `style` gives the line limit, wrapping, spacing and paragraph style.
    public func layout(_ runs: [TextRun], style: TextStyle, width: Double) -> TextLayout {
        if let plain = Self.plainText(runs, style: style) { return layout(plain.text, style: plain.style, width: width) }
        var lines: [TextLine] = []
        let measurement = runAttributed(runs, style: style, width: width) { line in lines.append(line) }
        return TextLayout(lines: lines, measurement: measurement)
    }

    /// The size, line count and baselines of the attributed text `runs` at `width`, as
    /// `layout` gives them, without building the lines.
    public func measure(_ runs: [TextRun], style: TextStyle, width: Double) -> TextMeasurement {
        if let plain = Self.plainText(runs, style: style) { return measure(plain.text, style: plain.style, width: width) }
        return runAttributed(runs, style: style, width: width) { _ in }
    }

    /// Runs that lay out exactly as a string on the plain path (one run with text, no kern,
    /// baseline offset, paragraph style or tracking): that string and the style with the run's
    /// fonts and size.
    static func plainText(_ runs: [TextRun], style: TextStyle) -> (text: String, style: TextStyle)? {
        var found: TextRun?
        for run in runs where !run.text.isEmpty {
            guard found == nil else { return nil }
            found = run
        }
        guard let run = found, run.kern == 0, run.baselineOffset == 0 else { return nil }
        var plain = style
        plain.fonts = run.fonts
        plain.size = run.size
        plain.kern = 0
        return plain.needsAttributedPath ? nil : (run.text, plain)
    }

    /// Empties the caches (the next measurements are cold).
    public func removeAllCachedShaping() {
        segments.removeAll()
        texts.removeAll()
        attributed.removeAll()
    }

    /// Empties only the text caches: shaped segments stay, so the next texts are new texts made
    /// of already shaped words (what a list showing new rows mostly meets).
    public func removeAllCachedTexts() {
        texts.removeAll()
        attributed.removeAll()
    }

    /// Cache statistics: entries held and lookups answered or missed, per cache.
    public var cacheStatistics: CacheStatistics {
        let s = segments.counts
        let t = texts.counts
        return CacheStatistics(segments: s, texts: t)
    }

    private func run(_ text: String, style: TextStyle, width: Double,
                     sink: (TextLine) -> Void) -> TextMeasurement {
        if text.isEmpty { return .empty }
        if style.needsAttributedPath {
            return runAttributed([TextRun(text, fonts: style.fonts, size: style.effectiveSize, kern: style.kern)],
                                 style: style, width: width, sink: sink)
        }
        // The caller's style keeps its font table alive for the whole call, so the table is
        // read without a retain: threads measuring with one style would all bump its count.
        return _Lent(style.fonts.kernelTable).read { kernel in
            run(text, style: style, kernel: kernel, width: width, sink: sink)
        }
    }

    /// `run` with the style's font table, which outlives the call (`metrics` points into it).
    private func run(_ text: String, style: TextStyle, kernel: KernelFontTable, width: Double,
                     sink: (TextLine) -> Void) -> TextMeasurement {
        var stack = LineStack(size: style.effectiveSize, multiple: style.effectiveLineHeightMultiple,
                              spacing: style.lineSpacing.isFinite ? style.lineSpacing : 0, metrics: kernel.metrics)
        let maxLines = style.lines > 0 ? style.lines : Int.max
        let width = width.isNaN ? 0 : width
        let options = tl_fill_options(size: stack.size, limit: LineFiller.limit(width: width),
                                      breaks_at_graphemes: style.lineBreak.breaksAtGraphemes ? 1 : 0,
                                      max_lines: Int32(clamping: maxLines))
        // Closure literals, not a local function: a local function that changes captured
        // variables, passed as a closure, checks exclusivity at run time on every access.
        guard let truncated = fillInKernel(text, kernel: kernel, options: options, sink: { sink(stack.add($0)) }) else {
            return .unmeasured
        }
        stack.result.height = stack.top
        stack.result.isTruncated = truncated
        return stack.result
    }
}

extension TextMeasurer {
    /// `layout` and `measure` of runs: the analysed text from the cache (else made now), filled
    /// at `width`.
    func runAttributed(_ runs: [TextRun], style: TextStyle, width: Double,
                       sink: (TextLine) -> Void) -> TextMeasurement {
        let text = attributed.text(for: runs) { AttributedText(runs, measurer: self) }
        if !text.isAnalysed { return .unmeasured }
        if text.utf16Count == 0 { return .empty }
        var filler = AttributedFiller(text, width: width.isNaN ? 0 : width, paragraph: style.paragraph,
                                      breaksAtGraphemes: style.lineBreak.breaksAtGraphemes,
                                      maxLines: style.lines > 0 ? style.lines : Int.max)
        var stack = AttributedLineStack(multiple: style.effectiveLineHeightMultiple,
                                        spacing: style.lineSpacing.isFinite ? style.lineSpacing : 0,
                                        paragraph: style.paragraph)
        let truncated = filler.fill { sink(stack.add($0)) }
        stack.result.height = stack.top
        stack.result.isTruncated = truncated
        return stack.result
    }
}

/// Lines stacked top to bottom as `run` gets them: each line's height from the faces it uses,
/// the spacing between lines, and the measurement so far.
struct LineStack {
    let size: Double
    let multiple: Double
    let spacing: Double
    /// The font table's per-face metrics (the caller keeps the table alive).
    let metrics: UnsafeMutableBufferPointer<(ascender: Double, descender: Double, lineGap: Double)>
    var result = TextMeasurement.empty
    var top = 0.0

    init(size: Double, multiple: Double, spacing: Double,
         metrics: UnsafeMutableBufferPointer<(ascender: Double, descender: Double, lineGap: Double)>) {
        self.size = size
        self.multiple = multiple
        self.spacing = spacing
        self.metrics = metrics
    }

    /// The stack `style`'s lines are placed in (its size, line height multiple and spacing).
    init(style: TextStyle, metrics: UnsafeMutableBufferPointer<(ascender: Double, descender: Double, lineGap: Double)>) {
        self.init(size: style.effectiveSize, multiple: style.effectiveLineHeightMultiple,
                  spacing: style.lineSpacing.isFinite ? style.lineSpacing : 0, metrics: metrics)
    }

    /// Places `line` below the lines so far and returns it as a `TextLine`.
    mutating func add(_ line: LineFiller.Line) -> TextLine {
        var ascender = -Double.infinity, descender = Double.infinity, gap = -Double.infinity
        var bits = line.fontMask
        while bits != 0 {
            let face = metrics[bits.trailingZeroBitCount]
            ascender = max(ascender, face.ascender)
            descender = min(descender, face.descender)
            gap = max(gap, face.lineGap)
            bits &= bits - 1
        }
        ascender *= size
        descender *= size
        gap *= size
        let height = (ascender - descender + gap) * multiple
        if result.lineCount > 0 { top += spacing }
        let baseline = top + height - gap + descender
        return result.append(line.start..<line.end, width: line.width, height: height, top: &top, baseline: baseline)
    }
}

extension TextMeasurement {
    /// Counts a line whose box starts at `top` (moved past it) in the measurement so far, and
    /// returns it.
    mutating func append(_ range: Range<Int>, width: Double, height: Double, top: inout Double,
                         baseline: Double) -> TextLine {
        if lineCount == 0 { firstBaseline = baseline }
        lastBaseline = baseline
        lineCount += 1
        self.width = max(self.width, width)
        let placed = TextLine(range: range, width: width, height: height, top: top, baseline: baseline)
        top += height
        return placed
    }
}

/// How full the caches of a TextMeasurer are and how often they answered.
public struct CacheStatistics: Sendable, Hashable {
    /// Entries, hits and misses of one cache.
    public struct Counts: Sendable, Hashable {
        /// Entries held now.
        public var entries: Int
        /// Lookups answered from the cache.
        public var hits: Int
        /// Lookups that had to shape or analyse.
        public var misses: Int
    }
    /// The (font stack, segment) shaping cache.
    public var segments: Counts
    /// The (font stack, text) analysed-text cache.
    public var texts: Counts
}
