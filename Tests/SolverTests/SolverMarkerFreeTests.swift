import TestCommons
import Testing
@testable import Solver

/// A solver made with `removableEqualities: false` drops the marker column of each required
/// equality; it promises a solver with markers' values bit for bit while
/// `equalityMarkersNeeded` stays false, a valid solution otherwise, and says when.
@Suite struct SolverMarkerFreeTests {
    /// Every random system's final constraints with a third of the variables made parameters,
    /// added to both kinds of solver and re-solved at three sets of parameter values.
    @Test func randomSystemsGiveTheValuesOfASolverWithMarkers() throws {
        var exact = 0, flagged = 0, infeasible = 0
        for seed in KiwiCrossCheckTests.seeds {
            let system = RandomSystem(seed: seed)
            let parameters = Set((0..<system.count).filter { $0 % 3 == 1 })
            let withMarkers = Solver(), without = Solver(removableEqualities: false)
            // A required edit's last suggestion (priority 1000, not required) is left out: added
            // as a constraint it would be a hard one.
            let specs = system.final.filter { $0.required || $0.priority < 1000 }
            let xs = try build(specs, count: system.count, parameters: parameters, in: withMarkers)
            let ys = try build(specs, count: system.count, parameters: parameters, in: without)
            var rng = SplitMix64(seed: seed &* 7_919)
            for _ in 0..<3 {
                for p in parameters.sorted() {
                    let value = Double(Int.random(in: -20...320, using: &rng))
                    withMarkers.suggestValue(xs[p], value)
                    without.suggestValue(ys[p], value)
                }
                #expect(withMarkers.isFeasible == without.isFeasible, "seed \(seed)")
                if !without.isFeasible {
                    infeasible += 1
                    continue
                }
                #expect(without.tableau.invariantViolations() == [], "seed \(seed)")
                for i in 0..<system.count {
                    let a = withMarkers.value(of: xs[i]), b = without.value(of: ys[i])
                    if without.equalityMarkersNeeded {
                        #expect(abs(a - b) <= 1e-6, "seed \(seed) x\(i): \(a) vs \(b)")
                    } else {
                        #expect(a.bitPattern == b.bitPattern, "seed \(seed) x\(i): \(a) vs \(b)")
                    }
                }
            }
            #expect(!withMarkers.equalityMarkersNeeded)
            if without.equalityMarkersNeeded {
                flagged += 1
            } else {
                exact += 1
                // The same rows without the marker columns.
                #expect(without.tableau.rows.count == withMarkers.tableau.rows.count, "seed \(seed)")
                #expect(without.tableau.rows.reduce(0) { $0 + $1.count }
                        <= withMarkers.tableau.rows.reduce(0) { $0 + $1.count }, "seed \(seed)")
            }
        }
        // Both promises are exercised (the random systems pin many parameters by equalities,
        // which freezes parameters where only markers could take their place).
        #expect(exact > 100 && flagged > 100 && infeasible > 500, "exact \(exact), flagged \(flagged), infeasible \(infeasible)")
    }

    @Test func anEqualityImpliedByOthersOrAConflictSaysMarkersAreNeeded() throws {
        let s = Solver(removableEqualities: false)
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(Constraint(x, .equal, 10))
        try s.add(Constraint(y, .equal, x + 5))
        #expect(!s.equalityMarkersNeeded)
        try s.add(Constraint(y, .equal, 15))  // implied by the two above
        #expect(s.equalityMarkersNeeded && s.value(of: y) == 15)

        let t = Solver(removableEqualities: false)
        let a = t.makeVariable()
        try t.add(Constraint(a, .equal, 10))
        #expect(throws: SolverError.self) { try t.add(Constraint(a, .equal, 11)) }
        #expect(t.equalityMarkersNeeded && t.value(of: a) == 10)
    }

    @Test func aRequiredEqualityCannotBeRemovedButOtherConstraintsCan() throws {
        let s = Solver(removableEqualities: false)
        let x = s.makeVariable()
        let pin = try s.add(Constraint(x, .equal, 10))
        let floor = try s.add(Constraint(x, .greaterThanOrEqual, 0))
        let pull = try s.add(Constraint(x, .equal, 50, priority: .high))
        s.remove(pin)
        #expect(s.contains(pin) && s.value(of: x) == 10)
        s.remove(floor)
        s.remove(pull)
        #expect(!s.contains(floor) && !s.contains(pull) && s.value(of: x) == 10)
        #expect(s.tableau.invariantViolations() == [])
    }

    /// `specs` over `count` variables added in order, the variables in `parameters` made parameters.
    private func build(_ specs: [RandomSystem.Spec], count: Int, parameters: Set<Int>, in solver: Solver) throws -> [Variable] {
        let xs = (0..<count).map { parameters.contains($0) ? solver.makeParameter() : solver.makeVariable() }
        for s in specs {
            var e = LinearExpression(constant: s.constant)
            for (i, k) in s.terms { e = e + k * xs[i] }
            try solver.add(Constraint(e, s.relation, 0, priority: s.required ? .required : Priority(s.priority)))
        }
        return xs
    }
}
