import Testing
@testable import Solver

/// The coefficient arena that holds every row of a tableau: shared by copies until one writes,
/// rows that outgrow their blocks move, and the garbage they leave is compacted.
@Suite struct SolverArenaTests {
    /// `label` between a 16-point inset and the row width `W` (a parameter), hugging its intrinsic
    /// width `p` at 250 and resisting at 750: narrow rows compress it (the dual simplex pivots).
    func makeRow(_ s: Solver) throws -> (width: Variable, intrinsic: Variable, label: Variable) {
        let width = s.makeParameter("W"), intrinsic = s.makeParameter("p")
        let left = s.makeVariable("left"), label = s.makeVariable("label")
        try s.add(Constraint(left, .equal, 16))
        try s.add(Constraint(left + label, .lessThanOrEqual, width - 16))
        try s.add(Constraint(label, .lessThanOrEqual, LinearExpression(intrinsic), priority: .low))
        try s.add(Constraint(label, .greaterThanOrEqual, LinearExpression(intrinsic), priority: .high))
        s.suggestValue(width, 375)
        s.suggestValue(intrinsic, 200)
        return (width, intrinsic, label)
    }

    @Test func solversStartedFromASnapshotShareItsCellsUntilTheyWrite() throws {
        let s = Solver()
        let row = try makeRow(s)
        #expect(s.value(of: row.label) == 200)
        let snapshot = s.snapshot()
        let local = Solver(snapshot)
        #expect(local.tableau.arena.terms == s.tableau.arena.terms)
        // A narrow row compresses the label: its slack row goes negative and the dual simplex
        // pivots, which writes cells, so the local solver takes a copy first.
        local.suggestValue(row.width, 150)
        #expect(local.value(of: row.label) == 150 - 32)
        #expect(local.tableau.arena.terms != s.tableau.arena.terms)
        #expect(local.tableau.invariantViolations().isEmpty)
        // The original and a second solver from the same snapshot still see the wide row.
        #expect(s.value(of: row.label) == 200)
        let other = Solver(snapshot)
        #expect(other.value(of: row.label) == 200)
        other.suggestValue(row.width, 150)
        #expect(other.value(of: row.label) == local.value(of: row.label))
        #expect(s.tableau.invariantViolations().isEmpty)
    }

    @Test func aWriteToACopyOfAnArenaLeavesTheOriginalAsItWas() {
        var original = CoefficientArena(capacity: 4)
        let start = original.allocate(2)
        original.mutableTerms[start] = Term(symbol: 1, coefficient: 2)
        original.mutableTerms[start + 1] = Term(symbol: 3, coefficient: 4)
        var copy = original
        #expect(copy.terms == original.terms)
        copy.mutableTerms[start + 1].coefficient = -4
        _ = copy.allocate(100)
        #expect(copy.terms != original.terms)
        #expect(original.terms[start + 1].coefficient == 4 && original.used == 2)
        #expect(copy.terms[start].symbol == 1 && copy.terms[start + 1].coefficient == -4 && copy.used == 102)
        // The copy is now the only owner: writing it again copies nothing.
        let base = copy.terms
        copy.mutableTerms[start].coefficient = 8
        let shared = copy.isShared
        #expect(copy.terms == base && !shared)
    }

    @Test func rowsThatMoveLeaveGarbageThatIsCompactedAwayWithTheSameValues() throws {
        // A chain x[i+1] == x[i] + 10 with a weak wish on each link: taking a wish out and putting
        // it back over and over moves rows and leaves blocks behind.
        let s = Solver()
        let xs = (0..<12).map { s.makeVariable("x\($0)") }
        try s.add(Constraint(xs[0], .equal, 5))
        for i in 0..<11 { try s.add(Constraint(xs[i + 1], .greaterThanOrEqual, xs[i] + 10)) }
        var wishes = try (0..<12).map { i in
            try s.add(Constraint(xs[i], .equal, Double(7 * i), priority: .low))
        }
        var largest = 0
        for round in 0..<3_000 {
            let k = (round * 7) % 12
            s.remove(wishes[k])
            wishes[k] = try s.add(Constraint(xs[k], .equal, Double(7 * k + round % 5), priority: .low))
            largest = max(largest, s.tableau.arena.used)
        }
        #expect(s.tableau.invariantViolations().isEmpty)
        // Compaction keeps the arena near its live size instead of growing with every move.
        #expect(largest < 8_000, "the arena reached \(largest) cells")
        // A solver built once with the final constraints gives the same values.
        let fresh = Solver()
        let ys = (0..<12).map { fresh.makeVariable("y\($0)") }
        try fresh.add(Constraint(ys[0], .equal, 5))
        for i in 0..<11 { try fresh.add(Constraint(ys[i + 1], .greaterThanOrEqual, ys[i] + 10)) }
        for k in 0..<12 {
            let last = (0..<3_000).last { ($0 * 7) % 12 == k }
            let offset = last.map { Double($0 % 5) } ?? 0
            try fresh.add(Constraint(ys[k], .equal, Double(7 * k) + offset, priority: .low))
        }
        for i in 0..<12 { #expect(abs(s.value(of: xs[i]) - fresh.value(of: ys[i])) < 1e-9, "x\(i)") }
    }

    @Test func aConstraintSolvedForAVariableNoRowHoldsLeavesTheOtherRowsAsTheyWere() throws {
        let s = Solver()
        let a = s.makeVariable("a"), b = s.makeVariable("b"), c = s.makeVariable("c")
        try s.add(Constraint(a, .equal, 10))
        try s.add(Constraint(b, .equal, a + 5))
        let before = s.tableau.rows.map { Array($0.terms(s.tableau.arena)).map(\.symbol) }
        // `c` is named for the first time: the new row is solved for it and no other row changes.
        try s.add(Constraint(c, .equal, b + 1))
        let after = s.tableau.rows.prefix(before.count).map { Array($0.terms(s.tableau.arena)).map(\.symbol) }
        #expect(after == before)
        #expect(s.tableau.rowOf[c.id] >= 0)
        #expect(s.value(of: c) == 16)
        #expect(s.tableau.invariantViolations().isEmpty)
    }
}
