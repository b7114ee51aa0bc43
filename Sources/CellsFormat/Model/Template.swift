import DynamicType

/// A template cell as cells.json describes it: views in a content view and constraint strings.
/// `TemplateCompiler` turns it into a reusable compiled layout.
public struct Template: Sendable {
    /// The template's name (its key in `templates`).
    public var name: String
    /// Views in order; order matters for stacks.
    public var views: [ViewSpec]
    /// Constraints in SPEC section 2's grammar.
    public var constraints: [String]
    /// Constraints in the Visual Format Language (`H:|-16-[avatar(40)]-10-[name]-16-|`).
    public var visualFormats: [String]
    /// The content view's layout margins; nil takes the list's (`ListSettings.layoutMargins`).
    public var layoutMargins: LayoutMargins?

    /// A template from its parts.
    public init(name: String, views: [ViewSpec] = [], constraints: [String] = [], visualFormats: [String] = [],
                layoutMargins: LayoutMargins? = nil) {
        self.name = name
        self.views = views
        self.constraints = constraints
        self.visualFormats = visualFormats
        self.layoutMargins = layoutMargins
    }
}

/// A number given directly or read from the row at a `${path}`.
public enum DimensionSpec: Sendable, Hashable {
    /// A literal number of points.
    case fixed(Double)
    /// A dotted path into the row's data.
    case path(String)
}

/// When a view is hidden: `"hidden": true`, `"key"` or `"!key"`.
public enum HiddenSpec: Sendable, Hashable {
    /// Always hidden or always shown.
    case always(Bool)
    /// Hidden when the row's value at the path is truthy.
    case whenTrue(String)
    /// Hidden when the row's value at the path is missing, false or empty.
    case whenFalse(String)
}

/// One view of a template.
public struct ViewSpec: Sendable {
    /// The id constraints name it by.
    public var id: String
    /// What kind of view it is.
    public var kind: ViewKindSpec
    /// When it is hidden.
    public var hidden: HiddenSpec
    /// Content hugging priorities `[horizontal, vertical]` (default 250 each).
    public var hugging: [Double]
    /// Compression resistance priorities `[horizontal, vertical]` (default 750 each).
    public var compression: [Double]
    /// The view's layout margins; nil is UIView's default, 8 on every side.
    public var layoutMargins: LayoutMargins?

    /// A view from its parts, with UIKit's default priorities and margins.
    public init(id: String, kind: ViewKindSpec, hidden: HiddenSpec = .always(false),
                hugging: [Double] = [250, 250], compression: [Double] = [750, 750],
                layoutMargins: LayoutMargins? = nil) {
        self.id = id
        self.kind = kind
        self.hidden = hidden
        self.hugging = hugging
        self.compression = compression
        self.layoutMargins = layoutMargins
    }
}

/// The kinds of view a template holds.
public enum ViewKindSpec: Sendable {
    /// A text label.
    case label(LabelSpec)
    /// An image with an intrinsic size.
    case image(width: DimensionSpec, height: DimensionSpec)
    /// An image named by asset (`UIImage(named:)`), sized by the document's `assets`; a name
    /// the assets lack is a nil image, 0 x 0.
    case imageAsset(String)
    /// A plain box, optionally with an intrinsic width and height.
    case view(width: DimensionSpec?, height: DimensionSpec?)
    /// A UIStackView-like stack of other views.
    case stack(StackSpec)
}

/// How a label wraps and truncates (UILabel's `lineBreakMode`).
public enum LineBreakModeSpec: String, Sendable, CaseIterable {
    /// UILabel's `.byWordWrapping`, `.byCharWrapping`, `.byTruncatingTail`, `.byTruncatingMiddle`,
    /// `.byTruncatingHead` and `.byClipping` (docs/text.md says what each does to a height).
    case word, char, truncateTail, truncateMiddle, truncateHead, clip
}

/// A label's text and typography.
public struct LabelSpec: Sendable {
    /// Text, with `${path}` placeholders (empty when `runs` give the text).
    public var text: String
    /// An attributed text: runs that each may change the font, size, kern, baseline offset and
    /// features (SPEC, "Attributed text"); nil for a plain `text`. A label has one or the other:
    /// both is an error when its template compiles.
    public var runs: [TextRunSpec]?
    /// Name of a font in the document's `fonts`.
    public var font: String
    /// Point size (with `relativeTo`, the size at the `large` category).
    public var size: Double
    /// A Dynamic Type style whose size at the list's category replaces `size`.
    public var textStyle: FontTextStyle?
    /// A style `size` scales with, as `UIFontMetrics(forTextStyle:)` scales a custom size.
    public var relativeTo: FontTextStyle?
    /// OpenType feature settings as HarfBuzz reads them (`tnum`, `-liga`, `ss01=1`).
    public var features: [String]
    /// UILabel's `numberOfLines`: 0 is no limit.
    public var lines: Int
    /// Wrapping and truncation mode.
    public var lineBreak: LineBreakModeSpec
    /// Extra points between lines.
    public var lineSpacing: Double
    /// Factor applied to each line's height.
    public var lineHeightMultiple: Double
    /// Points added after every character (`NSAttributedString.Key.kern`); a run may set its own.
    public var kern: Double
    /// NSParagraphStyle's spacing, indents and line height bounds (SPEC, "Paragraph style").
    public var paragraph: ParagraphSpec
    /// Why the label cannot be compiled, found where it was made (an `AttributedString` with an
    /// attribute no run can carry); the template's compile throws it at the label's path.
    package var problem: String?

