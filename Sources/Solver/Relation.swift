/// How the two sides of a `Constraint` relate.
public enum Relation: Sendable, Hashable {
    /// `lhs == rhs`.
    case equal
    /// `lhs <= rhs`.
    case lessThanOrEqual
    /// `lhs >= rhs`.
    case greaterThanOrEqual
}
