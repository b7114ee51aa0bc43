// Ambiguity: whether the solution is the only optimal one (UIKit's `hasAmbiguousLayout`).
//
// At an optimal vertex, a non-basic symbol whose cost is zero at every level can move without
// changing the objective. When it can move by a positive step in a direction its kind allows
// (a restricted symbol only up, an external one either way) before some restricted row would
// turn negative, the point reached is another optimal solution; the external symbols whose rows
// hold it take other values there. A degenerate vertex (a blocking row already at zero) can hide
// an alternative that a pivot would reveal, so the check may miss an ambiguity but never reports
// one that is not there. The constraints that trade along such a step are the one whose slack or
// error symbol moves freely and those whose error symbols its column changes: for two
// compression resistances that tie, both of them.

extension Tableau {
    /// The external symbols whose values differ in another optimal solution found one step from
    /// this one (see the file's note), in id order, and the tags (0 or more, in order) of the
    /// constraints that trade along those steps. Brings the rows up to every suggestion first.
    mutating func ambiguity() -> (externals: [Int], tags: [Int]) {
        resolve()
        guard stuck.isEmpty, artificial == nil else { return ([], []) }
        var costed = [Bool](repeating: false, count: kinds.count)
        for level in levels {
            for t in level.terms(arena) where !nearZero(t.coefficient) { costed[t.symbol] = true }
        }
        // Each non-basic symbol's column: (row index, coefficient).
        var columns = [[(row: Int, coefficient: Double)]](repeating: [], count: kinds.count)
        for (index, row) in rows.enumerated() {
            for t in row.terms(arena) where !nearZero(t.coefficient) { columns[t.symbol].append((index, t.coefficient)) }
        }
        var ambiguous = [Bool](repeating: false, count: kinds.count)
        var tags = Set<Int>()
        func noteOwner(_ symbol: Int) {
            let owner = ownerOf[symbol]
            if owner >= 0, let tag = constraints[owner]?.tag, tag >= 0 { tags.insert(tag) }
        }
        for symbol in kinds.indices where rowOf[symbol] < 0 && !costed[symbol] {
            let kind = kinds[symbol]
            guard kind == .external || kind == .slack || kind == .error else { continue }
            for direction in kind == .external ? [1.0, -1.0] : [1.0] {
                var step = Double.infinity
                for cell in columns[symbol] {
                    let change = cell.coefficient * direction
                    let basic = rows[cell.row].basic
                    if kinds[basic] == .dummy {
                        step = 0
                    } else if kinds[basic].isRestricted && change < 0 {
                        step = Swift.min(step, rows[cell.row].constant / -change)
                    }
                }
                guard step > Self.ambiguityStep else { continue }
                if kind == .external { ambiguous[symbol] = true }
                noteOwner(symbol)
                for cell in columns[symbol] {
                    let basic = rows[cell.row].basic
                    if kinds[basic] == .external { ambiguous[basic] = true }
                    if kinds[basic] == .error { noteOwner(basic) }
                }
            }
        }
        return (kinds.indices.filter { ambiguous[$0] }, tags.sorted())
    }

    /// The smallest move that counts as another solution: below it, round-off at a vertex.
    static let ambiguityStep = 1e-6
}
