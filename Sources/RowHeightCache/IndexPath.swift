/// A row's place in a list: section and row, ordered as UITableView orders them.
public struct IndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Section index.
    public var section: Int
    /// Row index within the section.
    public var row: Int

    /// The index path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }

    /// Section-major order.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// `[section, row]`, as Foundation prints an index path.
    public var description: String { "[\(section), \(row)]" }
}
