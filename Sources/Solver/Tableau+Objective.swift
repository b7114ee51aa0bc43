// The lexicographic objective: one row of costs per priority level, compared level by level.

extension Tableau {
    /// The slot of the level for priority `value`, making it (and ordering it) on first use.
    mutating func levelSlot(for value: Double) -> Int {
        if let slot = levelValues.firstIndex(of: value) { return slot }
        let slot = levelValues.count
        if slot == 0 {
            // Templates use a handful of priorities: one allocation each instead of regrowing.
            levels.reserveCapacity(8)
            levelValues.reserveCapacity(8)
            levelOrder.reserveCapacity(8)
        }
        levelValues.append(value)
        // A level collects the costs of many constraints' errors: room for them up front
        // instead of regrowing one cell at a time.
        levels.append(Row(constant: 0, capacity: 32, in: &arena))
        // Stronger levels first; values are distinct, so the order is total.
        let at = levelOrder.firstIndex { levelValues[$0] < value } ?? levelOrder.count
        levelOrder.insert(slot, at: at)
        return slot
    }

    /// The lowest-id symbol (not a dummy or parameter) whose cost vector is lexicographically negative (its first
    /// non-zero cost, strongest level first, is negative), or -1 when the objective is optimal.
    /// Only symbols with a cost somewhere can qualify, so only the level rows are walked.
    func lowestNegativeCostSymbol() -> Int {
        var best = Int.max
        for rank in 0..<levelOrder.count {
            let slot = levelOrder[rank]
            for t in levels[slot].terms(arena) where t.coefficient < 0 {
                let s = t.symbol
                if s >= best { break }
                if kinds[s] == .dummy || kinds[s] == .parameter { continue }
                var stronger = false
                for r in 0..<rank where levels[levelOrder[r]].coefficient(for: s, arena) != 0 {
                    stronger = true
                    break
                }
                if stronger { continue }
                best = s
                break
            }
        }
        return best == Int.max ? -1 : best
    }

    /// Adds `amount` to `symbol`'s cost at `slot`.
    @inline(__always)
    mutating func addCost(_ symbol: Int, slot: Int, _ amount: Double) {
        levels[slot].add(symbol, amount, &arena)
        objectiveChanged = true
    }

    /// Prices a constraint's new error symbol at 1 in level `slot`. The objective stays optimal:
    /// the symbol is non-basic and its only cost is positive, so it cannot enter, and nothing
    /// else's cost moves (unless the new row is then solved for it, which substitutes it in the
    /// levels and flags the change there).
    @inline(__always)
    mutating func priceNewError(_ symbol: Int, slot: Int) {
        levels[slot].add(symbol, 1, &arena)
    }

    /// Adds `amount * (symbol's current expression)` to level `slot`: the symbol itself when it
    /// is non-basic, else its row (so the objective stays over non-basic symbols).
    mutating func addCostOfSymbol(_ symbol: Int, slot: Int, _ amount: Double) {
        let r = rowOf[symbol]
        if r < 0 {
            addCost(symbol, slot: slot, amount)
            return
        }
        let constant = rows[r].constant
        withMergeScratch { tableau, merge in
            tableau.levels[slot].add(tableau.rows[r].terms(tableau.arena), constant: constant,
                                     times: amount, scratch: merge, &tableau.arena)
        }
        objectiveChanged = true
    }

    /// Replaces `symbol` by `row` in every level of the objective.
    @inline(__always)
    mutating func substituteInObjective(_ symbol: Int, _ row: UnsafeBufferPointer<Term>, constant: Double,
                                        scratch: UnsafeMutablePointer<Term>) {
        for slot in 0..<levels.count where levels[slot].substitute(symbol, row, constant: constant, scratch: scratch, &arena) != 0 {
            objectiveChanged = true
        }
    }
}
