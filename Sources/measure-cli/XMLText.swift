/// Text made safe for an XML 1.0 document.
enum XMLText {
    /// `text` as attribute value or character data: `&`, `<`, `>` and `"` escaped, tab, line feed
    /// and carriage return written as character references (so attribute normalisation and
    /// line-end handling keep them), and every character XML 1.0 cannot hold at all (C0 controls,
    /// U+FFFE, U+FFFF) replaced by U+FFFD, so the document is well-formed for any string.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF {
                    out.unicodeScalars.append("\u{FFFD}")
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }
}
