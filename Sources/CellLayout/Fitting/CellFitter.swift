import Solver
import TextEngine
import CellsFormat

/// The content view's fitted height and, when asked for, every view's frame.
struct FittedCell {
    var contentHeight: Double
    var frames: [Frame]
}

/// Where a fit asked for its ambiguity (`CompiledTemplate.ambiguity`) leaves it. Measuring fits
/// pass nil, so a row that only wants its height carries no ambiguity record through the fit
/// (BENCHMARKS.md, Height cache: `cache-instructions.sh one`).
final class AmbiguityProbe {
    var result = LayoutAmbiguity()
}

extension CompiledTemplate {
    /// How many rounds of measuring every wrapping label at the widths of one solution are run
    /// before the last solution is taken (a fixed point is normally reached in two or three).
    static let maximumMeasureRounds = 8

    /// How many choices of tallest arranged views (for the horizontal stacks whose baselines are
    /// used) are laid out at most before the last layout is taken.
    static let maximumBaselineRounds = 4

    /// Lays out `row` at content width `width` as `systemLayoutSizeFitting` would: the width
    /// required, the height pulled to 0 at priority 50. Labels start at their single-line
    /// (unwrapped) size; then, in rounds, every wrapping label is measured at the width one
    /// solution gives it, all the new sizes are pushed and the layout re-solved, until no label's
    /// width changes (Auto Layout's second pass); the order of `views` plays no part.
    ///
    /// A horizontal stack's baselines are its tallest visible arranged view's, which only the
    /// solution tells: the layout starts with each such stack's first visible view, and is done
    /// again with the tallest views that layout gives until the two agree; a choice that comes
    /// back (a cycle) or the `maximumBaselineRounds`th layout ends the search with that layout.
    ///
    /// With `fixedContentHeight`, the content view's height is set instead of fitted (a
    /// fixed-height row laid out for its frames); constraints that cannot hold at that height are
    /// then not an error: like UIKit, the layout comes as close as the required constraints allow.
    func fit(_ row: JSONValue, width: Double, measurer: TextMeasurer, scale: Double,
             frames wantFrames: Bool, fixedContentHeight: Double? = nil,
             probe: AmbiguityProbe? = nil, trace: CurveTrace? = nil) throws(LayoutError) -> FittedCell {
        try fit(.json(row), width: width, measurer: measurer, scale: scale, frames: wantFrames,
                fixedContentHeight: fixedContentHeight, probe: probe, trace: trace)
    }

    /// `fit` of a row given as JSON or as member values (`RowInput`).
    func fit(_ row: RowInput, width: Double, measurer: TextMeasurer, scale: Double,
             frames wantFrames: Bool, fixedContentHeight: Double? = nil,
             probe: AmbiguityProbe? = nil, trace: CurveTrace? = nil) throws(LayoutError) -> FittedCell {
        let mask = blueprint.visibilityMask(for: row)
        // Which view is tallest is a comparison of heights the curve does not follow.
        if let trace, !blueprint.tallestFields.isEmpty { trace.giveUp() }
        var tallest = blueprint.firstVisibleChoice(mask: mask)
        var tried: [UInt64] = []
        while true {
            let fixedHeight = fixedContentHeight != nil
            // The all-visible program is passed from its stored property: returned by
            // `program(for:)` it would be retained and released every row by every thread.
            let (cell, solvedTallest) = mask == 0 && tallest == 0 && !fixedHeight
                ? try fit(row, program: allVisible, width: width, measurer: measurer, scale: scale,
                          frames: wantFrames, fixedContentHeight: fixedContentHeight, probe: probe, trace: trace)
                : try fit(row, program: program(for: mask, tallest: tallest, fixedHeight: fixedHeight), width: width,
                          measurer: measurer, scale: scale, frames: wantFrames, fixedContentHeight: fixedContentHeight,
                          probe: probe, trace: trace)
            if solvedTallest == tallest || tried.count + 1 >= Self.maximumBaselineRounds || tried.contains(solvedTallest) {
                return cell
            }
            tried.append(tallest)
            tallest = solvedTallest
        }
    }

