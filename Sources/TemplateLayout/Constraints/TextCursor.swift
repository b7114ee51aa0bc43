/// A read position in a constraint or visual-format string; columns are 1-based Unicode scalars.
struct TextCursor {
    let scalars: [Unicode.Scalar]
    private(set) var index = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// 1-based column of the next unread character.
    var column: Int { index + 1 }
    var isAtEnd: Bool { index >= scalars.count }
    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { index += 1 }
    }

    /// Consumes `literal` when the text continues with it.
    mutating func take(_ literal: String) -> Bool {
        let wanted = Array(literal.unicodeScalars)
        guard index + wanted.count <= scalars.count,
              Array(scalars[index..<index + wanted.count]) == wanted else { return false }
        index += wanted.count
        return true
    }

    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic
    }

    static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        isIdentifierStart(c) || ("0"..."9").contains(c)
    }

    /// Reads an identifier (letters, digits, `_`; not starting with a digit), or nil.
    mutating func identifier() -> String? {
        guard let c = peek, Self.isIdentifierStart(c) else { return nil }
        var out = String.UnicodeScalarView()
        while let c = peek, Self.isIdentifierPart(c) {
            out.append(c)
            index += 1
        }
        return String(out)
    }

    /// Reads an unsigned decimal number (`12`, `0.5`, `.5`), or nil; finite by construction.
    mutating func unsignedNumber() -> Double? {
        let start = index
        var text = ""
        var sawDigit = false
        var sawDot = false
        while let c = peek {
            if ("0"..."9").contains(c) {
                sawDigit = true
            } else if c == ".", !sawDot {
                // A dot followed by a letter ends the number (`2.width` is not valid anyway).
                sawDot = true
            } else {
                break
            }
            text.unicodeScalars.append(c)
            index += 1
        }
        guard sawDigit, let value = Double(text) else {
            index = start
            return nil
        }
        return value
    }
}
