/// A mistake in a `.tableViewConfig` file or in resolving it against its data, naming the line
/// (counted from 1) and what is wrong.
public struct ConfigFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line of the config file, from 1.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// An error on `line` saying `message`.
    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
