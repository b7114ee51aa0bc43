/// A constraint as its text reads, before its item names are looked up: the anchors are byte
/// ranges of the text, so reading one makes no string (a compiling template matches the names
/// against its view ids in place; `ConstraintParser.parse` spells them out).
struct ConstraintSyntax {
    /// One side's `item.attribute`.
    struct Anchor {
        /// Where the item name is in the text's UTF-8 bytes.
        var item: Range<Int>
        var attribute: LayoutAttribute
    }

    var first: Anchor
    var relation: LayoutRelation
    /// The right-hand anchor, or nil for `first REL constant`.
    var second: Anchor?
    var multiplier: Double
    var constant: Double
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
        LayoutError(path: location.path, message: "\"\(text)\": \(message) at column \(column)")
    }
}
