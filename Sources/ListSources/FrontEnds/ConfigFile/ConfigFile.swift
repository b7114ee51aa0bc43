import CellsFormat

/// A parsed `.tableViewConfig` file (AOZTableViewProvider's language): modes of sections of rows.
/// Lines start with `mode`, `section` or `row`; any other line is a comment. Words are separated
/// by white space; flags are `-s`, `-c`, `-ec`, `-h`, `-n`, `-all`, `-es` and `-t`.
public struct ConfigFile: Sendable, Hashable {
    /// The modes in order; mode 0 is the first.
    package var modes: [ConfigMode]

    /// Parses `text`. Unlike AOZ, which logs and skips a bad flag, a bad flag is an error naming
    /// its line: an unknown flag, a flag without its value, `-n` that is not a positive integer,
    /// `-h` on a row, `-es` on a section or under a section without `-s`, flags on `mode`.
    public static func parse(_ text: String) throws(FrontEndError) -> ConfigFile {
        var modes: [ConfigMode] = []
        var lineNumber = 0
        // Lines end with LF, CRLF or CR (a Swift `Character` holds CRLF as one).
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            if rawLine.unicodeScalars.contains("\0") {
                throw FrontEndError.configFile(line: lineNumber, "a NUL character: a .tableViewConfig file is text")
            }
            let words = rawLine.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            guard let head = words.first, ["mode", "section", "row"].contains(head) else { continue }
            let flags = try parseFlags(words.dropFirst(), line: lineNumber, of: head)
            switch head {
            case "mode":
                modes.append(ConfigMode(line: lineNumber, sections: []))
            case "section":
                if modes.isEmpty { modes.append(ConfigMode(line: lineNumber, sections: [])) }
                modes[modes.count - 1].sections.append(ConfigSection(line: lineNumber, flags: flags, rows: []))
            default:
                if modes.isEmpty { modes.append(ConfigMode(line: lineNumber, sections: [])) }
                if modes[modes.count - 1].sections.isEmpty {
                    modes[modes.count - 1].sections.append(ConfigSection(line: lineNumber, flags: ConfigFlags(), rows: []))
                }
                let mode = modes.count - 1, section = modes[mode].sections.count - 1
                if flags.elementSource != nil && modes[mode].sections[section].flags.source == nil {
                    throw FrontEndError.configFile(line: lineNumber, "-es needs its section to have -s (an array of elements)")
                }
                modes[mode].sections[section].rows.append(ConfigRow(line: lineNumber, flags: flags))
            }
        }
        return ConfigFile(modes: modes)
    }

    /// The text of a `.tableViewConfig` file from its bytes: UTF-8 (a leading byte-order mark
    /// skipped). Bytes that are not UTF-8 are an error naming their line and byte, so a file
    /// in another encoding is never read as something else.
    public static func text<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(FrontEndError) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        // Not UTF-8: find the first bad byte and its line.
        var line = 1
        var decoder = UTF8()
        var iterator = body.makeIterator()
        var consumed = 0
        var previous: Unicode.Scalar = " "
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if scalar == "\r" || (scalar == "\n" && previous != "\r") { line += 1 }
            consumed += UTF8.width(scalar)
            previous = scalar
        }
        let bad = body[body.index(body.startIndex, offsetBy: consumed)]
        let hex = String(bad, radix: 16, uppercase: true)
        throw FrontEndError.configFile(line: line, "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)): a .tableViewConfig file is UTF-8 text")
    }

    /// Every flag the language has.
    static let flags: Set<String> = ["-s", "-c", "-ec", "-h", "-n", "-all", "-es", "-t"]

    static func parseFlags(_ words: ArraySlice<String>, line: Int, of head: String) throws(FrontEndError) -> ConfigFlags {
        var flags = ConfigFlags()
        var rest = words[...]
        if head == "mode", let first = rest.first {
            throw FrontEndError.configFile(line: line, "mode takes no flags, found \(JSONText.excerpt(first))")
        }
        func value(of flag: String) throws(FrontEndError) -> String {
            // Only a known flag ends a flag's value: `-n -5` is -n with the value -5 (then
            // refused as not positive), not -n without one.
            guard let next = rest.first, !ConfigFile.flags.contains(next) else {
                throw FrontEndError.configFile(line: line, "\(flag) needs a value")
            }
            rest = rest.dropFirst()
            return next
        }
        while let flag = rest.first {
            rest = rest.dropFirst()
            switch flag {
            case "-s": flags.source = try value(of: flag); flags.elementSource = nil
            case "-es":
                guard head == "row" else { throw FrontEndError.configFile(line: line, "-es is for rows, not \(head)s") }
                flags.elementSource = try value(of: flag); flags.source = nil
            case "-c": flags.template = try value(of: flag)
            case "-ec": flags.emptyTemplate = try value(of: flag)
            case "-h":
                guard head == "section" else { throw FrontEndError.configFile(line: line, "-h is for sections, not \(head)s") }
                flags.header = try value(of: flag)
            case "-t": flags.tag = try value(of: flag)
            case "-all": flags.elementsPerRow = .all
            case "-n":
                let text = try value(of: flag)
                guard let n = Int(text), n > 0 else {
                    throw FrontEndError.configFile(line: line, "-n needs a positive integer, found \(JSONText.excerpt(text))")
                }
                flags.elementsPerRow = .count(n)
            default:
                throw FrontEndError.configFile(line: line, "unknown flag \(JSONText.excerpt(flag))")
            }
        }
        return flags
    }
}
