/// The per-width pass over an attributed text: LineFiller's greedy filling (trailing white space
/// hangs, a segment wider than its line breaks at graphemes, mandatory breaks end a line) with
/// each line as wide as the paragraph style's indents leave it, and each line's metrics from the
/// runs on it. With one run, no kern and no paragraph style it does LineFiller's arithmetic.
struct AttributedFiller {
    /// One filled line: its text, its reported width (ink and indents), its metrics in points,
    /// and whether it starts a paragraph after the first.
    struct Line {
        var start: Int
        var end: Int
        var width: Double
        var metrics: AttributedText.Metrics
        var startsParagraph: Bool
    }

    let text: AttributedText
    let width: Double
    let paragraph: ParagraphStyle
    let breaksAtGraphemes: Bool
    /// Lines to keep; Int.max when unlimited.
    let maxLines: Int

    private var lineStart = 0
    private var advance = 0.0      // everything placed on the line, hanging space included
    private var ink = 0.0          // advance up to the end of the last non-hanging content
    private var placed = false     // whether anything is on the current line
    private var emitted = 0
    private var full = false       // maxLines lines emitted: anything more is truncated
    private var extremes = AttributedText.Metrics.none
    private var firstOfParagraph = true
    private var limit = 0.0

    init(_ text: AttributedText, width: Double, paragraph: ParagraphStyle, breaksAtGraphemes: Bool, maxLines: Int) {
        self.text = text
        self.width = width
        self.paragraph = paragraph
        self.breaksAtGraphemes = breaksAtGraphemes
        self.maxLines = maxLines
        limit = LineFiller.limit(width: available(first: true))
    }

    private static func points(_ x: Double) -> Double { x.isFinite ? x : 0 }

    /// The leading indent of a paragraph's first line or of its other lines.
    private func indent(first: Bool) -> Double {
        Self.points(first ? paragraph.firstLineHeadIndent : paragraph.headIndent)
    }

    /// The width a line has for its text.
    private func available(first: Bool) -> Double {
        let tail = Self.points(paragraph.tailIndent), head = indent(first: first)
        if head == 0 && tail == 0 { return width }
        return max(0, tail > 0 ? tail - head : width - head + tail)
    }

    /// Fills the text, handing each kept line to `sink`; returns whether the line limit cut off
    /// some of the text.
    mutating func fill(sink: (Line) -> Void) -> Bool {
        let segments = text.segments
        for i in segments.indices {
            if full { return true }
            place(segments[i], after: i > 0 ? segments[i - 1].joint : 0, sink: sink)
            if full { return true }
            if segments[i].endsParagraph { emit(at: segments[i].end, endsParagraph: true, sink: sink) }
        }
        return false
    }

    /// Places `segment`, whose previous segment has joint `previousJoint` (points) with it.
    private mutating func place(_ segment: AttributedText.Segment, after previousJoint: Double, sink: (Line) -> Void) {
        if segment.clusters.isEmpty {
            placed = true
            return
        }
        var before = placed && previousJoint != 0 ? previousJoint : 0
        if !breaksAtGraphemes {
            let segmentInk = (segment.advance - segment.trailing) * segment.scale + (segment.kern - segment.kernTrailing)
            if placed && advance + before + segmentInk > limit {
                emit(at: segment.start, endsParagraph: false, sink: sink)
                if full { return }
                before = 0
            }
            if placed || segmentInk <= limit {
                let start = advance + before
                if segment.hasInk { ink = start + segmentInk }
                advance = start + (segment.advance * segment.scale + segment.kern)
                extremes.include(segment.extremes)
                placed = true
                return
            }
        }
        advance += before
        placeGraphemes(of: segment, sink: sink)
    }

    /// Places a segment grapheme by grapheme, breaking before any that does not fit.
    private mutating func placeGraphemes(of segment: AttributedText.Segment, sink: (Line) -> Void) {
        var position = segment.start
        for c in segment.clusters {
            let g = text.clusters[c]
            if !g.hangs {
                if placed && advance + g.tail > limit {
                    emit(at: position, endsParagraph: false, sink: sink)
                    if full { return }
                }
                ink = advance + g.tail
            }
            advance += g.advance
            extremes.include(text.metrics[Int(g.metrics)])
            placed = true
            position += Int(g.length)
        }
    }

    private mutating func emit(at end: Int, endsParagraph: Bool, sink: (Line) -> Void) {
        if extremes.isNone {
            // Nothing shaped on the line: it has the height of its run's primary face.
            extremes = text.metrics[Int(text.runLineMetrics[text.run(at: lineStart)])]
        }
        let head = indent(first: firstOfParagraph), tail = Self.points(paragraph.tailIndent)
        let reported = ink > 0 && (head != 0 || tail < 0) ? head + ink + max(0, -tail) : ink
        sink(Line(start: lineStart, end: end, width: reported, metrics: extremes,
                  startsParagraph: firstOfParagraph && emitted > 0))
        emitted += 1
        full = emitted >= maxLines
        lineStart = end
        advance = 0
        ink = 0
        placed = false
        extremes = .none
        if endsParagraph != firstOfParagraph {
            firstOfParagraph = endsParagraph
            limit = LineFiller.limit(width: available(first: firstOfParagraph))
        }
    }
}

/// Attributed lines stacked top to bottom: LineStack's rule with each line's own metrics, its
/// height kept within the paragraph style's bounds, and paragraph spacing between paragraphs.
struct AttributedLineStack {
    let multiple: Double
    let spacing: Double
    let paragraph: ParagraphStyle
    var result = TextMeasurement.empty
    var top = 0.0

    /// Places `line` below the lines so far and returns it as a `TextLine`.
    mutating func add(_ line: AttributedFiller.Line) -> TextLine {
        let m = line.metrics
        var height = (m.ascender - m.descender + m.lineGap) * multiple
        let least = paragraph.minimumLineHeight, most = paragraph.maximumLineHeight
        if least > 0 && least.isFinite { height = max(height, least) }
        if most > 0 && most.isFinite { height = min(height, most) }
        if result.lineCount > 0 { top += spacing }
        if line.startsParagraph {
            let between = paragraph.paragraphSpacing + paragraph.paragraphSpacingBefore
            if between != 0 && between.isFinite { top += between }
        }
        let baseline = top + height - m.lineGap + m.descender
        return result.append(line.start..<line.end, width: line.width, height: height, top: &top, baseline: baseline)
    }
}
