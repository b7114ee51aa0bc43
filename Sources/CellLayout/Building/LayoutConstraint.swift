import CellsFormat

/// A priority 1...1000 as UIKit's `UILayoutPriority` names them; 1000 is required.
public struct LayoutPriority: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The priority's value.
    public var rawValue: Double
    /// A priority of `rawValue`.
    public init(_ rawValue: Double) { self.rawValue = rawValue }
    /// A priority written as an integer (`750`).
    public init(integerLiteral value: Int) { rawValue = Double(value) }
    /// A priority written as a number (`999.5`).
    public init(floatLiteral value: Double) { rawValue = value }

    /// 1000: must hold.
    public static let required: LayoutPriority = 1000
    /// 750, UIKit's default compression resistance.
    public static let defaultHigh: LayoutPriority = 750
    /// 250, UIKit's default content hugging.
    public static let defaultLow: LayoutPriority = 250
    /// 50, the priority fitting gives the cell's height.
    public static let fittingSizeLevel: LayoutPriority = 50
}

/// A constraint built from typed anchors, `first REL multiplier * second + constant @ priority`;
/// a template keeps it in the string grammar's spelling, so it compiles exactly as the same
/// constraint written as a string does.
public struct LayoutConstraint: Sendable {
    /// The left-hand anchor.
    public var first: LayoutAnchor
    /// How the sides compare.
    public var relation: LayoutRelation
    /// The right-hand anchor, or nil for `first REL constant`.
    public var second: LayoutAnchor?
    /// Factor on the right-hand anchor.
    public var multiplier: Double
    /// Points added on the right-hand side.
    public var constant: Double
    /// How much it matters (1000: required).
    public var priority: LayoutPriority

    init(_ first: LayoutAnchor, _ relation: LayoutRelation, _ second: LayoutAnchor?,
         multiplier: Double = 1, constant: Double = 0) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = .required
    }

    /// This constraint at `priority` (`.defaultHigh`, `750`).
    public func priority(_ priority: LayoutPriority) -> LayoutConstraint {
        var copy = self
        copy.priority = priority
        return copy
    }

    /// The constraint in SPEC section 2's grammar (`name.leading == avatar.trailing + 10`).
    public var text: String {
        // JSON's shortest form (`1e-05` included), which the grammar reads back to the same
        // double; `nan` and `inf`, which it refuses by name, for what is not a number.
        func number(_ value: Double) -> String {
            if value.isNaN { return "nan" }
            if value.isInfinite { return value < 0 ? "-inf" : "inf" }
            return JSONText.number(value)
        }
        var text = "\(first.item).\(first.attribute.rawValue) \(relation.rawValue) "
        if let second {
            if multiplier != 1 { text += "\(number(multiplier)) * " }
            text += "\(second.item).\(second.attribute.rawValue)"
            if constant != 0 { text += constant < 0 ? " - \(number(-constant))" : " + \(number(constant))" }
        } else {
            text += number(constant)
        }
        if priority != .required { text += " @ \(number(priority.rawValue))" }
        return text
    }
}

// Operators: `name.leading == avatar.trailing + 10`, `dot.width == 8`, `a.height == 2 * b.width`.

/// `anchor + constant`.
public func + <Axis>(anchor: Anchor<Axis>, constant: Double) -> AnchorExpression<Axis> {
    AnchorExpression(anchor: anchor, multiplier: 1, constant: constant)
}
/// `anchor - constant`.
public func - <Axis>(anchor: Anchor<Axis>, constant: Double) -> AnchorExpression<Axis> {
    AnchorExpression(anchor: anchor, multiplier: 1, constant: -constant)
}
/// `expression + constant`.
public func + <Axis>(expression: AnchorExpression<Axis>, constant: Double) -> AnchorExpression<Axis> {
    var e = expression
    e.constant += constant
    return e
}
/// `expression - constant`.
public func - <Axis>(expression: AnchorExpression<Axis>, constant: Double) -> AnchorExpression<Axis> {
    var e = expression
    e.constant -= constant
    return e
}
/// `multiplier * anchor`.
public func * <Axis>(multiplier: Double, anchor: Anchor<Axis>) -> AnchorExpression<Axis> {
    AnchorExpression(anchor: anchor, multiplier: multiplier, constant: 0)
}
/// `anchor * multiplier`.
public func * <Axis>(anchor: Anchor<Axis>, multiplier: Double) -> AnchorExpression<Axis> {
    AnchorExpression(anchor: anchor, multiplier: multiplier, constant: 0)
}

