import CellsFormat
/// The relation and numbers of a compiled constraint `first REL multiplier * second + constant @ priority`.
struct ConstraintTerms: Sendable {
    var relation: LayoutRelation
    var multiplier: Double
    var constant: Double
    /// 1...1000; 1000 is required.
    var priority: Double
}

/// Why a constraint or visual-format text does not parse, and the 1-based column where it stops
/// making sense; the caller attaches the text and its path (`layoutError(text:location:)`).
struct SyntaxError: Error {
    var message: String
    var column: Int

    /// `message` at `column`.
    init(_ message: String, at column: Int) {
        self.message = message
        self.column = column
    }

    /// The error as a template reports it: `path: "text": message at column N`.
    func layoutError(text: String, location: DocumentPath) -> LayoutError {
        LayoutError(path: location.path, message: "\(JSONText.excerpt(text)): \(message) at column \(column)")
    }
}
