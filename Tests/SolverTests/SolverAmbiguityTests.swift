import TestCommons
import Testing
@testable import Solver

/// `ambiguousVariables()`: systems whose optimal solutions are worked out by hand.
@Suite struct SolverAmbiguityTests {
    @Test func aPinnedSystemIsNotAmbiguous() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x + y, .equal, 10))
        try s.add(Constraint(x, .equal, 3, priority: .high))
        #expect(s.ambiguousVariables().isEmpty)
        #expect(s.value(of: y) == 7)
    }

    @Test func equalPrioritiesThatCannotBothHoldAreAmbiguous() throws {
        // x + y == 100 with both wanting 60 at 750: any split of the 20 missing is as good.
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable("z")
        try s.add(Constraint(x + y, .equal, 100, tag: 0))
        try s.add(Constraint(x, .greaterThanOrEqual, 60, priority: Priority(750), tag: 1))
        try s.add(Constraint(y, .greaterThanOrEqual, 60, priority: Priority(750), tag: 2))
        try s.add(Constraint(z, .equal, 5, tag: 3))
        #expect(s.ambiguousVariables() == [x, y])
        // The two wishes that tie are the constraints named.
        #expect(s.ambiguity().constraintTags == [1, 2])
        // A stronger preference for one of them settles it.
        try s.add(Constraint(x, .greaterThanOrEqual, 60, priority: Priority(751)))
        #expect(s.ambiguousVariables().isEmpty)
        #expect(s.value(of: x) == 60)
        #expect(s.value(of: y) == 40)
    }

    @Test func aWeakerLevelBreaksAStrongerTie() throws {
        // The tie at 750 is settled at 250: only x = 60, y = 40 keeps y's wish to be 40.
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x + y, .equal, 100))
        try s.add(Constraint(x, .greaterThanOrEqual, 60, priority: Priority(750)))
        try s.add(Constraint(y, .greaterThanOrEqual, 60, priority: Priority(750)))
        try s.add(Constraint(y, .equal, 40, priority: Priority(250)))
        #expect(s.ambiguousVariables().isEmpty)
        #expect(s.value(of: x) == 60)
    }

    @Test func aRangeWithoutAPreferenceIsAmbiguous() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x, .greaterThanOrEqual, 0, tag: 10))
        try s.add(Constraint(x, .lessThanOrEqual, 10, tag: 11))
        try s.add(Constraint(y, .greaterThanOrEqual, 0, tag: 12))
        try s.add(Constraint(y, .lessThanOrEqual, 0, tag: 13))
        #expect(s.ambiguousVariables() == [x])
        // The bound whose slack moves freely is named (which one depends on the basis).
        let tags = s.ambiguity().constraintTags
        #expect(tags == [10] || tags == [11])
    }

    @Test func aVariableNoConstraintNamesIsAmbiguous() throws {
        let s = Solver()
        let x = s.makeVariable("x"), free = s.makeVariable("free")
        try s.add(Constraint(x, .equal, 1, tag: 4))
        #expect(s.ambiguousVariables() == [free])
        #expect(s.ambiguity().constraintTags.isEmpty)
    }

    @Test func parametersAndWhatTheyPinAreNot() throws {
        let s = Solver()
        let p = s.makeParameter("p"), x = s.makeVariable("x")
        try s.add(Constraint(x, .equal, p + 1))
        s.suggestValue(p, 4)
        #expect(s.value(of: x) == 5)
        #expect(s.ambiguousVariables().isEmpty)
    }

    @Test func theCheckFollowsSuggestionsAndLeavesTheSolutionAsItWas() throws {
        // Below 100 the two wishes both hold (unique); above, the shortfall is shared (ambiguous).
        let s = Solver()
        let total = s.makeParameter("total"), x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x + y, .equal, LinearExpression(total)))
        try s.add(Constraint(x, .lessThanOrEqual, 50, priority: Priority(750)))
        try s.add(Constraint(y, .lessThanOrEqual, 50, priority: Priority(750)))
        try s.add(Constraint(x, .equal, LinearExpression(y), priority: Priority(250)))
        for value in [80.0, 120.0, 60.0, 140.0] {
            s.suggestValue(total, value)
            #expect(s.ambiguousVariables().isEmpty, "x == y at 250 settles every split (\(value))")
            #expect(s.value(of: x) == value / 2)
        }
        let t = Solver()
        let total2 = t.makeParameter("total"), a = t.makeVariable("a"), b = t.makeVariable("b")
        try t.add(Constraint(a + b, .equal, LinearExpression(total2)))
        try t.add(Constraint(a, .lessThanOrEqual, 50, priority: Priority(750)))
        try t.add(Constraint(b, .lessThanOrEqual, 50, priority: Priority(750)))
        try t.add(Constraint(a, .greaterThanOrEqual, 0))
        try t.add(Constraint(b, .greaterThanOrEqual, 0))
        for (value, ambiguous) in [(100.0, false), (120.0, true), (60.0, true), (100.0, false)] {
            t.suggestValue(total2, value)
            let before = (t.value(of: a), t.value(of: b))
            #expect(t.ambiguousVariables() == (ambiguous ? [a, b] : []), "total \(value)")
            #expect((t.value(of: a), t.value(of: b)) == before)
            #expect(t.value(of: a) + t.value(of: b) == value)
        }
    }
}

