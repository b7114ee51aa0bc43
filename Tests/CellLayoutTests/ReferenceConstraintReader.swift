@testable import CellLayout

/// The constraint grammar's reader as it was before the blueprint fast path (main d500b65), kept
/// verbatim: the reference the fast reader is compared with on varied texts.
enum ReferenceConstraintReader {
    /// `text` read as one constraint: its description (names spelled out) or its error message.
    static func parse(_ text: String, path: String) -> Result<ConstraintDescription, LayoutError> {
        ReferenceCursor.reading(text) { (cursor: inout ReferenceCursor) -> Result<ConstraintDescription, LayoutError> in
            do throws(SyntaxError) {
                let syntax = try read(&cursor)
                func anchor(_ a: ReferenceAnchor) -> LayoutAnchor {
                    LayoutAnchor(item: cursor.text(a.item), attribute: a.attribute, column: cursor.column(at: a.item.lowerBound))
                }
                return .success(ConstraintDescription(first: anchor(syntax.first), relation: syntax.terms.relation,
                                                      second: syntax.second.map(anchor), multiplier: syntax.terms.multiplier,
                                                      constant: syntax.terms.constant, priority: syntax.terms.priority,
                                                      text: text, path: path))
            } catch {
                return .failure(error.layoutError(text: text, location: .text(path)))
            }
        }
    }

    /// Reads the whole text as one constraint, as `ConstraintParser.read` did at d500b65.
    static func read(_ cursor: inout ReferenceCursor) throws(SyntaxError) -> ReferenceSyntax {
        cursor.skipSpaces()
        let first = try anchor(&cursor)
        cursor.skipSpaces()
        guard let relation = cursor.relation() else { throw SyntaxError("expected ==, <= or >=", at: cursor.column) }

        cursor.skipSpaces()
        var second: ReferenceAnchor?
        var multiplier = 1.0
        var constant = 0.0
        // A leading number is either `M * ITEM.ATTR` or the whole constant `C` (possibly signed).
        var sign = 1.0
        let signIndex = cursor.index
        if cursor.take(ascii: "-") { sign = -1 } else if cursor.take(ascii: "+") { sign = 1 }
        cursor.skipSpaces()
        if let number = cursor.unsignedNumber() {
            cursor.skipSpaces()
            if cursor.take(ascii: "*") {
                cursor.skipSpaces()
                multiplier = sign * number
                second = try anchor(&cursor)
            } else {
                constant = sign * number
            }
        } else if sign == 1, signIndex == cursor.index {
            second = try anchor(&cursor)
            cursor.skipSpaces()
            if cursor.take(ascii: "*") {
                cursor.skipSpaces()
                guard let m = signedNumber(&cursor) else { throw SyntaxError("expected a multiplier", at: cursor.column) }
                multiplier = m
            }
        } else {
            throw SyntaxError("expected a number", at: cursor.column)
        }

        cursor.skipSpaces()
        if second != nil {
            let negative = cursor.next(is: "-")
            if cursor.take(ascii: "+") || cursor.take(ascii: "-") {
                cursor.skipSpaces()
                guard let c = cursor.unsignedNumber() else { throw SyntaxError("expected a constant", at: cursor.column) }
                constant = negative ? -c : c
                cursor.skipSpaces()
            }
        }

        var priority = 1000.0
        if cursor.take(ascii: "@") {
            cursor.skipSpaces()
            priority = try parsePriority(&cursor)
            cursor.skipSpaces()
        }
        if let extra = cursor.peekCharacter { throw SyntaxError("unexpected \"\(extra)\"", at: cursor.column) }
        guard multiplier.isFinite, constant.isFinite else { throw SyntaxError("number out of range", at: 1) }
        if let second, second.attribute.kind != first.attribute.kind,
           first.attribute.kind != .size || second.attribute.kind != .size {
            throw SyntaxError("cannot relate \(first.attribute.rawValue) to \(second.attribute.rawValue)",
                              at: cursor.column(at: second.item.lowerBound))
        }
        return ReferenceSyntax(first: first, second: second, terms: ConstraintTerms(
            relation: relation, multiplier: multiplier, constant: constant, priority: priority))
    }

    /// Reads a priority: a number in 1...1000 or `required` / `high` / `low`.
    static func parsePriority(_ cursor: inout ReferenceCursor) throws(SyntaxError) -> Double {
        let column = cursor.column
        if let word = cursor.identifier() {
            switch word {
            case "required": return 1000
            case "high": return 750
            case "low": return 250
            default: throw SyntaxError("unknown priority \"\(word)\" (use 1...1000, required, high or low)", at: column)
            }
        }
        guard let p = cursor.unsignedNumber() else { throw SyntaxError("expected a priority", at: column) }
        guard p >= 1, p <= 1000 else { throw SyntaxError("priority \(formatNumber(p)) is outside 1...1000", at: column) }
        return p
    }

    private static func signedNumber(_ cursor: inout ReferenceCursor) -> Double? {
        let negative = cursor.take(ascii: "-")
        cursor.skipSpaces()
        guard let n = cursor.unsignedNumber() else { return nil }
        return negative ? -n : n
    }

