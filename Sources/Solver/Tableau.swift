/// A constraint as the tableau remembers it: the symbols that mark it and its priority level.
struct ConstraintRecord: Sendable {
    /// The slack, dummy or positive error symbol whose row carries this constraint.
    var marker: Int
    /// The second error symbol (negative error of an equality, error of an inequality), or -1.
    var other: Int
    /// The objective level slot, or -1 for a required constraint.
    var level: Int
    /// The caller's tag.
    var tag: Int
}

/// An edit variable: the non-required `variable == constant` constraint that `suggestValue` moves.
struct EditRecord: Sendable {
    var variable: Int
    var constraint: Int
    var plus: Int
    var minus: Int
    var constant: Double
}

/// The whole solver state as a value: copying it copies the solved tableau (arrays are shared
/// until either side writes), which is how `Solver.copy()` clones a compiled template.
///
/// Invariants kept by every operation:
/// - each row is `basic = constant + Σ…` over non-basic symbols only, and `rowOf[basic]` is its index;
/// - every restricted basic symbol (slack, error, dummy) has `constant >= 0` after a solve;
/// - `objective[symbol * stride + slot]` is the cost of `symbol` at level `slot`, 0 for basic symbols;
/// - the objective is lexicographically minimal: no non-basic, non-dummy symbol has a cost vector
///   whose first non-zero entry (in `levelOrder`) is negative.
struct Tableau: Sendable {
    // Symbols (columns), indexed by id.
    var kinds: [SymbolKind] = []
    var rowOf: [Int] = []
    var ownerOf: [Int] = []
    var editOf: [Int] = []
    var names: [String] = []

    var rows: [Row] = []

    // The vector objective: one cost per symbol per priority level.
    var stride = 4
    var objective: [Double] = []
    var levelValues: [Double] = []
    var levelOrder: [Int] = []

    /// The artificial objective while a constraint is added through an artificial variable.
    var artificial: Row? = nil

    var constraints: [ConstraintRecord?] = []
    var edits: [EditRecord] = []

    // Reused scratch space: nothing in the suggest/re-solve path allocates once these have grown.
    var infeasible: [Int] = []
    var pivotTerms: [Term] = []

    init() {
        infeasible.reserveCapacity(64)
        pivotTerms.reserveCapacity(64)
    }

    /// A new symbol of `kind`, owned by constraint `owner` (-1 for variables and the artificial).
    mutating func makeSymbol(_ kind: SymbolKind, owner: Int, name: String = "") -> Int {
        let id = kinds.count
        kinds.append(kind)
        rowOf.append(-1)
        ownerOf.append(owner)
        editOf.append(-1)
        names.append(name)
        for _ in 0..<stride { objective.append(0) }
        return id
    }

    /// The current value of `symbol`: its row's constant when basic, else 0.
    @inline(__always)
    func value(of symbol: Int) -> Double {
        let r = rowOf[symbol]
        return r >= 0 ? rows[r].constant : 0
    }

    /// Appends `row` (whose `basic` is set) to the tableau.
    mutating func insertRow(_ row: Row) {
        rowOf[row.basic] = rows.count
        rows.append(row)
    }

    /// Drops row `index`, moving the last row into its place.
    mutating func removeRow(at index: Int) {
        rowOf[rows[index].basic] = -1
        let last = rows.count - 1
        if index != last {
            rows.swapAt(index, last)
            rowOf[rows[index].basic] = index
        }
        rows.removeLast()
    }
}
