/// Writes JSON text: quoted strings and numbers in their shortest round-trip form.
public enum JSONText {
    /// The string as a JSON string literal, escaping quotes, backslashes and control characters.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the string as a JSON string literal to a byte buffer.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(0x5C); out.append(b)
            case UInt8(ascii: "\\"): out.append(0x5C); out.append(b)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(digits[Int(b >> 4)])
                out.append(digits[Int(b & 15)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The shortest decimal that reads back as the same Double (`88.5`, `40`, `0.1`), integers
    /// without `.0`; JSON has no NaN or infinity, so those become `null`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return value == 0 ? "0" : String(Int64(value))
        }
        return value.description
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
