/// A label's text laid out for drawing: its lines as measuring broke them, each with the glyphs
/// measuring shaped, at the pen positions measuring advanced through.
public struct GlyphLayout: Sendable {
    /// The kept lines, in order, with their glyphs.
    public var lines: [GlyphLine]
    /// The size, lines and baselines, exactly as `TextMeasurer.measure` gives them.
    public var measurement: TextMeasurement
    /// The style's size (0 when that is negative or not finite): points per em of every glyph of
    /// a plain text; an attributed text's glyphs each carry their run's `PlacedGlyph.size`.
    public var size: Double
}

/// One line of a GlyphLayout.
public struct GlyphLine: Sendable {
    /// The line as `TextMeasurer.layout` gives it: its text range, width, box and baseline.
    public var line: TextLine
    /// Its glyphs in drawing order (left to right within each run of one face and direction).
    public var glyphs: [PlacedGlyph]
}

/// A glyph placed on its line.
public struct PlacedGlyph: Sendable, Hashable {
    /// The face whose glyph it is.
    public var face: FontFace
    /// The glyph's index in `face`.
    public var glyph: UInt32
    /// Its origin from the line's left edge, in points: the pen position measuring gave its
    /// grapheme cluster, plus the shaper's offset within the cluster.
    public var x: Double
    /// The shaper's advance for it, in points (kerned against the glyph after it on the line).
    public var advance: Double
    /// How far its origin sits above the baseline, in points (the shaper's y offset: marks; and
    /// its run's baseline offset).
    public var rise: Double
    /// Points per em it is drawn at (its run's size).
    public var size: Double
    /// The UTF-16 range of the text it draws (its grapheme cluster, or the clusters a
    /// ligature joins).
    public var text: Range<Int>

    /// Points per font unit at `size` points per em.
    public func scale(size: Double) -> Double { size / Double(face.unitsPerEm) }
}