    /// `fit` with one variant's program, and the choice of tallest arranged views its solution
    /// gives (`TemplateBlueprint.tallestChoice`).
    private func fit(_ row: RowInput, program: SolverProgram, width: Double, measurer: TextMeasurer, scale: Double,
                     frames wantFrames: Bool, fixedContentHeight: Double?,
                     probe: AmbiguityProbe?, trace: CurveTrace?) throws(LayoutError) -> (FittedCell, UInt64) {
        // Shared, read-only template data is read in place, never copied into locals: with
        // several threads every copy would bump the same reference counts.
        let workspace = program.checkout()
        defer { program.checkin(workspace) }
        let solver = workspace.solver
        func suggest(_ index: Int, _ value: Double) {
            // The workspace's solver still holds last row's suggestion; skip unchanged values.
            guard program.isEdit[index], workspace.suggested[index] != value else { return }
            workspace.suggested[index] = value
            if !(abs(value) <= SolverWorkspace.exactMagnitude) { workspace.isClean = false }
            solver.suggestValue(program.variables[index], value)
        }
        // The first row-given size that is no size (its variable), reported after the reading.
        var badSize = -1
        func suggestSize(_ index: Int, _ value: Double) {
            if value.isNaN {
                if badSize < 0 { badSize = index }
                return
            }
            suggest(index, value)
        }
        var unmeasurable = -1
        func push(_ k: Int, _ m: TextMeasurement) {
            let size = m.roundedSize(scale: scale)
            // A size the solver cannot take would leave the last row's in its place.
            guard size.width.isFinite, size.height.isFinite, m.firstBaseline.isFinite, m.lastBaseline.isFinite else {
                if unmeasurable < 0 { unmeasurable = k }
                return
            }
            suggest(blueprint.labels[k].intrinsicWidth, size.width)
            suggest(blueprint.labels[k].intrinsicHeight, size.height)
            suggest(blueprint.labels[k].firstBaselineOffset, m.firstBaseline - size.height / 2)
            suggest(blueprint.labels[k].lastBaselineOffset, m.lastBaseline - size.height / 2)
        }

        suggest(TemplateView.superWidth, width)
        if let fixedContentHeight { suggest(TemplateView.superHeight, fixedContentHeight) }
        if case .json(.object(let object)) = row {
            // The object is taken out of the row once, not once per size.
            rowSizes.read(object, suggestSize)
        } else {
            for d in blueprint.rowDimensions.indices {
                suggestSize(blueprint.rowDimensions[d].parameter,
                            RowBinding.points(row.value(at: blueprint.rowDimensions[d].path)?.sizeNumber))
            }
        }
        if badSize >= 0 {
            workspace.isClean = false
            let d = blueprint.rowDimensions.firstIndex { $0.parameter == badSize } ?? 0
            throw RowBinding.sizeError(at: blueprint.rowDimensions[d].path, in: row, for: parameterName(badSize)).layoutError
        }
        // (The trace is reached by optional chaining throughout: bound by `if let`, it would be
        // retained and released around every use.)
        if trace != nil {
            trace?.start(labelCount: blueprint.labels.count)
            // A wrapping label whose width is pinned reaches the layout by its height alone.
            for k in blueprint.labels.indices where blueprint.labels[k].wraps {
                guard let tags = program.labelWidthTags[k], widthIsPinned(k, program: program, solver: solver) else { continue }
                trace?.followHeightAlone(k, widthTags: tags)
            }
        }
        // The content width as the solver holds it, for a trace (nil: no constraint names it).
        let widthParameter = program.isEdit[TemplateView.superWidth] ? program.variables[TemplateView.superWidth] : nil
        var wrapping = false
        for k in blueprint.labels.indices {
            wrapping = wrapping || blueprint.labels[k].wraps
            // A curve's later steps lay out the same row: its texts and unwrapped sizes are known.
            if let known = trace?.restoreUnwrapped(k, into: workspace) {
                workspace.measuredAt[k] = .infinity
                push(k, known)
                continue
            }
            // nil: the label is measured by the runs rendered into `workspace.runs[k]`.
            let rendered = blueprint.withLabelText(k) { label in
                Result { () throws(LayoutError) -> String? in
                    if label.isAttributed {
                        do throws(RowValueError) { try label.render(row, into: &workspace.runs[k]) } catch { throw error.layoutError }
                        return nil
                    }
                    do throws(RowValueError) { return try label.template.render(row) } catch {
                        // Only a value the text cannot show gets here: it may be the label's runs.
                        guard try label.renderRowRuns(row, into: &workspace.runs[k]) else { throw error.layoutError }
                        return nil
                    }
                }
            }
            let text: String?
            switch rendered {
            case let .success(value): text = value
            case let .failure(error):
                workspace.isClean = false
                throw error
            }
            let plain = text ?? ""
            workspace.texts[k] = plain
            workspace.attributed[k] = text == nil
            workspace.measuredAt[k] = .infinity
            let unwrapped = blueprint.withLabelText(k) {
                $0.measure(text: plain, runs: workspace.runs[k], attributed: text == nil, width: .infinity, with: measurer)
            }
            trace?.rememberUnwrapped(k, text: plain, runs: workspace.runs[k], attributed: text == nil, unwrapped)
            push(k, unwrapped)
        }
        trace?.textsLeft(in: workspace)
        if wrapping {
            // Every round reads all wrapping labels' widths from one solution before any is
            // measured, so the answer cannot depend on the order of `views` (a label re-measured
            // and re-solved before the next is read would see its neighbour's new size).
            for _ in 0..<Self.maximumMeasureRounds {
                var changed = false
                for k in blueprint.labels.indices where blueprint.labels[k].wraps {
                    let variable = program.variables[TemplateView.width(blueprint.labels[k].view)]
                    let raw = solver.value(of: variable)
                    let available = max(0, raw)
                    trace?.roundWidth(k, raw: raw, variable: variable, in: solver, width: widthParameter)
                    workspace.roundWidths[k] = available
                    if abs(available - workspace.measuredAt[k]) > 1e-9 { changed = true }
                }
                if !changed { break }
                for k in blueprint.labels.indices where blueprint.labels[k].wraps {
                    let available = workspace.roundWidths[k]
                    guard abs(available - workspace.measuredAt[k]) > 1e-9 else { continue }
                    workspace.measuredAt[k] = available
                    // A curve wanting the label's span gets it with the measurement, in one pass.
                    if let far = trace?.spanWanted(k, width: available),
                       let both = blueprint.withLabelText(k, { label in
                           label.measureSpan(text: workspace.texts[k], runs: workspace.runs[k],
                                             attributed: workspace.attributed[k], width: available, through: far,
                                             with: measurer)
                       }) {
                        push(k, both.measurement)
                        blueprint.withLabelText(k) { label in
                            trace?.measuredLabel(k, width: available, isEmpty: false, span: { _, _ in both.span }, layout: { width in
                                label.layout(text: workspace.texts[k], runs: workspace.runs[k],
                                             attributed: workspace.attributed[k], width: width, with: measurer)
                            })
                        }
                        continue
                    }
                    push(k, blueprint.withLabelText(k) {
                        $0.measure(text: workspace.texts[k], runs: workspace.runs[k], attributed: workspace.attributed[k],
                                   width: available, with: measurer)
                    })
                    if let trace {
                        blueprint.withLabelText(k) { label in
                            let attributed = workspace.attributed[k]
                            let isEmpty = attributed ? workspace.runs[k].isEmpty : workspace.texts[k].isEmpty
                            trace.measuredLabel(k, width: available, isEmpty: isEmpty, span: { width, far in
                                label.lineSpan(text: workspace.texts[k], runs: workspace.runs[k], attributed: attributed,
                                               width: width, through: far, with: measurer)
                            }, layout: { width in
                                label.layout(text: workspace.texts[k], runs: workspace.runs[k], attributed: attributed,
                                             width: width, with: measurer)
                            })
                        }
                    }
                }
                trace?.solutionMoved()
            }
        }

        if unmeasurable >= 0 {
            workspace.isClean = false
            throw LayoutError(path: blueprint.views[blueprint.labels[unmeasurable].view].location.path,
                              message: "this row's text measures to a size that is not a finite number")
        }

        // The width and sizes are solver parameters: required constraints that cannot hold at
        // their values leave the solver infeasible (a fixed content height gives way instead).
        if !solver.isFeasible {
            workspace.isClean = false
            throw diagnoseConflict(program, suggested: program.edits.compactMap {
                $0 == TemplateView.superHeight ? nil : ($0, workspace.suggested[$0])
            })
        }

        let v = program.variables
        var frames: [Frame] = []
        if wantFrames {
            frames.reserveCapacity(blueprint.views.count)
            for (i, view) in blueprint.views.enumerated() {
                frames.append(Frame(id: view.id,
                                    x: solver.value(of: v[TemplateView.left(i)]),
                                    y: solver.value(of: v[TemplateView.top(i)]),
                                    width: solver.value(of: v[TemplateView.width(i)]),
                                    height: solver.value(of: v[TemplateView.height(i)])))
            }
        }
        let solvedTallest = blueprint.tallestFields.isEmpty ? program.tallest : blueprint.tallestChoice(mask: program.mask) {
            solver.value(of: v[TemplateView.height($0)])
        }
        if trace != nil {
            let height = program.variables[TemplateView.superHeight]
            trace?.finish(contentHeight: solver.value(of: height), variable: height, in: solver, width: widthParameter)
        }
        // On a copy: the check brings the rows up to date and forgets the workspace's remembered
        // bases. A curve's fit, one per step, asks its region instead (a superset, the same
        // across the region, known without a copy): only whether the height may move counts there.
        if probe != nil {
            if trace != nil, let moves = heightMayMove(program, solver: solver) {
                // (A curve clears the rest before each step: ListMeasurer.curve.)
                probe?.result.affectsHeight = moves
            } else {
                probe?.result = ambiguity(program, solver.copy().ambiguity())
            }
        }
        return (FittedCell(contentHeight: solver.value(of: program.variables[TemplateView.superHeight]), frames: frames),
                solvedTallest)
    }

