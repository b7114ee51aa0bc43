import Foundation
import DynamicType

// Views as Swift values, one factory per cells.json kind, with UIKit's defaults:
// `ViewSpec.label("name", text: "${name}", font: "bold", size: 15)`.

extension ViewSpec {
    /// A label (UILabel): `text` with `${path}` placeholders, one line of 17-point default font
    /// unless told otherwise; `textStyle` sizes it by Dynamic Type, `relativeTo` scales `size`.
    public static func label(_ id: String, text: String, font: String = "default", size: Double = 17,
                             textStyle: FontTextStyle? = nil, relativeTo: FontTextStyle? = nil,
                             features: [String] = [], lines: Int = 1, lineBreak: LineBreakModeSpec = .word, lineSpacing: Double = 0,
                             lineHeightMultiple: Double = 1, kern: Double = 0, paragraph: ParagraphSpec = ParagraphSpec(),
                             hidden: HiddenSpec = false,
                             hugging: [Double] = [250, 250], compression: [Double] = [750, 750]) -> ViewSpec {
        ViewSpec(id: id, kind: .label(LabelSpec(text: text, font: font, size: size, textStyle: textStyle,
                                                relativeTo: relativeTo, features: features, lines: lines,
                                                lineBreak: lineBreak,
                                                lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple,
                                                kern: kern, paragraph: paragraph)),
                 hidden: hidden, hugging: hugging, compression: compression)
    }

    /// A label whose text is `runs` (an attributed text, SPEC "Attributed text"): each run's
    /// members left nil take the label's `font`, `size` or `textStyle`, `relativeTo`, `kern`
    /// and `features`.
    public static func label(_ id: String, runs: [TextRunSpec], font: String = "default", size: Double = 17,
                             textStyle: FontTextStyle? = nil, relativeTo: FontTextStyle? = nil,
                             features: [String] = [], lines: Int = 1, lineBreak: LineBreakModeSpec = .word, lineSpacing: Double = 0,
                             lineHeightMultiple: Double = 1, kern: Double = 0, paragraph: ParagraphSpec = ParagraphSpec(),
                             hidden: HiddenSpec = false,
                             hugging: [Double] = [250, 250], compression: [Double] = [750, 750]) -> ViewSpec {
        ViewSpec(id: id, kind: .label(LabelSpec(runs: runs, font: font, size: size, textStyle: textStyle,
                                                relativeTo: relativeTo, features: features, lines: lines,
                                                lineBreak: lineBreak, lineSpacing: lineSpacing,
                                                lineHeightMultiple: lineHeightMultiple, kern: kern, paragraph: paragraph)),
                 hidden: hidden, hugging: hugging, compression: compression)
    }

    /// A label whose runs are listed one per line: `TextRunSpec("${name}", font: "bold")`,
    /// `" replied to "`, ... (`TextRunBuilder`).
    public static func label(_ id: String, font: String = "default", size: Double = 17,
                             textStyle: FontTextStyle? = nil, relativeTo: FontTextStyle? = nil,
                             features: [String] = [], lines: Int = 1, lineBreak: LineBreakModeSpec = .word, lineSpacing: Double = 0,
                             lineHeightMultiple: Double = 1, kern: Double = 0, paragraph: ParagraphSpec = ParagraphSpec(),
                             hidden: HiddenSpec = false,
                             hugging: [Double] = [250, 250], compression: [Double] = [750, 750],
                             @TextRunBuilder runs: () -> [TextRunSpec]) -> ViewSpec {
        label(id, runs: runs(), font: font, size: size, textStyle: textStyle, relativeTo: relativeTo, features: features,
              lines: lines, lineBreak: lineBreak, lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple,
              kern: kern, paragraph: paragraph, hidden: hidden, hugging: hugging, compression: compression)
    }

