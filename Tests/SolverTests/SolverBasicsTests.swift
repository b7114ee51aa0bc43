import Testing
@testable import Solver

/// The solver's promises on small systems whose answers are worked out by hand.
@Suite struct SolverBasicsTests {
    @Test func requiredEqualitiesAreSolvedExactly() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x + y, .equal, 10))
        try s.add(Constraint(x - y, .equal, 4))
        #expect(s.value(of: x) == 7)
        #expect(s.value(of: y) == 3)
    }

    @Test func inequalitiesBoundWeakerPreferences() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(Constraint(x, .greaterThanOrEqual, 5))
        try s.add(Constraint(x, .lessThanOrEqual, 8))
        try s.add(Constraint(x, .equal, 3, priority: .high))
        #expect(s.value(of: x) == 5)
        try s.add(Constraint(x, .equal, 20, priority: Priority(999)))
        #expect(s.value(of: x) == 8)
    }

    @Test func higherPriorityBeatsAnyAmountOfLowerError() throws {
        // Kiwi's weights would let the two 250s (total pull 2 * 250 * 10) beat the 251 (251 * 10)
        // and give 10; lexicographic levels give 0.
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable("z")
        try s.add(Constraint(x, .equal, LinearExpression(y)))
        try s.add(Constraint(x, .equal, LinearExpression(z)))
        try s.add(Constraint(x, .equal, 0, priority: Priority(251)))
        try s.add(Constraint(y, .equal, 10, priority: Priority(250)))
        try s.add(Constraint(z, .equal, 10, priority: Priority(250)))
        #expect(s.value(of: x) == 0)
        #expect(s.value(of: y) == 0)
        #expect(s.value(of: z) == 0)
    }
}
