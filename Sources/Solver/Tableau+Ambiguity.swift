// Ambiguity: whether the solution is the only optimal one (UIKit's `hasAmbiguousLayout`).
//
// At an optimal vertex, a non-basic symbol whose cost is zero at every level can move without
// changing the objective. When it can move by a positive step in a direction its kind allows
// (a restricted symbol only up, an external one either way) before some restricted row would
// turn negative, the point reached is another optimal solution; the external symbols whose rows
// hold it take other values there. A degenerate vertex (a blocking row already at zero) can hide
// an alternative that a pivot would reveal, so the check may miss an ambiguity but never reports
// one that is not there.

extension Tableau {
    /// The external symbols whose values differ in another optimal solution found one step from
    /// this one (see the file's note), in id order. Brings the rows up to every suggestion first.
    mutating func ambiguousExternals() -> [Int] {
        resolve()
        guard stuck.isEmpty, artificial == nil else { return [] }
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
                for cell in columns[symbol] where kinds[rows[cell.row].basic] == .external {
                    ambiguous[rows[cell.row].basic] = true
                }
            }
        }
        return kinds.indices.filter { ambiguous[$0] }
    }

    /// The smallest move that counts as another solution: below it, round-off at a vertex.
    static let ambiguityStep = 1e-6
}
