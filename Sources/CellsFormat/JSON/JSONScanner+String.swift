extension _JSONScanner {
    /// Reads a string starting at its opening quote. Plain ASCII runs take the fast path; other
    /// bytes must form valid UTF-8 (Unicode 15, Table 3-7); escapes go through `scratch`.
    mutating func parseString() throws(DocumentError) -> String {
        let quote = index
        index += 1
        let start = index
        var hasEscapes = false
        while true {
            // Eight bytes at a time while they are plain printable ASCII (most of a row's text).
            while index + 8 <= count && Self.isPlainASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
            }
            guard index < count else { throw error("unterminated string", at: quote) }
            let b = base[index]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 1
                guard index < count else { throw error("unterminated string", at: quote) }
                if base[index] == UInt8(ascii: "u") {
                    index += 5
                    if index > count { throw error("unterminated string", at: quote) }
                } else {
                    index += 1
                }
                continue
            }
            if b < 0x20 {
                throw error("unescaped control character U+00\(hex(b)) in a string")
            }
            if b < 0x80 {
                index += 1
                continue
            }
            let length = _JSONScanner.validUTF8Length(base + index, count - index)
            if length == 0 { throw error("invalid UTF-8 byte 0x\(hex(b)) in a string") }
            index += length
        }
        let end = index
        index += 1
        if !hasEscapes {
            return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        }
        return try unescape(from: start, to: end)
    }

    /// Decodes the escapes of an already delimited string body.
    mutating func unescape(from start: Int, to end: Int) throws(DocumentError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var k = start
        while k < end {
            let b = base[k]
            if b != UInt8(ascii: "\\") {
                scratch.append(b)
                k += 1
                continue
            }
            let e = base[k + 1]
            switch e {
            case UInt8(ascii: "\""): scratch.append(0x22)
            case UInt8(ascii: "\\"): scratch.append(0x5C)
            case UInt8(ascii: "/"): scratch.append(0x2F)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: k + 2)
                var consumed = 6
                if (0xD800...0xDBFF).contains(scalar) {
                    guard k + 12 <= end, base[k + 6] == UInt8(ascii: "\\"), base[k + 7] == UInt8(ascii: "u") else {
                        throw error("lone surrogate \\u\(hex4Text(scalar)) in a string", at: k)
                    }
                    let low = try hex4(at: k + 8)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("lone surrogate \\u\(hex4Text(scalar)) in a string", at: k)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    consumed = 12
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("lone surrogate \\u\(hex4Text(scalar)) in a string", at: k)
                }
                appendUTF8(scalar)
                k += consumed
                continue
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: k)
            }
            k += 2
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    func hex4(at: Int) throws(DocumentError) -> UInt32 {
        var value: UInt32 = 0
        for k in at..<(at + 4) {
            let b = base[k]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: expected four hex digits", at: k)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    func hex4Text(_ value: UInt32) -> String {
        hex(UInt8(value >> 8)) + hex(UInt8(value & 0xFF))
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The length of the well-formed UTF-8 sequence at `p` (at most `available` bytes), or 0 when
    /// it is ill-formed: overlong forms, surrogates and scalars above U+10FFFF are rejected.
    /// Whether none of the eight bytes in `word` ends or escapes a string or needs checking:
    /// no quote, no backslash, no control character, no byte of a multi-byte UTF-8 sequence.
    @inline(__always)
    static func isPlainASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below n (n <= 0x80) sets its high bit in `(x - n·ones) & ~x & highs`; a byte
        // equal to c is a zero byte of `x ^ c·ones`, i.e. one below 1.
        @inline(__always) func hasByteBelow(_ x: UInt64, _ n: UInt64) -> Bool { (x &- n &* ones) & ~x & highs != 0 }
        if word & highs != 0 { return false }
        return !hasByteBelow(word, 0x20) && !hasByteBelow(word ^ (0x22 &* ones), 1) && !hasByteBelow(word ^ (0x5C &* ones), 1)
    }

    static func validUTF8Length(_ p: UnsafePointer<UInt8>, _ available: Int) -> Int {
        let b0 = p[0]
        @inline(__always) func cont(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            k < available && p[k] >= low && p[k] <= high
        }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }
}
