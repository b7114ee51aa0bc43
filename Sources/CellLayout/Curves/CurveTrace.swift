import Locking
import Solver
import TextEngine

/// What one fit proves about the content widths just above the one it was laid out at: how far
/// the content width may grow (`reach`, closed) with every step of the fit taking the same turn,
/// so the content height stays the same affine function of the width. A fit with a trace records
/// every decision that depends on the width: each solve's basis (`parametricRange`), each
/// wrapping label's clamp at 0, its "width changed" test between rounds and its line breaks.
/// `proved` turns false at anything it cannot follow (a baseline choice, a solve not held as a
/// parametric region): the fit then proves nothing beyond its own width.
final class CurveTrace: @unchecked Sendable {
    /// How far past the fit's content width the caller wants proof; the search stops there.
    @exclusivity(unchecked) private(set) var reach: Double
    /// False once a decision of the fit could not be followed along the width.
    @exclusivity(unchecked) private(set) var proved = true
    // (One fit at a time uses a trace, on one thread: its storage skips the access checks.)
    /// Per label slot: the width it was last measured at and how that width moves with the
    /// content width (the fit's `measuredAt`, as an affine function).
    @exclusivity(unchecked) private var measured: [(value: Double, slope: Double)] = []
    /// Per label slot: the slope of the width this round gives it (clamped at 0 as the fit does).
    @exclusivity(unchecked) private var roundSlopes: [Double] = []
    /// Per label slot: the label's text or runs in the curve's row and its unwrapped size, as the
    /// first fit found them (every fit of a curve lays out the same row with the same template),
    /// or nil before. Kept as parallel arrays: an optional struct of them is copied and destroyed
    /// through the runtime's generic value witnesses on every step.
    @exclusivity(unchecked) private var unwrappedSizes: [TextMeasurement?] = []
    @exclusivity(unchecked) private var unwrappedTexts: [String] = []
    @exclusivity(unchecked) private var unwrappedRuns: [[TextRun]] = []
    @exclusivity(unchecked) private var unwrappedAttributed: [Bool] = []
    /// The content height the fit ended with and its slope along the content width.
    private(set) var contentHeight = 0.0
    private(set) var contentHeightSlope = 0.0

    /// How close two widths count as equal in the fit's "width changed" test (CellFitter).
    static let sameWidth = 1e-9
    /// How closely a label's line-break boundary is found, relative to its width: the proof
    /// stops at the last width known to fill alike, this much short of the boundary at most.
    static let searchPrecision = 1e-10

    init(reach: Double) {
        self.reach = max(0, reach)
    }

    /// The probe each step's fit reports its ambiguity to.
    let probe = AmbiguityProbe()

    /// Traces kept for the next curves (unchecked: a trace is used by one thread at a time,
    /// between `checkout` and `checkin`), so a curve allocates none of a trace's storage.
    private static let pool = _Guarded<[CurveTrace]>([])
    /// How many traces the pool keeps at most.
    static let pooled = 16

    /// A trace for a new curve (a pooled one, its row forgotten, or a new one).
    static func checkout() -> CurveTrace {
        guard let trace = pool.withLock({ $0.popLast() }) else { return CurveTrace(reach: 0) }
        for k in trace.unwrappedSizes.indices {
            trace.unwrappedSizes[k] = nil
            trace.unwrappedTexts[k] = ""
            trace.unwrappedRuns[k] = []
        }
        return trace
    }

    /// Gives a trace back once its curve is built.
    static func checkin(_ trace: CurveTrace) {
        trace.lastWorkspace = nil
        trace.lastServed = -1
        pool.withLock { if $0.count < pooled { $0.append(trace) } }
    }

    /// Makes the trace new for the next fit, wanting proof `reach` past it (its storage kept).
    func reset(reach: Double) {
        self.reach = max(0, reach)
        proved = true
        contentHeight = 0
        contentHeightSlope = 0
    }

    /// Nothing past the fit's width is proved.
    func giveUp() {
        proved = false
        reach = 0
    }

    /// Keeps the reach within `limit` (a decision that changes past it).
    private func limit(_ limit: Double) {
        if limit < reach { reach = max(0, limit) }
    }

    /// Per label slot: whether only its height and baselines reach the rest of the layout (its
    /// width is pinned: `CompiledTemplate.fit`), so its measured width is not followed.
    @exclusivity(unchecked) private var heightAlone: [Bool] = []
    /// The solver tags of the constraints that read those labels' measured widths: where the
    /// basis changes at one of them, nothing else does (see `heightAlone`).
    @exclusivity(unchecked) private var ignoredTags: [Int] = []

    /// Label `k`'s unwrapped size as an earlier fit of this curve found it, its text (or runs)
    /// put back into `workspace` unless the workspace holds them still (see `lastWorkspace`); nil
    /// when no earlier fit measured it.
    func restoreUnwrapped(_ k: Int, into workspace: SolverWorkspace) -> TextMeasurement? {
        guard k < unwrappedSizes.count, let measurement = unwrappedSizes[k] else { return nil }
        if workspace !== lastWorkspace || workspace.rowsServed != lastServed {
            workspace.texts[k] = unwrappedTexts[k]
            workspace.runs[k] = unwrappedRuns[k]
            workspace.attributed[k] = unwrappedAttributed[k]
        }
        return measurement
    }

