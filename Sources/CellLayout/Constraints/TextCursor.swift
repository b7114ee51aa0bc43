/// A read position in a constraint or visual-format string, one Unicode scalar at a time;
/// messages name 1-based columns counted in scalars.
struct TextCursor {
    private let scalars: String.UnicodeScalarView
    private var position: String.Index
    /// 1-based column of the next unread scalar.
    private(set) var column = 1

    /// A cursor at the start of `text`.
    init(_ text: String) {
        scalars = text.unicodeScalars
        position = scalars.startIndex
    }

    var isAtEnd: Bool { position == scalars.endIndex }

    /// The next scalar, if any.
    private var nextScalar: Unicode.Scalar? { isAtEnd ? nil : scalars[position] }

    private mutating func advance() {
        scalars.formIndex(after: &position)
        column += 1
    }

    /// The next scalar as text, for messages.
    var peekCharacter: String? { nextScalar.map { String($0) } }

    /// Whether the next scalar is `c`.
    func next(is c: Unicode.Scalar) -> Bool { nextScalar == c }

    /// Skips spaces and tabs (the only blanks the grammars allow).
    mutating func skipSpaces() {
        while next(is: " ") || next(is: "\t") { advance() }
    }

    /// Consumes `literal` when the text continues with it.
    mutating func take(_ literal: String) -> Bool {
        var probe = position
        for c in literal.unicodeScalars {
            guard probe < scalars.endIndex, scalars[probe] == c else { return false }
            scalars.formIndex(after: &probe)
        }
        position = probe
        column += literal.unicodeScalars.count
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
        guard let first = nextScalar, Self.isIdentifierStart(first) else { return nil }
        let start = position
        while let c = nextScalar, Self.isIdentifierStart(c) || Self.isDigit(c) { advance() }
        return String(scalars[start..<position])
    }

    /// Reads an unsigned decimal number (`12`, `0.5`, `.5`, `5.`: digits and at most one dot, at
    /// least one digit), or nil (reading nothing); its value is the one `Double(String)` gives.
    mutating func unsignedNumber() -> Double? {
        let start = position
        let startColumn = column
        var sawDigit = false
        var sawDot = false
        while let c = nextScalar {
            if Self.isDigit(c) {
                sawDigit = true
            } else if c == ".", !sawDot {
                sawDot = true
            } else {
                break
            }
            advance()
        }
        guard sawDigit else {
            position = start
            column = startColumn
            return nil
        }
        // An exponent as JSON writes one (`1e-05`, `2.5E+3`), only when digits follow it: the
        // `e` of `2 * e.width` is never a number's.
        if let e = nextScalar, e == "e" || e == "E" {
            var probe = self
            probe.advance()
            if let sign = probe.nextScalar, sign == "+" || sign == "-" { probe.advance() }
            if let digit = probe.nextScalar, Self.isDigit(digit) {
                while let c = probe.nextScalar, Self.isDigit(c) { probe.advance() }
                self = probe
            }
        }
        // Digits with at most one dot and an exponent always parse; a value past `Double`'s
        // range is infinite, which the parsers report as out of range.
        return Double(String(scalars[start..<position])) ?? .infinity
    }
}
