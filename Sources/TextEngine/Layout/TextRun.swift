/// One run of an attributed label text: its characters and how they are drawn (SPEC section 1,
/// "Attributed text"), as a range of an `NSAttributedString` with one font and one kern.
public struct TextRun: Sendable, Hashable {
    /// The run's characters.
    public var text: String
    /// The fonts the run is shaped with (features and optical size already applied).
    public var fonts: FontStack
    /// The point size of every font in the stack.
    public var size: Double
    /// Points added after every character of the run (a line's last included), as
    /// `NSAttributedString.Key.kern`; white space hanging at a line end gets none.
    public var kern: Double
    /// Points the run's ascender and descender move up (`NSAttributedString.Key.baselineOffset`).
    public var baselineOffset: Double

    /// A run of `text` in `fonts` at `size` points, with `kern` and `baselineOffset` in points.
    public init(_ text: String, fonts: FontStack, size: Double, kern: Double = 0, baselineOffset: Double = 0) {
        self.text = text
        self.fonts = fonts
        self.size = size
        self.kern = kern
        self.baselineOffset = baselineOffset
    }
}

extension TextRun {
    /// The size measured: 0 for a negative or non-finite size (as `TextStyle.effectiveSize`).
    var effectiveSize: Double { size > 0 && size.isFinite ? size : 0 }
    /// The kern added: 0 when it is not finite.
    var effectiveKern: Double { kern.isFinite ? kern : 0 }
    /// The baseline offset applied: 0 when it is not finite.
    var effectiveBaselineOffset: Double { baselineOffset.isFinite ? baselineOffset : 0 }
    /// Each face's `trak` tracking at the run's size, added after every cluster it shapes as
    /// kern is; empty when no face has a `trak` table.
    var faceTracking: [Double] {
        fonts.kernelTable.hasTracking ? fonts.faces.map { $0.tracking(atPointSize: effectiveSize) } : []
    }
}

/// A label's paragraph settings beyond line spacing, as NSParagraphStyle's (SPEC section 1,
/// "Paragraph style"); every value is in points and 0 means none.
public struct ParagraphStyle: Sendable, Hashable {
    /// Added after every paragraph but the last.
    public var paragraphSpacing: Double
    /// Added before every paragraph but the first.
    public var paragraphSpacingBefore: Double
    /// The leading inset of each paragraph's first line.
    public var firstLineHeadIndent: Double
    /// The leading inset of each paragraph's other lines.
    public var headIndent: Double
    /// 0 or negative: the inset of every line from the trailing edge; positive: every line's
    /// trailing edge measured from the leading edge.
    public var tailIndent: Double
    /// The least height of a line (after `lineHeightMultiple`).
    public var minimumLineHeight: Double
    /// The greatest height of a line (after `lineHeightMultiple`).
    public var maximumLineHeight: Double

    /// A paragraph style; every value defaults to 0 (none), as NSParagraphStyle's.
    public init(paragraphSpacing: Double = 0, paragraphSpacingBefore: Double = 0, firstLineHeadIndent: Double = 0,
                headIndent: Double = 0, tailIndent: Double = 0, minimumLineHeight: Double = 0,
                maximumLineHeight: Double = 0) {
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.firstLineHeadIndent = firstLineHeadIndent
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
    }

    /// Whether every value is 0, so lines are laid out as without a paragraph style.
    public var isPlain: Bool { self == ParagraphStyle() }
}
