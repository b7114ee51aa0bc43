/// Text that a terminal or a line-based reader must take as plain characters: control
/// characters (C0, DEL, C1), line and paragraph separators and bidirectional overrides are
/// written as JSON writes them (`\n`, `\r`, `\t`, `\u001b`). A user string can then neither
/// split a line in two nor send escape codes to a terminal.
enum ControlEscaping {
    /// `text` with every control character escaped; with `jsonBody`, `\` and `"` are escaped too,
    /// so the result reads back unambiguously as the body of a JSON string (csv and table cells).
    static func escaped(_ text: String, jsonBody: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) || (jsonBody && ($0 == "\\" || $0 == "\"")) }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if jsonBody, scalar == "\\" || scalar == "\"" {
                out.append("\\")
                out.append(scalar)
            } else if needsEscape(scalar) {
                switch scalar {
                case "\n": out.append(contentsOf: "\\n".unicodeScalars)
                case "\r": out.append(contentsOf: "\\r".unicodeScalars)
                case "\t": out.append(contentsOf: "\\t".unicodeScalars)
                default:
                    let hex = String(scalar.value, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
                }
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether a scalar is one a terminal or a line reader would act on rather than show.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
