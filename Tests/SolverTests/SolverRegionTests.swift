import TestCommons
import Testing
@testable import Solver

/// Parametric regions: a re-solve after parameter suggestions is answered by a remembered
/// optimal basis still feasible at the new values, with the values the dual simplex would give.
@Suite struct SolverRegionTests {
    /// `bottom >= top_i + height_i` for four parameter heights, `bottom` pulled up weakly: which
    /// of the four is tight decides the basis, so rows fall into four regions.
    func tallestOfFour(_ s: Solver) throws -> (heights: [Variable], bottom: Variable) {
        let heights = (0..<4).map { _ in s.makeParameter() }
        let bottom = s.makeVariable("bottom")
        for (i, h) in heights.enumerated() {
            try s.add(Constraint(bottom, .greaterThanOrEqual, h + Double(8 * i)))
        }
        try s.add(Constraint(bottom, .equal, 0, priority: .fittingSize))
        s.fixParameters()
        return (heights, bottom)
    }

    @Test func aRowInARememberedRegionIsAnsweredWithoutPivoting() throws {
        let s = Solver()
        let (heights, bottom) = try tallestOfFour(s)
        // One row per region, then the same regions again with other values.
        let rows: [[Double]] = [[50, 10, 10, 10], [10, 60, 10, 10], [10, 10, 70, 10], [10, 10, 10, 80]]
        for row in rows {
            for (h, v) in zip(heights, row) { s.suggestValue(h, v) }
            #expect(s.value(of: bottom) == zip(row, 0...).map { $0 + Double(8 * $1) }.max()!)
        }
        let pivots = s.pivotCount
        #expect(s.tableau.regions.count == 4)
        for k in 0..<40 {
            let row = (0..<4).map { i in Double((k * 7 + i * 13) % 90) }
            for (h, v) in zip(heights, row) { s.suggestValue(h, v) }
            #expect(s.value(of: bottom) == zip(row, 0...).map { $0 + Double(8 * $1) }.max()!, "row \(row)")
        }
        #expect(s.pivotCount == pivots)
    }

    @Test func regionsGiveTheDualSimplexValuesOnRandomSystems() throws {
        // The same systems and suggestions solved twice, with regions and without (the plain
        // dual simplex, itself checked against kiwisolver): the same feasibility and values.
        var answeredByRegions = 0
        for seed in KiwiCrossCheckTests.seeds.prefix(120) {
            let system = RandomSystem(seed: seed)
            let edited = system.editedVariables
            let parameters = (0..<system.count).filter { $0 % 3 == 1 && !edited.contains($0) }
            if parameters.isEmpty { continue }
            let fast = Solver(), plain = Solver()
            let xs = try system.build(in: fast, parameters: Set(parameters))
            let ys = try system.build(in: plain, parameters: Set(parameters))
            plain.tableau.regionsEnabled = false
            var rng = SplitMix64(seed: seed &* 7_919)
            // Few distinct values, so rows come back to regions seen before.
            let choices: [Double] = [0, 12, 40, 41, 120, 300]
            for round in 0..<24 {
                let values = parameters.map { _ in choices[Int(rng.next() % UInt64(choices.count))] }
                for (p, v) in zip(parameters, values) {
                    fast.suggestValue(xs[p], v)
                    plain.suggestValue(ys[p], v)
                }
                let pivots = fast.tableau.pivotCount
                #expect(fast.isFeasible == plain.isFeasible, "seed \(seed) round \(round)")
                guard plain.isFeasible else { continue }
                if fast.tableau.pivotCount == pivots && fast.tableau.activeRegion >= 0 { answeredByRegions += 1 }
                for (x, y) in zip(xs, ys) where abs(fast.value(of: x) - plain.value(of: y)) > 1e-9 {
                    Issue.record("seed \(seed) round \(round): \(fast.value(of: x)) with regions, \(plain.value(of: y)) without")
                }
            }
        }
        // The comparison is not vacuous: many rows were answered by a region.
        #expect(answeredByRegions > 200, "\(answeredByRegions) rows answered by regions")
    }

