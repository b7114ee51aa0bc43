/// The relation and numbers of a constraint `first REL multiplier * second + constant @ priority`,
/// shared by its form as read (`ConstraintSyntax`) and as compiled (`TemplateConstraint`).
struct ConstraintTerms: Sendable {
    var relation: LayoutRelation
    var multiplier: Double
    var constant: Double
    /// 1...1000; 1000 is required.
    var priority: Double
}

/// A constraint as its text reads, before its item names are looked up: reading one makes no
/// string (a compiling template matches the names against its view ids in place;
/// `ConstraintParser.parse` spells them out).
struct ConstraintSyntax {
    var first: TextAnchor
    /// The right-hand anchor, or nil for `first REL constant`.
    var second: TextAnchor?
    var terms: ConstraintTerms
}

/// One side's `item.attribute` as read: where the item name is in the text's UTF-8 bytes.
struct TextAnchor {
    var item: Range<Int>
    /// The item name packed (nil when it is long or not ASCII), for finding its view.
    var packedItem: PackedName?
    var attribute: LayoutAttribute
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
