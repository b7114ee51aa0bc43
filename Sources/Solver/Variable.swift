/// A real-valued unknown of one `Solver` (and of its copies), named by a dense integer id.
///
/// Variables are made by `Solver.makeVariable(_:)`; their ids index the solver's symbol table
/// directly, so a variable is only meaningful to the solver that made it and that solver's copies.
public struct Variable: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The dense symbol id of this variable inside its solver.
    public let id: Int

    init(id: Int) { self.id = id }

    /// Orders variables by id, which is the order they were made in.
    public static func < (lhs: Variable, rhs: Variable) -> Bool { lhs.id < rhs.id }

    /// `v<id>`; the solver knows the human name (`Solver.name(of:)`).
    public var description: String { "v\(id)" }
}
