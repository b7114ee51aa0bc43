import Testing
@testable import Solver

/// Random systems with a unique lexicographic optimum, built incrementally, agree with
/// kiwisolver solving the same final system level by level (see Reference/kiwi_reference.py).
@Suite struct KiwiCrossCheckTests {
    static let seeds: [UInt64] = Array(1...400)

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