    @Test func moreRegionsThanRememberedStillSolveCorrectly() throws {
        // Eight parameters, each possibly the tallest: more regions than `maximumRegions`.
        let s = Solver()
        let heights = (0..<12).map { _ in s.makeParameter() }
        let bottom = s.makeVariable()
        for h in heights { try s.add(Constraint(bottom, .greaterThanOrEqual, LinearExpression(h))) }
        try s.add(Constraint(bottom, .equal, 0, priority: .fittingSize))
        for k in 0..<200 {
            let tallest = (k * 5) % heights.count
            for (i, h) in heights.enumerated() { s.suggestValue(h, i == tallest ? 100 + Double(k) : Double(i)) }
            #expect(s.value(of: bottom) == 100 + Double(k))
            #expect(s.tableau.regions.count <= maximumRegions)
        }
    }

    @Test func aRequiredConstraintThatCannotHoldIsReportedAfterRegionsAnswered() throws {
        let s = Solver()
        let p = s.makeParameter(), w = s.makeVariable()
        try s.add(Constraint(w, .lessThanOrEqual, LinearExpression(p)))
        try s.add(Constraint(w, .greaterThanOrEqual, 100))
        try s.add(Constraint(w, .equal, 0, priority: .low))
        for (value, feasible) in [(150.0, true), (160.0, true), (150.0, true), (50.0, false), (170.0, true), (40.0, false)] {
            s.suggestValue(p, value)
            #expect(s.isFeasible == feasible, "p = \(value)")
            if feasible { #expect(s.value(of: w) == 100) }
        }
    }

    @Test func addingAConstraintOrSuggestingAnEditForgetsTheRegions() throws {
        let s = Solver()
        let (heights, bottom) = try tallestOfFour(s)
        for (h, v) in zip(heights, [50.0, 10, 10, 10]) { s.suggestValue(h, v) }
        #expect(s.value(of: bottom) == 50)
        #expect(!s.tableau.regions.isEmpty)
        try s.add(Constraint(bottom, .greaterThanOrEqual, 200))
        #expect(s.tableau.regions.isEmpty)
        #expect(s.value(of: bottom) == 200)
        for (h, v) in zip(heights, [50.0, 300, 10, 10]) { s.suggestValue(h, v) }
        #expect(s.value(of: bottom) == 308)
        // An edit's constant is part of every region's values.
        let top = s.makeVariable()
        try s.add(Constraint(top, .lessThanOrEqual, LinearExpression(bottom)))
        try s.addEditVariable(top, priority: .high)
        s.suggestValue(heights[0], 20)
        #expect(s.value(of: bottom) == 308)
        #expect(!s.tableau.regions.isEmpty)
        s.suggestValue(top, 30)
        #expect(s.tableau.regions.isEmpty)
        #expect(s.value(of: top) == 30 && s.value(of: bottom) == 308)
        // The edit (750) outweighs the pull on the bottom (50).
        s.suggestValue(top, 500)
        #expect(s.value(of: top) == 500 && s.value(of: bottom) == 500)
    }

    @Test func theListOfChangedParametersStaysBoundedWhileRegionsAnswer() throws {
        let s = Solver()
        let (heights, bottom) = try tallestOfFour(s)
        for k in 0..<2_000 {
            // Values alternate around the last solved ones, so each parameter is listed anew often.
            for (i, h) in heights.enumerated() { s.suggestValue(h, Double(10 + (k + i) % 3)) }
            _ = s.value(of: bottom)
        }
        #expect(s.tableau.changedParameters.count <= max(64, s.tableau.kinds.count))
        // The rows still catch up correctly when the tableau next has to pivot.
        s.suggestValue(heights[2], 500)
        s.tableau.regionsEnabled = false
        s.suggestValue(heights[1], 1)
        #expect(s.value(of: bottom) == 516)
        #expect(s.tableau.invariantViolations() == [])
    }
}
