// Adding and removing constraints incrementally (Cassowary's add/remove, after kiwi's solverimpl).

extension Tableau {
    /// Adds `constraint` (at level `levelValue`, or required when nil) and re-optimizes.
    /// On failure the tableau holds the same constraints as before and is re-optimized.
    mutating func add(_ constraint: Constraint, levelValue: Double?) throws(SolverError) -> Int {
        try constraint.expression.terms.withUnsafeBufferPointer { (terms) throws(SolverError) -> Int in
            try add(terms: terms, constant: constraint.expression.constant, constraint.relation,
                    levelValue: levelValue, tag: constraint.tag)
        }
    }

    /// Adds `Σ terms + constant RELATION 0` (at level `levelValue`, or required when nil),
    /// tagged `tag`, and re-optimizes; the constraint of `add(_:levelValue:)` without one.
    /// An equality's negative side is priced at `shortfallLevelValue` when given (else at
    /// `levelValue`, as its positive side).
    mutating func add(terms: UnsafeBufferPointer<LinearTerm>, constant: Double, _ relation: Relation,
                      levelValue: Double?, shortfallLevelValue: Double? = nil, tag: Int) throws(SolverError) -> Int {
        try validate(terms: terms, constant: constant, tag: tag)
        resolve()
        compactArenaIfWasteful()
        let id = constraints.count
        let level = levelValue.map { levelSlot(for: $0) } ?? -1
        let otherLevel = levelValue == nil ? -1 : shortfallLevelValue.map { levelSlot(for: $0) } ?? level
        var record = ConstraintRecord(marker: -1, other: -1, level: level, otherLevel: otherLevel, tag: tag)
        var row = makeRow(terms: terms, constant: constant, relation, id: id, record: &record)
        constraints.append(nil)

        var subject = chooseSubject(row, record)
        let fresh = subject >= 0 && !wasInRows(subject)
        noteInRows(terms)
        if subject < 0 && row.terms(arena).allSatisfy({ kinds[$0.symbol] == .dummy || kinds[$0.symbol] == .parameter }) {
            // Only a required equality gets here; without its marker (see `equalityMarkers`) the
            // conflict's tags or the row below can differ from a tableau with markers.
            if !equalityMarkers { markersNeeded = true }
            if !nearZero(row.constant) {
                let tags = conflictTags(in: row, newConstraint: id, tag: tag)
                row.release(in: &arena)
                throw SolverError(.unsatisfiable, tags: tags)
            }
            // Redundant with required equalities (at the current parameter values): the marker
            // carries the row (made now when the equality was added without one).
            if record.marker < 0 {
                record.marker = makeSymbol(.dummy, owner: id)
                row.add(record.marker, 1, &arena)
            }
            subject = record.marker
        }
        if subject < 0 {
            if !equalityMarkers && record.marker < 0 { markersNeeded = true }
            if let made = try addWithArtificialVariable(row, id: id, tag: tag, marker: record.marker) { record.marker = made }
        } else {
            row.solve(for: subject, &arena)
            insertRow(row)
            // A subject no row held before (most of a template's) leaves the other rows as they
            // are, and a variable or parameter no row held is in no level of the objective either
            // (levels hold only what rows and the constraints' own errors brought there).
            if !fresh || kinds[subject] == .slack || kinds[subject] == .error || kinds[subject] == .dummy {
                substitute(subject, byRow: rowOf[subject], scanRows: !fresh)
            }
        }
        constraints[id] = record
        optimize()
        infeasible.clear()
        return id
    }

    /// Whether `symbol` has been a term of a new row (see `inRows`).
    @inline(__always)
    func wasInRows(_ symbol: Int) -> Bool {
        let word = symbol >> 6
        return word < inRows.count && inRows[word] & (1 &<< UInt64(symbol & 63)) != 0
    }

    /// Marks the variables and parameters a new constraint names as having been in a row. The
    /// rest of its row either came from rows (already marked) or is its own new slack, errors or
    /// dummy, which only its row holds and which no later constraint can take as subject.
    mutating func noteInRows(_ terms: UnsafeBufferPointer<LinearTerm>) {
        let words = (kinds.count + 63) >> 6
        if inRows.count < words {
            // Room for every symbol the per-symbol arrays have room for (one allocation for a
            // build whose size was reserved).
            inRows.reserveCapacity((kinds.capacity + 63) >> 6)
            inRows.append(contentsOf: repeatElement(0, count: words - inRows.count))
        }
        for t in terms { inRows[t.variable.id >> 6] |= 1 &<< UInt64(t.variable.id & 63) }
    }

