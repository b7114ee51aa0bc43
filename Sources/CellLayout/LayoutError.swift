import TextEngine
import CellsFormat

/// A template or row that cannot be laid out: what kind of problem, where (a JSON path) and what
/// went wrong.
///
/// Paths that start with `templates.`, `fonts.`, `list.` or `assets` are absolute in the document; an empty
/// path means the row (or header/footer) being measured, whose own path only the caller knows
/// (`sections[0].rows[3]`); `located(at:)` fills it in.
public struct LayoutError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of problem, so a caller can decide without reading the message.
    public enum Kind: Sendable, Equatable {
        /// The layout cannot be made: an unknown view, conflicting required constraints, a
        /// missing template, a size that is not a finite number.
        case layout
        /// A font file named in `fonts` is missing or will not load, and which of `FontError`'s
        /// kinds kept it from loading.
        case font(FontError.Kind)
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// The JSON path of the offending part, e.g. `templates.FeedCell.constraints[3]` or `fonts.bold`.
    public var path: String
    /// What is wrong, for a person.
    public var message: String

    /// An error of `kind` at `path` saying `message`.
    public init(_ kind: Kind = .layout, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// `path: message`, or just the message when the path is empty.
    public var description: String { path.isEmpty ? message : "\(JSONPath.readable(path)): \(message)" }

    /// This error (same kind and message) at `path` instead.
    public func moved(to path: String) -> LayoutError {
        LayoutError(kind, path: path, message: message)
    }

    /// This error with its row-relative path placed under `rowPath` (empty: the row itself;
    /// `h`: `rowPath.h`; `[2]`: `rowPath[2]`); absolute paths stay.
    public func located(at rowPath: String) -> LayoutError {
        if isAbsolute { return self }
        if path.isEmpty { return moved(to: rowPath) }
        return moved(to: path.hasPrefix("[") ? rowPath + path : "\(rowPath).\(path)")
    }

    /// Whether the path names a place in the document (`templates.`, `fonts.`, `list.`, `assets`,
    /// `sections`) rather than in the row being measured (a row value's dotted path).
    public var isAbsolute: Bool {
        ["templates", "fonts", "list", "sections", "assets"].contains { root in
            path == root || path.hasPrefix(root + ".") || path.hasPrefix(root + "[")
        }
    }
}
