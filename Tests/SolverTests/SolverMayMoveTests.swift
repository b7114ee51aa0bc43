import Testing
@testable import Solver

/// `Solver.mayMove` answers for one variable what `movableVariables()` lists.
struct SolverMayMoveTests {
    @Test func mayMoveIsWhetherTheMovableVariablesNameTheVariable() throws {
        // a + b == w, both pulled to 0 alike: every split with both >= 0 is as good; c is pinned.
        let s = Solver()
        let w = s.makeParameter("w"), a = s.makeVariable("a"), b = s.makeVariable("b"), c = s.makeVariable("c")
        try s.add(Constraint(a + b, .equal, LinearExpression(w)))
        for v in [a, b] {
            try s.add(Constraint(v, .greaterThanOrEqual, 0))
            try s.add(Constraint(v, .equal, 0, priority: Priority(250)))
        }
        try s.add(Constraint(c, .equal, LinearExpression(w) + 1))
        s.fixParameters()
        for value in [10.0, 30] {
            s.suggestValue(w, value)
            let movable = try #require(s.movableVariables())
            #expect([a, b, c, w].map { s.mayMove($0) } == [a, b, c, w].map { movable.contains($0) })
            #expect(s.mayMove(a) == true && s.mayMove(b) == true && s.mayMove(c) == false)
        }
    }

    @Test func aSolverWithoutRegionsCannotTellWhatMayMove() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(Constraint(x, .equal, 3))
        #expect(s.mayMove(x) == nil)
    }
}
