/// A read position in a constraint or visual-format string, over its UTF-8 bytes (no per-token
/// allocation, and no copy of the text: the cursor reads the string's own storage, so it only
/// lives inside `TextCursor.reading(_:_:)`); columns in messages are 1-based Unicode scalars.
struct TextCursor {
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
    static func reading<R>(_ text: String, _ body: (inout TextCursor) throws(LayoutError) -> R) throws(LayoutError) -> R {
        var text = text
        let result: Result<R, LayoutError> = text.withUTF8 { bytes in
            var cursor = TextCursor(bytes)
            do throws(LayoutError) {
                return .success(try body(&cursor))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// 1-based column (in Unicode scalars) of the next unread character.
    var column: Int {
        if isASCII { return min(index, bytes.count) + 1 }
        // Count scalar starts (non-continuation bytes) before the read position.
        var scalars = 0
        for b in bytes[..<min(index, bytes.count)] where b & 0xC0 != 0x80 { scalars += 1 }
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

    /// Letters (any non-ASCII character counts as one), `_`; digits after the first.
    private static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }

    private static func isIdentifierPart(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || (b >= 0x30 && b <= 0x39)
    }

    /// Reads an identifier that is an attribute name, or nil (reading nothing) when the next
    /// identifier is not one; compares bytes, so no string is made for the common case.
    mutating func attribute() -> LayoutAttribute? {
        guard let c = peekByte, Self.isIdentifierStart(c) else { return nil }
        var end = index
        while end < bytes.count, Self.isIdentifierPart(bytes[end]) { end += 1 }
        // The length and first byte leave at most two candidates; the full name decides.
        let candidate: LayoutAttribute
        switch (end - index, c) {
        case (3, UInt8(ascii: "t")): candidate = .top
        case (4, UInt8(ascii: "l")): candidate = .left
        case (5, UInt8(ascii: "r")): candidate = .right
        case (5, UInt8(ascii: "w")): candidate = .width
        case (6, UInt8(ascii: "b")): candidate = .bottom
        case (6, UInt8(ascii: "h")): candidate = .height
        case (7, UInt8(ascii: "l")): candidate = .leading
        case (7, UInt8(ascii: "c")): candidate = bytes[end - 1] == UInt8(ascii: "X") ? .centerX : .centerY
        case (8, UInt8(ascii: "t")): candidate = .trailing
        case (12, UInt8(ascii: "l")): candidate = .lastBaseline
        case (13, UInt8(ascii: "f")): candidate = .firstBaseline
        default: return nil
        }
        let same = candidate.utf8Name.withUTF8Buffer { name in
            for k in 0..<name.count where bytes[index + k] != name[k] { return false }
            return true
        }
        guard same else { return nil }
        index = end
        return candidate
    }

    /// Reads an identifier (letters, digits, `_`; not starting with a digit), or nil.
    mutating func identifier() -> String? {
        guard let c = peekByte, Self.isIdentifierStart(c) else { return nil }
        let start = index
        while let c = peekByte, Self.isIdentifierPart(c) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
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
