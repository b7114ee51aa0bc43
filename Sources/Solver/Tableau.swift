/// A constraint as the tableau remembers it: the symbols that mark it and its priority level.
struct ConstraintRecord: Sendable {
    /// The slack, dummy or positive error symbol whose row carries this constraint.
    var marker: Int
    /// The second error symbol (negative error of an equality, error of an inequality), or -1.
    var other: Int
    /// The objective level slot, or -1 for a required constraint.
    var level: Int
    /// The level slot of `other` (the same as `level` unless an equality prices its two sides
    /// differently).
    var otherLevel: Int
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
    /// While valid, `column[row]` is the coefficient of `plus` in that row, kept up to date by
    /// every pivot, so a suggestion touches only the rows that hold `plus` instead of searching
    /// every row. Invalid while `plus` is basic or after it leaves the basis (rebuilt on demand).
    var column: [Double] = []
    var columnValid = false
    /// `nonzero[0..<nonzeroCount]`: the rows where `column` is non-zero, in no particular order,
    /// kept through pivots (rebuilt when an entry cancels or rows move): most suggestions then
    /// touch a handful of rows. The array only grows, so keeping it never allocates.
    var nonzero: [Int] = []
    var nonzeroCount = 0
    var nonzeroValid = false
}

/// The whole solver state as a value: copying it copies the solved tableau (arrays are shared
/// until either side writes), which is how `Solver.copy()` clones a compiled template.
///
/// Invariants kept by every operation:
/// - each row is `basic = constant + Σ…` over non-basic symbols only, and `rowOf[basic]` is its index;
/// - every restricted basic symbol (slack, error, dummy) has `constant >= 0` after a solve;
/// - `levels[slot]` is the total error of priority level `slot` as a row over non-basic symbols
///   (its constant is the level's current error, its terms the symbols' costs at that level);
/// - the objective is lexicographically minimal: no non-basic, non-dummy symbol has a cost vector
///   whose first non-zero entry (in `levelOrder`) is negative.
@usableFromInline
struct Tableau: Sendable {
    // Symbols (columns), indexed by id.
    @usableFromInline var kinds: [SymbolKind] = []
    @usableFromInline var rowOf: [Int] = []
    var ownerOf: [Int] = []
    var editOf: [Int] = []
    /// The edit whose column tracks this symbol (its `plus`, or a parameter itself), or -1.
    var columnOwner: [Int] = []
    /// Each symbol's name, up to the last symbol made with one (later ones have none).
    var names: [String] = []
    /// A parameter's current value (0 for other symbols): the value its column contributes to
    /// the constants of the rows that hold it.
    @usableFromInline var parameterValues: [Double] = []
    /// The value each parameter had when the rows' constants were last brought up to date
    /// (suggestions are applied to the rows in one pass at the next solve); sized by
    /// `fixParameters()` (no parameter is made after it matters: new ones are free).
    var appliedValues: [Double] = []
    /// Per symbol, the parameter change being applied (0 for every other symbol), so one pass
    /// over the rows' terms adds `coefficient * change` without asking what each symbol is;
    /// grown to the symbol count when changes are applied.
    var parameterChange: [Double] = []
    /// Parameters suggested a new value since the rows were last brought up to date.
    var changedParameters: [Int] = []
    /// Whether parameters are fixed (see `fixParameters()`): before, they are free unknowns.
    var parametersFixed = false

    @usableFromInline var rows: [Row] = []
    /// The cells of every row, level and the artificial objective (see `CoefficientArena`);
    /// shared with copies of this tableau until one writes.
    var arena = CoefficientArena(capacity: 64)

    // The vector objective: one row per priority level, compared in `levelOrder`.
    var levels: [Row] = []
    var levelValues: [Double] = []
    var levelOrder: [Int] = []

    /// The artificial objective while a constraint is added through an artificial variable.
    var artificial: Row? = nil

    var constraints: [ConstraintRecord?] = []
    var edits: [EditRecord] = []

