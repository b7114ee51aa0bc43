import Testing
@testable import Solver

/// What a height curve reads of a solver besides slopes and ranges: whether required equalities
/// pin a variable whatever one parameter is, a range that leaves out the bounds of constraints
/// that cannot move anything else, and the variables another optimum may move, per region.
@Suite struct SolverPinnedTests {
    /// A label's width pinned by required equalities (`w == p - 82`), its measured width `iw`
    /// pulled against it by hugging (tag 5) and compression resistance (tag 6), and a height `y`
    /// that follows `w` above 30 (`y >= w`, `y >= 30`, pulled to 0 weakly).
    func label() throws -> (Solver, p: Variable, iw: Variable, w: Variable, y: Variable) {
        let s = Solver()
        let p = s.makeParameter("p"), iw = s.makeParameter("iw"), w = s.makeVariable("w"), y = s.makeVariable("y")
        try s.add(Constraint(w, .equal, p - 82, tag: 1))
        try s.add(Constraint(y, .greaterThanOrEqual, LinearExpression(w), tag: 2))
        try s.add(Constraint(y, .greaterThanOrEqual, 30, tag: 3))
        try s.add(Constraint(w, .lessThanOrEqual, LinearExpression(iw), priority: .low, tag: 5))
        try s.add(Constraint(w, .greaterThanOrEqual, LinearExpression(iw), priority: .high, tag: 6))
        try s.add(Constraint(y, .equal, 0, priority: .fittingSize, tag: 7))
        s.fixParameters()
        return (s, p, iw, w, y)
    }

    @Test func aWidthTheRequiredEqualitiesGiveIsPinnedWhateverTheMeasuredWidth() throws {
        let (s, p, iw, w, y) = try label()
        s.suggestValue(p, 200)
        s.suggestValue(iw, 100)
        #expect(s.value(of: w) == 118)
        #expect(s.isPinned(w, whatever: iw))
        // Its row holds `p`: not pinned whatever `p` is.
        #expect(!s.isPinned(w, whatever: p))
        // `y` is a maximum, bounded by inequalities only.
        #expect(!s.isPinned(y, whatever: iw))
        // A parameter is no variable to pin.
        #expect(!s.isPinned(iw, whatever: p))
    }

    @Test func aVariableEqualToTheFreeParameterIsNotPinnedWhateverItIs() throws {
        let s = Solver()
        let q = s.makeParameter("q"), x = s.makeVariable("x")
        try s.add(Constraint(x, .equal, LinearExpression(q) + 4))
        s.fixParameters()
        s.suggestValue(q, 1)
        #expect(s.value(of: x) == 5)
        #expect(!s.isPinned(x, whatever: q))
    }

    @Test func aRangeLeavesOutOnlyTheBoundsOfTheIgnoredConstraints() throws {
        let (s, p, iw, w, y) = try label()
        s.suggestValue(iw, 50)
        s.suggestValue(p, 120)
        // w = 38 is short of iw = 50: the compression error holds the basis until w reaches 50.
        #expect(s.value(of: w) == 38 && s.value(of: y) == 38)
        #expect(s.parametricRange(of: p)?.upperBound == 132)
        let ignoring = try #require(s.parametricRange(of: p, ignoringTags: [5, 6]))
        #expect(ignoring.upperBound == .infinity && ignoring.lowerBound == 112)
        #expect(s.parametricRange(of: p, ignoringTags: []) == s.parametricRange(of: p))
        // Past the ignored bound the basis changes, but `y` goes on along the slope it had.
        let slope = try #require(s.parametricSlope(of: y, along: p))
        for q in [132.0, 140, 300, 1000] {
            s.suggestValue(p, q)
            #expect(s.value(of: y) == 38 + slope * (q - 120))
        }
    }

    @Test func theMovableVariablesContainTheAmbiguousOnesAndStayAcrossTheRegion() throws {
        // x + y == p, both wanting p at 750: any split is as good; z is pinned.
        let s = Solver()
        let p = s.makeParameter("p"), x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable("z")
        try s.add(Constraint(x + y, .equal, LinearExpression(p)))
        try s.add(Constraint(x, .greaterThanOrEqual, LinearExpression(p), priority: Priority(750)))
        try s.add(Constraint(y, .greaterThanOrEqual, LinearExpression(p), priority: Priority(750)))
        try s.add(Constraint(z, .equal, LinearExpression(p) * 2))
        s.fixParameters()
        s.suggestValue(p, 10)
        let movable = try #require(s.movableVariables())
        #expect(Set(s.ambiguousVariables()).isSubset(of: Set(movable)))
        #expect(movable.contains(x) && movable.contains(y) && !movable.contains(z))
        s.suggestValue(p, 30)
        #expect(s.movableVariables() == movable)
    }

    @Test func aSolutionTheOptimumPinsHasNoMovableVariables() throws {
        let (s, p, iw, _, _) = try label()
        s.suggestValue(iw, 50)
        s.suggestValue(p, 120)
        #expect(s.movableVariables() == [])
        #expect(s.ambiguousVariables().isEmpty)
    }

    @Test func aSolverWithoutRegionsHasNoMovableVariables() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(Constraint(x, .equal, 3))
        #expect(s.movableVariables() == nil)
    }
}
