/// Adding a constraint failed; the solver is unchanged and still usable.
public struct ConstraintConflict: Error, CustomStringConvertible, Sendable, Equatable {
    /// Why the constraint was refused.
    public enum Reason: Sendable, Equatable {
        /// The required constraint cannot hold together with the required constraints in `tags`.
        case unsatisfiable
        /// The constraint names a variable this solver did not make.
        case unknownVariable(Int)
        /// A coefficient or constant is NaN or infinite.
        case nonFiniteValue
    }

    /// Tags of the constraints in conflict: the refused constraint's tag first, then (for
    /// `.unsatisfiable`) the tags of the required constraints that together rule it out, in the
    /// order they were added.
    public let tags: [Int]
    /// Why the constraint was refused.
    public let reason: Reason

    /// A conflict naming `tags` for `reason`.
    public init(tags: [Int], reason: Reason) {
        self.tags = tags
        self.reason = reason
    }

    /// One line naming the reason and the tags, e.g. `unsatisfiable required constraints: tags [7, 2, 3]`.
    public var description: String {
        switch reason {
        case .unsatisfiable:
            return "unsatisfiable required constraints: tags \(tags)"
        case .unknownVariable(let id):
            return "constraint (tag \(tags.first ?? -1)) uses variable v\(id), which this solver did not make"
        case .nonFiniteValue:
            return "constraint (tag \(tags.first ?? -1)) has a NaN or infinite coefficient or constant"
        }
    }
}