/// Random small layouts: bounded variables, required sums, wishes at two shared priorities (so
/// ties are common) and weak wishes of their own. A variable is ambiguous when requiring it to
/// move a little leaves every level's error as at the optimum: every variable reported must be,
/// and every variable that is must be reported.
@Suite struct SolverAmbiguityPropertyTests {
    /// Each level's error at the current solution, in priority order.
    static func levelErrors(_ solver: Solver) -> [Double] {
        solver.tableau.resolve()
        return solver.tableau.levelOrder.map { solver.tableau.levels[$0].constant }
    }

    /// A random system over `count` variables in [0, 400] that a hidden solution satisfies.
    static func system(seed: UInt64) throws -> (Solver, [Variable]) {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 2...7, using: &rng)
        let truth = (0..<count).map { _ in Double(Int.random(in: 0...400, using: &rng)) }
        let solver = Solver()
        let xs = (0..<count).map { solver.makeVariable("x\($0)") }
        for x in xs {
            try solver.add(Constraint(LinearExpression(x), .greaterThanOrEqual, 0))
            try solver.add(Constraint(LinearExpression(x), .lessThanOrEqual, 400))
        }
        for _ in 0..<Int.random(in: 0...count / 2, using: &rng) {
            let a = Int.random(in: 0..<count, using: &rng), b = Int.random(in: 0..<count, using: &rng)
            guard a != b else { continue }
            try solver.add(Constraint(xs[a] + xs[b], .equal, truth[a] + truth[b]))
        }
        for _ in 0..<Int.random(in: count...3 * count, using: &rng) {
            let a = Int.random(in: 0..<count, using: &rng)
            let relation: Relation = Bool.random(using: &rng) ? .greaterThanOrEqual : .lessThanOrEqual
            let priority = Priority([250.0, 750.0].randomElement(using: &rng)!)
            try solver.add(Constraint(LinearExpression(xs[a]), relation, Double(Int.random(in: 0...400, using: &rng)),
                                      priority: priority))
        }
        // Most variables get a weak wish of their own (a level each, so no tie there).
        for (index, x) in xs.enumerated() where Int.random(in: 0..<4, using: &rng) > 0 {
            try solver.add(Constraint(LinearExpression(x), .equal, Double(Int.random(in: 0...400, using: &rng)),
                                      priority: Priority(100 + Double(index))))
        }
        return (solver, xs)
    }

    @Test func theReportIsExactlyTheVariablesWithAnotherOptimalValue() throws {
        var ambiguousSystems = 0, uniqueSystems = 0, missed = 0
        for seed in UInt64(1)...400 {
            let (solver, xs) = try Self.system(seed: seed)
            let reported = solver.ambiguousVariables()
            if reported.isEmpty { uniqueSystems += 1 } else { ambiguousSystems += 1 }
            let optimum = Self.levelErrors(solver)
            for v in xs {
                let value = solver.value(of: v)
                var moved = false
                for (relation, target) in [(Relation.greaterThanOrEqual, value + 1e-4), (.lessThanOrEqual, value - 1e-4)] {
                    let other = solver.copy()
                    guard (try? other.add(Constraint(LinearExpression(v), relation, target))) != nil,
                          other.isFeasible else { continue }
                    let errors = Self.levelErrors(other)
                    if errors.count == optimum.count, zip(errors, optimum).allSatisfy({ abs($0 - $1) <= 1e-7 }) {
                        moved = true
                        break
                    }
                }
                if !reported.contains(v) {
                    if moved { missed += 1 }
                    continue
                }
                #expect(moved, "seed \(seed): \(solver.name(of: v)) reported ambiguous but pinned")
            }
        }
        // The search stops one step from the optimum, yet on these systems it misses none.
        #expect(missed == 0)
        // Both kinds occur, so the check above is exercised and the report is not always empty.
        #expect(ambiguousSystems > 20)
        #expect(uniqueSystems > 20)
    }
}