    /// Whether label `k`'s width is one function of the solver's parameters whatever its own
    /// measured width (a parameter): required equalities pin it, and its hugging and compression
    /// are not required (a required one could make the layout fail at some measured widths).
    /// Its measured width, named by those two alone (`SolverProgram.labelWidthTags`), then
    /// reaches nothing but their errors, which no other variable can trade against (the width
    /// they compare is pinned), so every other value of the solution is the same whatever that
    /// width: only the label's height and baselines count.
    private func widthIsPinned(_ k: Int, program: SolverProgram, solver: Solver) -> Bool {
        let view = blueprint.labels[k].view
        guard blueprint.views[view].hugging.horizontal < 1000, blueprint.views[view].compression.horizontal < 1000 else {
            return false
        }
        return solver.isPinned(program.variables[TemplateView.width(view)],
                               whatever: program.variables[blueprint.labels[k].intrinsicWidth])
    }

    /// Whether the solver's region lets another optimal solution move the content height or a
    /// wrapping label's width (`ambiguity(_:_:)`'s `affectsHeight` over `movableVariables()`),
    /// nil when the solution is not held as a region: all a curve's fit reads of its ambiguity,
    /// found without building the list.
    private func heightMayMove(_ program: SolverProgram, solver: Solver) -> Bool? {
        guard let height = solver.mayMove(program.variables[TemplateView.superHeight]) else { return nil }
        if height { return true }
        for k in blueprint.labels.indices where blueprint.labels[k].wraps
            && solver.mayMove(program.variables[TemplateView.width(blueprint.labels[k].view)]) == true {
            return true
        }
        return false
    }

