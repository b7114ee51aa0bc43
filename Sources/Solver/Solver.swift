/// An incremental Cassowary-style simplex solver with lexicographic priorities.
///
/// Required constraints (priority 1000) always hold; below that, each distinct priority is its
/// own level and a stronger level's error is never traded for any amount of weaker error.
/// Results are deterministic: the same calls give the same values (no hash order anywhere).
/// Not thread-safe: use one solver per thread, cloned with `copy()` from a solved one.
///
/// Edit variables may be required (priority 1000): such an edit is held at a level above every
/// non-required priority, so it wins whenever the required constraints allow it and otherwise
/// comes as close as they permit (it is never a hard constraint that could fail).
public final class Solver {
    // Unchecked: every access is a single call on one thread (the type is documented as not
    // thread-safe), and the dynamic check cost more than the re-solve itself.
    @usableFromInline @exclusivity(unchecked) var tableau: Tableau

    /// An empty solver. With `removableEqualities: false`, required equalities are added without
    /// the marker column only removing them needs: rows are shorter and building is faster, and
    /// `remove` leaves a required equality in place. The values are those a solver with markers
    /// gives, bit for bit, as long as `equalityMarkersNeeded` stays false.
    public init(removableEqualities: Bool = true) {
        tableau = Tableau()
        tableau.equalityMarkers = removableEqualities
    }

    /// True once a solver made with `removableEqualities: false` met a case where a required
    /// equality's missing marker can matter: an equality implied by the others (or added through
    /// an artificial variable), a parameter frozen where only markers could take its place, or a
    /// conflict (whose tags then leave the equalities out). Its values are still a solution, but
    /// may differ from a solver with markers in round-off or on an ambiguous system: rebuild with
    /// markers to get exactly that solver's answers and conflicts. Always false with markers.
    public var equalityMarkersNeeded: Bool { tableau.markersNeeded }

    init(tableau: Tableau) {
        self.tableau = tableau
    }

    /// Makes room for `variables` variables and parameters and `constraints` constraints and
    /// edits, so a build of known size allocates less; never needed for correctness.
    public func reserveCapacity(variables: Int, constraints: Int) {
        guard variables >= 0, constraints >= 0, variables < 1 << 24, constraints < 1 << 24 else { return }
        // Each constraint makes at most three symbols (slack or dummy, two errors).
        tableau.reserveCapacity(symbols: variables + 3 * constraints + 1, constraints: constraints)
    }

    /// A new variable, initially 0 and unconstrained; `name` is only for `name(of:)`.
    public func makeVariable(_ name: String = "") -> Variable {
        Variable(id: tableau.makeSymbol(.external, owner: -1, name: name))
    }

    /// A parameter: a variable whose value the caller sets with `suggestValue` and the solver
    /// never moves, without the edit constraint and error symbols an edit variable costs.
    ///
    /// Until `fixParameters()` (or the first suggestion to a parameter) parameters are free
    /// unknowns, so a conflict is only reported for constraints no parameter values satisfy.
    /// After, constraints are solved with each parameter held at its value (a constraint added
    /// then is judged at the current values), and required constraints that cannot hold at the
    /// suggested values make `isFeasible` false instead of giving way.
    public func makeParameter(_ name: String = "") -> Variable {
        Variable(id: tableau.makeSymbol(.parameter, owner: -1, name: name))
    }

    /// `count` new unnamed variables (or parameters when `parameters` is set), with consecutive
    /// ids: what `count` calls of `makeVariable()` or `makeParameter()` give, made in one step
    /// (a template makes dozens at once).
    public func makeVariables(_ count: Int, parameters: Bool = false) -> [Variable] {
        guard count > 0 else { return [] }
        let first = tableau.makeSymbols(parameters ? .parameter : .external, count: count)
        return (first..<first + count).map { Variable(id: $0) }
    }

    /// Fixes every parameter at its current value (the value the solution gave it while free),
    /// so `suggestValue` can move it; done by the first suggestion to a parameter otherwise.
    public func fixParameters() {
        tableau.fixParameters()
    }

    /// False when a required constraint cannot hold at the parameters' current values (the
    /// values are then not a solution); true otherwise, and always without parameters.
    public var isFeasible: Bool {
        tableau.solveForReading()
        return tableau.stuck.isEmpty
    }

    /// The name `v` was made with.
    public func name(of v: Variable) -> String {
        v.id >= 0 && v.id < tableau.names.count ? tableau.names[v.id] : ""
    }

    /// Adds `c` and re-solves. A required constraint that cannot hold together with the required
    /// constraints already added throws a conflict naming them, and leaves the solver as it was.
    @discardableResult
    public func add(_ c: Constraint) throws(SolverError) -> ConstraintHandle {
        let level: Double? = c.priority.isRequired ? nil : c.priority.value
        return ConstraintHandle(id: try tableau.add(c, levelValue: level))
    }

