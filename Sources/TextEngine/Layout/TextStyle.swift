/// What a label draws its text with: fonts, size, line limit, wrapping, line spacing, kern and
/// paragraph style.
public struct TextStyle: Sendable, Hashable {
    /// The fonts, primary first.
    public var fonts: FontStack
    /// The point size of every font in the stack.
    public var size: Double
    /// The most lines kept (UILabel's numberOfLines); 0 or less means no limit.
    public var lines: Int
    /// How lines break.
    public var lineBreak: LineBreakMode
    /// Extra space between lines, in points.
    public var lineSpacing: Double
    /// Factor applied to each line's height; 0 or less means 1 (as NSParagraphStyle's 0).
    public var lineHeightMultiple: Double
    /// Points added after every character of a plain text (a run's own `kern` replaces it).
    public var kern: Double
    /// Paragraph spacing, indents and line height bounds.
    public var paragraph: ParagraphStyle

    /// A style with UILabel's defaults: one line, word wrapping, no extra spacing.
    public init(fonts: FontStack, size: Double, lines: Int = 1, lineBreak: LineBreakMode = .word,
                lineSpacing: Double = 0, lineHeightMultiple: Double = 1, kern: Double = 0,
                paragraph: ParagraphStyle = ParagraphStyle()) {
        self.fonts = fonts
        self.size = size
        self.lines = lines
        self.lineBreak = lineBreak
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.kern = kern
        self.paragraph = paragraph
    }

    /// The multiple actually applied.
    var effectiveLineHeightMultiple: Double {
        lineHeightMultiple > 0 && lineHeightMultiple.isFinite ? lineHeightMultiple : 1
    }

    /// Whether a plain text in this style is measured as one attributed run: it has kern, a
    /// paragraph style or a face with tracking, which the plain path does not know.
    var needsAttributedPath: Bool {
        kern != 0 || !paragraph.isPlain || fonts.kernelTable.hasTracking
    }

    /// The size actually used: negative or non-finite sizes measure as 0.
    var effectiveSize: Double { size > 0 && size.isFinite ? size : 0 }
}
