extension Solver {
    /// An immutable, `Sendable` copy of a solver's whole state (constraints, edits, solution),
    /// for keeping a compiled template in shared storage and starting per-thread solvers from it.
    /// Taking and restoring one is cheap: the storage is shared until a solver changes it.
    public struct Snapshot: Sendable {
        let tableau: Tableau
    }

    /// The solver's current state as a snapshot (pending suggestions are solved first).
    public func snapshot() -> Snapshot {
        tableau.resolve()
        return Snapshot(tableau: tableau)
    }

    /// A solver in the state `snapshot` recorded; its variables and handles are valid here.
    public convenience init(_ snapshot: Snapshot) {
        self.init(tableau: snapshot.tableau)
    }
}