    /// Refuses constraints naming foreign variables or carrying NaN or infinities.
    func validate(terms: UnsafeBufferPointer<LinearTerm>, constant: Double, tag: Int) throws(SolverError) {
        guard constant.isFinite else {
            throw SolverError(.nonFiniteValue, tags: [tag])
        }
        for t in terms {
            guard t.coefficient.isFinite else {
                throw SolverError(.nonFiniteValue, tags: [tag])
            }
            guard t.variable.id >= 0 && t.variable.id < kinds.count
                    && (kinds[t.variable.id] == .external || kinds[t.variable.id] == .parameter) else {
                throw SolverError(.unknownVariable(t.variable), tags: [tag])
            }
        }
    }

    /// The constraint's row `0 = expression ± slack ± errors`, over non-basic symbols, with a
    /// non-negative constant; makes its marker symbols and prices its errors.
    mutating func makeRow(terms: UnsafeBufferPointer<LinearTerm>, constant: Double, _ relation: Relation, id: Int,
                          record: inout ConstraintRecord) -> Row {
        // Room for the merges a build makes into it (rows of a template reach 10 to 20 cells):
        // no regrowing.
        var row = Row(constant: constant, capacity: Swift.max(16, 2 * terms.count + 6), in: &arena)
        withMergeScratch { tableau, merge in
            for t in terms where !nearZero(t.coefficient) {
                let s = t.variable.id
                let r = tableau.rowOf[s]
                if r >= 0 {
                    row.add(tableau.rows[r].terms(tableau.arena), constant: tableau.rows[r].constant,
                            times: t.coefficient, scratch: merge, &tableau.arena)
                } else {
                    // A fixed parameter's value is part of the row's constant.
                    row.constant += t.coefficient * tableau.parameterValues[s]
                    row.add(s, t.coefficient, &tableau.arena)
                }
            }
        }
        let level = record.level
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign = relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack, owner: id)
            record.marker = slack
            row.add(slack, sign, &arena)
            if level >= 0 {
                let error = makeSymbol(.error, owner: id)
                record.other = error
                row.add(error, -sign, &arena)
                priceNewError(error, slot: level)
            }
        case .equal:
            if level >= 0 {
                let plus = makeSymbol(.error, owner: id)
                let minus = makeSymbol(.error, owner: id)
                record.marker = plus
                record.other = minus
                row.add(plus, -1, &arena)
                row.add(minus, 1, &arena)
                priceNewError(plus, slot: level)
                priceNewError(minus, slot: record.otherLevel)
            } else if equalityMarkers {
                let dummy = makeSymbol(.dummy, owner: id)
                record.marker = dummy
                row.add(dummy, 1, &arena)
            }
        }
        if row.constant < 0 { row.reverseSign(&arena) }
        return row
    }

    /// The symbol to solve a new row for: its lowest-id variable that no row has held (so no
    /// other row needs the substitution), else its lowest-id variable, else (while parameters
    /// are free) its lowest-id parameter, else its own slack or error when that can take the
    /// row's value (negative coefficient); -1 when none.
    func chooseSubject(_ row: Row, _ record: ConstraintRecord) -> Int {
        let terms = row.terms(arena)
        var first = -1
        for t in terms where kinds[t.symbol] == .external {
            if !wasInRows(t.symbol) { return t.symbol }
            if first < 0 { first = t.symbol }
        }
        if first >= 0 { return first }
        if !parametersFixed {
            for t in terms where kinds[t.symbol] == .parameter { return t.symbol }
        }
        if canSubject(record.marker, row) { return record.marker }
        if canSubject(record.other, row) { return record.other }
        return -1
    }

    /// Whether the constraint's own `symbol` (slack or error) can carry its new row.
    private func canSubject(_ symbol: Int, _ row: Row) -> Bool {
        guard symbol >= 0 else { return false }
        let k = kinds[symbol]
        return (k == .slack || k == .error) && row.coefficient(for: symbol, arena) < 0
    }

    /// Adds `row` by minimizing an artificial variable equal to it; succeeds when that reaches 0.
    /// When it cannot, the artificial row (the only one holding the new constraint's symbols) is
    /// dropped, leaving an equivalent tableau of the old constraints, and the conflict is thrown.
    /// Returns the marker it made for a required equality added without one, if it made one.
    mutating func addWithArtificialVariable(_ row: Row, id: Int, tag: Int, marker: Int) throws(SolverError) -> Int? {
        let art = makeSymbol(.slack, owner: -1)
        var artRow = row
        artRow.basic = art
        insertRow(artRow)
        artificial = Row(copying: row, in: &arena)
        optimizeArtificial()
        let success = nearZero(artificial!.constant)
        artificial!.release(in: &arena)
        artificial = nil

        let index = rowOf[art]
        if index >= 0 {
            if !success {
                // Without equality markers the tags leave out the equalities in the conflict.
                if !equalityMarkers { markersNeeded = true }
                let tags = conflictTags(in: rows[index], newConstraint: id, tag: tag)
                removeRow(at: index)
                undoArtificialPivots()
                optimize()
                infeasible.clear()
                throw SolverError(.unsatisfiable, tags: tags)
            }
            var entering = -1
            for t in rows[index].terms(arena) where kinds[t.symbol] == .slack || kinds[t.symbol] == .error {
                entering = t.symbol
                break
            }
            if entering < 0 && rows[index].coefficient(for: marker, arena) != 0 {
                // `art = 0 + Σ dummies`, the new equality's own dummy among them: it is implied
                // by required equalities. Its dummy carries the row (as when a new row holds
                // only dummies), so removing one of the others later still enforces it.
                entering = marker
            }
            if entering < 0 && marker < 0 && rows[index].count > 0 {
                // The same for an equality added without a marker, when parameters are left in
                // the row: a dummy made now carries it, so it is still checked at every solve.
                let dummy = makeSymbol(.dummy, owner: id)
                rows[index].basic = dummy
                rowOf[art] = -1
                rowOf[dummy] = index
                return dummy
            }
            if entering < 0 {
                removeRow(at: index)
                return nil
            }
            pivot(row: index, entering: entering)
        }
        for i in 0..<rows.count { rows[i].remove(art, &arena) }
        for slot in 0..<levels.count { levels[slot].remove(art, &arena) }
        return nil
    }

    /// Pivots back, last first, the pivots the artificial phase made among the old rows, so a
    /// refused constraint leaves the very basis (and so the very solution) it found.
    mutating func undoArtificialPivots() {
        while let (entering, leaving) = artificialPivots.popLast() {
            let r = rowOf[entering]
            // Each undo finds the row as its pivot left it, holding the symbol that left.
            if r >= 0 && rows[r].coefficient(for: leaving, arena) != 0 { pivot(row: r, entering: leaving) }
        }
    }

    /// The tags of the refused constraint and of the required constraints whose markers appear
    /// in its infeasibility row (the ones whose slack or equality pins it), in order of adding.
    func conflictTags(in row: Row, newConstraint id: Int, tag: Int) -> [Int] {
        var owners: [Int] = []
        for t in row.terms(arena) {
            let owner = ownerOf[t.symbol]
            if owner < 0 || owner == id || owners.contains(owner) { continue }
            guard let record = constraints[owner], record.level < 0 else { continue }
            owners.append(owner)
        }
        owners.sort()
        return [tag] + owners.compactMap { constraints[$0]?.tag }
    }

    /// Removes constraint `id` and re-optimizes; unknown or already removed ids are ignored, and
    /// so is a required equality added without a marker (it cannot be taken out; see
    /// `equalityMarkers`).
    mutating func remove(constraint id: Int) {
        guard id >= 0 && id < constraints.count, let record = constraints[id], record.marker >= 0 else { return }
        resolve()
        compactArenaIfWasteful()
        constraints[id] = nil
        if record.level >= 0 {
            if kinds[record.marker] == .error { addCostOfSymbol(record.marker, slot: record.level, -1) }
            if record.other >= 0 && kinds[record.other] == .error { addCostOfSymbol(record.other, slot: record.otherLevel, -1) }
        }
        let marker = record.marker
        if rowOf[marker] >= 0 {
            removeRow(at: rowOf[marker])
        } else {
            let index = markerLeavingRow(for: marker)
            if index >= 0 {
                pivot(row: index, entering: marker)
                removeRow(at: index)
            }
        }
        optimize()
        infeasible.clear()
    }
}
