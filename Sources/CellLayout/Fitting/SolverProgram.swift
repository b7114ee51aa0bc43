#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CellsFormat
import Locking
import Solver
import TextEngine

/// A solver owned by one thread at a time: taken from a `SolverProgram`'s pool for one row and
/// given back after, so no two threads ever touch it together.
final class SolverWorkspace: @unchecked Sendable {
    let solver: Solver
    /// The value last suggested for each template variable (NaN: never), kept across rows so an
    /// unchanged value (the list width, a repeated size) is not suggested again.
    /// (Only one thread uses a workspace at a time, so access checks are skipped.)
    @exclusivity(unchecked) var suggested: [Double]
    /// Per label slot: the width it was last measured at in this row, and its text.
    @exclusivity(unchecked) var measuredAt: [Double]
    @exclusivity(unchecked) var texts: [String]
    /// Per label slot: an attributed label's runs in this row (`LabelText.render(_:into:)`;
    /// empty for a plain label), their storage kept from row to row.
    @exclusivity(unchecked) var runs: [[TextRun]]
    /// Per label slot: whether this row measures it by its runs (an attributed label, or a row
    /// giving runs for a whole-placeholder label) rather than by its text.
    @exclusivity(unchecked) var attributed: [Bool]
    /// Per label slot: the width the current round's solution gives it (read for every label
    /// before any is measured).
    @exclusivity(unchecked) var roundWidths: [Double]
    /// False once a row may have left round-off behind (see `exactMagnitude`), or failed: the
    /// workspace is then dropped at check-in instead of serving the next row.
    var isClean = true
    /// Rows laid out since the workspace was made from the compiled state.
    var rowsServed = 0

    /// The largest magnitude a suggested value may have for the workspace to serve another row.
    /// Below it, moving a value to another and back changes the tableau's constants by less than
    /// 1e-11 points (exactly nothing for values on the pixel grid of scales 1, 2 or 4); a larger
    /// value (a huge row size, a label a hundred thousand characters wide) could leave round-off
    /// that a later row would read, so its workspace is not reused.
    static let exactMagnitude = 65_536.0
    /// How many rows one workspace serves before a fresh one replaces it: the round-off that
    /// rows within `exactMagnitude` may leave stays bounded whatever the number of rows
    /// (a fresh workspace costs about as much as a few rows, once per this many).
    static let maximumRowsServed = 4096

    init(_ solver: Solver, variableCount: Int, labelCount: Int) {
        self.solver = solver
        suggested = Array(repeating: .nan, count: variableCount)
        measuredAt = Array(repeating: .infinity, count: labelCount)
        texts = Array(repeating: "", count: labelCount)
        runs = Array(repeating: [], count: labelCount)
        attributed = Array(repeating: false, count: labelCount)
        roundWidths = Array(repeating: 0, count: labelCount)
    }
}

/// One template variant compiled into a solver: every constraint added once, the content width
/// and each per-row size solver parameters (values held as row columns, no edit constraint).
/// Rows reuse copies of it from a pool and only suggest new values (dual simplex), never
/// rebuilding the tableau. A fixed-height variant's content height is a required edit variable,
/// so constraints that cannot hold at that height give way instead of failing.
final class SolverProgram: Sendable {
    /// The arranged views this variant collapses.
    let mask: UInt64
    /// The arranged view each horizontal stack's baselines come from (see `TallestField`).
    let tallest: UInt64
    /// Whether the content height is set per row (a fixed-height variant).
    let fixedHeight: Bool
    /// Solver variable of each dense template variable index.
    let variables: [Variable]
    /// Template variable indices set per row: the content width, the content height in a
    /// fixed-height variant, then the parameters some constraint uses (a label's baseline
    /// offsets only matter when a baseline is named).
    let edits: [Int]
    /// Whether each template variable is set per row; others are never suggested.
    let isEdit: [Bool]
    /// Per label slot: the solver tags of its hugging and compression resistance across, the
    /// only constraints its measured width is in (nil when another constraint names it).
    let labelWidthTags: [[Int]?]
    /// Whether the solver was built with equality markers, because an implied equality needed
    /// them (see `Solver.equalityMarkersNeeded`); for tests and diagnostics.
    let keepsEqualityMarkers: Bool
    /// The compiled state every workspace starts from.
    private let prototype: Solver.Snapshot
    /// Pooled workspaces in a few stripes, each thread using the one its identity picks: threads
    /// measuring at once rarely share a stripe, whose lock and storage they would otherwise pass
    /// between their cores twice a row.
    private let pools: [_Guarded<[SolverWorkspace]>]
    private let labelCount: Int