    // Reused scratch space: nothing in the suggest/re-solve path allocates once these have grown.
    var infeasible: [Int] = []
    /// Where row merges write (`withMergeScratch`): always room for every symbol twice.
    var mergeScratch: [Term] = []
    var touchedRows: [Int] = []
    var touchedFactors: [Double] = []
    /// Edits with a valid column whose symbol was in the pivot row before the pivot.
    var previousOwners: [Int] = []
    /// The (entering, leaving) pivots of the current artificial phase, to undo on a refusal.
    var artificialPivots: [(Int, Int)] = []
    /// Basic symbols of the rows the last dual simplex could not make feasible: required
    /// constraints that cannot hold at the current parameter values (empty when all hold).
    var stuck: [Int] = []

    /// Bit `s % 64` of word `s / 64` is set once variable or parameter `s` has been named by an
    /// added constraint (set by `add`; every other way such a symbol enters a row copies it from
    /// a row that holds it or moves it out of the basis). A variable or parameter without its bit
    /// is in no row and no objective level, so a new row solved for it leaves the others as they
    /// are (bits are never cleared: a stale bit only costs a substitution pass).
    var inRows: [UInt64] = []

    /// A cost changed since the objective was last optimized (or reported optimal).
    var objectiveChanged = false

    /// Suggestions were made since the last dual simplex run.
    @usableFromInline var needsSolve = false

    /// Pivots performed so far (for tests and benchmarks: a re-solve that stays in the same
    /// basis performs none).
    var pivotCount = 0

    /// Remembered optimal bases (see ParametricRegion.swift), at most `maximumRegions`.
    var regions: [ParametricRegion] = []
    /// The region whose values are the current solution, or -1 when the rows themselves are
    /// (while a region answers, the rows stay at the values they were last solved at).
    @usableFromInline var activeRegion = -1
    /// Stamps regions as they answer, to replace the least recently used.
    var regionClock = 0
    /// An edit variable (not a parameter) was suggested since the last solve: its constant is
    /// part of every region's values, so the dual simplex runs.
    var editSuggested = false
    /// Whether re-solves may be answered by remembered regions (off only to compare in tests).
    var regionsEnabled = true

    /// Whether a required equality gets a dummy marker symbol. The marker is what removing the
    /// equality pivots on and what names it in a conflict; otherwise it is a column of zeros
    /// every row that depends on the equality carries (a quarter to a half of a template's
    /// cells). Without markers, required equalities cannot be removed.
    var equalityMarkers = true
    /// Set once a tableau without equality markers met a case where a marker could have
    /// mattered (see `Solver.equalityMarkersNeeded`).
    var markersNeeded = false

    /// An empty tableau. The scratch lists start empty (no allocation): a template's build
    /// hardly uses them, and a solver re-solving rows grows them once, in its first rows.
    init() {}

    /// Makes room for `symbols` symbols and `constraints` constraints (rows), so a build of
    /// known size does not regrow the per-symbol arrays a few times each.
    mutating func reserveCapacity(symbols: Int, constraints count: Int) {
        kinds.reserveCapacity(symbols)
        rowOf.reserveCapacity(symbols)
        ownerOf.reserveCapacity(symbols)
        editOf.reserveCapacity(symbols)
        columnOwner.reserveCapacity(symbols)
        parameterValues.reserveCapacity(symbols)
        rows.reserveCapacity(count + 1)
        constraints.reserveCapacity(count)
        // Rows of a template reach 10 to 20 cells; levels start with 32.
        compactArenaIfWasteful()
        arena.reserve(16 * (count + 1) + 32 * 4)
    }

    /// Compacts the arena before a write when a copy is due anyway (a solver's snapshot or a
    /// cloned solver shares it: only the live blocks are then copied) or when most of it is
    /// blocks rows left behind. Correctness does not depend on it: a write to a shared arena
    /// copies it whole.
    @inline(__always)
    mutating func compactArenaIfWasteful() {
        if arena.isShared || arena.garbage > Swift.max(1024, arena.used / 2) { compactArena() }
    }

    /// Copies the live blocks into a new arena, each row keeping its capacity.
    mutating func compactArena() {
        let old = arena
        var live = 0
        for r in rows { live += r.capacity }
        for l in levels { live += l.capacity }
        if let a = artificial { live += a.capacity }
        var fresh = CoefficientArena(capacity: Swift.max(2 * live, 64))
        func move(_ row: inout Row) {
            let start = fresh.allocate(row.capacity)
            (fresh.mutableTerms + start).initialize(from: old.terms + row.start, count: row.count)
            row.relocate(to: start, capacity: row.capacity)
        }
        for i in rows.indices { move(&rows[i]) }
        for i in levels.indices { move(&levels[i]) }
        if artificial != nil { move(&artificial!) }
        arena = fresh
    }

