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
        let region = tableau.regions[tableau.activeRegion]
        let r = v.id < region.rowOfSymbol.count ? Int(region.rowOfSymbol[v.id]) : -1
        // Non-basic: 0, or another parameter's own (held) value.
        guard r >= 0 else { return 0 }
        var slope = 0.0
        for k in Int(region.starts[r]) ..< Int(region.starts[r + 1]) where region.terms[k].symbol == parameter.id {
            slope += region.terms[k].coefficient
        }
        return slope
    }

    /// The values of `parameter` (others held) at which the current basis stays feasible, and so
    /// optimal (parameters never move the objective's costs): every slack and error it holds
    /// stays >= 0 and every dummy 0, in exact arithmetic on its affine rows. The current value is
    /// inside it; a bound of the basis that is tight now makes the range end there. Nil as for
    /// `parametricSlope(of:along:)`.
    public func parametricRange(of parameter: Variable) -> ClosedRange<Double>? {
        guard isParameter(parameter) else { return nil }
        if tableau.needsSolve { tableau.solveForReading() }
        guard tableau.activeRegion >= 0 else { return nil }
        let region = tableau.regions[tableau.activeRegion]
        let now = tableau.parameterValues[parameter.id]
        var lower = -Double.infinity, upper = Double.infinity
        tableau.parameterValues.withUnsafeBufferPointer { values in
            for k in region.checkedRows.indices {
                let r = Int(region.checkedRows[k])
                var c = 0.0
                for t in Int(region.starts[r]) ..< Int(region.starts[r + 1]) where region.terms[t].symbol == parameter.id {
                    c += region.terms[t].coefficient
                }
                if c == 0 { continue }
                if region.checkedIsDummy[k] {
                    lower = now
                    upper = now
                    continue
                }
                // value + c * (p - now) >= 0; a value the solve took as 0 within its tolerance is 0.
                let value = Swift.max(0, region.value(row: r, values))
                if c > 0 { lower = Swift.max(lower, now - value / c) } else { upper = Swift.min(upper, now + value / -c) }
            }
        }
        return Swift.min(lower, now) ... Swift.max(upper, now)
    }

    private func isParameter(_ v: Variable) -> Bool {
        v.id >= 0 && v.id < tableau.kinds.count && tableau.kinds[v.id] == .parameter
    }
}