    /// Compiles the variant of `blueprint` with the arranged views in `mask` collapsed and the
    /// horizontal stacks' baselines from the views `tallest` chooses (with the content height an
    /// edit variable when `fixedHeight`); required constraints that cannot all
    /// hold are an error naming them. The constraint system is not kept: only a conflict found
    /// per row needs it again (`system(of:)`), and a template holds one program per variant.
    init(_ blueprint: borrowing TemplateBlueprint, mask: UInt64, tallest: UInt64 = 0,
         fixedHeight: Bool = false) throws(LayoutError) {
        // (Borrowed: an initializer owns its arguments, so passing the blueprint on copied it.)
        let system = try ConstraintSystem(blueprint, mask: mask, tallest: tallest, fixedHeight: fixedHeight)
        self.mask = mask
        self.tallest = tallest
        self.fixedHeight = fixedHeight
        // Built without equality markers (nothing here removes a constraint; rows are a quarter
        // to a half shorter). Where a marker could matter (an implied equality, a conflict to
        // name) the build is done again with markers, whose answers those are by definition.
        var (solver, variables) = try Self.build(system, blueprint: blueprint, removableEqualities: false)
        keepsEqualityMarkers = solver.equalityMarkersNeeded
        if keepsEqualityMarkers {
            (solver, variables) = try Self.build(system, blueprint: blueprint, removableEqualities: true)
        }
        // Whether some constraint uses each variable (through the buffers: no uniqueness check
        // per write).
        var used = [Bool](repeating: false, count: blueprint.variableCount)
        used.withUnsafeMutableBufferPointer { used in
            system.terms.withUnsafeBufferPointer { terms in
                for term in terms { used[term.variable] = true }
            }
        }
        var edits: [Int] = []
        edits.reserveCapacity(2 + blueprint.rowDimensions.count + 4 * blueprint.labels.count)
        edits.append(TemplateView.superWidth)
        if system.hasFixedHeight { edits.append(TemplateView.superHeight) }
        // Through the buffers: iterating the arrays copies each (path, parameter) pair and each
        // label slot (its text, template and style).
        blueprint.rowDimensions.withUnsafeBufferPointer { dimensions in
            for d in dimensions.indices where used[dimensions[d].parameter] { edits.append(dimensions[d].parameter) }
        }
        blueprint.labels.withUnsafeBufferPointer { labels in
            for k in labels.indices {
                // Written out: an array literal per label would be one allocation each.
                if used[labels[k].intrinsicWidth] { edits.append(labels[k].intrinsicWidth) }
                if used[labels[k].intrinsicHeight] { edits.append(labels[k].intrinsicHeight) }
                if used[labels[k].firstBaselineOffset] { edits.append(labels[k].firstBaselineOffset) }
                if used[labels[k].lastBaselineOffset] { edits.append(labels[k].lastBaselineOffset) }
            }
        }
        // `used` becomes `isEdit` in place (a copy would be one more array to allocate and free).
        used.withUnsafeMutableBufferPointer { isEdit in
            isEdit.update(repeating: false)
            for edit in edits { isEdit[edit] = true }
        }
        isEdit = used
        self.variables = variables
        self.edits = edits
        labelCount = blueprint.labels.count
        var widthTags = [[Int]?](repeating: [], count: blueprint.labels.count)
        var labelOfWidth: [Int: Int] = [:]
        for k in blueprint.labels.indices { labelOfWidth[blueprint.labels[k].intrinsicWidth] = k }
        for (tag, c) in system.constraints.enumerated() {
            for t in c.terms {
                guard let k = labelOfWidth[system.terms[t].variable] else { continue }
                if case .intrinsic(blueprint.labels[k].view, false, _) = c.origin {
                    widthTags[k]?.append(tag)
                } else {
                    widthTags[k] = nil
                }
            }
        }
        labelWidthTags = widthTags
        prototype = solver.snapshot()
        pools = (0..<Self.poolStripes).map { _ in _Guarded([]) }
    }

