/// Why bytes are not a valid cells.json document: what kind of problem (not JSON at all, or JSON
/// with an offending value), the JSON path of the value being read (`sections[0].rows[3]`) and
/// what is wrong with it.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem, so a caller can decide without reading the message.
    public enum Kind: Sendable, Equatable {
        /// The bytes are not JSON. `line` and `column` (counting Unicode scalars) are 1-based;
        /// `offset` counts bytes from the start.
        case syntax(line: Int, column: Int, offset: Int)
        /// Well-formed JSON whose value at `path` is not what a document allows: a wrong type, a
        /// missing member, an unknown template or font.
        case invalidValue
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// JSON path of the offending value; empty for the document itself.
    public var path: String
    /// What is wrong.
    public var message: String

    /// An `.invalidValue` error from its parts.
    public init(path: String, message: String) {
        self.init(.invalidValue, path: path, message: message)
    }

    /// An error of `kind` from its parts.
    public init(_ kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// `path: message`, with `line L, column C: ` before the message for a syntax error; without
    /// the path at the top level.
    public var description: String {
        let text: String
        switch kind {
        case .syntax(let line, let column, _): text = "line \(line), column \(column): \(message)"
        case .invalidValue: text = message
        }
        return path.isEmpty ? text : "\(JSONPath.readable(path)): \(text)"
    }
}
