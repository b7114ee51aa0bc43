/// A font's vertical metrics at a point size, in points (SPEC section 1).
public struct FontMetrics: Sendable, Hashable {
    /// Distance from the baseline up to the top of the line box's text area (positive).
    public var ascender: Double
    /// Distance from the baseline down to the bottom, negative below the baseline.
    public var descender: Double
    /// Extra space the font asks for between lines.
    public var lineGap: Double
    /// `ascender - descender + lineGap`.
    public var lineHeight: Double { ascender - descender + lineGap }

    /// Metrics from their three parts, in points.
    public init(ascender: Double, descender: Double, lineGap: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }
}