    /// How many stripes the workspace pool has (a power of two).
    static let poolStripes = 8

    /// The stripe of the pool the calling thread uses: the top bits of its thread identity,
    /// scrambled (thread identities are addresses a stack size apart, alike in their low bits).
    /// Lent, not retained: the program owns its stripes for longer than any call, and a retain
    /// would be one more count two threads on one stripe both write.
    private var threadPool: _Lent<_Guarded<[SolverWorkspace]>> {
        #if canImport(Darwin)
        let thread = UInt64(UInt(bitPattern: pthread_self()))
        #else
        let thread = UInt64(pthread_self())
        #endif
        return _Lent(pools[Int(truncatingIfNeeded: (thread &* 0x9E37_79B9_7F4A_7C15) >> 61)])
    }

    /// A solver holding every constraint of `system`, with the content height a required edit
    /// in a fixed-height variant and the parameters fixed, and its variable for each template
    /// variable index. A conflict found without equality markers is looked for again with them,
    /// so that it is named as a solver with markers names it.
    private static func build(_ system: ConstraintSystem, blueprint: borrowing TemplateBlueprint,
                              removableEqualities: Bool) throws(LayoutError) -> (Solver, [Variable]) {
        let solver = Solver(removableEqualities: removableEqualities)
        solver.reserveCapacity(variables: blueprint.variableCount, constraints: system.constraints.count + 1)
        // The content width and the per-row sizes (every index past the views' frames) are
        // parameters; the frames are variables.
        let firstParameter = TemplateView.height(blueprint.views.count - 1) + 1
        // Made in index order (the solver's ids, and so its pivots, follow it): the width, then
        // the frames and the per-row sizes in a run each (each run's array is one allocation).
        var variables: [Variable] = []
        variables.reserveCapacity(blueprint.variableCount)
        variables.append(solver.makeParameter())
        variables += solver.makeVariables(firstParameter - 1)
        variables += solver.makeVariables(blueprint.variableCount - firstParameter, parameters: true)
        do {
            try addConstraints(system, to: solver, variables, blueprint: blueprint)
        } catch {
            if removableEqualities { throw error }
            return try build(system, blueprint: blueprint, removableEqualities: true)
        }
        if system.hasFixedHeight {
            do {
                try solver.addEditVariable(variables[TemplateView.superHeight], priority: .required)
            } catch {
                throw LayoutError(path: blueprint.path, message: "internal: \(error)")
            }
        }
        // Conflicts so far hold for every width and size; from here on they are per row.
        solver.fixParameters()
        return (solver, variables)
    }

    /// Adds every constraint of `system` to `solver` in order, each tagged with its index.
    private static func addConstraints(_ system: ConstraintSystem, to solver: Solver, _ variables: [Variable],
                                       blueprint: TemplateBlueprint) throws(LayoutError) {
        // At most six terms per written constraint; a stack's may have more.
        var longest = 0
        for c in system.constraints { longest = max(longest, c.terms.count) }
        // Parameters are fixed once every constraint that could conflict (a required one) is
        // in: the conflicts found so far hold for every width and size, and what follows
        // (intrinsic sizes, the fitting pull) can give way, so it cannot conflict. A parameter
        // that is fixed is never a new row's subject: an intrinsic size whose view the required
        // constraints already pin is not solved for its parameter only to pivot it out again
        // when the parameters are fixed.
        var fixAt = system.constraints.count
        while fixAt > 0, system.constraints[fixAt - 1].priority < 1000 || system.constraints[fixAt - 1].shortfallPriority != nil {
            fixAt -= 1
        }
        // One buffer on the stack for every constraint's solver terms: no array per constraint.
        let conflict: SolverError? = withUnsafeTemporaryAllocation(of: LinearTerm.self, capacity: longest) { buffer in
            system.constraints.withUnsafeBufferPointer { constraints in
                system.terms.withUnsafeBufferPointer { terms in
                    variables.withUnsafeBufferPointer { variables in
                        for index in constraints.indices {
                            if index == fixAt { solver.fixParameters() }
                            let c = constraints[index]
                            var n = 0
                            for t in c.terms {
                                buffer.initializeElement(at: n, to: LinearTerm(variables[terms[t].variable],
                                                                               terms[t].coefficient))
                                n += 1
                            }
                            let these = UnsafeBufferPointer(rebasing: buffer[0..<n])
                            do throws(SolverError) {
                                if let shortfall = c.shortfallPriority {
                                    try solver.addSoftEquality(terms: these, constant: c.constant,
                                                               excess: Priority(c.priority), shortfall: Priority(shortfall),
                                                               tag: index)
                                } else {
                                    try solver.add(terms: these, constant: c.constant, solverRelation(c.relation),
                                                   priority: Priority(c.priority), tag: index)
                                }
                            } catch {
                                return error
                            }
                        }
                        return nil
                    }
                }
            }
        }
        if let conflict { throw conflictError(conflict, system: system, blueprint: blueprint) }
    }

