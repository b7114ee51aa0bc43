/// A misuse of the edit-variable API, reported instead of trapping.
public enum SolverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The variable already has an edit; remove it first to change its priority.
    case duplicateEditVariable(Variable)
    /// The variable was not made by this solver (or its original).
    case unknownVariable(Variable)

    /// One line naming the variable and the problem.
    public var description: String {
        switch self {
        case .duplicateEditVariable(let v): return "\(v) already has an edit variable"
        case .unknownVariable(let v): return "\(v) was not made by this solver"
        }
    }
}
