import Testing
@testable import Solver

/// A required constraint that cannot hold is refused with the constraints in conflict named, and
/// the solver goes on as if it had never been offered.
@Suite struct SolverConflictTests {
    @Test func conflictNamesTheNewConstraintAndTheRequiredOnesItContradicts() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable("z")
        try s.add(Constraint(x, .equal, 10, tag: 1))
        try s.add(Constraint(z, .equal, 5, tag: 7))
        try s.add(Constraint(y, .equal, 20, tag: 2))
        #expect(throws: SolverError(.unsatisfiable, tags: [3, 1, 2])) {
            try s.add(Constraint(x + y, .equal, 50, tag: 3))
        }
    }

    @Test func inequalityConflictNamesTheBoundsInvolved() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x, .greaterThanOrEqual, 10, tag: 1))
        try s.add(Constraint(y, .greaterThanOrEqual, 0, tag: 5))
        #expect(throws: SolverError(.unsatisfiable, tags: [2, 1])) {
            try s.add(Constraint(x, .lessThanOrEqual, 5, tag: 2))
        }
    }

    @Test func conflictThroughAChainNamesEveryLink() throws {
        let s = Solver()
        let a = s.makeVariable("a"), b = s.makeVariable("b"), c = s.makeVariable("c"), d = s.makeVariable("d")
        try s.add(Constraint(a, .equal, LinearExpression(b), tag: 1))
        try s.add(Constraint(b, .equal, c + 10, tag: 2))
        try s.add(Constraint(c, .greaterThanOrEqual, 0, tag: 3))
        try s.add(Constraint(d, .greaterThanOrEqual, 0, tag: 9))
        try s.add(Constraint(a, .equal, 0, priority: .low, tag: 8))
        #expect(throws: SolverError(.unsatisfiable, tags: [4, 1, 2, 3])) {
            try s.add(Constraint(a, .lessThanOrEqual, 5, tag: 4))
        }
    }

    @Test func contradictoryConstantsConflictWithThemselves() {
        let s = Solver()
        #expect(throws: SolverError(.unsatisfiable, tags: [6])) {
            try s.add(Constraint(LinearExpression(constant: 5), .equal, 3, tag: 6))
        }
        #expect(throws: SolverError(.unsatisfiable, tags: [7])) {
            try s.add(Constraint(LinearExpression(constant: 5), .lessThanOrEqual, 3, tag: 7))
        }
    }

    @Test func solverKeepsItsSolutionAndStaysUsableAfterAConflict() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x, .greaterThanOrEqual, 10, tag: 1))
        try s.add(Constraint(x + y, .equal, 100, tag: 2))
        try s.add(Constraint(x, .equal, 0, priority: .high, tag: 3))
        try s.addEditVariable(y, priority: .low)
        s.suggestValue(y, 70)
        #expect(s.value(of: x) == 10 && s.value(of: y) == 90)
        let rows = s.rowCount
        #expect(throws: SolverError.self) { try s.add(Constraint(y, .greaterThanOrEqual, 95, tag: 4)) }
        #expect(s.value(of: x) == 10 && s.value(of: y) == 90)
        #expect(s.rowCount == rows)
        // Edits, removals and further adds behave as if the refused constraint was never offered.
        let raise = try s.add(Constraint(x, .greaterThanOrEqual, 12, tag: 5))
        #expect(s.value(of: x) == 12 && s.value(of: y) == 88)
        s.remove(raise)
        #expect(s.value(of: x) == 10 && s.value(of: y) == 90)
        try s.add(Constraint(y, .greaterThanOrEqual, 90, tag: 6))
        #expect(s.value(of: x) == 10 && s.value(of: y) == 90)
    }

    @Test func nonFiniteCoefficientsAreRefusedNotSolved() {
        let s = Solver()
        let x = s.makeVariable("x")
        #expect(throws: SolverError(.nonFiniteValue, tags: [1])) {
            try s.add(Constraint(x / 0, .equal, 3, tag: 1))
        }
        #expect(throws: SolverError(.nonFiniteValue, tags: [2])) {
            try s.add(Constraint(x, .equal, .nan, tag: 2))
        }
    }

    @Test func variablesOfAnotherSolverAreRefused() {
        let other = Solver()
        _ = other.makeVariable()
        let foreign = other.makeVariable()
        let s = Solver()
        _ = s.makeVariable()
        #expect(throws: SolverError(.unknownVariable(Variable(id: 1)), tags: [3])) {
            try s.add(Constraint(foreign, .equal, 1, tag: 3))
        }
        #expect(throws: SolverError(.unknownVariable(foreign))) { try s.addEditVariable(foreign, priority: .high) }
    }

    @Test func nonRequiredConstraintsNeverConflict() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(Constraint(x, .equal, 10))
        try s.add(Constraint(x, .equal, 20, priority: Priority(999)))
        try s.add(Constraint(x, .greaterThanOrEqual, 30, priority: Priority(999)))
        #expect(s.value(of: x) == 10)
    }
}
