/// Why and where bytes are not valid JSON: a message with the 1-based line and column (columns
/// count Unicode scalars) and the JSON path of the value being read (`sections[0].rows[3]`).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the offending byte.
    public var line: Int
    /// 1-based column of the offending byte, counting Unicode scalars from the line start.
    public var column: Int
    /// Byte offset of the offending byte.
    public var offset: Int
    /// JSON path of the value being read when the error happened (empty at the top level).
    public var path: String
    /// What is wrong.
    public var message: String

    /// An error from its parts.
    public init(line: Int, column: Int, offset: Int, path: String, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.path = path
        self.message = message
    }

    /// `path: line L, column C: message`, without the path at the top level.
    public var description: String {
        let place = "line \(line), column \(column): \(message)"
        return path.isEmpty ? place : "\(path): \(place)"
    }
}