    /// The frame values of the visible views and the content height that a solver's ambiguous
    /// variables (`answer`, `Solver.ambiguity()`) are (see `LayoutAmbiguity`).
    private func ambiguity(_ program: SolverProgram,
                           _ answer: (variables: [Variable], constraintTags: [Int])) -> LayoutAmbiguity {
        let (variables, tags) = answer
        let found = Set(variables)
        guard !found.isEmpty else { return LayoutAmbiguity() }
        let v = program.variables
        var result = LayoutAmbiguity()
        // The system is built again only here: the program keeps no descriptions.
        if !tags.isEmpty, let system = try? program.system(of: blueprint) {
            result.constraints = tags.compactMap { system.source(of: $0, in: blueprint)?.text }
        }
        if found.contains(v[TemplateView.superHeight]) {
            result.attributes.append("super.height")
            result.affectsHeight = true
        }
        for (i, view) in blueprint.views.enumerated() where !blueprint.isCollapsed(i, mask: program.mask) {
            let attributes = [("x", TemplateView.left(i)), ("y", TemplateView.top(i)),
                              ("width", TemplateView.width(i)), ("height", TemplateView.height(i))]
            for (attribute, index) in attributes where found.contains(v[index]) {
                result.attributes.append("\(view.id).\(attribute)")
            }
        }
        for label in blueprint.labels where label.wraps && found.contains(v[TemplateView.width(label.view)]) {
            result.affectsHeight = true
        }
        return result
    }

