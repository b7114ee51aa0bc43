/// A linear relation `lhs RELATION rhs` held at a priority, carrying a caller's tag.
public struct Constraint: Sendable {
    /// `lhs - rhs`: the constraint says `expression RELATION 0`.
    public var expression: LinearExpression
    /// How the two sides relate.
    public var relation: Relation
    /// How strongly the relation is held.
    public var priority: Priority
    /// The caller's name for this constraint, reported back in `SolverError.tags`.
    public var tag: Int

    /// `lhs relation rhs` at `priority`, named `tag` in conflict reports.
    public init(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression,
        priority: Priority = .required, tag: Int = -1
    ) {
        // A constant right side (every generated constraint) needs no merged copy of the terms.
        self.expression = rhs.terms.isEmpty
            ? LinearExpression(terms: lhs.terms, constant: lhs.constant + rhs.constant * -1)
            : lhs - rhs
        self.relation = relation
        self.priority = priority
        self.tag = tag
    }

    /// `lhs relation rhs` for a constant right-hand side.
    public init(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: Double,
        priority: Priority = .required, tag: Int = -1
    ) {
        self.init(lhs, relation, LinearExpression(constant: rhs), priority: priority, tag: tag)
    }

    /// `lhs relation rhs` for a single variable on the left.
    public init(
        _ lhs: Variable, _ relation: Relation, _ rhs: LinearExpression,
        priority: Priority = .required, tag: Int = -1
    ) {
        self.init(LinearExpression(lhs), relation, rhs, priority: priority, tag: tag)
    }

    /// `lhs relation rhs` for a single variable and a constant.
    public init(
        _ lhs: Variable, _ relation: Relation, _ rhs: Double,
        priority: Priority = .required, tag: Int = -1
    ) {
        self.init(LinearExpression(lhs), relation, LinearExpression(constant: rhs), priority: priority, tag: tag)
    }

    /// `lhs relation rhs` for a single variable on the right.
    public init(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: Variable,
        priority: Priority = .required, tag: Int = -1
    ) {
        self.init(lhs, relation, LinearExpression(rhs), priority: priority, tag: tag)
    }

    /// `lhs relation rhs` between two variables.
    public init(
        _ lhs: Variable, _ relation: Relation, _ rhs: Variable,
        priority: Priority = .required, tag: Int = -1
    ) {
        self.init(LinearExpression(lhs), relation, LinearExpression(rhs), priority: priority, tag: tag)
    }
}
