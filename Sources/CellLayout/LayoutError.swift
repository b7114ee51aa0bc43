/// A template or row that cannot be laid out: where (a JSON path) and what went wrong.
///
/// Paths that start with `templates.`, `fonts.` or `list.` are absolute in the document; an empty
/// path means the row (or header/footer) being measured, whose own path only the caller knows
/// (`sections[0].rows[3]`); `located(at:)` fills it in.
public struct LayoutError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The JSON path of the offending part, e.g. `templates.FeedCell.constraints[3]` or `fonts.bold`.
    public var path: String
    /// What is wrong, for a person.
    public var message: String

    /// An error at `path` saying `message`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or just the message when the path is empty.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// This error with an empty (row-relative) path replaced by `rowPath`; absolute paths stay.
    public func located(at rowPath: String) -> LayoutError {
        path.isEmpty ? LayoutError(path: rowPath, message: message) : self
    }
}
