// How the current solution moves with one parameter: the active parametric region (the basis
// the last solve ended in, or the remembered one that answered) is an affine map from the
// parameters to the solution, valid wherever that basis stays feasible.

extension Solver {
    /// How fast `v` moves with `parameter` (others held) while the current basis stays
    /// feasible (`parametricRange(of:)`): the coefficient of `parameter` in `v`'s value. Nil when
    /// the solution is not held as a parametric region (parameters not fixed, a stuck or
    /// artificial solve, regions off) or `parameter` is no parameter of this solver.
    public func parametricSlope(of v: Variable, along parameter: Variable) -> Double? {
        guard isParameter(parameter), v.id >= 0, v.id < tableau.kinds.count else { return nil }
        if tableau.needsSolve { tableau.solveForReading() }
        guard tableau.activeRegion >= 0 else { return nil }
        if v == parameter { return 1 }
        // Read in place: a copy of the region would retain and release each of its arrays.
        return tableau.regions[tableau.activeRegion].slope(of: v.id, along: parameter.id)
    }

    /// The values of `parameter` (others held) at which the current basis stays feasible, and so
    /// optimal (parameters never move the objective's costs): every slack and error it holds
    /// stays >= 0 and every dummy 0, in exact arithmetic on its affine rows. The current value is
    /// inside it; a bound of the basis that is tight now makes the range end there. Nil as for
    /// `parametricSlope(of:along:)`.
    public func parametricRange(of parameter: Variable) -> ClosedRange<Double>? {
        parametricRange(of: parameter, ignoringTags: [])
    }

    /// `parametricRange(of:)` without the bounds that the constraints tagged `ignoredTags` set
    /// (a row whose basic symbol is one of theirs): for a caller who knows that leaving the
    /// basis there changes none of the values it reads (a constraint whose slack or errors no
    /// other value can trade against), so the values it reads go on along this basis's map.
    public func parametricRange(of parameter: Variable, ignoringTags ignoredTags: [Int]) -> ClosedRange<Double>? {
        guard isParameter(parameter) else { return nil }
        if tableau.needsSolve { tableau.solveForReading() }
        guard tableau.activeRegion >= 0 else { return nil }
        let now = tableau.parameterValues[parameter.id]
        let (lower, upper) = tableau.parameterValues.withUnsafeBufferPointer { values in
            tableau.regions[tableau.activeRegion].range(of: parameter.id, values) { basic in
                // The constraint whose slack, error or marker this row's basic symbol is.
                guard !ignoredTags.isEmpty else { return false }
                let owner = tableau.ownerOf[basic]
                guard owner >= 0, let record = tableau.constraints[owner] else { return false }
                return ignoredTags.contains(record.tag)
            }
        }
        return Swift.min(lower, now) ... Swift.max(upper, now)
    }

    /// The variables another optimal solution may give other values, read from the parametric
    /// region that holds the current solution (see `Tableau.movableExternals`): a superset of
    /// `ambiguousVariables()` (blocked moves at a degenerate vertex count too) that is the same
    /// wherever the region answers, found when the region was made, so asking costs no copy and
    /// no solve. Nil when the solution is not held as a parametric region.
    public func movableVariables() -> [Variable]? {
        if tableau.needsSolve { tableau.solveForReading() }
        guard tableau.activeRegion >= 0 else { return nil }
        return tableau.regions[tableau.activeRegion].movable.map { Variable(id: $0) }
    }

    /// Whether `movableVariables()` would name `v`, without building that list; nil when the
    /// solution is not held as a parametric region.
    public func mayMove(_ v: Variable) -> Bool? {
        if tableau.needsSolve { tableau.solveForReading() }
        guard tableau.activeRegion >= 0 else { return nil }
        return tableau.regions[tableau.activeRegion].movable.withUnsafeBufferPointer { movable in
            // Ascending: a binary search.
            var low = 0, high = movable.count
            while low < high {
                let middle = (low + high) >> 1
                if movable[middle] < v.id { low = middle + 1 } else { high = middle }
            }
            return low < movable.count && movable[low] == v.id
        }
    }

    /// Whether the required equalities alone give `v` one value for each set of parameter values,
    /// whatever `free`'s (a parameter), so that no other constraint, suggestion or priority moves
    /// it: `v`'s row holds only parameters other than `free` and required equalities' markers. A
    /// sufficient test, not a necessary one: it reads the tableau's current basis, in which a
    /// variable so pinned may be non-basic (false then). Every row of the tableau follows from
    /// the constraints, so a true answer holds for every solve, whatever basis it ends in.
    public func isPinned(_ v: Variable, whatever free: Variable) -> Bool {
        guard v.id >= 0, v.id < tableau.kinds.count, tableau.kinds[v.id] == .external, tableau.artificial == nil else {
            return false
        }
        let r = tableau.rowOf[v.id]
        guard r >= 0 else { return false }
        for t in tableau.rows[r].terms(tableau.arena) {
            let kind = tableau.kinds[t.symbol]
            guard t.symbol != free.id, kind == .parameter || kind == .dummy else { return false }
        }
        return true
    }

    private func isParameter(_ v: Variable) -> Bool {
        v.id >= 0 && v.id < tableau.kinds.count && tableau.kinds[v.id] == .parameter
    }
}
