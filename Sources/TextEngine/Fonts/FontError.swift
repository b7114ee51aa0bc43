/// Why a font file could not be loaded: what kind of problem, the file and face asked for, and
/// the reason; its description names the file and the reason.
public struct FontError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What kind of problem, so a caller can decide without reading the reason.
    public enum Kind: Sendable, Hashable {
        /// Nothing at the path.
        case noSuchFile
        /// The path names a directory, FIFO, device or socket: only regular files are read.
        case notRegularFile
        /// The file is larger than `FontFace.maximumFileSize`.
        case tooLarge
        /// The file exists but the system would not open it (permissions, too many open files).
        case cannotOpen
        /// The file is not a TrueType/OpenType font or collection, or is damaged.
        case notAFont
        /// The file has no face at the index asked for.
        case noSuchFace
        /// A variation names an axis the face does not have (or the face is not variable).
        case noSuchAxis
        /// A feature setting HarfBuzz cannot read (`hb_feature_from_string`).
        case badFeature
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The path that was given.
    public let path: String
    /// The face index that was asked for.
    public let faceIndex: Int
    /// What went wrong, e.g. "no such file" or "face index 2 out of range (the file has 1 face)".
    public let reason: String

    /// An error of `kind` about `path` (face `faceIndex`) for `reason`.
    public init(_ kind: Kind, path: String, faceIndex: Int = 0, reason: String) {
        self.kind = kind
        self.path = path
        self.faceIndex = faceIndex
        self.reason = reason
    }

    /// "PATH: REASON", the form measure-cli prints.
    public var description: String { "\(path): \(reason)" }
}

extension FontError.Kind {
    /// The kind of a file that could not be opened for reading.
    init(_ error: RegularFileError) {
        switch error {
        case .noSuchFile: self = .noSuchFile
        case .cannotOpen: self = .cannotOpen
        case .notRegular: self = .notRegularFile
        case .tooLarge: self = .tooLarge
        }
    }
}
