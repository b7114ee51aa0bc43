/// One view attribute as a constraint names it: `avatar.trailing`, `super.top`.
public struct LayoutAnchor: Sendable, Hashable {
    /// A view id, or `super` for the content view.
    public var item: String
    /// The attribute.
    public var attribute: LayoutAttribute
    /// 1-based character position of the item name in the source text (for error messages).
    public var column: Int

    /// An anchor naming `item.attribute`, found at `column` of its source.
    public init(item: String, attribute: LayoutAttribute, column: Int = 1) {
        self.item = item
        self.attribute = attribute
        self.column = column
    }
}

/// A constraint in Auto Layout's form `first REL multiplier * second + constant @ priority`,
/// parsed from a string (or expanded from a visual format) and not yet bound to any solver.
public struct ConstraintDescription: Sendable {
    /// The left-hand anchor.
    public var first: LayoutAnchor
    /// The relation.
    public var relation: LayoutRelation
    /// The right-hand anchor, or nil for `first REL constant`.
    public var second: LayoutAnchor?
    /// Factor on the right-hand anchor.
    public var multiplier: Double
    /// Points added on the right-hand side.
    public var constant: Double
    /// Priority 1...1000; 1000 is required.
    public var priority: Double
    /// The text a person wrote (or the visual format it came from), used in error messages.
    public var text: String
    /// JSON path of its source, e.g. `templates.FeedCell.constraints[3]`.
    public var path: String {
        get { location.path }
        set { location = .text(newValue) }
    }
    /// Where the constraint came from; a compiled template's paths are only spelled out when read.
    var location: DocumentPath

    /// A constraint from its parts.
    public init(first: LayoutAnchor, relation: LayoutRelation, second: LayoutAnchor?, multiplier: Double = 1,
                constant: Double = 0, priority: Double = 1000, text: String, path: String) {
        self.init(first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
                  priority: priority, text: text, location: .text(path))
    }

    /// A constraint from its parts, located by `location`.
    init(first: LayoutAnchor, relation: LayoutRelation, second: LayoutAnchor?, multiplier: Double,
         constant: Double, priority: Double, text: String, location: DocumentPath) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.text = text
        self.location = location
    }
}

/// A JSON path, either spelled out or as `base.field[index]` built only when read (a template
/// has one per constraint, and only an error message needs it). A struct rather than an enum:
/// copying one is then a single retain of `base`, where an enum's copy goes through its
/// value witness (every compiled constraint and its conflict source hold one).
struct DocumentPath: Sendable {
    private let base: String
    /// nil when `base` is the whole path.
    private let field: StaticString?
    private let index: Int

    /// A path spelled out.
    static func text(_ path: String) -> DocumentPath {
        DocumentPath(base: path, field: nil, index: 0)
    }

    /// Element `index` of the array `field` of the object at `base`.
    static func element(base: String, field: StaticString, index: Int) -> DocumentPath {
        DocumentPath(base: base, field: field, index: index)
    }

    /// The path as text, e.g. `templates.FeedCell.constraints[3]`.
    var path: String {
        guard let field else { return base }
        return "\(base).\(field)[\(index)]"
    }
}
