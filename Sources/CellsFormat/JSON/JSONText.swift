/// Writes JSON text: quoted strings and numbers in their shortest round-trip form.
public enum JSONText {
    /// The string as a JSON string literal, escaping quotes, backslashes and control characters.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The longest input, in bytes, a message quotes whole (`excerpt(_:)`).
    public static let excerptLimit = 160

    /// `text` quoted for a message, as `quoted(_:)` does, cut to its first 100 characters when it
    /// is longer than `excerptLimit` bytes, followed by how long it was (`"aaa..."... (400000
    /// bytes)`): an error line stays readable whatever input it quotes.
    public static func excerpt(_ text: String) -> String {
        let length = text.utf8.count
        guard length > excerptLimit else { return quoted(text) }
        return quoted(String(text.prefix(100))) + "... (\(length) bytes)"
    }

    /// Appends the string as a JSON string literal to a byte buffer. Besides what JSON requires,
    /// DEL, the C1 controls, U+2028, U+2029 and the bidirectional overrides are escaped too: the
    /// output stays one line for readers that split at them and shows as text in a terminal.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var utf8 = text.utf8.makeIterator()
        var pending: UInt8? = nil
        while let b = pending ?? utf8.next() {
            pending = nil
            switch b {
            case UInt8(ascii: "\""): out.append(0x5C); out.append(b)
            case UInt8(ascii: "\\"): out.append(0x5C); out.append(b)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0..<0x20, 0x7F: appendEscape(UInt32(b), to: &out)
            case 0xC2:
                // C1 controls are U+0080...U+009F: C2 80...C2 9F.
                guard let next = utf8.next() else { out.append(b); break }
                if next < 0xA0 { appendEscape(UInt32(next), to: &out) } else { out.append(b); pending = next }
            case 0xE2:
                // U+2028, U+2029, U+202A...U+202E: E2 80 A8...AE; U+2066...U+2069: E2 81 A6...A9.
                guard let second = utf8.next() else { out.append(b); break }
                guard second == 0x80 || second == 0x81, let third = utf8.next() else {
                    out.append(b); pending = second; break
                }
                let scalar = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
                if (0x2028...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar) {
                    appendEscape(scalar, to: &out)
                } else {
                    out.append(b); out.append(second); out.append(third)
                }
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX` for a scalar of the Basic Multilingual Plane.
    private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        out.append(0x5C)
        out.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int(scalar >> UInt32(shift) & 15)]) }
    }

    /// The shortest decimal that reads back as the same Double (`88.5`, `40`, `0.1`, `1e+16`),
    /// integers without `.0` (`9007199254740991`, not Swift's `9007199254740991.0`); JSON has no
    /// NaN or infinity, so those become `null`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return value == 0 ? "0" : String(Int64(value))
        }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Appends `number(_:)` to a byte buffer.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            appendInteger(Int64(value), to: &out)
            return
        }
        out.append(contentsOf: number(value).utf8)
    }

    /// Appends a decimal integer to a byte buffer without making a String.
    public static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            if value == .min {
                out.append(contentsOf: "9223372036854775808".utf8)
                return
            }
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[n] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                n += 1
            } while magnitude > 0
            for k in stride(from: n - 1, through: 0, by: -1) { out.append(buffer[k]) }
        }
    }
}
