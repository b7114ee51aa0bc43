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
        regionClock += 1
        region.lastUse = regionClock
        swap(&region, &regions[slot])
        activeRegion = slot
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
