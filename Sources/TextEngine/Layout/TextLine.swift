/// One laid-out line of a label.
public struct TextLine: Sendable, Hashable {
    /// The line's text as UTF-16 offsets; it includes its trailing white space and the
    /// mandatory break characters that end it.
    public var range: Range<Int>
    /// The advance of the line's content without its trailing white space, in points.
    public var width: Double
    /// The line box height: (max ascender - min descender + max line gap) x lineHeightMultiple.
    public var height: Double
    /// Offset of the line box's top from the top of the text block.
    public var top: Double
    /// Offset of the baseline from the top of the text block: the descender and the line gap
    /// sit at the bottom of the line box, extra height from lineHeightMultiple goes above.
    public var baseline: Double
}
