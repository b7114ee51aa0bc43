import CellsFormat

/// One line of a template written in Swift: a view or a constraint.
public enum TemplatePart: Sendable {
    /// A view, in order (order matters for stacks).
    case view(ViewSpec)
    /// A constraint built from anchors.
    case constraint(LayoutConstraint)
}

/// Collects the views and constraints of `Template { content in ... }`; `if`, `for` and arrays
/// of constraints work as in any result builder.
@resultBuilder
public enum TemplateBuilder {
    /// A view.
    public static func buildExpression(_ view: ViewSpec) -> [TemplatePart] { [.view(view)] }
    /// A constraint.
    public static func buildExpression(_ constraint: LayoutConstraint) -> [TemplatePart] { [.constraint(constraint)] }
    /// Several constraints (as `NSLayoutConstraint.activate` takes them).
    public static func buildExpression(_ constraints: [LayoutConstraint]) -> [TemplatePart] { constraints.map { .constraint($0) } }
    /// The lines in order.
    public static func buildBlock(_ parts: [TemplatePart]...) -> [TemplatePart] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ parts: [TemplatePart]?) -> [TemplatePart] { parts ?? [] }
    /// The `if` branch.
    public static func buildEither(first parts: [TemplatePart]) -> [TemplatePart] { parts }
    /// The `else` branch.
    public static func buildEither(second parts: [TemplatePart]) -> [TemplatePart] { parts }
    /// A `for` loop.
    public static func buildArray(_ parts: [[TemplatePart]]) -> [TemplatePart] { parts.flatMap { $0 } }
}

extension Template {
    /// A template written in Swift: the views listed in `body` (in order) and the constraints
    /// built from their anchors and the content view's, kept in the string grammar's spelling so
    /// that the template is the one the same constraints written as strings give.
    ///
    ///     let template = Template("FeedCell") { content in
    ///         avatar; name
    ///         avatar.leading == content.leading + 16
    ///         name.leading == avatar.trailing + 10
    ///     }
    ///
    /// `layoutMargins` are the content view's (nil: the list's, `[11, 16, 11, 16]` by default),
    /// which `content.leadingMargin` and `content.layoutMarginsGuide` are measured from.
    public init(_ name: String = "Template", layoutMargins: LayoutMargins? = nil,
                @TemplateBuilder _ body: (ContentView) -> [TemplatePart]) {
        var views: [ViewSpec] = []
        var constraints: [String] = []
        for part in body(ContentView()) {
            switch part {
            case .view(let view): views.append(view)
            case .constraint(let constraint): constraints.append(constraint.text)
            }
        }
        self.init(name: name, views: views, constraints: constraints, layoutMargins: layoutMargins)
    }
}