    /// The workspace this curve's last fit gave back, kept alive here so that no other can take
    /// its place at the same address, and its `rowsServed` then: a fit that checks out the same
    /// workspace, not served since, finds the texts and runs of every label still in place (every
    /// fit puts in all of them, and only a fit does), so it skips copying them in again.
    @exclusivity(unchecked) private var lastWorkspace: SolverWorkspace?
    @exclusivity(unchecked) private var lastServed = -1

    /// Notes that a fit of this curve put every label's text into `workspace`, which it gives
    /// back once done (whatever else it does, checking in counts one more row served).
    func textsLeft(in workspace: SolverWorkspace) {
        if lastWorkspace !== workspace { lastWorkspace = workspace }
        lastServed = workspace.rowsServed + 1
    }

    /// Keeps label `k`'s text (or runs) and unwrapped size for the curve's later fits.
    func rememberUnwrapped(_ k: Int, text: String, runs: [TextRun], attributed: Bool, _ measurement: TextMeasurement) {
        unwrappedSizes[k] = measurement
        unwrappedTexts[k] = text
        unwrappedRuns[k] = runs
        unwrappedAttributed[k] = attributed
    }

    /// Starts a fit over `labelCount` label slots, none measured yet, none followed by its
    /// height alone.
    func start(labelCount: Int) {
        rangeRead = false
        ignoredTags.removeAll(keepingCapacity: true)
        // A curve's fits all have the template's label count: the arrays are made once.
        guard measured.count == labelCount else {
            measured = Array(repeating: (.infinity, 0), count: labelCount)
            roundSlopes = Array(repeating: 0, count: labelCount)
            heightAlone = Array(repeating: false, count: labelCount)
            unwrappedSizes = Array(repeating: nil, count: labelCount)
            unwrappedTexts = Array(repeating: "", count: labelCount)
            unwrappedRuns = Array(repeating: [], count: labelCount)
            unwrappedAttributed = Array(repeating: false, count: labelCount)
            return
        }
        for k in 0..<labelCount {
            measured[k] = (.infinity, 0)
            roundSlopes[k] = 0
            heightAlone[k] = false
        }
    }

    /// Follows label `k` by its height alone (see `heightAlone`): `widthTags` are the tags of
    /// the constraints on its measured width.
    func followHeightAlone(_ k: Int, widthTags: [Int]) {
        heightAlone[k] = true
        ignoredTags.append(contentsOf: widthTags)
    }

    /// The slope of `v` along the content width in the solver's current solution, after
    /// keeping the reach inside the range where that solution's basis holds; nil (and nothing
    /// proved) when the solution is not a parametric region.
    func slope(of v: Variable, in solver: Solver, width parameter: Variable?) -> Double? {
        guard proved else { return nil }
        // A content width no constraint names moves nothing.
        guard let parameter else { return 0 }
        // The basis's range is the solution's: read once per solution.
        if !rangeRead {
            guard let range = solver.parametricRange(of: parameter, ignoringTags: ignoredTags) else {
                giveUp()
                return nil
            }
            limit(range.upperBound - solver.value(of: parameter))
            rangeRead = true
        }
        guard let slope = solver.parametricSlope(of: v, along: parameter) else {
            giveUp()
            return nil
        }
        return slope
    }

    /// The slope of `v`, pinned by required equalities, along the content width (the same in
    /// every solution, so no range is read); nil (and nothing proved) as `slope`.
    private func pinnedSlope(of v: Variable, in solver: Solver, width parameter: Variable?) -> Double? {
        guard proved else { return nil }
        guard let parameter else { return 0 }
        guard let slope = solver.parametricSlope(of: v, along: parameter) else {
            giveUp()
            return nil
        }
        return slope
    }

    /// Whether the current solution's parametric range has been read (`slope`).
    @exclusivity(unchecked) private var rangeRead = false

    /// The fit suggested new sizes since the last reading: the next reads a new solution.
    func solutionMoved() {
        rangeRead = false
    }