    /// The constraint system this program was compiled from, built again from `blueprint` (the
    /// same constraints in the same order, so the solver's tags index it).
    func system(of blueprint: TemplateBlueprint) throws(LayoutError) -> ConstraintSystem {
        try ConstraintSystem(blueprint, mask: mask, tallest: tallest, fixedHeight: fixedHeight)
    }

    /// A workspace for this thread: a pooled one, or a new solver started from the prototype.
    func checkout() -> SolverWorkspace {
        if let workspace = threadPool.read({ $0.withLock { $0.popLast() } }) { return workspace }
        return SolverWorkspace(Solver(prototype), variableCount: variables.count, labelCount: labelCount)
    }

    /// Gives a workspace back for the next row; one that may hold a row's round-off, or has
    /// served its rows, is dropped, so every row starts from the compiled state or from rows
    /// that left nothing behind.
    func checkin(_ workspace: SolverWorkspace) {
        workspace.rowsServed += 1
        guard workspace.isClean, workspace.rowsServed < SolverWorkspace.maximumRowsServed else { return }
        threadPool.read { $0.withLock { $0.append(workspace) } }
    }

    /// `c` as a solver constraint (used to rebuild required constraints for a diagnosis; a soft
    /// hugging/compression equality is added with `addSoftEquality` instead).
    static func solverConstraint(_ index: Int, in system: ConstraintSystem, _ variables: [Variable]) -> Constraint {
        let c = system.constraints[index]
        let expression = LinearExpression(terms: system.terms(of: c).map { LinearTerm(variables[$0.variable], $0.coefficient) },
                                          constant: c.constant)
        return Constraint(expression, solverRelation(c.relation), LinearExpression(), priority: Priority(c.priority),
                          tag: index)
    }

    /// The solver's relation for a layout relation.
    static func solverRelation(_ relation: LayoutRelation) -> Relation {
        switch relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }

    /// A `LayoutError` naming every constraint of a conflict by its text and path.
    static func conflictError(_ conflict: SolverError, system: ConstraintSystem,
                              blueprint: TemplateBlueprint) -> LayoutError {
        let fallbackPath = blueprint.path
        let named = conflict.tags.compactMap { system.source(of: $0, in: blueprint) }
        switch conflict.kind {
        case .unsatisfiable:
            let list = named.map { "\(JSONText.excerpt($0.text)) (\($0.path))" }.joined(separator: ", ")
            // Point at a constraint the person wrote rather than at a generated one.
            let path = named.first { $0.path != fallbackPath }?.path ?? named.first?.path ?? fallbackPath
            return LayoutError(path: path, message: "required constraints conflict: \(list)")
        case .nonFiniteValue:
            return LayoutError(path: named.first?.path ?? fallbackPath,
                               message: "\(JSONText.excerpt(named.first?.text ?? "")): a number is not finite")
        case .unknownVariable, .duplicateEditVariable:
            return LayoutError(path: fallbackPath, message: "internal: \(conflict)")
        }
    }
}
