import TestCommons
import Testing
@testable import Solver

/// Parameters: caller-set values held as row columns (no edit constraint), free while the
/// system is built, fixed after; required constraints that cannot hold at their values are
/// reported by `isFeasible`, never relaxed.
@Suite struct SolverParameterTests {
    @Test func parameterValuesEnterTheRowsAsConstants() throws {
        let s = Solver()
        let p = s.makeParameter("p"), x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x, .equal, p + 10))
        try s.add(Constraint(y, .equal, 2 * x - p))
        #expect(!s.hasEditVariable(p))
        for value in [5.0, -3.0, 120.5, 5.0] {
            #expect(s.suggestValue(p, value))
            #expect(s.value(of: p) == value)
            #expect(s.value(of: x) == value + 10)
            #expect(s.value(of: y) == value + 20)
            #expect(s.isFeasible)
        }
        #expect(!s.suggestValue(p, .nan))
        #expect(s.value(of: p) == 5)
        // Several suggestions before a read (one moving back to the solved value) count as the last.
        s.suggestValue(p, 7)
        s.suggestValue(p, 5)
        s.suggestValue(p, 9)
        #expect(s.value(of: x) == 19 && s.value(of: y) == 29)
        // A parameter made after fixing is held at 0 until suggested.
        let q = s.makeParameter("q"), z = s.makeVariable("z")
        try s.add(Constraint(z, .equal, x + q))
        #expect(s.value(of: z) == 19)
        s.suggestValue(q, 4)
        #expect(s.value(of: z) == 23)
    }

    @Test func aRequiredInequalityThatCannotHoldAtTheValuesMakesTheSolverInfeasible() throws {
        let s = Solver()
        let p = s.makeParameter("intrinsic"), w = s.makeVariable("width")
        try s.add(Constraint(w, .lessThanOrEqual, LinearExpression(p)))   // hugging at 1000
        try s.add(Constraint(w, .greaterThanOrEqual, 100))                // required minimum
        try s.add(Constraint(w, .equal, LinearExpression(p), priority: .low))
        for (value, feasible) in [(150.0, true), (50.0, false), (99.9999999, true), (99.99, false), (120.0, true)] {
            s.suggestValue(p, value)
            #expect(s.isFeasible == feasible, "p = \(value)")
            if feasible { #expect(abs(s.value(of: w) - max(value, 100)) < 1e-6, "p = \(value)") }
        }
    }

    @Test func aRequiredEqualityOverParametersAloneIsCheckedAtEverySolve() throws {
        // left == 16, width == 400, left + width + 16 == W: holds only at W == 432.
        let s = Solver()
        let widthOfRow = s.makeParameter("W"), left = s.makeVariable("left"), width = s.makeVariable("width")
        try s.add(Constraint(left, .equal, 16))
        try s.add(Constraint(width, .equal, 400))
        try s.add(Constraint(left + width + 16, .equal, LinearExpression(widthOfRow)))
        for (value, feasible) in [(432.0, true), (375.0, false), (432.0, true), (500.0, false)] {
            s.suggestValue(widthOfRow, value)
            #expect(s.isFeasible == feasible, "W = \(value)")
        }
    }

    @Test func aConflictForEveryParameterValueIsRefusedWhenAdded() throws {
        let s = Solver()
        let p = s.makeParameter("p"), x = s.makeVariable("x")
        try s.add(Constraint(x, .equal, LinearExpression(p), tag: 1))
        #expect(throws: SolverError(.unsatisfiable, tags: [2, 1])) {
            try s.add(Constraint(x, .equal, p + 1, tag: 2))
        }
        // Parameters are free until fixed: this one only needs some value of p.
        try s.add(Constraint(x, .greaterThanOrEqual, 50, tag: 3))
        s.suggestValue(p, 70)
        #expect(s.isFeasible && s.value(of: x) == 70)
        s.suggestValue(p, 20)
        #expect(!s.isFeasible)
    }

    @Test func parametersAreNotEditVariables() throws {
        let s = Solver()
        let p = s.makeParameter()
        #expect(throws: SolverError.self) { try s.addEditVariable(p, priority: .high) }
        s.removeEditVariable(p)
        try s.add(Constraint(s.makeVariable(), .equal, LinearExpression(p)))
        #expect(s.suggestValue(p, 3))
        #expect(s.value(of: p) == 3)
    }
}

