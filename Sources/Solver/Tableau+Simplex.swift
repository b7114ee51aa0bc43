// Pivoting and the primal and dual simplex loops over the lexicographic objective.

extension Tableau {
    /// Makes `entering` basic in row `index` (whose basic leaves), then substitutes the new row
    /// everywhere else, so every row and the objective stay expressed over non-basic symbols.
    /// Restricted rows driven negative are queued in `infeasible` for the dual simplex.
    mutating func pivot(row index: Int, entering: Int) {
        let leaving = rows[index].basic
        pivotCount += 1
        let owner = columnOwner[leaving]
        if owner >= 0 { edits[owner].columnValid = false }
        notePreviousOwners(row: index)
        rows[index].solve(leaving: leaving, entering: entering, &arena)
        rowOf[leaving] = -1
        rowOf[entering] = index
        substitute(entering, byRow: index)
    }

    /// Replaces `symbol` by the expression of row `index` in all other rows and objectives.
    /// `scanRows: false` skips the other rows, for a symbol the caller knows none of them holds.
    mutating func substitute(_ symbol: Int, byRow index: Int, scanRows: Bool = true) {
        let constant = rows[index].constant
        let tracksColumns = !edits.isEmpty
        touchedRows.clear()
        touchedFactors.clear()
        let n = rows[index].count
        // The pivot row's cells are copied out: a row the loop grows may move the store.
        withUnsafeTemporaryAllocation(of: Term.self, capacity: n) { copy in
            _ = copy.initialize(fromContentsOf: rows[index].terms(arena))
            let pivot = UnsafeBufferPointer(copy)
            withMergeScratch { tableau, merge in
                var table: [Row] = []
                swap(&table, &tableau.rows)
                table.withUnsafeMutableBufferPointer { table in
                    for i in 0..<(scanRows ? table.count : 0) where i != index {
                        let factor = table[i].substitute(symbol, pivot, constant: constant, scratch: merge, &tableau.arena)
                        if factor != 0 {
                            // Only edit columns read the touched rows (a template's build has none).
                            if tracksColumns {
                                tableau.touchedRows.append(i)
                                tableau.touchedFactors.append(factor)
                            }
                            let basic = table[i].basic
                            if tableau.kinds[basic].isRestricted && table[i].constant < 0 { tableau.infeasible.append(basic) }
                        }
                    }
                }
                swap(&table, &tableau.rows)
                tableau.substituteInObjective(symbol, pivot, constant: constant, scratch: merge)
                if tableau.artificial != nil {
                    _ = tableau.artificial!.substitute(symbol, pivot, constant: constant, scratch: merge, &tableau.arena)
                }
            }
            if tracksColumns { updateEditColumns(substituted: symbol, byRow: index, pivot: pivot) }
        }
        previousOwners.clear()
    }

    /// Records in `previousOwners` the edits (with a valid column) whose symbol row `index`
    /// holds, before a pivot rewrites that row.
    @inline(__always)
    mutating func notePreviousOwners(row index: Int) {
        previousOwners.clear()
        if edits.isEmpty { return }
        for t in rows[index].terms(arena) {
            let k = columnOwner[t.symbol]
            if k >= 0 && edits[k].columnValid { previousOwners.append(k) }
        }
    }

    /// Keeps the edits' `plus` columns equal to the rows after `symbol` was replaced by row
    /// `index`: a touched row gained `factor * (plus coefficient of row index)`, computed with
    /// the same operands as the row merge, so the column stays bit-identical to the rows.
    ///
    /// Only edits whose symbol is in row `index` now (`pivot`, its cells) or was before the
    /// pivot (`previousOwners`) can change: others are not walked.
    mutating func updateEditColumns(substituted symbol: Int, byRow index: Int, pivot: UnsafeBufferPointer<Term>) {
        let owner = columnOwner[symbol]
        if owner >= 0 { edits[owner].columnValid = false }
        // Entries of row `index` whose symbol left it (the new coefficient is 0 unless it is
        // also in the new row, which the walk below then finds unchanged).
        for n in 0..<previousOwners.count {
            let k = previousOwners[n]
            guard edits[k].columnValid else { continue }
            let p = rows[index].coefficient(for: edits[k].plus, arena)
            let old = edits[k].column[index]
            if old != p {
                edits[k].column[index] = p
                noteColumnChange(k, row: index, from: old, to: p)
            }
        }
        for n in 0..<pivot.count {
            let k = columnOwner[pivot[n].symbol]
            guard k >= 0 && edits[k].columnValid else { continue }
            let p = pivot[n].coefficient
            let old = edits[k].column[index]
            if old != p {
                edits[k].column[index] = p
                noteColumnChange(k, row: index, from: old, to: p)
            }
            // The column is swapped out so the non-zero list can be kept while it is written.
            var column: [Double] = []
            swap(&column, &edits[k].column)
            column.withUnsafeMutableBufferPointer { column in
                for t in 0..<touchedRows.count {
                    let i = touchedRows[t]
                    let c = column[i]
                    var sum = c == 0 ? p * touchedFactors[t] : c + p * touchedFactors[t]
                    if nearZero(sum) { sum = 0 }
                    column[i] = sum
                    if (c == 0) != (sum == 0) { noteColumnChange(k, row: i, from: c, to: sum) }
                }
            }
            swap(&column, &edits[k].column)
        }
    }

