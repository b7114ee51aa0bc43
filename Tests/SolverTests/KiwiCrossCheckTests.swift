import Testing
@testable import Solver

/// Random systems with a unique lexicographic optimum, built incrementally, agree with
/// kiwisolver solving the same final system level by level (see Reference/kiwi_reference.py).
@Suite struct KiwiCrossCheckTests {
    static let seeds: [UInt64] = Array(1...400) + Array(10001...10040)

    @Test func randomSystemsAgreeWithKiwisolverToOneMillionth() throws {
        let systems = Self.seeds.map { RandomSystem(seed: $0) }
        let kiwi = try KiwiReference.run(
            ["mode": "lexicographic", "systems": systems.map(\.json)], as: [[Double]].self)
        try #require(kiwi.count == systems.count)
        var disagreements = 0
        for (index, system) in systems.enumerated() {
            let solver = Solver()
            let xs = try system.build(in: solver)
            for (i, x) in xs.enumerated() where abs(solver.value(of: x) - kiwi[index][i]) > 1e-6 {
                disagreements += 1
                Issue.record("seed \(Self.seeds[index]) x\(i): ours \(solver.value(of: x)), kiwi \(kiwi[index][i])")
            }
        }
        #expect(disagreements == 0)
    }

    @Test func sameCallsGiveBitIdenticalAnswers() throws {
        for seed in Self.seeds.prefix(100) {
            let system = RandomSystem(seed: seed)
            let a = Solver(), b = Solver()
            let xa = try system.build(in: a), xb = try system.build(in: b)
            let copy = a.copy()
            for i in xa.indices {
                #expect(a.value(of: xa[i]).bitPattern == b.value(of: xb[i]).bitPattern)
                #expect(copy.value(of: xa[i]).bitPattern == a.value(of: xa[i]).bitPattern)
            }
        }
    }
}

/// The tableau stays sound through every add, remove, edit and suggestion.
@Suite struct TableauInvariantTests {
    @Test func tableauInvariantsHoldThroughRandomIncrementalBuilds() throws {
        for seed in KiwiCrossCheckTests.seeds.prefix(150) + KiwiCrossCheckTests.seeds.suffix(20) {
            let system = RandomSystem(seed: seed)
            let solver = Solver()
            let xs = try system.build(in: solver)
            solver.tableau.resolve()
            #expect(solver.tableau.invariantViolations() == [], "seed \(seed)")
            // Further suggestions in both directions, and a conflict refused on the way.
            var rng = SplitMix64(seed: seed &* 7919)
            for x in xs where solver.hasEditVariable(x) {
                for _ in 0..<5 { solver.suggestValue(x, Double(Int.random(in: -400...800, using: &rng))) }
                _ = solver.value(of: x)
                #expect(solver.tableau.invariantViolations() == [], "seed \(seed) after suggestions")
            }
            _ = try? solver.add(Constraint(xs[0], .equal, LinearExpression(xs[0]) + 1))
            solver.tableau.resolve()
            #expect(solver.tableau.invariantViolations() == [], "seed \(seed) after a refused constraint")
        }
    }
}
