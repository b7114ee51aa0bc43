import Solver
import Synchronization

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

    init(_ solver: Solver, variableCount: Int, labelCount: Int) {
        self.solver = solver
        suggested = Array(repeating: .nan, count: variableCount)
        measuredAt = Array(repeating: .infinity, count: labelCount)
        texts = Array(repeating: "", count: labelCount)
    }
}

/// One template variant compiled into a solver: every constraint added once, the content width
/// and each per-row size solver parameters (values held as row columns, no edit constraint).
/// Rows reuse copies of it from a pool and only suggest new values (dual simplex), never
/// rebuilding the tableau. A fixed-height variant's content height is a required edit variable,
/// so constraints that cannot hold at that height give way instead of failing.
final class SolverProgram: Sendable {
    let system: ConstraintSystem
    /// Solver variable of each dense template variable index.
    let variables: [Variable]
    /// Template variable indices set per row: the content width, the content height in a
    /// fixed-height variant, then the parameters some constraint uses (a label's baseline
    /// offsets only matter when a baseline is named).
    let edits: [Int]
    /// Whether each template variable is set per row; others are never suggested.
    let isEdit: [Bool]
    /// The compiled state every workspace starts from.
    private let prototype: Solver.Snapshot
    private let pool: Mutex<[SolverWorkspace]>
    private let labelCount: Int

    /// Compiles `system`; required constraints that cannot all hold are an error naming them.
    init(_ system: ConstraintSystem, blueprint: TemplateBlueprint) throws(LayoutError) {
        self.system = system
        let solver = Solver()
        solver.reserveCapacity(variables: blueprint.variableCount, constraints: system.constraints.count + 1)
        // The content width and the per-row sizes (every index past the views' frames) are
        // parameters; the frames are variables.
        let firstParameter = TemplateView.height(blueprint.views.count - 1) + 1
        variables = (0..<blueprint.variableCount).map { index in
            index == TemplateView.superWidth || index >= firstParameter ? solver.makeParameter() : solver.makeVariable()
        }
        // One reused terms buffer: no expression array per constraint.
        var terms: [LinearTerm] = []
        terms.reserveCapacity(8)
        for constraint in system.constraints {
            terms.removeAll(keepingCapacity: true)
            for term in system.terms[constraint.terms] { terms.append(LinearTerm(variables[term.variable], term.coefficient)) }
            do {
                try terms.withUnsafeBufferPointer { (buffer) throws(ConstraintConflict) in
                    if let shortfall = constraint.shortfallPriority {
                        try solver.addSoftEquality(terms: buffer, constant: constraint.constant,
                                                   excess: Priority(constraint.priority), shortfall: Priority(shortfall),
                                                   tag: constraint.source)
                    } else {
                        try solver.add(terms: buffer, constant: constraint.constant,
                                       Self.solverRelation(constraint.relation), priority: Priority(constraint.priority),
                                       tag: constraint.source)
                    }
                }
            } catch {
                throw Self.conflictError(error, system: system, fallbackPath: blueprint.path)
            }
        }
        var used = [Bool](repeating: false, count: blueprint.variableCount)
        for term in system.terms { used[term.variable] = true }
        var edits = [TemplateView.superWidth]
        if system.hasFixedHeight { edits.append(TemplateView.superHeight) }
        // Through the buffer: iterating the array copies each (path, parameter) pair.
        blueprint.rowDimensions.withUnsafeBufferPointer { dimensions in
            for d in dimensions.indices where used[dimensions[d].parameter] { edits.append(dimensions[d].parameter) }
        }
        for label in blueprint.labels {
            // Written out: an array literal per label would be one allocation each.
            if used[label.intrinsicWidth] { edits.append(label.intrinsicWidth) }
            if used[label.intrinsicHeight] { edits.append(label.intrinsicHeight) }
            if used[label.firstBaselineOffset] { edits.append(label.firstBaselineOffset) }
            if used[label.lastBaselineOffset] { edits.append(label.lastBaselineOffset) }
        }
        var isEdit = [Bool](repeating: false, count: blueprint.variableCount)
        for edit in edits { isEdit[edit] = true }
        self.isEdit = isEdit
        if system.hasFixedHeight {
            do {
                try solver.addEditVariable(variables[TemplateView.superHeight], priority: .required)
            } catch {
                throw LayoutError(path: blueprint.path, message: "internal: \(error)")
            }
        }
        // Conflicts so far hold for every width and size; from here on they are per row.
        solver.fixParameters()
        self.edits = edits
        labelCount = blueprint.labels.count
        prototype = solver.snapshot()
        pool = Mutex([])
    }

    /// A workspace for this thread: a pooled one, or a new solver started from the prototype.
    func checkout() -> SolverWorkspace {
        if let workspace = pool.withLock({ $0.popLast() }) { return workspace }
        return SolverWorkspace(Solver(prototype), variableCount: variables.count, labelCount: labelCount)
    }

    /// Gives a workspace back for the next row.
    func checkin(_ workspace: SolverWorkspace) {
        pool.withLock { $0.append(workspace) }
    }

    /// `c` as a solver constraint (used to rebuild required constraints for a diagnosis; a soft
    /// hugging/compression equality is added with `addSoftEquality` instead).
    static func solverConstraint(_ c: SystemConstraint, in system: ConstraintSystem, _ variables: [Variable]) -> Constraint {
        let expression = LinearExpression(terms: system.terms(of: c).map { LinearTerm(variables[$0.variable], $0.coefficient) },
                                          constant: c.constant)
        return Constraint(expression, solverRelation(c.relation), LinearExpression(), priority: Priority(c.priority),
                          tag: c.source)
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
    static func conflictError(_ conflict: ConstraintConflict, system: ConstraintSystem,
                              fallbackPath: String) -> LayoutError {
        let named = conflict.tags.compactMap { system.sources.indices.contains($0) ? system.sources[$0] : nil }
        switch conflict.reason {
        case .unsatisfiable:
            let list = named.map { "\"\($0.text)\" (\($0.path))" }.joined(separator: ", ")
            // Point at a constraint the person wrote rather than at a generated one.
            let path = named.first { $0.path != fallbackPath }?.path ?? named.first?.path ?? fallbackPath
            return LayoutError(path: path, message: "required constraints conflict: \(list)")
        case .nonFiniteValue:
            return LayoutError(path: named.first?.path ?? fallbackPath,
                               message: "\"\(named.first?.text ?? "")\": a number is not finite")
        case .unknownVariable:
            return LayoutError(path: fallbackPath, message: "internal: \(conflict)")
        }
    }
}
