@testable import TextEngine

/// The C kernel's line filler (tl_fill) written again in Swift (SPEC section 1, "Text"): the
/// readable reference KernelFillTests compares the kernel's lines with.
///
/// Each line takes as many break segments as fit; trailing white space hangs (it never makes
/// a segment overflow); a segment wider than an empty line breaks at grapheme boundaries;
/// mandatory breaks end a line. With `breaksAtGraphemes` every grapheme boundary is a break
/// opportunity. The same algorithm as tl_fill with the same arithmetic.
struct ReferenceLineFiller {
    typealias Line = LineFiller.Line

    /// Points per em.
    let size: Double
    /// The available width in points, with a little slack so a text measured at its own
    /// width fits on the same lines.
    let limit: Double
    let breaksAtGraphemes: Bool
    /// Lines to keep; Int.max when unlimited.
    let maxLines: Int

    private var lineStart = 0
    private var advance = 0.0      // everything placed on the line, hanging space included
    private var ink = 0.0          // advance up to the end of the last non-hanging content
    private var mask: UInt64 = 0
    private var placed = false     // whether anything is on the current line
    private var emitted = 0
    private var full = false       // maxLines lines emitted: anything more is truncated

    init(size: Double, width: Double, breaksAtGraphemes: Bool, maxLines: Int) {
        self.size = size
        self.limit = LineFiller.limit(width: width)
        self.breaksAtGraphemes = breaksAtGraphemes
        self.maxLines = maxLines
    }

    /// Fills `text`, handing each kept line to `sink`; returns whether the line limit cut off
    /// some of the text.
    mutating func fill(_ text: ShapedText, sink: (Line) -> Void) -> Bool {
        text.segments.withUnsafeBufferPointer { segments in
            text.graphemes.withUnsafeBufferPointer { clusters in
                for i in segments.indices {
                    if full { return true }
                    place(segments[i], after: i > 0 ? segments[i - 1].joint : 0, clusters: clusters, sink: sink)
                    if full { return true }
                    if segments[i].endsParagraph { emit(at: segments[i].end, sink: sink) }
                }
                return false
            }
        }
    }

    /// Places `segment`, whose previous segment has joint `previousJoint` (in em) with it.
    private mutating func place(_ segment: TextSegment, after previousJoint: Double,
                                clusters: UnsafeBufferPointer<Grapheme>, sink: (Line) -> Void) {
        if !segment.isShaped {
            placed = true
            return
        }
        // What a line holding the previous segment adds before this one (0 on an empty line).
        var before = placed && previousJoint != 0 ? previousJoint * size : 0
        if !breaksAtGraphemes {
            let segmentInk = (segment.advance - segment.trailingSpace) * size
            if placed && advance + before + segmentInk > limit {
                emit(at: segment.start, sink: sink)
                if full { return }
                before = 0
            }
            // Either it fits after what is on the line, or the line is empty and it fits alone.
            if placed || segmentInk <= limit {
                let start = advance + before
                if segment.trailingSpace < segment.advance { ink = start + segmentInk }
                advance = start + segment.advance * size
                mask |= segment.fontMask
                placed = true
                return
            }
        }
        // A first cluster that does not fit starts a new line, which resets the advance.
        advance += before
        placeGraphemes(of: segment, clusters: UnsafeBufferPointer(rebasing: clusters[segment.graphemes]), sink: sink)
    }

    /// Places a segment grapheme by grapheme, breaking before any that does not fit.
    private mutating func placeGraphemes(of segment: TextSegment, clusters: UnsafeBufferPointer<Grapheme>,
                                         sink: (Line) -> Void) {
        var position = segment.start
        for g in clusters {
            if !g.hangs {
                // A line ending after g does not have g's kerning against what follows.
                let tail = g.tail * size
                if placed && advance + tail > limit {
                    emit(at: position, sink: sink)
                    if full { return }
                }
                ink = advance + tail
            }
            advance += g.advance * size
            mask |= 1 << UInt64(g.font)
            placed = true
            position += Int(g.length)
        }
    }

    private mutating func emit(at end: Int, sink: (Line) -> Void) {
        sink(Line(start: lineStart, end: end, width: ink, fontMask: mask == 0 ? 1 : mask))
        emitted += 1
        full = emitted >= maxLines
        lineStart = end
        advance = 0
        ink = 0
        mask = 0
        placed = false
    }
}
