/// `sum(coefficient * variable) + constant` over a template's dense variable indices, built while
/// compiling and handed to the solver once; zero coefficients are dropped.
struct AffineExpression: Sendable {
    var terms: [(variable: Int, coefficient: Double)] = []
    var constant: Double = 0

    init(constant: Double = 0) { self.constant = constant }

    init(variable: Int, coefficient: Double = 1) {
        terms = [(variable, coefficient)]
    }

    /// `terms` as given (distinct variables, non-zero coefficients), constant 0.
    init(terms: [(variable: Int, coefficient: Double)]) {
        self.terms = terms
    }

    func coefficient(of variable: Int) -> Double {
        terms.reduce(0) { $1.variable == variable ? $0 + $1.coefficient : $0 }
    }

    /// `self + factor * other`, merging terms on the same variable.
    func adding(_ other: AffineExpression, times factor: Double = 1) -> AffineExpression {
        var out = self
        out.constant += factor * other.constant
        for term in other.terms {
            if let i = out.terms.firstIndex(where: { $0.variable == term.variable }) {
                out.terms[i].coefficient += factor * term.coefficient
            } else {
                out.terms.append((term.variable, factor * term.coefficient))
            }
        }
        out.terms.removeAll { abs($0.coefficient) < 1e-12 }
        return out
    }

    static func + (a: AffineExpression, b: AffineExpression) -> AffineExpression { a.adding(b) }
    static func - (a: AffineExpression, b: AffineExpression) -> AffineExpression { a.adding(b, times: -1) }
    static func + (a: AffineExpression, c: Double) -> AffineExpression { a.adding(AffineExpression(constant: c)) }
    static func * (f: Double, a: AffineExpression) -> AffineExpression { AffineExpression().adding(a, times: f) }
}