    /// A label with UILabel's defaults: default font, 17 points, one line, word wrapping.
    public init(text: String, font: String = "default", size: Double = 17, textStyle: FontTextStyle? = nil,
                relativeTo: FontTextStyle? = nil, features: [String] = [], lines: Int = 1,
                lineBreak: LineBreakModeSpec = .word, lineSpacing: Double = 0, lineHeightMultiple: Double = 1,
                kern: Double = 0, paragraph: ParagraphSpec = ParagraphSpec()) {
        self.features = features
        self.text = text
        self.kern = kern
        self.paragraph = paragraph
        self.font = font
        self.size = size
        self.textStyle = textStyle
        self.relativeTo = relativeTo
        self.lines = lines
        self.lineBreak = lineBreak
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
    }

    /// A label whose text is `runs`, with UILabel's defaults for everything a run leaves to it.
    public init(runs: [TextRunSpec], font: String = "default", size: Double = 17, textStyle: FontTextStyle? = nil,
                relativeTo: FontTextStyle? = nil, features: [String] = [], lines: Int = 1,
                lineBreak: LineBreakModeSpec = .word, lineSpacing: Double = 0, lineHeightMultiple: Double = 1,
                kern: Double = 0, paragraph: ParagraphSpec = ParagraphSpec()) {
        self.init(text: "", font: font, size: size, textStyle: textStyle, relativeTo: relativeTo, features: features,
                  lines: lines, lineBreak: lineBreak, lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple,
                  kern: kern, paragraph: paragraph)
        self.runs = runs
    }

    /// Whether its size follows the content size category (it or one of its runs has a
    /// `textStyle` or `relativeTo`).
    public var followsContentSize: Bool {
        textStyle != nil || relativeTo != nil || (runs?.contains { $0.textStyle != nil || $0.relativeTo != nil } ?? false)
    }

    /// Its point size at `category`: the style's size there, or `size` scaled with `relativeTo`,
    /// or `size` (the one rule a label and an attributed run share).
    public func pointSize(at category: ContentSizeCategory) -> Double {
        Self.pointSize(size: size, textStyle: textStyle, relativeTo: relativeTo, at: category)
    }

    /// The point size of text given `size`, `textStyle` and `relativeTo`, at `category`: a text
    /// style's size wins, then `size` scaled as `UIFontMetrics(forTextStyle: relativeTo)` scales
    /// it, then `size` as it is.
    public static func pointSize(size: Double, textStyle: FontTextStyle?, relativeTo: FontTextStyle?,
                                 at category: ContentSizeCategory) -> Double {
        if let textStyle { return textStyle.pointSize(at: category) }
        if let relativeTo { return relativeTo.scaledValue(size, at: category) }
        return size
    }
}

/// A label's paragraph style, as NSParagraphStyle's members of the same names (SPEC, "Paragraph
/// style"); every member in points, 0 by default.
public struct ParagraphSpec: Sendable, Hashable {
    /// Added after every paragraph but the last.
    public var paragraphSpacing: Double
    /// Added before every paragraph but the first.
    public var paragraphSpacingBefore: Double
    /// Narrows the first line of each paragraph from the leading edge.
    public var firstLineHeadIndent: Double
    /// Narrows the other lines of each paragraph from the leading edge.
    public var headIndent: Double
    /// Narrows every line: 0 or negative from the trailing edge, positive the line's width from
    /// the leading edge.
    public var tailIndent: Double
    /// The least height of a line (0: no bound).
    public var minimumLineHeight: Double
    /// The greatest height of a line (0: no bound).
    public var maximumLineHeight: Double

    /// A paragraph style; members left out are 0.
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

    /// Each member with its cells.json key, in NSParagraphStyle's order, for checks and messages.
    public var members: [(key: String, value: Double)] {
        [("paragraphSpacing", paragraphSpacing), ("paragraphSpacingBefore", paragraphSpacingBefore),
         ("firstLineHeadIndent", firstLineHeadIndent), ("headIndent", headIndent), ("tailIndent", tailIndent),
         ("minimumLineHeight", minimumLineHeight), ("maximumLineHeight", maximumLineHeight)]
    }

    /// Why no line can keep both bounds (a maximum line height below the minimum), or nil.
    package var lineHeightProblem: String? {
        guard maximumLineHeight > 0, maximumLineHeight < minimumLineHeight else { return nil }
        return "maximumLineHeight \(JSONText.number(maximumLineHeight)) is below minimumLineHeight \(JSONText.number(minimumLineHeight))"
    }

    /// The first member outside its `LayoutLimits` range or bound that cannot hold, with its
    /// key, for a paragraph built in Swift (the decoder checks each as it reads it).
    package var problem: (key: String, message: String)? {
        for (key, value) in members {
            let (range, text) = LayoutLimits.paragraphRange(key)
            if !range.contains(value) {
                return (key, "\(JSONText.number(value)) is out of range: expected \(text)")
            }
        }
        return lineHeightProblem.map { ("maximumLineHeight", $0) }
    }
}

/// UIStackView's axis, alignment and distribution over arranged view ids.
public struct StackSpec: Sendable {
    /// Layout axis.
    public enum Axis: String, Sendable { case horizontal, vertical }
    /// Cross-axis alignment.
    public enum Alignment: String, Sendable { case fill, leading, center, trailing, top, bottom, firstBaseline, lastBaseline }
    /// Main-axis distribution.
    public enum Distribution: String, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }

    /// The axis.
    public var axis: Axis
    /// Points between arranged views.
    public var spacing: Double
    /// Cross-axis alignment.
    public var alignment: Alignment
    /// Main-axis distribution.
    public var distribution: Distribution
    /// Ids of the arranged views, in order.
    public var arranged: [String]

    /// A stack with UIStackView's defaults (fill, fill, no spacing).
    public init(axis: Axis, spacing: Double = 0, alignment: Alignment = .fill,
                distribution: Distribution = .fill, arranged: [String]) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
        self.arranged = arranged
    }
}
