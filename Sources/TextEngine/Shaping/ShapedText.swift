/// A whole label text cut at its UAX #14 break opportunities, each segment shaped.
///
/// Independent of the point size and the width: the per-width pass (LineFiller) walks it.
final class ShapedText: Sendable {
    /// The segments in text order; the last one always ends a paragraph.
    let segments: ContiguousArray<TextSegment>
    /// Length of the text in UTF-16 code units.
    let utf16Count: Int

    init(segments: ContiguousArray<TextSegment>, utf16Count: Int) {
        self.segments = segments
        self.utf16Count = utf16Count
    }
}

/// A break segment of a text: its place in the text and its shaping.
struct TextSegment: Sendable {
    /// UTF-16 offset of the segment's first code unit.
    var start: Int
    /// UTF-16 offset where the next segment starts (after any mandatory break characters).
    var end: Int
    /// Whether a mandatory break (or the end of the text) follows.
    var endsParagraph: Bool
    /// The shaped content without mandatory break characters; nil when that is empty.
    var shaped: ShapedSegment?
    /// The trailing spaces reshaped in the font of the segment after them, when that differs.
    var respacing: Respacing?

    /// Trailing spaces shaped with another face of the stack.
    struct Respacing: Sendable {
        /// Their advance in em.
        var advance: Double
        /// The face that shapes them, as a mask bit.
        var fontMask: UInt64
    }

    /// Advance in em, trailing white space included.
    let advance: Double
    /// Advance in em of the trailing white space that hangs.
    let trailingSpace: Double
    /// Faces used (bit per face index); 0 for an empty segment.
    let fontMask: UInt64

    init(start: Int, end: Int, endsParagraph: Bool, shaped: ShapedSegment?, respacing: Respacing? = nil) {
        self.start = start
        self.end = end
        self.endsParagraph = endsParagraph
        self.shaped = shaped
        self.respacing = respacing
        guard let shaped else {
            (advance, trailingSpace, fontMask) = (0, 0, 0)
            return
        }
        guard let respacing else {
            (advance, trailingSpace, fontMask) = (shaped.advance, shaped.trailingSpace, shaped.fontMask)
            return
        }
        // Trailing spaces always hang, so the respaced ones replace part of the hanging advance.
        let old = shaped.graphemes[shaped.trailingSpacesStart...].reduce(0) { $0 + $1.advance }
        var mask: UInt64 = respacing.fontMask
        for g in shaped.graphemes[..<shaped.trailingSpacesStart] { mask |= 1 << UInt64(g.font) }
        advance = shaped.advance - old + respacing.advance
        trailingSpace = shaped.trailingSpace - old + respacing.advance
        fontMask = mask
    }
}

/// Where a break segment lies in its text (UTF-16 offsets): its start, the end of its content
/// (before any mandatory break characters), its end, and whether a mandatory break ends it.
struct SegmentBounds {
    var start: Int
    var contentEnd: Int
    var end: Int
    var endsParagraph: Bool
}
