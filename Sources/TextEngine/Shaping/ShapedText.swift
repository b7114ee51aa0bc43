/// A whole label text cut at its UAX #14 break opportunities, each segment shaped.
///
/// Independent of the point size and the width: the per-width pass (LineFiller) walks it.
/// Plain values in two arrays (no object per segment), so making, reading and freeing one
/// retains nothing per segment.
final class ShapedText: Sendable {
    /// The segments in text order; the last one always ends a paragraph.
    let segments: ContiguousArray<TextSegment>
    /// Every segment's clusters, segment k's at `segments[k].graphemes`.
    let graphemes: ContiguousArray<Grapheme>
    /// Length of the text in UTF-16 code units.
    let utf16Count: Int
    /// False when the kernel could not analyse the text (out of memory): it is then one empty
    /// paragraph, which must not be taken for a measurement.
    let isAnalysed: Bool

    init(segments: ContiguousArray<TextSegment>, graphemes: ContiguousArray<Grapheme>, utf16Count: Int,
         isAnalysed: Bool = true) {
        self.segments = segments
        self.graphemes = graphemes
        self.utf16Count = utf16Count
        self.isAnalysed = isAnalysed
    }

    /// The clusters of `segment`; nil when it has no shaping (empty content).
    func graphemes(of segment: TextSegment) -> GraphemeRun? {
        segment.isShaped ? GraphemeRun(graphemes, range: segment.graphemes) : nil
    }
}

/// A break segment of a text: its place in the text and the sums of its shaping.
struct TextSegment: Sendable {
    /// UTF-16 offset of the segment's first code unit.
    var start: Int
    /// UTF-16 offset where the next segment starts (after any mandatory break characters).
    var end: Int
    /// Whether a mandatory break (or the end of the text) follows.
    var endsParagraph: Bool
    /// Whether its content (without mandatory break characters) was shaped; false when empty.
    var isShaped: Bool
    /// Its clusters in the text's `graphemes`.
    var graphemes: Range<Int>
    /// Index (in its clusters) of the first of the trailing run of breakable space separators
    /// (the cluster count if none).
    var trailingSpacesStart: Int
    /// Advance in em, trailing white space included.
    var advance: Double
    /// Advance in em of the trailing white space that hangs.
    var trailingSpace: Double
    /// Faces used (bit per face index); 0 for an empty segment.
    var fontMask: UInt64
    /// In em, what a line holding this segment and the next adds between them (tl_segment's
    /// `joint`: the pair adjustment of its last cluster and the next one's first).
    var joint: Double

}