    /// A label whose text is Foundation's `AttributedString`, read through
    /// `TemplateLayoutAttributes` (one run per stretch of equal attributes, `${path}`
    /// placeholders filled per row); an attribute outside that scope makes the template an error
    /// when it compiles, naming the label and the attribute.
    public static func label(_ id: String, attributedText: AttributedString, font: String = "default", size: Double = 17,
                             textStyle: FontTextStyle? = nil, relativeTo: FontTextStyle? = nil,
                             features: [String] = [], lines: Int = 1, lineBreak: LineBreakModeSpec = .word, lineSpacing: Double = 0,
                             lineHeightMultiple: Double = 1, kern: Double = 0, paragraph: ParagraphSpec = ParagraphSpec(),
                             hidden: HiddenSpec = false,
                             hugging: [Double] = [250, 250], compression: [Double] = [750, 750]) -> ViewSpec {
        let read = TextRunSpec.runs(from: attributedText)
        var view = label(id, runs: (try? read.get()) ?? [], font: font, size: size, textStyle: textStyle,
                         relativeTo: relativeTo, features: features, lines: lines, lineBreak: lineBreak,
                         lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, kern: kern,
                         paragraph: paragraph, hidden: hidden, hugging: hugging, compression: compression)
        if case .failure(let error) = read, case .label(var spec) = view.kind {
            spec.problem = error.message
            view.kind = .label(spec)
        }
        return view
    }

    /// An image (UIImageView) whose intrinsic size is `width` x `height` (numbers or row paths).
    public static func image(_ id: String, width: DimensionSpec, height: DimensionSpec, hidden: HiddenSpec = false,
                             hugging: [Double] = [250, 250], compression: [Double] = [750, 750]) -> ViewSpec {
        ViewSpec(id: id, kind: .image(width: width, height: height), hidden: hidden, hugging: hugging,
                 compression: compression)
    }

    /// An image (UIImageView) showing `UIImage(named: asset)`: its intrinsic size is the asset's
    /// in the document's `assets` (0 x 0 when they lack it, as a nil image).
    public static func image(_ id: String, asset: String, hidden: HiddenSpec = false,
                             hugging: [Double] = [250, 250], compression: [Double] = [750, 750]) -> ViewSpec {
        ViewSpec(id: id, kind: .imageAsset(asset), hidden: hidden, hugging: hugging, compression: compression)
    }

    /// This view with its layout margins set (UIView's `directionalLayoutMargins`).
    public func withLayoutMargins(_ margins: LayoutMargins) -> ViewSpec {
        var view = self
        view.layoutMargins = margins
        return view
    }

    /// A plain view (UIView), with an intrinsic width and height only where given.
    public static func view(_ id: String, width: DimensionSpec? = nil, height: DimensionSpec? = nil,
                            hidden: HiddenSpec = false, hugging: [Double] = [250, 250],
                            compression: [Double] = [750, 750]) -> ViewSpec {
        ViewSpec(id: id, kind: .view(width: width, height: height), hidden: hidden, hugging: hugging,
                 compression: compression)
    }

    /// A stack (UIStackView) of `arranged` views, in order; they must also be views of the template.
    public static func stack(_ id: String, axis: StackSpec.Axis, spacing: Double = 0,
                             alignment: StackSpec.Alignment = .fill, distribution: StackSpec.Distribution = .fill,
                             arranged: [ViewSpec], hidden: HiddenSpec = false) -> ViewSpec {
        ViewSpec(id: id, kind: .stack(StackSpec(axis: axis, spacing: spacing, alignment: alignment,
                                                distribution: distribution, arranged: arranged.map(\.id))),
                 hidden: hidden)
    }
}

extension DimensionSpec: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// A fixed number of points (`width: 40`).
    public init(integerLiteral value: Int) { self = .fixed(Double(value)) }
    /// A fixed number of points (`width: 40.5`).
    public init(floatLiteral value: Double) { self = .fixed(value) }
}

extension HiddenSpec: ExpressibleByBooleanLiteral, ExpressibleByStringLiteral {
    /// Always hidden (`true`) or always shown (`false`).
    public init(booleanLiteral value: Bool) { self = .always(value) }
    /// As cells.json reads it: `"!unread"` hides the view when the row's `unread` is missing,
    /// false or empty; `"done"` hides it when `done` is true.
    public init(stringLiteral value: String) {
        self = value.hasPrefix("!") ? .whenFalse(String(value.dropFirst())) : .whenTrue(value)
    }
}
