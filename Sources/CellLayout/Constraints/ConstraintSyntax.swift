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
/// `ConstraintParser.parse` spells them out). Flat, with no optionals, so the reader writes it
/// in place and a caller copies nothing wider than its fields.
struct ConstraintSyntax {
    /// Where the first item's name is in the text's UTF-8 bytes.
    var firstItem: Range<Int>
    /// Where the second item's name is; empty for `first REL constant` (a name is never empty).
    var secondItem: Range<Int>
    var firstAttribute: LayoutAttribute
    /// Meaningful only when `secondItem` is not empty.
    var secondAttribute: LayoutAttribute
    var terms: ConstraintTerms

    /// `a.left == 0`, a placeholder for a reader to overwrite.
    static let empty = ConstraintSyntax(firstItem: 0..<0, secondItem: 0..<0, firstAttribute: .left, secondAttribute: .left,
                                        terms: ConstraintTerms(relation: .equal, multiplier: 1, constant: 0, priority: 1000))

    /// Whether the constraint has a right-hand anchor.
    var hasSecond: Bool { !secondItem.isEmpty }
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