    /// A new symbol of `kind`, owned by constraint `owner` (-1 for variables and the artificial).
    mutating func makeSymbol(_ kind: SymbolKind, owner: Int, name: String = "") -> Int {
        let id = kinds.count
        kinds.append(kind)
        rowOf.append(-1)
        ownerOf.append(owner)
        editOf.append(-1)
        columnOwner.append(-1)
        // Names are kept only up to the last named symbol: most symbols (markers, errors, a
        // template's variables) have none.
        if !name.isEmpty {
            if names.count < id { names.append(contentsOf: repeatElement("", count: id - names.count)) }
            names.append(name)
        }
        parameterValues.append(0)
        return id
    }

    /// `count` new unnamed symbols of `kind` owned by no constraint, with consecutive ids from
    /// the one returned: `makeSymbol` `count` times, one append per per-symbol array.
    mutating func makeSymbols(_ kind: SymbolKind, count: Int) -> Int {
        let first = kinds.count
        kinds.append(contentsOf: repeatElement(kind, count: count))
        rowOf.append(contentsOf: repeatElement(-1, count: count))
        ownerOf.append(contentsOf: repeatElement(-1, count: count))
        editOf.append(contentsOf: repeatElement(-1, count: count))
        columnOwner.append(contentsOf: repeatElement(-1, count: count))
        parameterValues.append(contentsOf: repeatElement(0, count: count))
        return first
    }

    /// The current value of `symbol`: its row's constant when basic, else 0 (a parameter's value);
    /// the active region's value for it while one answers.
    @inlinable @inline(__always)
    mutating func value(of symbol: Int) -> Double {
        if activeRegion >= 0 { return regionValue(of: symbol) }
        let r = rowOf[symbol]
        return r >= 0 ? rows[r].constant : parameterValues[symbol]
    }

    /// `symbol`'s value in the active region at the current parameter values. Mutating only so
    /// that a `Solver` calls it in place: a non-mutating call on its stored tableau copies the
    /// whole struct (a retain and release of each of its arrays) first.
    @usableFromInline
    mutating func regionValue(of symbol: Int) -> Double {
        parameterValues.withUnsafeBufferPointer { regions[activeRegion].value(of: symbol, $0) }
    }

    /// Runs `body` with merge scratch space for rows over the current symbols (swapped out of
    /// `mergeScratch`, so `body` may change the tableau; grown only when symbols were added).
    @inline(__always)
    mutating func withMergeScratch<R>(_ body: (inout Tableau, UnsafeMutablePointer<Term>) -> R) -> R {
        var scratch: [Term] = []
        swap(&scratch, &mergeScratch)
        let needed = 2 * kinds.count + 2
        if scratch.count < needed {
            // Grown geometrically: a build adds symbols a few at a time.
            let target = Swift.max(needed, 2 * scratch.count, 64)
            scratch.append(contentsOf: repeatElement(Term(symbol: 0, coefficient: 0), count: target - scratch.count))
        }
        let result = scratch.withUnsafeMutableBufferPointer { buffer in body(&self, buffer.baseAddress!) }
        swap(&scratch, &mergeScratch)
        return result
    }

    /// Appends `row` (whose `basic` is set) to the tableau.
    mutating func insertRow(_ row: Row) {
        rowOf[row.basic] = rows.count
        rows.append(row)
        for k in 0..<edits.count where edits[k].columnValid {
            edits[k].column.append(row.coefficient(for: edits[k].plus, arena))
            edits[k].nonzeroValid = false
        }
    }

    /// Drops row `index`, moving the last row into its place.
    mutating func removeRow(at index: Int) {
        rowOf[rows[index].basic] = -1
        rows[index].release(in: &arena)
        let last = rows.count - 1
        if index != last {
            rows.swapAt(index, last)
            rowOf[rows[index].basic] = index
        }
        rows.removeLast()
        for k in 0..<edits.count where edits[k].columnValid {
            edits[k].column.swapAt(index, last)
            edits[k].column.removeLast()
            edits[k].nonzeroValid = false
        }
    }
}
