/// A cells.json document that is well-formed JSON but not a valid document: the JSON path of the
/// offending value (`sections[0].rows[3]`) and what is wrong with it.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// JSON path of the offending value; empty for the document itself.
    public var path: String
    /// What is wrong.
    public var message: String

    /// An error from its parts.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or just the message at the root.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