/// `first == second`.
public func == <Axis>(first: Anchor<Axis>, second: Anchor<Axis>) -> LayoutConstraint {
    LayoutConstraint(first.item, .equal, second.item)
}
/// `first <= second`.
public func <= <Axis>(first: Anchor<Axis>, second: Anchor<Axis>) -> LayoutConstraint {
    LayoutConstraint(first.item, .lessThanOrEqual, second.item)
}
/// `first >= second`.
public func >= <Axis>(first: Anchor<Axis>, second: Anchor<Axis>) -> LayoutConstraint {
    LayoutConstraint(first.item, .greaterThanOrEqual, second.item)
}
/// `first == multiplier * second + constant`.
public func == <Axis>(first: Anchor<Axis>, second: AnchorExpression<Axis>) -> LayoutConstraint {
    LayoutConstraint(first.item, .equal, second.anchor.item, multiplier: second.multiplier, constant: second.constant)
}
/// `first <= multiplier * second + constant`.
public func <= <Axis>(first: Anchor<Axis>, second: AnchorExpression<Axis>) -> LayoutConstraint {
    LayoutConstraint(first.item, .lessThanOrEqual, second.anchor.item, multiplier: second.multiplier, constant: second.constant)
}
/// `first >= multiplier * second + constant`.
public func >= <Axis>(first: Anchor<Axis>, second: AnchorExpression<Axis>) -> LayoutConstraint {
    LayoutConstraint(first.item, .greaterThanOrEqual, second.anchor.item, multiplier: second.multiplier, constant: second.constant)
}
/// `dimension == constant` (only sizes can equal a number, as with `NSLayoutDimension`).
public func == (dimension: DimensionAnchor, constant: Double) -> LayoutConstraint {
    LayoutConstraint(dimension.item, .equal, nil, constant: constant)
}
/// `dimension <= constant`.
public func <= (dimension: DimensionAnchor, constant: Double) -> LayoutConstraint {
    LayoutConstraint(dimension.item, .lessThanOrEqual, nil, constant: constant)
}
/// `dimension >= constant`.
public func >= (dimension: DimensionAnchor, constant: Double) -> LayoutConstraint {
    LayoutConstraint(dimension.item, .greaterThanOrEqual, nil, constant: constant)
}

// NSLayoutAnchor's methods, for code moved from UIKit:
// `name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 10)`.
extension Anchor {
    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: Anchor<Axis>, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, .equal, anchor.item, constant: constant)
    }
    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: Anchor<Axis>, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, .greaterThanOrEqual, anchor.item, constant: constant)
    }
    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: Anchor<Axis>, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, .lessThanOrEqual, anchor.item, constant: constant)
    }
}

extension Anchor where Axis == SizeAxis {
    /// `self == multiplier * anchor + constant`.
    public func constraint(equalTo anchor: DimensionAnchor, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, .equal, anchor.item, multiplier: multiplier, constant: constant)
    }
    /// `self >= multiplier * anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: DimensionAnchor, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, .greaterThanOrEqual, anchor.item, multiplier: multiplier, constant: constant)
    }
    /// `self <= multiplier * anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: DimensionAnchor, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, .lessThanOrEqual, anchor.item, multiplier: multiplier, constant: constant)
    }
    /// `self == constant`.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(item, .equal, nil, constant: constant)
    }
    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(item, .greaterThanOrEqual, nil, constant: constant)
    }
    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(item, .lessThanOrEqual, nil, constant: constant)
    }
}
