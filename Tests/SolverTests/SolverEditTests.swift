import Testing
@testable import Solver

/// Edit variables, `suggestValue`'s incremental re-solve, removal and copies.
@Suite struct SolverEditTests {
    /// A content view of width `w` with a 16-point inset label that hugs at 250 and resists at 750.
    func makeCell(_ s: Solver) throws -> (width: Variable, left: Variable, right: Variable, label: Variable) {
        let width = s.makeVariable("width"), left = s.makeVariable("left")
        let right = s.makeVariable("right"), label = s.makeVariable("label")
        try s.addEditVariable(width, priority: .required)
        try s.add(Constraint(left, .equal, 16))
        try s.add(Constraint(right, .lessThanOrEqual, width - 16))
        try s.add(Constraint(label, .equal, right - left))
        try s.add(Constraint(label, .lessThanOrEqual, 200, priority: .low))     // hugging
        try s.add(Constraint(label, .greaterThanOrEqual, 200, priority: .high)) // compression
        return (width, left, right, label)
    }

    @Test func suggestValueMovesTheSolutionIncrementally() throws {
        let s = Solver()
        let cell = try makeCell(s)
        for (w, label) in [(375.0, 200.0), (100.0, 68.0), (232.0, 200.0), (0.0, -32.0), (1000.0, 200.0)] {
            #expect(s.suggestValue(cell.width, w))
            #expect(s.value(of: cell.width) == w)
            #expect(s.value(of: cell.label) == label, "width \(w)")
        }
    }

    @Test func incrementalAnswersEqualAFreshSolve() throws {
        let incremental = Solver()
        let cell = try makeCell(incremental)
        let widths = [320.0, 90.0, 414.0, 17.5, 250.25]
        for w in widths {
            incremental.suggestValue(cell.width, w)
            let fresh = Solver()
            let f = try makeCell(fresh)
            fresh.suggestValue(f.width, w)
            for (a, b) in [(cell.left, f.left), (cell.right, f.right), (cell.label, f.label)] {
                #expect(incremental.value(of: a) == fresh.value(of: b))
            }
        }
    }

    @Test func requiredEditWinsOverEveryPreferenceButYieldsToRequiredConstraints() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(Constraint(x, .lessThanOrEqual, 100))
        try s.add(Constraint(x, .equal, 40, priority: Priority(999)))
        try s.addEditVariable(x, priority: .required)
        s.suggestValue(x, 70)
        #expect(s.value(of: x) == 70)
        s.suggestValue(x, 150)
        #expect(s.value(of: x) == 100)
    }

    @Test func suggestValueRefusesUnknownEditsAndNonFiniteValues() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.addEditVariable(x, priority: .high)
        s.suggestValue(x, 3)
        #expect(!s.suggestValue(y, 4))
        #expect(!s.suggestValue(x, .infinity))
        #expect(!s.suggestValue(x, .nan))
        #expect(s.value(of: x) == 3)
        #expect(throws: SolverError(.duplicateEditVariable(x))) { try s.addEditVariable(x, priority: .low) }
    }

    @Test func removingAnEditReleasesItsVariable() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(Constraint(x, .equal, 5, priority: .low))
        try s.addEditVariable(x, priority: .high)
        s.suggestValue(x, 42)
        #expect(s.value(of: x) == 42)
        s.removeEditVariable(x)
        #expect(!s.hasEditVariable(x))
        #expect(s.value(of: x) == 5)
        try s.addEditVariable(x, priority: .high)
        s.suggestValue(x, 7)
        #expect(s.value(of: x) == 7)
    }

    @Test func removingConstraintsRestoresWeakerAnswers() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        let pin = try s.add(Constraint(x, .equal, 10))
        let strong = try s.add(Constraint(x, .equal, 20, priority: .high))
        try s.add(Constraint(x, .equal, 30, priority: .low))
        try s.add(Constraint(y, .equal, x * 2))
        #expect(s.value(of: x) == 10 && s.value(of: y) == 20)
        s.remove(pin)
        #expect(s.value(of: x) == 20 && s.value(of: y) == 40)
        s.remove(strong)
        #expect(s.value(of: x) == 30 && s.value(of: y) == 60)
        s.remove(strong)
        #expect(!s.contains(strong))
        #expect(s.value(of: x) == 30)
        try s.add(Constraint(x, .lessThanOrEqual, 25))
        #expect(s.value(of: x) == 25 && s.value(of: y) == 50)
    }

    @Test func removingAnInequalityThatWasNotTightChangesNothing() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(Constraint(x, .equal, 7, priority: .high))
        let loose = try s.add(Constraint(x, .lessThanOrEqual, 50))
        let tight = try s.add(Constraint(x, .lessThanOrEqual, 5))
        #expect(s.value(of: x) == 5)
        s.remove(loose)
        #expect(s.value(of: x) == 5)
        s.remove(tight)
        #expect(s.value(of: x) == 7)
    }

    @Test func copyIsAnIndependentSolvedSolver() throws {
        let s = Solver()
        let cell = try makeCell(s)
        s.suggestValue(cell.width, 375)
        let clone = s.copy()
        #expect(clone.value(of: cell.label) == 200)
        clone.suggestValue(cell.width, 100)
        #expect(clone.value(of: cell.label) == 68)
        #expect(s.value(of: cell.label) == 200)
        try clone.add(Constraint(cell.label, .equal, 10))
        #expect(s.value(of: cell.label) == 200)
        #expect(clone.value(of: cell.label) == 10)
    }
}

/// Removing a constraint that made another required equality redundant keeps that equality.
@Suite struct SolverRedundancyTests {
    @Test func removingAConstraintKeepsTheRequiredEqualitiesItMadeRedundant() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x, .equal, LinearExpression(y)))
        let pin = try s.add(Constraint(y, .equal, 5))
        try s.add(Constraint(x, .equal, 5))             // implied by the two above
        try s.add(Constraint(y, .equal, 20, priority: Priority(1)))
        try s.add(Constraint(x, .lessThanOrEqual, 100))
        try s.add(Constraint(x, .equal, 30, priority: .low))
        s.remove(pin)
        #expect(s.value(of: x) == 5 && s.value(of: y) == 5)
    }

    @Test func duplicateRequiredConstraintsCanBeRemovedOneByOne() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let first = try s.add(Constraint(x, .equal, 8))
        let second = try s.add(Constraint(x, .equal, 8))
        try s.add(Constraint(x, .equal, 1, priority: .high))
        s.remove(first)
        #expect(s.value(of: x) == 8)
        s.remove(second)
        #expect(s.value(of: x) == 1)
    }
}

/// Snapshots carry a solved template across threads.
@Suite struct SolverSnapshotTests {
    @Test func snapshotsStartIndependentSolversOnOtherThreads() async throws {
        let s = Solver()
        let x = s.makeVariable("x"), w = s.makeVariable("w")
        try s.addEditVariable(w, priority: .required)
        try s.add(Constraint(x, .equal, w * 0.5 - 8))
        s.suggestValue(w, 100)
        let snapshot = s.snapshot()
        let results = try await withThrowingTaskGroup(of: (Double, Double).self) { group in
            for width in [200.0, 320.0, 375.0] {
                group.addTask {
                    let local = Solver(snapshot)
                    local.suggestValue(w, width)
                    return (width, local.value(of: x))
                }
            }
            var results: [Double: Double] = [:]
            for try await (width, value) in group { results[width] = value }
            return results
        }
        #expect(results == [200: 92, 320: 152, 375: 179.5])
        #expect(s.value(of: x) == 42)
    }
}
