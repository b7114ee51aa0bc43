/// An Auto Layout attribute a constraint can name (SPEC section 2); leading/trailing are
/// left/right, as in a left-to-right layout.
public enum LayoutAttribute: String, Sendable, CaseIterable {
    /// The frame's edges, size and centre, as `NSLayoutConstraint.Attribute` names them.
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    /// A label's first and last line's baseline; a view without text has them at its top and
    /// bottom (SPEC section 2).
    case firstBaseline, lastBaseline

    /// Which family the attribute belongs to: UIKit only relates locations on the same axis.
    enum Kind { case horizontalPosition, verticalPosition, size }

    /// The attribute's family, for checking that a constraint relates like with like.
    var kind: Kind {
        switch self {
        case .left, .right, .leading, .trailing, .centerX: return .horizontalPosition
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: return .verticalPosition
        case .width, .height: return .size
        }
    }
}

/// How the two sides of a constraint compare.
public enum LayoutRelation: String, Sendable {
    /// `==`: both sides equal.
    case equal = "=="
    /// `<=`: the left side at most the right.
    case lessThanOrEqual = "<="
    /// `>=`: the left side at least the right.
    case greaterThanOrEqual = ">="
}
