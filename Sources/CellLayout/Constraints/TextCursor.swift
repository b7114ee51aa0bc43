/// A read position in a constraint or visual-format string, over its UTF-8 bytes (no per-token
/// allocation, and no copy of the text: the cursor reads the string's own storage, so it only
/// lives inside `TextCursor.reading(_:_:)`); columns in messages are 1-based Unicode scalars.
struct TextCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    /// A cursor at the start of `bytes` (valid only while they are).
    // No scan of the text up front: columns are only counted for a message.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// A cursor at byte `index` of `bytes` (a character's start).
    init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// Runs `body` on `text`'s UTF-8 bytes: its own storage when it has it (every native string),
    /// with no copy of the string and no reference-count traffic; otherwise a contiguous copy.
    @inline(__always)
    static func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
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
    var column: Int { column(at: index) }

    /// 1-based column (in Unicode scalars) of the character starting at byte `offset`.
    func column(at offset: Int) -> Int {
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
    @inline(__always)
    private static func isIdentifierStart(_ b: UInt8) -> Bool {
        // `b | 0x20` folds ASCII upper case onto lower case (and no other byte onto a letter).
        (b | 0x20) &- 0x61 < 26 || b == 0x5F || b >= 0x80
    }

    /// Bit `b - 64` set for the ASCII identifier bytes 64...127 (`A`-`Z`, `_`, `a`-`z`).
    private static let identifierLetters: UInt64 = 0x07FF_FFFE_87FF_FFFE
    /// Bit `b` set for the ASCII identifier bytes 0...63 (the digits).
    private static let identifierDigits: UInt64 = 0x03FF_0000_0000_0000

    /// One shift and test per byte: names are most of a constraint's text.
    @inline(__always)
    static func isIdentifierPart(_ b: UInt8) -> Bool {
        let mask = b < 64 ? identifierDigits : identifierLetters
        return b >= 0x80 || (mask >> UInt64(b & 63)) & 1 != 0
    }

    /// Reads an identifier (letters, digits, `_`; not starting with a digit) and returns where
    /// its bytes are, or nil; makes no string.
    @inline(__always)
    mutating func identifierRange() -> Range<Int>? {
        guard index < bytes.count, Self.isIdentifierStart(bytes[index]) else { return nil }
        let start = index
        var end = index &+ 1
        // Eight bytes a step (names are most of a constraint's text). Near the end the text's
        // last eight bytes are loaded and shifted down: the zeros shifted in stop the name there.
        if bytes.count >= 8, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while end < bytes.count {
                let word: UInt64
                if end &+ 8 <= bytes.count {
                    word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end, as: UInt64.self))
                } else {
                    let last = bytes.count &- 8
                    word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: last, as: UInt64.self))
                        &>> UInt64(8 &* (end &- last))
                }
                let stops = Self.nonIdentifierBytes(word)
                if stops != 0 {
                    end &+= stops.trailingZeroBitCount &>> 3
                    break
                }
                end &+= 8
            }
        } else {
            while end < bytes.count, Self.isIdentifierPart(bytes[end]) { end &+= 1 }
        }
        index = end
        return Range(uncheckedBounds: (start, end))
    }

    /// The top bit of each byte of `word` that cannot continue an identifier (`isIdentifierPart`
    /// is false: not a letter, digit, `_` or non-ASCII byte), the others clear.
    @inline(__always)
    static func nonIdentifierBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~tops
        // `low + (0x80 - c)` has a byte's top bit set exactly when that byte is at least `c`
        // (at most 0x7F + 0x80: no carry into the next byte).
        @inline(__always) func atLeast(_ x: UInt64, _ c: UInt64) -> UInt64 { x &+ (0x80 &- c) &* ones }
        // `| 0x20` folds upper case onto lower case (and no other byte onto a letter).
        let folded = low | 0x2020_2020_2020_2020
        let digit = atLeast(low, 0x30) & ~atLeast(low, 0x3A)
        let letter = atLeast(folded, 0x61) & ~atLeast(folded, 0x7B)
        let underscore = atLeast(low, 0x5F) & ~atLeast(low, 0x60)
        return ~(word | digit | letter | underscore) & tops
    }

    /// Reads an identifier (letters, digits, `_`; not starting with a digit), or nil.
    mutating func identifier() -> String? {
        identifierRange().map { text($0) }
    }

    /// The bytes at `range` as text (for a name kept or a message).
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The bytes at `range`, read in place (valid only inside `TextCursor.reading(_:_:)`).
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// Reads an unsigned decimal number (`12`, `0.5`, `.5`), or nil; finite by construction, and
    /// always the value `Double(String)` gives for the text read.
    mutating func unsignedNumber() -> Double? {
        let start = index
        var digits = 0
        var fractionDigits = 0
        var sawDot = false
        // The digits as an integer, exact while there are at most 19 of them.
        var mantissa: UInt64 = 0
        while index < bytes.count {
            let c = bytes[index]
            let digit = c &- 0x30
            if digit < 10 {
                digits &+= 1
                if sawDot { fractionDigits &+= 1 }
                mantissa = mantissa &* 10 &+ UInt64(digit)
            } else if c == 0x2E, !sawDot {
                sawDot = true
            } else {
                break
            }
            index &+= 1
        }
        guard digits > 0 else {
            index = start
            return nil
        }
        // At most 15 digits are below 2^53, so the mantissa is an exact double, and so is 10^k for
        // k <= 22: their quotient is correctly rounded, the value `Double(String)` gives.
        if digits <= 15 {
            if fractionDigits == 0 { return Double(mantissa) }
            if fractionDigits <= 22 {
                var scale = 1.0
                for _ in 0..<fractionDigits { scale *= 10 }
                return Double(mantissa) / scale
            }
        }
        return Self.slowNumber(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }

    /// A long number's value (the rare case, so it may make a string): digits and at most one dot.
    private static func slowNumber(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        if let value = Double(String(decoding: text, as: UTF8.self)) { return value }
        // `Double(String)` refuses only what has no digit, which is not read as a number.
        var whole = 0.0
        var fraction = 0.0
        var scale = 1.0
        var sawDot = false
        for c in text {
            if c == 0x2E { sawDot = true; continue }
            if sawDot {
                scale /= 10
                fraction += Double(c - 0x30) * scale
            } else {
                whole = whole * 10 + Double(c - 0x30)
            }
        }
        return whole + fraction
    }
}
