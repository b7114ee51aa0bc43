import CellsFormat

/// An Auto Layout attribute a constraint can name (SPEC section 2); leading/trailing are
/// left/right, as in a left-to-right layout.
public enum LayoutAttribute: String, Sendable, CaseIterable {
    /// The frame's edges, size and centre, as `NSLayoutConstraint.Attribute` names them.
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    /// A label's first and last line's baseline; a view without text has them at its top and
    /// bottom (SPEC section 2).
    case firstBaseline, lastBaseline
    /// The edges and centres inset by the view's layout margins (`layoutMarginsGuide`'s anchors).
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    /// The centre of the area inside the margins.
    case centerXWithinMargins, centerYWithinMargins

    /// Which family the attribute belongs to: UIKit only relates locations on the same axis.
    enum Kind { case horizontalPosition, verticalPosition, size }

    /// The attribute's family, for checking that a constraint relates like with like.
    var kind: Kind {
        switch self {
        case .left, .right, .leading, .trailing, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins: return .horizontalPosition
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline,
             .topMargin, .bottomMargin, .centerYWithinMargins: return .verticalPosition
        case .width, .height: return .size
        }
    }

    /// The frame attribute a margin attribute is measured from and its offset from it under
    /// `margins` (`leadingMargin` is `leading + margins.leading`); any other attribute is itself
    /// at offset 0. Leading is left, as in a left-to-right layout.
    func withoutMargins(_ margins: LayoutMargins) -> (attribute: LayoutAttribute, offset: Double) {
        switch self {
        case .leftMargin, .leadingMargin: return (.leading, margins.leading)
        case .rightMargin, .trailingMargin: return (.trailing, -margins.trailing)
        case .topMargin: return (.top, margins.top)
        case .bottomMargin: return (.bottom, -margins.bottom)
        case .centerXWithinMargins: return (.centerX, (margins.leading - margins.trailing) / 2)
        case .centerYWithinMargins: return (.centerY, (margins.top - margins.bottom) / 2)
        default: return (self, 0)
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
