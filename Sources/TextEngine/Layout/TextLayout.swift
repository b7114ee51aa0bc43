/// A label's text broken into lines at a width, with its size (SPEC section 1).
public struct TextLayout: Sendable {
    /// The kept lines, in order (at most `TextStyle.lines` when that is positive).
    public var lines: [TextLine]
    /// The size, lines and baselines without the per-line detail.
    public var measurement: TextMeasurement

    /// How many lines are kept.
    public var lineCount: Int { measurement.lineCount }
    /// The widest kept line, in points, unrounded.
    public var width: Double { measurement.width }
    /// Sum of line heights plus lineSpacing between lines, in points, unrounded.
    public var height: Double { measurement.height }
    /// Baseline of the first line from the top of the block (0 for empty text).
    public var firstBaseline: Double { measurement.firstBaseline }
    /// Baseline of the last kept line from the top of the block (0 for empty text).
    public var lastBaseline: Double { measurement.lastBaseline }
    /// Whether the line limit cut off text.
    public var isTruncated: Bool { measurement.isTruncated }

    /// Width and height rounded up to the pixel grid: `ceil(x * scale - 1e-9) / scale`.
    public func roundedSize(scale: Double) -> (width: Double, height: Double) {
        measurement.roundedSize(scale: scale)
    }
}

/// A label's size, line count and baselines at a width, without the lines themselves.
///
/// A text the C kernel could not measure (it ran out of memory, or the text is over 2^29 UTF-8
/// bytes) has no lines and NaN for its width, height and baselines (`isUnmeasured`), never a
/// size that looks right: a row laying out such a label fails with a `LayoutError`.
public struct TextMeasurement: Sendable, Hashable {
    /// How many lines are kept.
    public var lineCount: Int
    /// The widest kept line, in points, unrounded.
    public var width: Double
    /// Sum of line heights plus lineSpacing between lines, in points, unrounded.
    public var height: Double
    /// Baseline of the first line from the top of the block (0 for empty text).
    public var firstBaseline: Double
    /// Baseline of the last kept line from the top of the block (0 for empty text).
    public var lastBaseline: Double
    /// Whether the line limit cut off text.
    public var isTruncated: Bool

    /// The size of empty text.
    static let empty = TextMeasurement(lineCount: 0, width: 0, height: 0, firstBaseline: 0,
                                       lastBaseline: 0, isTruncated: false)

    /// A text the kernel could not measure: no lines, every number NaN.
    static let unmeasured = TextMeasurement(lineCount: 0, width: .nan, height: .nan, firstBaseline: .nan,
                                            lastBaseline: .nan, isTruncated: false)

    /// Whether the text could not be measured (out of memory, or over 2^29 UTF-8 bytes): its
    /// width, height and baselines are then NaN.
    public var isUnmeasured: Bool { height.isNaN }

    /// Width and height rounded up to the pixel grid: `ceil(x * scale - 1e-9) / scale`.
    public func roundedSize(scale: Double) -> (width: Double, height: Double) {
        (Self.roundUp(width, scale: scale), Self.roundUp(height, scale: scale))
    }

    /// `x` rounded up to the pixel grid of `scale` (scale <= 0 or non-finite counts as 1).
    public static func roundUp(_ x: Double, scale: Double) -> Double {
        let s = scale > 0 && scale.isFinite ? scale : 1
        let rounded = (x * s - 1e-9).rounded(.up) / s
        return rounded == 0 ? 0 : rounded  // never -0.0
    }
}
