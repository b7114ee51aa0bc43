/// One written constraint of a compiled template, with the view of each anchor found once; its
/// text and location name it in messages.
struct TemplateConstraint: Sendable {
    var first: ViewAnchor
    /// The right-hand anchor, or nil for `first REL constant`.
    var second: ViewAnchor?
    var terms: ConstraintTerms
    /// The text a person wrote (or the visual format it came from).
    var text: String
    /// Where it is in the document (spelled out only when a message needs it).
    var location: DocumentPath

    /// How the two sides compare.
    var relation: LayoutRelation { terms.relation }
    /// Factor on the right-hand anchor.
    var multiplier: Double { terms.multiplier }
    /// Points added on the right-hand side.
    var constant: Double { terms.constant }
    /// 1...1000; 1000 is required.
    var priority: Double { terms.priority }
}

/// One side of a compiled constraint: a view of the template and one of its attributes.
struct ViewAnchor: Sendable {
    /// The view's index in the blueprint, -1 for the content view (`super`).
    var view: Int
    var attribute: LayoutAttribute
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