    /// Keeps edit `k`'s list of non-zero rows in step with one entry of its column: a new
    /// non-zero row is appended; an entry that cancelled to zero is taken out, keeping the order
    /// of the others (no rebuild of the whole list).
    @inline(__always)
    mutating func noteColumnChange(_ k: Int, row: Int, from old: Double, to new: Double) {
        guard edits[k].nonzeroValid else { return }
        if old == 0 && new != 0 {
            let n = edits[k].nonzeroCount
            if n == edits[k].nonzero.count { edits[k].nonzero.append(row) } else { edits[k].nonzero[n] = row }
            edits[k].nonzeroCount = n + 1
        } else if old != 0 && new == 0 {
            let n = edits[k].nonzeroCount
            var j = 0
            while j < n && edits[k].nonzero[j] != row { j += 1 }
            guard j < n else {
                edits[k].nonzeroValid = false
                return
            }
            while j + 1 < n {
                edits[k].nonzero[j] = edits[k].nonzero[j + 1]
                j += 1
            }
            edits[k].nonzeroCount = n - 1
        }
    }

    /// The row to leave when `entering` rises: the restricted row that hits zero first
    /// (smallest `-constant / coefficient` over negative coefficients; ties to the smallest basic
    /// id, Bland's rule, so the simplex cannot cycle). -1 when the objective is unbounded.
    func leavingRow(for entering: Int) -> Int {
        var best = -1
        var bestRatio = Double.infinity
        var bestBasic = Int.max
        for i in 0..<rows.count {
            let basic = rows[i].basic
            if !kinds[basic].isRestricted { continue }
            let c = rows[i].coefficient(for: entering, arena)
            if c >= 0 { continue }
            let ratio = -rows[i].constant / c
            if ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
                best = i
                bestRatio = ratio
                bestBasic = basic
            }
        }
        return best
    }

    /// Primal simplex on the lexicographic objective: enter the lowest-id symbol whose cost
    /// vector is negative until none is. Keeps every restricted row feasible.
    mutating func optimize() {
        // Nothing priced changed since the last optimum: it still is one.
        if !objectiveChanged { return }
        defer { objectiveChanged = false }
        while true {
            let entering = lowestNegativeCostSymbol()
            if entering < 0 { return }
            let leaving = leavingRow(for: entering)
            // Every level is a sum of non-negative errors, so it is bounded below; no row to
            // leave can only come from round-off, and stopping there keeps the last vertex.
            if leaving < 0 { return }
            pivot(row: leaving, entering: entering)
        }
    }

    /// Primal simplex on the scalar artificial objective (adding a constraint with no subject).
    mutating func optimizeArtificial() {
        artificialPivots.clear()
        while let objective = artificial {
            var entering = -1
            // Free parameters may enter (a conflict is then one no parameter values avoid).
            for t in objective.terms(arena) where t.coefficient < 0 && kinds[t.symbol] != .dummy
                && !(parametersFixed && kinds[t.symbol] == .parameter) {
                entering = t.symbol
                break
            }
            if entering < 0 { return }
            let leaving = leavingRow(for: entering)
            if leaving < 0 { return }
            artificialPivots.append((entering, rows[leaving].basic))
            pivot(row: leaving, entering: entering)
        }
    }

    /// Dual simplex: restores feasibility of the queued rows while keeping the objective optimal,
    /// entering, per infeasible row, the symbol with the lexicographically smallest cost ratio.
    ///
    /// A row that cannot be made feasible (nothing can enter; or a required equality that only
    /// parameters move, `dummy = Σ dummies + Σ parameters`, off zero) is a required constraint
    /// that cannot hold at the parameters' values: it is kept in `stuck` (and retried by the next
    /// solve) when its violation exceeds `conflictTolerance`, else taken as round-off.
    mutating func dualOptimize() {
        while true {
            while let leaving = infeasible.popLast() {
                let index = rowOf[leaving]
                if index < 0 { continue }
                let constant = rows[index].constant
                if kinds[leaving] == .dummy {
                    if abs(constant) > conflictTolerance { noteStuck(leaving) }
                    continue
                }
                if constant >= 0 || nearZero(constant) { continue }
                let entering = dualEntering(row: index)
                if entering < 0 {
                    if constant < -conflictTolerance { noteStuck(leaving) }
                    continue
                }
                pivot(row: index, entering: entering)
            }
            if stuck.isEmpty { return }
            // Pivots made after a row got stuck may have given it a way out: retry those.
            var kept = 0
            var retry = false
            for k in 0..<stuck.count {
                let s = stuck[k]
                let index = rowOf[s]
                guard index >= 0 else { continue }
                let constant = rows[index].constant
                if kinds[s] == .dummy ? abs(constant) <= conflictTolerance : constant >= -conflictTolerance { continue }
                if kinds[s] != .dummy && dualEntering(row: index) >= 0 {
                    infeasible.append(s)
                    retry = true
                    continue
                }
                stuck[kept] = s
                kept += 1
            }
            stuck.removeLast(stuck.count - kept)
            if !retry { return }
        }
    }

    /// Records `basic`'s row as one the dual simplex cannot make feasible (once).
    @inline(__always)
    mutating func noteStuck(_ basic: Int) {
        if !stuck.contains(basic) { stuck.append(basic) }
    }

    /// The symbol with a positive coefficient in row `index` whose cost vector divided by that
    /// coefficient is lexicographically smallest (-1 if none).
    func dualEntering(row index: Int) -> Int {
        var entering = -1
        var enteringCoefficient = 0.0
        for t in rows[index].terms(arena) where t.coefficient > 0 && kinds[t.symbol] != .dummy && kinds[t.symbol] != .parameter {
            if entering < 0 || ratioIsSmaller(t.symbol, t.coefficient, than: entering, enteringCoefficient) {
                entering = t.symbol
                enteringCoefficient = t.coefficient
            }
        }
        return entering
    }

    /// Whether `cost(a) / ca` is lexicographically below `cost(b) / cb` (ca, cb > 0).
    @inline(__always)
    func ratioIsSmaller(_ a: Int, _ ca: Double, than b: Int, _ cb: Double) -> Bool {
        for slot in levelOrder {
            let ra = levels[slot].coefficient(for: a, arena) / ca
            let rb = levels[slot].coefficient(for: b, arena) / cb
            if ra < rb { return true }
            if ra > rb { return false }
        }
        return false
    }

    /// The row to pivot a constraint's non-basic `marker` into before dropping it; -1 if the
    /// marker is in no row.
    ///
    /// A row whose basic is a dummy (`dummy = Σ dummies`: a required equality implied by others)
    /// comes first: once the marker's constraint goes, that equality is no longer implied, and
    /// pivoting there makes its dummy non-basic (pinned to 0) without moving any value. Kiwi's
    /// rule, which skips this, leaves such a dummy basic with a non-zero value: a required
    /// equality silently broken. Otherwise: the restricted row that limits the marker most
    /// tightly, else any row holding it (kiwi's rule).
    func markerLeavingRow(for marker: Int) -> Int {
        var implied = -1
        for i in 0..<rows.count where kinds[rows[i].basic] == .dummy && rows[i].coefficient(for: marker, arena) != 0 {
            if implied < 0 || rows[i].basic < rows[implied].basic { implied = i }
        }
        if implied >= 0 { return implied }
        var first = -1, second = -1, third = -1
        var r1 = Double.infinity, r2 = Double.infinity
        var b1 = Int.max, b2 = Int.max
        for i in 0..<rows.count {
            let c = rows[i].coefficient(for: marker, arena)
            if c == 0 { continue }
            let basic = rows[i].basic
            if !kinds[basic].isRestricted {
                if third < 0 { third = i }
            } else if c < 0 {
                let r = -rows[i].constant / c
                if r < r1 || (r == r1 && basic < b1) { r1 = r; first = i; b1 = basic }
            } else {
                let r = rows[i].constant / c
                if r < r2 || (r == r2 && basic < b2) { r2 = r; second = i; b2 = basic }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third
    }
}
