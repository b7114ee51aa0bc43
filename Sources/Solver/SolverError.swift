/// Why the solver refused a call; the solver is unchanged and still usable.
public struct SolverError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What was refused.
    public enum Kind: Sendable, Equatable {
        /// The required constraint cannot hold together with the required constraints in `tags`.
        case unsatisfiable
        /// A constraint or edit names a variable this solver (or its original) did not make.
        case unknownVariable(Variable)
        /// A coefficient or constant is NaN or infinite.
        case nonFiniteValue
        /// The variable already has an edit; remove it first to change its priority.
        case duplicateEditVariable(Variable)
    }

    /// What was refused.
    public let kind: Kind
    /// For a refused constraint: its tag first, then (for `.unsatisfiable`) the tags of the
    /// required constraints that together rule it out, in the order they were added. Empty for a
    /// refused edit variable, which has no tag.
    public let tags: [Int]

    /// An error of `kind` naming the constraints `tags`.
    public init(_ kind: Kind, tags: [Int] = []) {
        self.kind = kind
        self.tags = tags
    }

    /// One line naming the problem and the tags or the variable, e.g.
    /// `unsatisfiable required constraints: tags [7, 2, 3]`.
    public var description: String {
        let tag = tags.first ?? -1
        switch kind {
        case .unsatisfiable:
            return "unsatisfiable required constraints: tags \(tags)"
        case .unknownVariable(let v) where tags.isEmpty:
            return "\(v) was not made by this solver"
        case .unknownVariable(let v):
            return "constraint (tag \(tag)) uses variable \(v), which this solver did not make"
        case .nonFiniteValue:
            return "constraint (tag \(tag)) has a NaN or infinite coefficient or constant"
        case .duplicateEditVariable(let v):
            return "\(v) already has an edit variable"
        }
    }
}
