/// One `coefficient * variable` term of a `LinearExpression`.
public struct LinearTerm: Sendable, Hashable {
    /// The variable.
    public var variable: Variable
    /// Its factor.
    public var coefficient: Double

    /// `coefficient * variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// `Σ coefficient·variable + constant`; a variable may appear in several terms (they add up).
public struct LinearExpression: Sendable {
    /// The terms, in the order they were written.
    public var terms: [LinearTerm]
    /// The constant part.
    public var constant: Double

    /// `terms + constant`.
    public init(terms: [LinearTerm] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `1 * variable`.
    public init(_ variable: Variable) {
        self.init(terms: [LinearTerm(variable)], constant: 0)
    }

    /// The constant expression `value`.
    public init(constant value: Double) {
        self.init(terms: [], constant: value)
    }

    /// The expression scaled by `factor`.
    public func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(
            terms: terms.map { LinearTerm($0.variable, $0.coefficient * factor) },
            constant: constant * factor)
    }
}
