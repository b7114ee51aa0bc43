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

    /// This error with its row-relative path placed under `rowPath` (empty: the row itself;
    /// `h`: `rowPath.h`); absolute paths stay.
    public func located(at rowPath: String) -> LayoutError {
        if isAbsolute { return self }
        return LayoutError(path: path.isEmpty ? rowPath : "\(rowPath).\(path)", message: message)
    }

    /// Whether the path names a place in the document (`templates.`, `fonts.`, `list.`,
    /// `sections`) rather than in the row being measured (a row value's dotted path).
    var isAbsolute: Bool {
        ["templates", "fonts", "list", "sections"].contains { root in
            path == root || path.hasPrefix(root + ".") || path.hasPrefix(root + "[")
        }
    }
}
