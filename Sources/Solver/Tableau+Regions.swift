// Answering parameter-only re-solves from remembered bases (see ParametricRegion.swift).

/// How many regions one tableau remembers: a template's rows use a handful; past this the least
/// recently used is replaced, so a system with many regions costs a bounded search per row.
let maximumRegions = 8

extension Tableau {
    /// Solves the pending suggestions for a read. When only parameters moved, a remembered
    /// basis still feasible at their new values answers without touching the rows (the rows
    /// keep the values they were last solved at and catch up when the tableau next pivots);
    /// otherwise the dual simplex runs and the basis it ends in is remembered.
    @usableFromInline
    mutating func solveForReading() {
        guard needsSolve else { return }
        if regionsEnabled && editSuggested == false && stuck.isEmpty && parametersFixed && !regions.isEmpty {
            if let hit = feasibleRegion() {
                regionClock += 1
                regions[hit].lastUse = regionClock
                activeRegion = hit
                needsSolve = false
                compactChangedParameters()
                return
            }
        }
        activeRegion = -1
        solvePending()
        editSuggested = false
        if regionsEnabled && parametersFixed && stuck.isEmpty && artificial == nil { captureRegion() }
    }

    /// The remembered region feasible at the current parameter values (the active one tried
    /// first), or nil.
    func feasibleRegion() -> Int? {
        parameterValues.withUnsafeBufferPointer { values in
            if activeRegion >= 0 && regions[activeRegion].isFeasible(at: values) { return activeRegion }
            for k in regions.indices where k != activeRegion && regions[k].isFeasible(at: values) { return k }
            return nil
        }
    }

    /// Remembers the tableau's current basis as a region, replacing the least recently used one
    /// when `maximumRegions` are kept (its storage is reused, so a full cache does not allocate).
    mutating func captureRegion() {
        var slot = regions.count
        if slot == maximumRegions {
            slot = 0
            for k in regions.indices where regions[k].lastUse < regions[slot].lastUse { slot = k }
        } else {
            regions.append(ParametricRegion())
        }
        var region = ParametricRegion()
        swap(&region, &regions[slot])
        region.reset(symbolCount: kinds.count, rowCount: rows.count)
        for r in rows.indices {
            let basic = rows[r].basic
            region.rowOfSymbol[basic] = Int32(r)
            region.constants.append(rows[r].constant)
            region.basics.append(Int32(basic))
            var moves = false
            for t in rows[r].terms(arena) where kinds[t.symbol] == .parameter {
                region.terms.append(ParameterTerm(symbol: t.symbol, coefficient: t.coefficient,
                                                  captured: parameterValues[t.symbol]))
                moves = true
            }
            region.starts.append(Int32(region.terms.count))
            if moves && kinds[basic].isRestricted {
                region.checkedRows.append(Int32(r))
                region.checkedIsDummy.append(kinds[basic] == .dummy)
            }
        }
        movableExternals(into: &region.movable)
        regionClock += 1
        region.lastUse = regionClock
        swap(&region, &regions[slot])
        activeRegion = slot
    }

    /// The external symbols that another optimal solution may give other values, read from the
    /// current (optimal) basis, into `movable` (ascending). Every optimal solution keeps each
    /// non-basic symbol with a cost at some level at 0 (the costs are lexicographically positive,
    /// so any move of one costs), so the optimal solutions differ only along the non-basic
    /// symbols without cost (dummies aside, which stay 0, and parameters, which are held): such a
    /// symbol when it is external, and every external whose row holds one. No step is checked
    /// (a degenerate vertex's blocked moves count too), so the list is a superset of
    /// `ambiguity()`'s, and it depends on the basis alone: the same at every parameter value at
    /// which the basis is optimal.
    func movableExternals(into movable: inout [Int]) {
        movable.clear()
        var costless = [Bool](repeating: true, count: kinds.count)
        for level in levels {
            for t in level.terms(arena) where !nearZero(t.coefficient) { costless[t.symbol] = false }
        }
        for symbol in kinds.indices where rowOf[symbol] < 0 {
            let kind = kinds[symbol]
            if kind == .dummy || kind == .parameter { costless[symbol] = false }
        }
        var found = [Bool](repeating: false, count: kinds.count)
        for symbol in kinds.indices where rowOf[symbol] < 0 && costless[symbol] && kinds[symbol] == .external {
            found[symbol] = true
        }
        for row in rows where kinds[row.basic] == .external {
            for t in row.terms(arena) where costless[t.symbol] && rowOf[t.symbol] < 0 && !nearZero(t.coefficient) {
                found[row.basic] = true
                break
            }
        }
        for symbol in found.indices where found[symbol] { movable.append(symbol) }
    }

    /// Forgets every remembered region (the constraints, edits or objective are about to change,
    /// so no remembered basis describes the new system).
    mutating func forgetRegions() {
        regions.clear()
        activeRegion = -1
    }

    /// Keeps `changedParameters` from growing while regions answer: the rows are not brought up
    /// to date then, so a parameter that returns to its applied value and moves again is listed
    /// again; past a bound the list is rebuilt with each parameter still off its applied value once.
    mutating func compactChangedParameters() {
        if changedParameters.count <= Swift.max(64, kinds.count) { return }
        if parameterChange.count < kinds.count {
            parameterChange.append(contentsOf: repeatElement(0, count: kinds.count - parameterChange.count))
        }
        var kept = 0
        for k in changedParameters.indices {
            let p = changedParameters[k]
            // `parameterChange` is all zeros between solves; 1 marks a parameter already kept.
            if parameterChange[p] != 0 || parameterValues[p] == appliedValues[p] { continue }
            parameterChange[p] = 1
            changedParameters[kept] = p
            kept += 1
        }
        changedParameters.removeLast(changedParameters.count - kept)
        for p in changedParameters { parameterChange[p] = 0 }
    }
}
