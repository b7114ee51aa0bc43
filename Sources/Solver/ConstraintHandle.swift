/// Names one constraint added to a `Solver` (or to the copy it was cloned into), for `remove(_:)`.
public struct ConstraintHandle: Hashable, Sendable {
    /// The constraint's slot in the solver's constraint table; never reused for another constraint.
    public let id: Int

    init(id: Int) { self.id = id }
}
