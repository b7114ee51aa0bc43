/// A read position in a constraint or visual-format string, one Unicode scalar at a time, so a
/// position is its column: messages name 1-based columns counted in scalars.
struct TextCursor {
    private let scalars: [Unicode.Scalar]
    private(set) var index = 0

    /// A cursor at the start of `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// 1-based column of the next unread scalar.
    var column: Int { index + 1 }

    var isAtEnd: Bool { index >= scalars.count }

    /// The next scalar as text, for messages.
    var peekCharacter: String? { isAtEnd ? nil : String(scalars[index]) }

    /// Whether the next scalar is `c`.
    func next(is c: Unicode.Scalar) -> Bool { !isAtEnd && scalars[index] == c }

    /// Skips spaces and tabs (the only blanks the grammars allow).
    mutating func skipSpaces() {
        while next(is: " ") || next(is: "\t") { index += 1 }
    }

    /// Consumes `literal` when the text continues with it.
    mutating func take(_ literal: String) -> Bool {
        let wanted = Array(literal.unicodeScalars)
        guard scalars[index...].starts(with: wanted) else { return false }
        index += wanted.count
        return true
    }

    /// Consumes `==`, `<=` or `>=` and returns its relation, or nil (reading nothing).
    mutating func relation() -> LayoutRelation? {
        for relation in [LayoutRelation.equal, .lessThanOrEqual, .greaterThanOrEqual] where take(relation.rawValue) {
            return relation
        }
        return nil
    }

    /// Letters, `_` and any non-ASCII scalar start an identifier; digits may follow.
    private static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || !c.isASCII
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

    /// Reads an identifier (letters, digits, `_`, non-ASCII; not starting with a digit), or nil.
    mutating func identifier() -> String? {
        guard !isAtEnd, Self.isIdentifierStart(scalars[index]) else { return nil }
        let start = index
        while !isAtEnd, Self.isIdentifierStart(scalars[index]) || Self.isDigit(scalars[index]) { index += 1 }
        return text(start..<index)
    }

    /// Reads an unsigned decimal number (`12`, `0.5`, `.5`, `5.`: digits and at most one dot, at
    /// least one digit), or nil (reading nothing); its value is the one `Double(String)` gives.
    mutating func unsignedNumber() -> Double? {
        let start = index
        var sawDigit = false
        var sawDot = false
        while !isAtEnd {
            if Self.isDigit(scalars[index]) {
                sawDigit = true
            } else if scalars[index] == ".", !sawDot {
                sawDot = true
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else {
            index = start
            return nil
        }
        // Digits with at most one dot always parse; a value past `Double`'s range is infinite,
        // which the parsers report as out of range.
        return Double(text(start..<index)) ?? .infinity
    }

    /// The scalars at `range` as text.
    private func text(_ range: Range<Int>) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[range])
        return String(s)
    }
}
