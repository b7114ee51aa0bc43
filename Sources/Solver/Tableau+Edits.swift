// Edit variables: `variable == constant` held at a priority, moved by suggestValue.

/// The level value of required edits: above every non-required priority (< 1000), yet still an
/// error-carrying constraint, so a suggestion the required constraints forbid is approached as
/// closely as they allow instead of breaking the tableau.
let requiredEditLevel = 1000.0

/// How far (in the row's units, points in a layout) a required constraint may miss before the
/// parameters' values count as a conflict rather than round-off.
let conflictTolerance = 1.0e-6

extension Tableau {
    /// Makes `variable` editable at `priority`, initially suggesting 0.
    mutating func addEdit(_ variable: Int, priority: Priority) throws(SolverError) {
        resolve()
        guard variable >= 0 && variable < kinds.count && kinds[variable] == .external else {
            throw SolverError(.unknownVariable(Variable(id: variable)))
        }
        guard editOf[variable] < 0 else { throw SolverError(.duplicateEditVariable(Variable(id: variable))) }
        let constraint = Constraint(Variable(id: variable), .equal, 0, priority: priority)
        let level = priority.isRequired ? requiredEditLevel : priority.value
        // An edit carries errors, so it always has a subject and cannot conflict.
        guard let id = try? add(constraint, levelValue: level), let record = constraints[id] else {
            throw SolverError(.unknownVariable(Variable(id: variable)))
        }
        editOf[variable] = edits.count
        columnOwner[record.marker] = edits.count
        edits.append(EditRecord(variable: variable, constraint: id, plus: record.marker, minus: record.other, constant: 0))
    }

    /// Removes `variable`'s edit, if it has one.
    mutating func removeEdit(_ variable: Int) {
        resolve()
        guard variable >= 0 && variable < kinds.count && kinds[variable] != .parameter else { return }
        let index = editOf[variable]
        guard index >= 0 else { return }
        remove(constraint: edits[index].constraint)
        editOf[variable] = -1
        columnOwner[edits[index].plus] = -1
        let last = edits.count - 1
        if index != last {
            edits.swapAt(index, last)
            editOf[edits[index].variable] = index
            columnOwner[edits[index].plus] = index
        }
        edits.removeLast()
    }

    /// Moves `variable`'s edit constant to `value`, updating the rows' constants; the dual simplex
    /// follows in `resolve()`. Returns false (changing nothing) when the variable has no edit or
    /// the value is not finite.
    mutating func suggest(_ variable: Int, _ value: Double) -> Bool {
        guard variable >= 0 && variable < kinds.count, value.isFinite else { return false }
        if kinds[variable] == .parameter {
            if !parametersFixed { fixParameters() }
            // Re-suggesting the current value (a row at the same width) changes nothing.
            if parameterValues[variable] == value { return true }
            // Parameters made after fixing start applied at their value (0).
            if appliedValues.count < kinds.count { appliedValues.append(contentsOf: parameterValues[appliedValues.count...]) }
            if parameterValues[variable] == appliedValues[variable] { changedParameters.append(variable) }
            parameterValues[variable] = value
            needsSolve = true
            return true
        }
        let index = editOf[variable]
        guard index >= 0 else { return false }
        let delta = value - edits[index].constant
        // Re-suggesting the current value (a row at the same width) changes nothing.
        if delta == 0 { return true }
        if activeRegion >= 0 {
            // The rows are at the last solved values: they catch up with the parameters'
            // changes (still listed) at the next solve, which this suggestion forces.
            activeRegion = -1
        }
        // Every remembered region holds this edit's old constant in its values.
        editSuggested = true
        regions.clear()
        edits[index].constant = value
        let plus = edits[index].plus
        let minus = edits[index].minus
        // `v - c = plus - minus`: moving c by delta shifts plus by -delta (or minus by +delta).
        let plusRow = rowOf[plus]
        if plusRow >= 0 {
            rows[plusRow].constant -= delta
            if rows[plusRow].constant < 0 { infeasible.append(plus) }
        } else {
            let minusRow = rowOf[minus]
            if minusRow >= 0 {
                rows[minusRow].constant += delta
                if rows[minusRow].constant < 0 { infeasible.append(minus) }
            } else {
                shiftColumn(index, by: delta)
            }
        }
        // The dual simplex runs once for a batch of suggestions, at the next read or change
        // (`resolve()`): rows one suggestion drives negative, a later one may restore.
        needsSolve = true
        return true
    }

