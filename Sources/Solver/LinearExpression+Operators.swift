// Arithmetic that builds expressions from variables, expressions and constants.

extension LinearExpression {
    /// `lhs + rhs`.
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }
    /// `lhs + rhs`.
    public static func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs + LinearExpression(rhs) }
    /// `lhs + rhs`.
    public static func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + rhs }
    /// `lhs + rhs`.
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(terms: lhs.terms, constant: lhs.constant + rhs)
    }
    /// `lhs + rhs`.
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }

    /// `lhs - rhs`.
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + (-rhs) }
    /// `lhs - rhs`.
    public static func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs + (-rhs) }
    /// `lhs - rhs`.
    public static func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + (-rhs) }
    /// `lhs - rhs`.
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + (-rhs) }
    /// `lhs - rhs`.
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { lhs + (-rhs) }

    /// `-expression`.
    public static prefix func - (expression: LinearExpression) -> LinearExpression { expression.scaled(by: -1) }

    /// `lhs * rhs`.
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: lhs) }
    /// `lhs * rhs`.
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: rhs) }
    /// `lhs / rhs` (a division by zero yields non-finite coefficients, which `Solver.add` refuses).
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: 1 / rhs) }
}

extension Variable {
    /// `lhs + rhs`.
    public static func + (lhs: Variable, rhs: Variable) -> LinearExpression { LinearExpression(lhs) + LinearExpression(rhs) }
    /// `lhs + rhs`.
    public static func + (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + rhs }
    /// `lhs + rhs`.
    public static func + (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression(rhs) + lhs }
    /// `lhs - rhs`.
    public static func - (lhs: Variable, rhs: Variable) -> LinearExpression { LinearExpression(lhs) - LinearExpression(rhs) }
    /// `lhs - rhs`.
    public static func - (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) - rhs }
    /// `lhs - rhs`.
    public static func - (lhs: Double, rhs: Variable) -> LinearExpression { lhs - LinearExpression(rhs) }
    /// `-variable`.
    public static prefix func - (variable: Variable) -> LinearExpression { LinearExpression(terms: [LinearTerm(variable, -1)]) }
    /// `lhs * rhs`.
    public static func * (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression(terms: [LinearTerm(rhs, lhs)]) }
    /// `lhs * rhs`.
    public static func * (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(terms: [LinearTerm(lhs, rhs)]) }
    /// `lhs / rhs`.
    public static func / (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(terms: [LinearTerm(lhs, 1 / rhs)]) }
}
