// Symbols are the tableau's columns: dense integer ids, one kind each.

/// What a tableau symbol stands for, which decides how the simplex may move it.
@usableFromInline
enum SymbolKind: UInt8, Sendable {
    /// A user `Variable`: unrestricted in sign.
    case external
    /// The slack of an inequality (or the artificial variable while adding): restricted to >= 0.
    case slack
    /// One side of a non-required constraint's error: restricted to >= 0 and priced in the objective.
    case error
    /// The marker of a required equality: always 0, never enters the basis.
    case dummy
    /// A parameter: a value the caller sets, never moved by the solver. Once parameters are
    /// fixed it is never basic and never enters; rows hold it as a column whose value is
    /// included in their constants.
    case parameter

    /// Whether the simplex must keep a basic symbol of this kind non-negative (dummies: zero).
    @inline(__always)
    var isRestricted: Bool { self == .slack || self == .error || self == .dummy }
}

/// `coefficient * symbol`, one cell of a row.
struct Term: Sendable {
    var symbol: Int
    var coefficient: Double
}

/// Coefficients this small are zero (kiwi's tolerance); keeps round-off from growing rows.
@inline(__always)
func nearZero(_ value: Double) -> Bool {
    value < 1.0e-8 && value > -1.0e-8
}