    /// Rebuilds the variant with this row's width and sizes as required constraints, so the solver
    /// names the constraints that rule them out.
    private func diagnoseConflict(_ program: SolverProgram,
                                  suggested: [(variable: Int, value: Double)]) -> LayoutError {
        var system: ConstraintSystem
        do {
            system = try program.system(of: blueprint)
        } catch {
            return error
        }
        let solver = Solver()
        let variables = program.variables.indices.map { _ in solver.makeVariable() }
        for s in suggested {
            let what = s.variable == TemplateView.superWidth
                ? "super.width == \(formatNumber(s.value)) (the content width)"
                : "\(parameterName(s.variable)) == \(formatNumber(s.value)) (this row's size)"
            system.add(AffineExpression(variable: s.variable) + -s.value, .equal, 1000,
                       ConstraintSource(text: what, path: blueprint.path))
        }
        for k in system.constraints.indices where system.constraints[k].priority >= 1000 {
            do {
                try solver.add(SolverProgram.solverConstraint(k, in: system, variables))
            } catch {
                return SolverProgram.conflictError(error, system: system, blueprint: blueprint)
            }
        }
        return LayoutError(path: blueprint.path,
                           message: "required constraints cannot hold at width \(formatNumber(suggested.first?.value ?? 0))")
    }

    private func parameterName(_ variable: Int) -> String {
        for label in blueprint.labels {
            let id = blueprint.views[label.view].id
            if variable == label.intrinsicWidth { return "\(id) intrinsic width" }
            if variable == label.intrinsicHeight { return "\(id) intrinsic height" }
            if variable == label.firstBaselineOffset || variable == label.lastBaselineOffset {
                return "\(id) baseline offset"
            }
        }
        for view in blueprint.views {
            if case .box(let w, let h) = view.kind {
                if case .row(_, let p)? = w, p == variable { return "\(view.id) intrinsic width" }
                if case .row(_, let p)? = h, p == variable { return "\(view.id) intrinsic height" }
            }
        }
        return "parameter \(variable)"
    }
}
