// The lexicographic objective: one row of costs per priority level, compared level by level.

extension Tableau {
    /// The slot of the level for priority `value`, making it (and ordering it) on first use.
    mutating func levelSlot(for value: Double) -> Int {
        if let slot = levelValues.firstIndex(of: value) { return slot }
        let slot = levelValues.count
        if slot == stride { widenObjective(to: stride * 2) }
        levelValues.append(value)
        // Stronger levels first; values are distinct, so the order is total.
        let at = levelOrder.firstIndex { levelValues[$0] < value } ?? levelOrder.count
        levelOrder.insert(slot, at: at)
        return slot
    }

    /// Re-lays the objective with room for `newStride` levels per symbol.
    mutating func widenObjective(to newStride: Int) {
        var wider = [Double](repeating: 0, count: kinds.count * newStride)
        for s in 0..<kinds.count {
            for l in 0..<stride { wider[s * newStride + l] = objective[s * stride + l] }
        }
        objective = wider
        stride = newStride
    }

    /// The sign (-1, 0, 1) of `symbol`'s cost vector under the lexicographic order.
    @inline(__always)
    func costSign(of symbol: Int) -> Int {
        let base = symbol * stride
        for slot in levelOrder {
            let c = objective[base + slot]
            if c < 0 { return -1 }
            if c > 0 { return 1 }
        }
        return 0
    }

    /// Adds `amount` to `symbol`'s cost at `slot`, snapping round-off to zero.
    @inline(__always)
    mutating func addCost(_ symbol: Int, slot: Int, _ amount: Double) {
        let i = symbol * stride + slot
        let sum = objective[i] + amount
        objective[i] = nearZero(sum) ? 0 : sum
    }

    /// Adds `amount * (symbol's current expression)` to level `slot`: the symbol itself when it
    /// is non-basic, else its row (so the objective stays over non-basic symbols).
    mutating func addCostOfSymbol(_ symbol: Int, slot: Int, _ amount: Double) {
        let r = rowOf[symbol]
        if r < 0 {
            addCost(symbol, slot: slot, amount)
            return
        }
        for t in rows[r].terms { addCost(t.symbol, slot: slot, amount * t.coefficient) }
    }

    /// Replaces `symbol` by `row` in every level of the objective.
    @inline(__always)
    mutating func substituteInObjective(_ symbol: Int, _ row: UnsafeBufferPointer<Term>) {
        let base = symbol * stride
        for slot in 0..<levelValues.count {
            let d = objective[base + slot]
            if d == 0 { continue }
            objective[base + slot] = 0
            for t in row { addCost(t.symbol, slot: slot, d * t.coefficient) }
        }
    }
}
