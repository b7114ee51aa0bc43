import CellsFormat
/// A mistake in what was handed to a front end, saying what kind of mistake, where
/// (`sections[1].rows[3]`, `data[4]`, a key, `line 7` of a config file) and what. Front ends never
/// trap on bad input; they throw one of these.
public struct FrontEndError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of mistake, so a caller can decide without reading the message.
    public enum Kind: Sendable, Equatable {
        /// A value handed to a front end's API: an index outside the list, a duplicate key, an
        /// unknown template, a negative size.
        case input
        /// A mistake in a `.tableViewConfig` file or in resolving it against its data, on
        /// `line` (counted from 1).
        case configFile(line: Int)
        /// The data document read with a config file is not a valid cells.json document; the
        /// location is the JSON path of the offending value.
        case configData
    }

    /// What kind of mistake this is.
    public var kind: Kind
    /// Where the mistake is, in the front end's own terms.
    public var location: String
    /// What is wrong.
    public var message: String

    /// An `.input` error at `location` saying `message`.
    public init(_ location: String, _ message: String) {
        self.init(.input, location, message)
    }

    /// An error of `kind` at `location` saying `message`.
    public init(_ kind: Kind, _ location: String, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// A config-file mistake on `line` (from 1), located as `line N`.
    public static func configFile(line: Int, _ message: String) -> FrontEndError {
        FrontEndError(.configFile(line: line), "line \(line)", message)
    }

    /// `location: message`, as measure-cli prints errors.
    public var description: String { location.isEmpty ? message : "\(JSONPath.readable(location)): \(message)" }
}