    /// Adds `Σ terms + constant RELATION 0` at `priority`, tagged `tag`: `add(_:)` for a caller
    /// that keeps its terms in a reused buffer (no `Constraint` or expression array per call).
    @discardableResult
    public func add(terms: UnsafeBufferPointer<LinearTerm>, constant: Double, _ relation: Relation,
                    priority: Priority = .required, tag: Int = -1) throws(SolverError) -> ConstraintHandle {
        let level: Double? = priority.isRequired ? nil : priority.value
        return ConstraintHandle(id: try tableau.add(terms: terms, constant: constant, relation, levelValue: level, tag: tag))
    }

    /// `Σ terms + constant == 0` with a different priority on each side: a positive value (an
    /// excess) is an error at `excess`, a negative one (a shortfall) at `shortfall`. The same
    /// optimum as `≤ 0 @excess` plus `≥ 0 @shortfall` (a content-hugging and compression-
    /// resistance pair) with one row and two symbols instead of two rows and four. Neither side
    /// is ever a hard constraint: a required priority is held like a required edit (above every
    /// non-required level, as close as the required constraints allow).
    @discardableResult
    public func addSoftEquality(terms: UnsafeBufferPointer<LinearTerm>, constant: Double, excess: Priority,
                                shortfall: Priority, tag: Int = -1) throws(SolverError) -> ConstraintHandle {
        let above = excess.isRequired ? requiredEditLevel : excess.value
        let below = shortfall.isRequired ? requiredEditLevel : shortfall.value
        return ConstraintHandle(id: try tableau.add(terms: terms, constant: constant, .equal, levelValue: above,
                                                    shortfallLevelValue: below, tag: tag))
    }

    /// Removes the constraint `h` names and re-solves; a handle already removed is ignored, and
    /// so is a required equality of a solver made with `removableEqualities: false`.
    public func remove(_ h: ConstraintHandle) {
        tableau.remove(constraint: h.id)
    }

    /// Whether `h` names a constraint currently in the solver.
    public func contains(_ h: ConstraintHandle) -> Bool {
        h.id >= 0 && h.id < tableau.constraints.count && tableau.constraints[h.id] != nil
    }

    /// Makes `v` an edit variable held at `priority` (required allowed, see the type's note),
    /// suggesting 0 until `suggestValue` says otherwise.
    public func addEditVariable(_ v: Variable, priority: Priority) throws(SolverError) {
        try tableau.addEdit(v.id, priority: priority)
    }

    /// Removes `v`'s edit (no effect when it has none).
    public func removeEditVariable(_ v: Variable) {
        tableau.removeEdit(v.id)
    }

    /// Whether `v` is an edit variable.
    public func hasEditVariable(_ v: Variable) -> Bool {
        v.id >= 0 && v.id < tableau.editOf.count && tableau.editOf[v.id] >= 0 && tableau.kinds[v.id] != .parameter
    }

    /// Suggests `value` for the edit variable or parameter `v`; the solution follows
    /// incrementally (dual simplex, without allocating), run once for all suggestions made before
    /// the next read or change. Returns false and changes nothing when `v` has no edit and is no
    /// parameter, or `value` is NaN or infinite.
    @discardableResult
    public func suggestValue(_ v: Variable, _ value: Double) -> Bool {
        tableau.suggest(v.id, value)
    }

    /// The value of `v` in the current solution (0 for a variable no constraint pins, or one this
    /// solver did not make).
    @inlinable
    public func value(of v: Variable) -> Double {
        guard v.id >= 0 && v.id < tableau.kinds.count else { return 0 }
        // Inlined into callers (a row's frames are dozens of reads); the solve is a call.
        if tableau.needsSolve { tableau.solveForReading() }
        return tableau.value(of: v.id)
    }

    /// The variables another solution just as good at every priority gives other values, as
    /// UIKit's `hasAmbiguousLayout` asks of a view: an empty list when the solution is the only
    /// optimal one. Finds the alternatives one simplex step away; at a degenerate vertex one
    /// further away can be missed, but a variable listed is always ambiguous. Parameters are
    /// never listed. Slower than a read (it brings the rows up to date and forgets remembered
    /// bases): a diagnostic, not for every solve.
    public func ambiguousVariables() -> [Variable] {
        tableau.ambiguity().externals.map { Variable(id: $0) }
    }

    /// `ambiguousVariables()` and the tags (those 0 or more, ascending) of the constraints that
    /// trade along the steps to the other solutions: the constraint whose slack or error moves
    /// freely and the soft constraints whose errors change with it (two compression resistances
    /// that tie: both). A variable no constraint names is ambiguous with no tag.
    public func ambiguity() -> (variables: [Variable], constraintTags: [Int]) {
        let found = tableau.ambiguity()
        return (found.externals.map { Variable(id: $0) }, found.tags)
    }

    /// An independent solver with the same constraints, edits and solution; cheap (the tableau's
    /// storage is shared until either solver changes it). Variables and handles carry over.
    public func copy() -> sending Solver {
        Solver(tableau: tableau)
    }

    /// The number of simplex pivots performed so far (for tests and benchmarks).
    public var pivotCount: Int {
        tableau.solveForReading()
        return tableau.pivotCount
    }

    /// The number of tableau rows (for tests and benchmarks).
    public var rowCount: Int { tableau.rows.count }
}