    /// Adds `delta * column` of edit `index` (its `plus` symbol's) to the rows' constants,
    /// queueing restricted rows driven negative for the dual simplex.
    @inline(__always)
    mutating func shiftColumn(_ index: Int, by delta: Double) {
        if !edits[index].columnValid { rebuildColumn(index) }
        if !edits[index].nonzeroValid { rebuildNonzero(index) }
        // Column, its non-zero rows and the rows are swapped out (no copy) so all three
        // can be walked as raw buffers.
        var column: [Double] = []
        var nonzero: [Int] = []
        var table: [Row] = []
        let count = edits[index].nonzeroCount
        swap(&column, &edits[index].column)
        swap(&nonzero, &edits[index].nonzero)
        swap(&table, &rows)
        column.withUnsafeBufferPointer { column in
            table.withUnsafeMutableBufferPointer { table in
                for j in 0..<count {
                    let i = nonzero[j]
                    let c = table[i].constant + delta * column[i]
                    table[i].constant = c
                    if c < 0 && kinds[table[i].basic].isRestricted { infeasible.append(table[i].basic) }
                }
            }
        }
        swap(&table, &rows)
        swap(&nonzero, &edits[index].nonzero)
        swap(&column, &edits[index].column)
    }

    /// Brings the rows themselves up to every suggestion (the dual simplex, retrying rows the
    /// last one could not make feasible) and forgets the remembered regions: called before the
    /// constraints, edits or parameters' status change. Reads use `solveForReading()`.
    @usableFromInline
    mutating func resolve() {
        if activeRegion >= 0 {
            // The rows are at the last solved values; the changes since are still listed.
            needsSolve = true
        }
        solvePending()
        editSuggested = false
        forgetRegions()
    }

    /// Runs the dual simplex for the suggestions made since the rows were last solved.
    mutating func solvePending() {
        if needsSolve {
            needsSolve = false
            if !changedParameters.isEmpty { applyParameterChanges() }
            if !stuck.isEmpty {
                infeasible.append(contentsOf: stuck)
                stuck.clear()
            }
            // Pivots write cells: a solver started from a snapshot copies them here, once.
            if !infeasible.isEmpty { compactArenaIfWasteful() }
            dualOptimize()
        }
    }

    /// Brings every row's constant up to the parameters' new values in one pass over the rows'
    /// terms (`constant += Σ coefficient · change`, the change 0 for all but the changed
    /// parameters), queueing restricted rows driven negative and required equalities over
    /// parameters moved off zero for the dual simplex. Cheaper than keeping a column per
    /// parameter through every pivot: the rows are short and every parameter is set per row.
    mutating func applyParameterChanges() {
        if parameterChange.count < kinds.count {
            parameterChange.append(contentsOf: repeatElement(0, count: kinds.count - parameterChange.count))
        }
        // Two loops: a parameter listed twice (changed, restored, changed again) gets the same
        // change both times.
        for p in changedParameters { parameterChange[p] = parameterValues[p] - appliedValues[p] }
        for p in changedParameters { appliedValues[p] = parameterValues[p] }
        // Rows whose mask has none of the changed parameters' bits are skipped unread.
        var changedMask: UInt64 = 0
        for p in changedParameters { changedMask |= Row.bit(p) }
        var table: [Row] = []
        swap(&table, &rows)
        parameterChange.withUnsafeBufferPointer { change in
            table.withUnsafeMutableBufferPointer { table in
                for i in 0..<table.count where table[i].mask & changedMask != 0 {
                    let shift = table[i].dot(change, arena)
                    if shift == 0 { continue }
                    let c = table[i].constant + shift
                    table[i].constant = c
                    let kind = kinds[table[i].basic]
                    if kind == .dummy ? c != 0 : c < 0 && kind.isRestricted { infeasible.append(table[i].basic) }
                }
            }
        }
        swap(&table, &rows)
        for p in changedParameters { parameterChange[p] = 0 }
        changedParameters.clear()
    }

