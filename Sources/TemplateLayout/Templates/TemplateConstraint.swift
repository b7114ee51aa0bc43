/// One written constraint of a compiled template, `first REL multiplier * second + constant @
/// priority`, with the view of each anchor found once; its text and location name it in messages.
struct TemplateConstraint: Sendable {
    /// One side of a constraint: a view of the template and one of its attributes.
    struct Anchor: Sendable {
        /// The view's index in the blueprint, -1 for the content view (`super`).
        var view: Int
        var attribute: LayoutAttribute
    }

    var first: Anchor
    var relation: LayoutRelation
    /// The right-hand anchor, or nil for `first REL constant`.
    var second: Anchor?
    var multiplier: Double
    var constant: Double
    /// 1...1000; 1000 is required.
    var priority: Double
    /// The text a person wrote (or the visual format it came from).
    var text: String
    /// Where it is in the document (spelled out only when a message needs it).
    var location: DocumentPath
}

/// Each constraint's anchor views, indexed like the constraints (-1: `super`, or no second
/// anchor): read from the constraints in place rather than kept in an array of their own.
struct AnchorViews {
    let constraints: [TemplateConstraint]

    /// The views of constraint `k`'s first and second anchors.
    subscript(k: Int) -> (first: Int, second: Int) {
        (constraints[k].first.view, constraints[k].second?.view ?? -1)
    }
}
