/// Why a font file could not be loaded; its description names the file and the reason.
public struct FontError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The path that was given.
    public let path: String
    /// The face index that was asked for.
    public let faceIndex: Int
    /// What went wrong, e.g. "no such file" or "face index 2 out of range (the file has 1 face)".
    public let reason: String

    /// An error about `path` (face `faceIndex`) for `reason`.
    public init(path: String, faceIndex: Int = 0, reason: String) {
        self.path = path
        self.faceIndex = faceIndex
        self.reason = reason
    }

    /// "PATH: REASON", the form measure-cli prints.
    public var description: String { "\(path): \(reason)" }
}