    /// Reads `item.attribute`.
    private static func anchor(_ cursor: inout ReferenceCursor) throws(SyntaxError) -> ReferenceAnchor {
        guard let item = cursor.identifierRange() else { throw SyntaxError("expected a view id or super", at: cursor.column) }
        guard cursor.take(ascii: ".") else {
            throw SyntaxError("expected \".\" and an attribute after \"\(cursor.text(item))\"", at: cursor.column)
        }
        let attributeColumn = cursor.column
        guard let name = cursor.identifierRange() else { throw SyntaxError("expected an attribute", at: attributeColumn) }
        guard let attribute = LayoutAttribute(rawValue: cursor.text(name)) else {
            throw SyntaxError("unknown attribute \"\(cursor.text(name))\"", at: attributeColumn)
        }
        return ReferenceAnchor(item: item, attribute: attribute)
    }
}

/// The constraint cursor as it was before the blueprint fast path (main d500b65), kept verbatim
/// so the tests can check that the fast cursor reads every text the same way.
struct ReferenceCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0
    /// Whether every byte is ASCII (columns are then byte offsets).
    private let isASCII: Bool

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var high: UInt8 = 0
        for b in bytes { high |= b }
        isASCII = high < 0x80
    }

    /// Runs `body` with a cursor at the start of `text`'s UTF-8 bytes. (Inlined, so the result
    /// is moved as its concrete type rather than through generic copies.)
    @inline(__always)
    static func reading<R>(_ text: String, _ body: (inout ReferenceCursor) -> R) -> R {
        var text = text
        return text.withUTF8 { bytes in
            var cursor = ReferenceCursor(bytes)
            return body(&cursor)
        }
    }

    /// 1-based column (in Unicode scalars) of the next unread character.
    var column: Int { column(at: index) }

    /// 1-based column (in Unicode scalars) of the character starting at byte `offset`.
    func column(at offset: Int) -> Int {
        if isASCII { return min(offset, bytes.count) + 1 }
        // Count scalar starts (non-continuation bytes) before the offset.
        var scalars = 0
        for b in bytes[..<min(offset, bytes.count)] where b & 0xC0 != 0x80 { scalars += 1 }
        return scalars + 1
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, if any.
    var peekByte: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The next character as text, for messages.
    var peekCharacter: String? {
        guard index < bytes.count else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// Whether the next byte is the ASCII character `c`.
    func next(is c: Unicode.Scalar) -> Bool { peekByte == UInt8(ascii: c) }

    mutating func skipSpaces() {
        while let c = peekByte, c == 0x20 || c == 0x09 { index += 1 }
    }

    /// Consumes `literal` (ASCII) when the text continues with it.
    mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = literal.withUTF8Buffer { wanted in
            (0..<count).allSatisfy { bytes[index + $0] == wanted[$0] }
        }
        if matches { index += count }
        return matches
    }

    /// Consumes the ASCII character `c` when it is next (one byte compared: the constraint
    /// grammar's punctuation is read once per token of every template).
    @inline(__always)
    mutating func take(ascii c: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: c) else { return false }
        index += 1
        return true
    }

    /// Consumes `==`, `<=` or `>=` and returns its relation, or nil (reading nothing).
    mutating func relation() -> LayoutRelation? {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") else { return nil }
        let relation: LayoutRelation
        switch bytes[index] {
        case UInt8(ascii: "="): relation = .equal
        case UInt8(ascii: "<"): relation = .lessThanOrEqual
        case UInt8(ascii: ">"): relation = .greaterThanOrEqual
        default: return nil
        }
        index += 2
        return relation
    }

    /// Letters (any non-ASCII character counts as one), `_`; digits after the first.
    private static func isIdentifierStart(_ b: UInt8) -> Bool {
        // `b | 0x20` folds ASCII upper case onto lower case (and no other byte onto a letter).
        (b | 0x20) &- 0x61 < 26 || b == 0x5F || b >= 0x80
    }

    private static func isIdentifierPart(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || b &- 0x30 < 10
    }

    /// Reads an identifier (letters, digits, `_`; not starting with a digit) and returns where
    /// its bytes are, or nil; makes no string.
    mutating func identifierRange() -> Range<Int>? {
        guard index < bytes.count, Self.isIdentifierStart(bytes[index]) else { return nil }
        let start = index
        var end = index + 1
        while end < bytes.count, Self.isIdentifierPart(bytes[end]) { end += 1 }
        index = end
        return start..<end
    }

    /// Reads an identifier (letters, digits, `_`; not starting with a digit), or nil.
    mutating func identifier() -> String? {
        identifierRange().map { text($0) }
    }

    /// The bytes at `range` as text (for a name kept or a message).
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The bytes at `range`, read in place (valid only inside `ReferenceCursor.reading(_:_:)`).
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// Reads an unsigned decimal number (`12`, `0.5`, `.5`), or nil; finite by construction.
    mutating func unsignedNumber() -> Double? {
        let start = index
        var sawDigit = false
        var sawDot = false
        var whole = 0.0
        var fraction = 0.0
        var scale = 1.0
        while let c = peekByte {
            if c >= 0x30 && c <= 0x39 {
                sawDigit = true
                if sawDot {
                    scale /= 10
                    fraction += Double(c - 0x30) * scale
                } else {
                    whole = whole * 10 + Double(c - 0x30)
                }
            } else if c == 0x2E, !sawDot {
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
        // An integer of at most 15 digits is exact in the loop above (below 2^53).
        if !sawDot && index - start <= 15 { return whole }
        // Exact decimal parsing for what was read (the digit loop above only finds the extent).
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? whole + fraction
    }
}

/// `ConstraintSyntax` as it was: the anchors as byte ranges.
struct ReferenceSyntax {
    var first: ReferenceAnchor
    var second: ReferenceAnchor?
    var terms: ConstraintTerms
}

/// `TextAnchor` as it was.
struct ReferenceAnchor {
    var item: Range<Int>
    var attribute: LayoutAttribute
}