    /// Fixes every parameter at its current value: a basic one (pinned by constraints while
    /// free) leaves the basis by a pivot that moves no value, so the solution stays the same;
    /// the objective is then re-optimized with parameters held.
    mutating func fixParameters() {
        if parametersFixed { return }
        resolve()
        compactArenaIfWasteful()
        parametersFixed = true
        appliedValues = parameterValues
        for p in 0..<kinds.count where kinds[p] == .parameter {
            let r = rowOf[p]
            if r >= 0 { freezeBasicParameter(p, row: r) }
            appliedValues[p] = parameterValues[p]
        }
        objectiveChanged = true
        optimize()
        infeasible.clear()
    }

    /// Makes basic parameter `p` non-basic at its current value `v`. Its row `p = v + Σ a·s`
    /// becomes `s = 0 + (p - v - Σ…) / a` for a symbol `s` of it (not a parameter; a dummy only
    /// when nothing else is there: the row then pins parameters by required equalities and is
    /// checked per solve); with no such symbol, a new dummy states `p == v + Σ…` as a required
    /// equality over parameters alone. Either way no value moves.
    mutating func freezeBasicParameter(_ p: Int, row r: Int) {
        parameterValues[p] = rows[r].constant
        var entering = -1
        for t in rows[r].terms(arena) where kinds[t.symbol] != .parameter && kinds[t.symbol] != .dummy {
            entering = t.symbol
            break
        }
        if entering < 0 {
            // A tableau with markers might have found one of them here and pivoted it into the
            // other rows that hold it; without them the row gets a dummy of its own below.
            if !equalityMarkers { markersNeeded = true }
            for t in rows[r].terms(arena) where kinds[t.symbol] == .dummy {
                entering = t.symbol
                break
            }
        }
        if entering < 0 {
            let d = makeSymbol(.dummy, owner: -1)
            rows[r].add(p, -1, &arena)
            rows[r].constant = 0
            rows[r].basic = d
            rowOf[d] = r
            rowOf[p] = -1
            return
        }
        pivotCount += 1
        notePreviousOwners(row: r)
        rows[r].solve(leaving: p, entering: entering, &arena)
        // `(p - v)/a` at p == v: exactly 0 (the round-off of -v/a + v/a is not kept).
        rows[r].constant = 0
        rowOf[p] = -1
        rowOf[entering] = r
        substitute(entering, byRow: r)
    }

    /// Recomputes the list of rows where edit `index`'s column is non-zero (reusing its storage).
    mutating func rebuildNonzero(_ index: Int) {
        var nonzero: [Int] = []
        swap(&nonzero, &edits[index].nonzero)
        let n = edits[index].column.count
        if nonzero.count < n { nonzero.append(contentsOf: repeatElement(0, count: n - nonzero.count)) }
        var count = 0
        edits[index].column.withUnsafeBufferPointer { column in
            nonzero.withUnsafeMutableBufferPointer { out in
                for i in 0..<n where column[i] != 0 {
                    out[count] = i
                    count += 1
                }
            }
        }
        swap(&nonzero, &edits[index].nonzero)
        edits[index].nonzeroCount = count
        edits[index].nonzeroValid = true
    }

    /// Recomputes edit `index`'s `plus` column from the rows (reusing its storage).
    mutating func rebuildColumn(_ index: Int) {
        let plus = edits[index].plus
        edits[index].column.clear()
        for i in 0..<rows.count { edits[index].column.append(rows[i].coefficient(for: plus, arena)) }
        edits[index].columnValid = true
        edits[index].nonzeroValid = false
    }
}