/// Random systems with some variables made parameters agree with kiwisolver solving the same
/// system with each parameter pinned by a required equality: the same values when kiwi finds
/// the required constraints satisfiable, `isFeasible == false` exactly when it refuses them.
@Suite struct ParameterCrossCheckTests {
    @Test func randomSystemsWithParametersAgreeWithKiwisolverOnValuesAndFeasibility() throws {
        let seeds = Array(KiwiCrossCheckTests.seeds.prefix(160)) + Array(KiwiCrossCheckTests.seeds.suffix(40))
        var cases: [(seed: UInt64, system: RandomSystem, parameters: [Int], rounds: [[Double]])] = []
        var references: [[String: Any]] = []
        for seed in seeds {
            let system = RandomSystem(seed: seed)
            let edited = system.editedVariables
            let parameters = (0..<system.count).filter { $0 % 3 == 1 && !edited.contains($0) }
            if parameters.isEmpty { continue }
            var rng = SplitMix64(seed: seed &* 104_729)
            let rounds = (0..<3).map { _ in parameters.map { _ in Double(Int.random(in: -20...320, using: &rng)) } }
            cases.append((seed, system, parameters, rounds))
            for values in rounds {
                var json = system.json
                var constraints = json["constraints"] as! [[String: Any]]
                for (p, value) in zip(parameters, values) {
                    constraints.append(["terms": [[p, 1.0]], "constant": -value, "op": "==", "priority": 1000.0,
                                        "required": true])
                }
                json["constraints"] = constraints
                references.append(json)
            }
        }
        let kiwi = try KiwiReference.run(["mode": "lexicographic", "systems": references], as: [[Double]?].self)
        try #require(kiwi.count == references.count)
        var next = 0, infeasible = 0, feasible = 0, disagreements = 0
        for c in cases {
            let solver = Solver()
            let xs = try c.system.build(in: solver, parameters: Set(c.parameters))
            for values in c.rounds {
                for (p, value) in zip(c.parameters, values) { solver.suggestValue(xs[p], value) }
                let expected = kiwi[next]
                next += 1
                if solver.isFeasible != (expected != nil) {
                    disagreements += 1
                    Issue.record("seed \(c.seed): isFeasible \(solver.isFeasible), kiwi \(expected == nil ? "refuses" : "solves")")
                    continue
                }
                guard let expected else {
                    infeasible += 1
                    continue
                }
                feasible += 1
                #expect(solver.tableau.invariantViolations() == [], "seed \(c.seed)")
                for (i, x) in xs.enumerated() where abs(solver.value(of: x) - expected[i]) > 1e-6 {
                    disagreements += 1
                    Issue.record("seed \(c.seed) x\(i): ours \(solver.value(of: x)), kiwi \(expected[i])")
                }
            }
        }
        #expect(disagreements == 0)
        // Both kinds of answer are exercised.
        #expect(feasible > 100 && infeasible > 100, "feasible \(feasible), infeasible \(infeasible)")
    }
}

/// `addSoftEquality`: one equality priced differently on each side equals the hugging and
/// compression-resistance pair of inequalities it stands for.
@Suite struct SoftEqualityTests {
    /// Two labels between the content view's edges, each with an intrinsic width (parameters),
    /// hugging and resisting at the given priorities; `soft` writes each pair as one equality.
    func layout(soft: Bool, width: Double, intrinsic: (Double, Double),
                priorities: (hug: Double, resist: Double, hug2: Double, resist2: Double)) throws -> [Double] {
        let s = Solver()
        let w = s.makeParameter(), p1 = s.makeParameter(), p2 = s.makeParameter()
        let a = s.makeVariable(), b = s.makeVariable(), gap = s.makeVariable()
        try s.add(Constraint(8 + a + gap + b + 8, .equal, LinearExpression(w)))
        try s.add(Constraint(gap, .greaterThanOrEqual, 4))
        try s.add(Constraint(gap, .equal, 4, priority: Priority(100)))
        for (size, p, hug, resist) in [(a, p1, priorities.hug, priorities.resist), (b, p2, priorities.hug2, priorities.resist2)] {
            let terms = [LinearTerm(size, 1), LinearTerm(p, -1)]
            if soft {
                try terms.withUnsafeBufferPointer { (t) throws(SolverError) in
                    try s.addSoftEquality(terms: t, constant: 0, excess: Priority(hug), shortfall: Priority(resist))
                }
            } else {
                try s.add(Constraint(size, .lessThanOrEqual, LinearExpression(p), priority: Priority(hug)))
                try s.add(Constraint(size, .greaterThanOrEqual, LinearExpression(p), priority: Priority(resist)))
            }
        }
        s.suggestValue(w, width)
        s.suggestValue(p1, intrinsic.0)
        s.suggestValue(p2, intrinsic.1)
        return [a, b, gap].map { s.value(of: $0) }
    }

    @Test func aSoftEqualityGivesThePairsOptimum() throws {
        let cases: [(Double, (Double, Double), (Double, Double, Double, Double))] = [
            (375, (120, 80), (250, 750, 251, 750)),   // room to spare: the lower hugging stretches
            (200, (120, 80), (250, 750, 250, 751)),   // too narrow: the lower resistance gives
            (100, (120, 80), (250, 750, 250, 749)),
            (375, (400, 10), (700, 300, 250, 749)),   // hugging above resistance
            (212, (120, 80), (250, 750, 251, 750)),   // exactly the intrinsic widths
        ]
        for (width, intrinsic, priorities) in cases {
            let pair = try layout(soft: false, width: width, intrinsic: intrinsic, priorities: priorities)
            let soft = try layout(soft: true, width: width, intrinsic: intrinsic, priorities: priorities)
            #expect(zip(pair, soft).allSatisfy { abs($0 - $1) < 1e-9 }, "width \(width): pair \(pair), soft \(soft)")
        }
    }
}
