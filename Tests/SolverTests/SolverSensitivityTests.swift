import Testing
@testable import Solver

/// The current solution as an affine function of one parameter: its slope and the range of the
/// parameter over which the basis holds.
@Suite struct SolverSensitivityTests {
    /// `x == p - 10`, `y >= x`, `y >= 30`, `y` pulled to 0 weakly: `y` is 30 while `p <= 40`,
    /// then follows `x`.
    func system() throws -> (Solver, p: Variable, x: Variable, y: Variable) {
        let s = Solver()
        let p = s.makeParameter("p"), x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(x, .equal, p - 10))
        try s.add(Constraint(y, .greaterThanOrEqual, LinearExpression(x)))
        try s.add(Constraint(y, .greaterThanOrEqual, 30))
        try s.add(Constraint(y, .equal, 0, priority: .fittingSize))
        s.fixParameters()
        return (s, p, x, y)
    }

    @Test func slopeAndRangeFollowTheBasisOnEachSideOfTheBreakpoint() throws {
        let (s, p, x, y) = try system()
        s.suggestValue(p, 20)
        #expect(s.value(of: y) == 30)
        #expect(s.parametricSlope(of: x, along: p) == 1)
        #expect(s.parametricSlope(of: y, along: p) == 0)
        #expect(s.parametricRange(of: p)?.upperBound == 40)
        s.suggestValue(p, 50)
        #expect(s.value(of: y) == 40)
        #expect(s.parametricSlope(of: y, along: p) == 1)
        #expect(s.parametricRange(of: p)?.lowerBound == 40)
        #expect(s.parametricRange(of: p)?.upperBound == .infinity)
    }

    @Test func aVariableThatIsNoParameterHasNoRange() throws {
        let (s, _, x, y) = try system()
        #expect(s.parametricRange(of: x) == nil)
        #expect(s.parametricSlope(of: y, along: x) == nil)
    }

    @Test func theSlopePredictsTheValueAnywhereInTheRange() throws {
        let (s, p, _, y) = try system()
        s.suggestValue(p, 45)
        let value = s.value(of: y), slope = try #require(s.parametricSlope(of: y, along: p))
        let range = try #require(s.parametricRange(of: p))
        for q in stride(from: range.lowerBound, through: 90, by: 2.5) {
            s.suggestValue(p, q)
            #expect(s.value(of: y) == value + slope * (q - 45))
        }
    }
}
