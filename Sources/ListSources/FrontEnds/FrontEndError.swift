/// A mistake in what was handed to a front end, saying where (`sections[1].rows[3]`, `data[4]`,
/// a key) and what. Front ends never trap on bad input; they return one of these.
public struct FrontEndError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the mistake is, in the front end's own terms.
    public var location: String
    /// What is wrong.
    public var message: String

    /// An error at `location` saying `message`.
    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`, as measure-cli prints errors.
    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}
