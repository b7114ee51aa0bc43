/// The numbers a layout accepts, so that every height it gives is the exact answer and finite.
///
/// The solver works in binary floating point with a fixed tolerance (1e-8) for "zero": a
/// coefficient smaller than that reads as none, and a constant so large that its round-off
/// exceeds it no longer adds up. Inside these ranges sizes and constants keep at least nine
/// digits after the point and coefficients stay far above the tolerance; outside them a
/// number is an error naming where it was written, never a silently different height.
public enum LayoutLimits {
    /// The largest magnitude of a size, width, height, spacing or constant, in points: a
    /// million points is some 2,000 screens of a phone.
    public static let maximumPoints = 1_000_000.0
    /// The magnitudes a constraint's multiplier may have besides 0 (1/1000 to 1000).
    public static let multiplierMagnitudes = 0.001...1000.0
    /// The pixel scales (pixels per point) a list may have.
    public static let scales = 0.01...1000.0
    /// The widths a list may have (`list.width`): more than 0, at most `maximumPoints`.
    public static let listWidths = Double.leastNonzeroMagnitude...maximumPoints

    /// A label's font sizes, in points: beyond these, line heights leave a double's exact range
    /// or the solver loses the small terms, and a height would come out silently wrong.
    public static let fontSizes = Double.leastNonzeroMagnitude...100_000.0
    /// A label's `lines` (0: no limit).
    public static let labelLines = 0...1_000_000
    /// A label's `lineSpacing`, in points.
    public static let lineSpacings = -100_000.0...100_000.0
    /// A label's `lineHeightMultiple`.
    public static let lineHeightMultiples = Double.leastNonzeroMagnitude...1000.0

    /// A label's or run's `kern` and a run's `baselineOffset`, in points: a thousand points is
    /// ten times a large title's size, far past any real letter spacing or superscript.
    public static let kerns = -1000.0...1000.0
    /// A paragraph's spacing (`paragraphSpacing`, `paragraphSpacingBefore`), its head indents
    /// (`firstLineHeadIndent`, `headIndent`) and its line height bounds (`minimumLineHeight`,
    /// `maximumLineHeight`), in points.
    public static let paragraphLengths = 0.0...10_000.0
    /// A paragraph's `tailIndent`, in points (0 or negative from the trailing edge, positive
    /// from the leading edge).
    public static let tailIndents = -10_000.0...10_000.0

    /// The range and its text for messages of each paragraph member, by its cells.json key.
    public static func paragraphRange(_ key: String) -> (range: ClosedRange<Double>, text: String) {
        key == "tailIndent" ? (tailIndents, tailIndentRangeText) : (paragraphLengths, paragraphLengthRangeText)
    }

    /// The most views a template may have: the solver's tableau of a chain of views grows with
    /// the square of their number, so a template's size is bounded as a number's range is.
    /// A table cell has some tens.
    public static let maximumViews = 500
    /// The most constraints a template's `constraints` and `visualFormats` may make together
    /// (four for each of `maximumViews` views).
    public static let maximumConstraints = 2000

    /// Whether `value` is a size in points: finite, 0 or more and at most `maximumPoints`.
    @inline(__always)
    public static func isSize(_ value: Double) -> Bool {
        value >= 0 && value <= maximumPoints
    }

    /// Whether `value` is a constant in points: finite and at most `maximumPoints` in magnitude.
    @inline(__always)
    public static func isConstant(_ value: Double) -> Bool {
        value >= -maximumPoints && value <= maximumPoints
    }

    /// Whether `value` may multiply a constraint's right-hand anchor.
    public static func isMultiplier(_ value: Double) -> Bool {
        value == 0 || multiplierMagnitudes.contains(abs(value))
    }

    /// `range` as a whole number's range, for messages (`a whole number in 0...1000000`).
    package static func wholeNumberRangeText(_ range: ClosedRange<Int>) -> String {
        "a whole number in \(range.lowerBound)...\(range.upperBound)"
    }

    /// `fontSizes`, for messages.
    package static let fontSizeRangeText = "a positive point size up to 100000"
    /// `lineSpacings`, for messages.
    package static let lineSpacingRangeText = "-100000...100000 points"
    /// `lineHeightMultiples`, for messages.
    package static let lineHeightMultipleRangeText = "a positive factor up to 1000"

    /// `kerns`, for messages.
    package static let kernRangeText = "-1000...1000 points"
    /// `paragraphLengths`, for messages.
    package static let paragraphLengthRangeText = "0...10000 points"
    /// `tailIndents`, for messages.
    package static let tailIndentRangeText = "-10000...10000 points"

    /// `0...1000000 points`, for messages.
    package static let sizeRangeText = "0...1000000 points"
    /// `-1000000...1000000 points`, for messages.
    package static let constantRangeText = "-1000000...1000000 points"
}
