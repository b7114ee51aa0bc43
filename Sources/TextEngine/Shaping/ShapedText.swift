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

    /// Advance in em, trailing white space included.
    var advance: Double { shaped?.advance ?? 0 }
    /// Advance in em of the trailing white space that hangs.
    var trailingSpace: Double { shaped?.trailingSpace ?? 0 }
    /// Faces used (bit per face index); 0 for an empty segment.
    var fontMask: UInt64 { shaped?.fontMask ?? 0 }
}
