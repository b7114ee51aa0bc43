/// An Auto Layout attribute a constraint can name (SPEC section 2); leading/trailing are
/// left/right, as in a left-to-right layout.
public enum LayoutAttribute: String, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
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
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}
