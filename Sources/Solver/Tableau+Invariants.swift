// The tableau's invariants as a checkable list, for tests (cheap enough to call after every step).

extension Tableau {
    /// Descriptions of every broken invariant (empty when the tableau is sound). Call after
    /// `resolve()`: pending suggestions may leave rows infeasible until then.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        for (i, row) in rows.enumerated() where !stuck.contains(row.basic) {
            if rowOf[row.basic] != i { problems.append("row \(i): rowOf[\(row.basic)] is \(rowOf[row.basic])") }
            var previous = -1
            var mask: UInt64 = 0
            for t in row.terms(arena) {
                if t.symbol <= previous { problems.append("row \(i): terms not sorted at s\(t.symbol)") }
                if t.coefficient == 0 { problems.append("row \(i): zero coefficient for s\(t.symbol)") }
                if rowOf[t.symbol] >= 0 { problems.append("row \(i): basic s\(t.symbol) among its terms") }
                previous = t.symbol
                mask |= Row.bit(t.symbol)
            }
            if mask != row.mask { problems.append("row \(i): stale mask") }
            let kind = kinds[row.basic]
            if parametersFixed && kind == .parameter { problems.append("row \(i): fixed parameter s\(row.basic) is basic") }
            if kind.isRestricted && row.constant < -1e-8 { problems.append("row \(i): restricted s\(row.basic) = \(row.constant)") }
            if kind == .dummy {
                if !nearZero(row.constant) { problems.append("row \(i): dummy s\(row.basic) = \(row.constant)") }
                if row.terms(arena).contains(where: { kinds[$0.symbol] != .dummy && kinds[$0.symbol] != .parameter }) {
                    problems.append("row \(i): dummy s\(row.basic) depends on a non-dummy")
                }
            }
        }
        for s in 0..<kinds.count where rowOf[s] >= 0 && (rowOf[s] >= rows.count || rows[rowOf[s]].basic != s) {
            problems.append("rowOf[\(s)] points at a row of another symbol")
        }
        for (slot, level) in levels.enumerated() {
            for t in level.terms(arena) where rowOf[t.symbol] >= 0 {
                problems.append("level \(levelValues[slot]): basic s\(t.symbol) priced")
            }
        }
        problems += arenaViolations()
        if lowestNegativeCostSymbol() >= 0 { problems.append("objective not optimal: s\(lowestNegativeCostSymbol()) can enter") }
        for edit in edits {
            if edit.columnValid {
                if edit.column.count != rows.count { problems.append("edit v\(edit.variable): column length") }
                for i in 0..<min(edit.column.count, rows.count)
                where edit.column[i].bitPattern != rows[i].coefficient(for: edit.plus, arena).bitPattern {
                    problems.append("edit v\(edit.variable): column[\(i)] \(edit.column[i]) != \(rows[i].coefficient(for: edit.plus, arena))")
                }
                if edit.nonzeroValid
                    && edit.nonzero.prefix(edit.nonzeroCount).sorted() != edit.column.indices.filter({ edit.column[$0] != 0 }) {
                    problems.append("edit v\(edit.variable): stale non-zero list")
                }
            }
        }
        return problems
    }
}

extension Tableau {
    /// Broken promises of the cell store: every row's, level's and the artificial objective's
    /// block lies inside the handed-out cells, holds its cells, and no two blocks overlap.
    func arenaViolations() -> [String] {
        var problems: [String] = []
        var blocks: [(start: Int, end: Int, what: String)] = []
        func check(_ row: Row, _ what: String) {
            if row.count < 0 || row.count > row.capacity { problems.append("\(what): \(row.count) cells in a block of \(row.capacity)") }
            if row.start < 0 || row.start + row.capacity > arena.used {
                problems.append("\(what): block \(row.start)..<\(row.start + row.capacity) outside the \(arena.used) cells handed out")
            }
            if row.capacity > 0 { blocks.append((row.start, row.start + row.capacity, what)) }
        }
        for (i, row) in rows.enumerated() { check(row, "row \(i)") }
        for (slot, level) in levels.enumerated() { check(level, "level \(levelValues[slot])") }
        if let a = artificial { check(a, "artificial objective") }
        blocks.sort { $0.start < $1.start }
        for k in blocks.indices.dropFirst() where blocks[k].start < blocks[k - 1].end {
            problems.append("\(blocks[k].what) overlaps \(blocks[k - 1].what)")
        }
        return problems
    }
}