    /// Follows one wrapping label's width in a round: `raw`, the solution's value of `variable`,
    /// clamped at 0 as the fit clamps it, and the fit's test of it against the width the label
    /// was last measured at.
    func roundWidth(_ k: Int, raw: Double, variable: Variable, in solver: Solver, width parameter: Variable?) {
        // A width pinned by required equalities (`heightAlone`) is one affine function of the
        // parameters in every solution, so its slope holds past this solution's basis: only a
        // solution something else is read from needs its range (the last one's: `finish`).
        guard let slope = heightAlone[k] ? pinnedSlope(of: variable, in: solver, width: parameter)
                                         : slope(of: variable, in: solver, width: parameter) else { return }
        var clampedSlope = slope
        if raw > 0 {
            if slope < 0 { limit(raw / -slope) }
        } else {
            if slope > 0 { limit(-raw / slope) }
            clampedSlope = 0
        }
        let available = max(0, raw)
        roundSlopes[k] = clampedSlope
        let last = measured[k]
        guard last.value.isFinite else { return }
        let d = available - last.value, ds = clampedSlope - last.slope
        if abs(d) > Self.sameWidth {
            // Changed: stays changed while |d| stays above the tolerance.
            if d > 0 && ds < 0 { limit((d - Self.sameWidth) / -ds) }
            if d < 0 && ds > 0 { limit((-d - Self.sameWidth) / ds) }
        } else {
            if ds > 0 { limit((Self.sameWidth - d) / ds) }
            if ds < 0 { limit((Self.sameWidth + d) / -ds) }
        }
    }

    /// Follows a label measured at `width` (moving as this round's `roundWidth` found): what
    /// the layout reads of it stays that at `width` up to the last width where its lines do, or,
    /// when its measured width reaches nothing (`heightAlone`), where its height and baselines
    /// do. `span` tells both from the line filler's own decisions (nil: it cannot, for this
    /// text); else the lines are searched for with `layout`, which lays the label's text (a
    /// string or runs) out at a width. Greedy filling compares each placement against one limit,
    /// so the widths that fill a text alike form one interval: lines equal at two widths are
    /// equal at every width between. `isEmpty`: the label has no text.
    func measuredLabel(_ k: Int, width: Double, isEmpty: Bool,
                       span: (_ width: Double, _ far: Double) -> LineSpan?, layout: (Double) -> TextLayout) {
        let slope = roundSlopes[k]
        measured[k] = (width, slope)
        guard proved, slope != 0, reach > 0, !isEmpty else { return }
        let far = max(0, width + slope * reach)
        // The span looks up from `width`: a label narrowing as the content widens is searched.
        if slope > 0, let span = span(width, far) {
            let through = heightAlone[k] ? span.sameHeightThrough : span.sameLinesThrough
            limit((through - width) / slope)
            return
        }
        let here = layout(width)
        func same(_ there: TextLayout) -> Bool {
            there.lines == here.lines && there.measurement == here.measurement
        }
        func same(_ w: Double) -> Bool { same(layout(w)) }
        var otherLayout = layout(far)
        if same(otherLayout) { return }
        // Between one width filled alike (`near`) and one not (`other`): first guessed, then
        // bisected, to well inside the curve's guard band (`HeightCurve.Builder.guardBand`).
        var near = width, other = far
        func closeEnough() -> Bool { abs(other - near) <= Self.searchPrecision * max(1, abs(near)) }
        // The guess: the first line that differs at `other` is filled as it is there at every
        // width from its own width up, so the first change lies at or below that width, and is
        // that width when it is the only change; a guess is only ever used through `same`, so a
        // wrong one costs layouts, never a wrong proof.
        for _ in 0..<Self.maximumGuesses where !closeEnough() {
            guard let guess = Self.firstChangedLineWidth(here, otherLayout), guess > near, guess < other else { break }
            let atGuess = layout(guess)
            if same(atGuess) {
                near = guess
                break
            }
            other = guess
            otherLayout = atGuess
            let below = max(near, guess - Self.searchPrecision * max(1, abs(guess)))
            guard below > near else { break }
            let belowGuess = layout(below)
            if same(belowGuess) {
                near = below
                break
            }
            other = below
            otherLayout = belowGuess
        }
        while !closeEnough() {
            let middle = near + (other - near) / 2
            if middle == near || middle == other { break }
            if same(middle) { near = middle } else { other = middle }
        }
        limit((near - width) / slope)
    }

    /// How far label `k`, about to be measured at `width` in this round, must be looked at for
    /// `measuredLabel` to read its span (up to that width), or nil when it reads none: the width
    /// does not move with the content width, nothing more is to be proved, or the label narrows
    /// as the content widens (its lines are searched for then).
    func spanWanted(_ k: Int, width: Double) -> Double? {
        let slope = roundSlopes[k]
        guard proved, slope > 0, reach > 0 else { return nil }
        return width + slope * reach
    }

    /// How many guesses a label's line-break boundary gets before it is bisected.
    static let maximumGuesses = 6

    /// The width of the first line of `there` whose text differs from `here`'s (nil: none does).
    static func firstChangedLineWidth(_ here: TextLayout, _ there: TextLayout) -> Double? {
        for (index, line) in there.lines.enumerated() where index >= here.lines.count || here.lines[index].range != line.range {
            return line.width
        }
        return nil
    }

    /// Records the content height the fit ended with (`variable`'s value) and its slope.
    func finish(contentHeight: Double, variable: Variable, in solver: Solver, width parameter: Variable?) {
        self.contentHeight = contentHeight
        contentHeightSlope = slope(of: variable, in: solver, width: parameter) ?? 0
    }
}
