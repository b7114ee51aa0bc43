import TestCommons
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
        var refusals = 0
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
            // A refused constraint leaves the same solution (the same basis: only round-off of
            // undoing its pivots, far below 1e-9).
            for x in xs {
                let before = xs.map { solver.value(of: $0) }
                do {
                    let pushed = try solver.add(Constraint(x, .greaterThanOrEqual, solver.value(of: x) + 1_000_000))
                    solver.remove(pushed)
                } catch {
                    refusals += 1
                    for (i, v) in xs.enumerated() {
                        let moved = abs(solver.value(of: v) - before[i])
                        #expect(moved <= 1e-9 * max(1, abs(before[i])), "seed \(seed): refusal moved x\(i) by \(moved)")
                    }
                }
            }
            solver.tableau.resolve()
            #expect(solver.tableau.invariantViolations() == [], "seed \(seed) after refused constraints")
        }
        #expect(refusals > 100)
    }
}
