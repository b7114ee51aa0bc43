import RowHeightCache
/// Why a `ListModel` mutation was refused; the model is left unchanged.
public enum ListModelError: Error, Equatable, CustomStringConvertible {
    /// The index path is outside the list (`rows`: the section's row count, nil if no such section).
    case invalidIndexPath(IndexPath, sections: Int, rows: Int?)
    /// The section index is outside the list.
    case invalidSection(Int, sections: Int)

    /// A one-line explanation naming the place.
    public var description: String {
        switch self {
        case let .invalidIndexPath(path, sections, rows):
            if let rows { return "index path \(path) out of range: section \(path.section) has \(rows) rows" }
            return "index path \(path) out of range: the list has \(sections) sections"
        case let .invalidSection(section, sections):
            return "section \(section) out of range: the list has \(sections) sections"
        }
    }
}
