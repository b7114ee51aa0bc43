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
        // Kiwi's weights let the two 250s (total pull 2 * 250 * 10) beat the 251 (251 * 10) and
        // give 10 (checked with kiwisolver below); lexicographic levels give 0.
        let kiwi = try KiwiReference.run([
            "mode": "weighted",
            "systems": [[
                "variables": ["x", "y", "z"],
                "constraints": [
                    ["terms": [["x", 1], ["y", -1]], "constant": 0, "op": "==", "strength": "required"],
                    ["terms": [["x", 1], ["z", -1]], "constant": 0, "op": "==", "strength": "required"],
                    ["terms": [["x", 1]], "constant": 0, "op": "==", "strength": 251],
                    ["terms": [["y", 1]], "constant": -10, "op": "==", "strength": 250],
                    ["terms": [["z", 1]], "constant": -10, "op": "==", "strength": 250],
                ] as [[String: Any]],
            ] as [String: Any]],
        ] as [String: Any], as: [[[Double]]].self)
        #expect(kiwi == [[[10, 10, 10]]])
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

    @Test func everyDistinctPriorityValueIsItsOwnLevel() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable("z")
        try s.add(Constraint(x, .equal, LinearExpression(y)))
        try s.add(Constraint(x, .equal, LinearExpression(z)))
        try s.add(Constraint(x, .equal, 0, priority: Priority(250.5)))
        for _ in 0..<5 {
            try s.add(Constraint(y, .equal, 10, priority: .low))
            try s.add(Constraint(z, .equal, 10, priority: .low))
        }
        #expect(s.value(of: x) == 0)
    }

    @Test func errorsWithinOneLevelAddUp() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x, .equal, LinearExpression(y)))
        try s.add(Constraint(x, .equal, 0, priority: Priority(500)))
        try s.add(Constraint(y, .equal, 10, priority: Priority(500)))
        try s.add(Constraint(y, .greaterThanOrEqual, 10, priority: Priority(500)))
        #expect(s.value(of: x) == 10)
        // A weaker level only breaks ties the stronger levels leave open.
        let t = Solver()
        let a = t.makeVariable("a")
        try t.add(Constraint(a, .greaterThanOrEqual, 0, priority: .high))
        try t.add(Constraint(a, .lessThanOrEqual, 40, priority: .high))
        try t.add(Constraint(a, .equal, 100, priority: .low))
        try t.add(Constraint(a, .equal, -100, priority: .fittingSize))
        #expect(t.value(of: a) == 40)
    }

    @Test func expressionsCombineTermsOfTheSameVariable() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(2 * x + x - y / 2, .equal, 10 - x))   // 4x - y/2 == 10
        try s.add(Constraint(y, .equal, 4))
        #expect(s.value(of: x) == 3)
        #expect(s.name(of: x) == "x")
    }

    @Test func constraintsAcceptVariablesAndConstantsOnEitherSide() throws {
        let s = Solver()
        let a = s.makeVariable(), b = s.makeVariable(), c = s.makeVariable()
        try s.add(Constraint(a, .equal, 3))
        try s.add(Constraint(b, .equal, a))
        try s.add(Constraint(a + b, .lessThanOrEqual, c))
        try s.add(Constraint(c, .equal, 100, priority: .low))
        try s.add(Constraint(c, .lessThanOrEqual, a * 10 + 1))
        #expect([s.value(of: a), s.value(of: b), s.value(of: c)] == [3, 3, 31])
    }

    @Test func variablesMadeTogetherBehaveAsVariablesMadeOneByOne() throws {
        let s = Solver()
        let width = s.makeVariables(1, parameters: true)
        let frame = s.makeVariables(2)
        let named = s.makeVariable("after")
        #expect(width.map(\.id) == [0] && frame.map(\.id) == [1, 2] && named.id == 3)
        #expect(s.makeVariables(0).isEmpty && s.makeVariables(-1).isEmpty)
        #expect(s.name(of: frame[1]) == "" && s.name(of: named) == "after")
        // frame[0] = width / 2 - 5, frame[1] = frame[0] + 10; the width is a parameter.
        try s.add(Constraint(frame[0] * 2 + 10, .equal, width[0]))
        try s.add(Constraint(frame[1], .equal, frame[0] + 10))
        s.suggestValue(width[0], 100)
        #expect(s.value(of: frame[0]) == 45 && s.value(of: frame[1]) == 55)
        #expect(!s.suggestValue(frame[0], 1))
        #expect(s.tableau.invariantViolations() == [])
    }
}
