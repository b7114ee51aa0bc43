#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONParser {
    /// A cells.json document parsed except for its rows: every `sections[i].rows` is an empty
    /// array in `document`, and `rows[i]` holds the byte ranges of that section's row values, in
    /// order, so they can be parsed in parallel. Row bytes are only delimited here, not checked:
    /// parse each range with `parse(_:)`; if any fails, parse the whole buffer again to get the
    /// error as a sequential parse reports it.
    public func parseDeferringRows(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> (document: JSONValue, rows: [[Range<Int>]]) {
        var scanner = _JSONScanner(bytes: bytes, maxDepth: maxDepth)
        scanner.defersRows = true
        let parsed = try scanner.parseDocument()
        var ranges = scanner.deferredRows
        guard case .object(var root) = parsed, case .array(var sections)? = root["sections"] else {
            return (parsed, [])
        }
        ranges.append(contentsOf: repeatElement([], count: max(0, sections.count - ranges.count)))
        for i in sections.indices {
            guard case .object(var section) = sections[i], case .array(let placeholders)? = section["rows"] else {
                // Rows recorded under a "sections" member that a later duplicate replaced.
                ranges[i] = []
                continue
            }
            // A duplicated "rows" member keeps the last one (as a sequential parse does); the
            // ranges then no longer match the placeholders, which callers must treat as failure.
            guard placeholders.count == ranges[i].count else {
                throw JSONParseError(line: 0, column: 0, offset: 0, path: "sections[\(i)].rows", message: "rows do not match their ranges")
            }
            section["rows"] = .array([])
            sections[i] = .object(section)
        }
        root["sections"] = .array(sections)
        return (.object(root), Array(ranges.prefix(sections.count)))
    }
}

extension _JSONScanner {
    /// Whether the value about to be read is a row: the open containers are exactly
    /// `{ "sections": [ { "rows": [`.
    var isAtRow: Bool {
        guard stack.count == 4, case .array = stack[3], case .array = stack[1],
              case .object(_, let rowsKey) = stack[2], rowsKey == "rows",
              case .object(_, let sectionsKey) = stack[0], sectionsKey == "sections" else { return false }
        return true
    }

    /// Records the row value at the cursor as a byte range and steps over it, tracking only
    /// strings and brackets; malformed bytes are found when the range is parsed.
    mutating func deferRow() throws(JSONParseError) {
        guard case .array(let sections) = stack[1], case .array(let rows) = stack[3] else { return }
        let section = sections.count
        while deferredRows.count <= section { deferredRows.append([]) }
        if rows.isEmpty { deferredRows[section].removeAll() }
        let start = index
        try skipValue()
        deferredRows[section].append(start..<index)
    }

    mutating func skipValue() throws(JSONParseError) {
        let first = base[index]
        if first == UInt8(ascii: "\"") {
            try skipString()
            return
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            var depth = 0
            while index < count {
                let b = base[index]
                if b == UInt8(ascii: "\"") {
                    try skipString()
                    continue
                }
                if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                    depth += 1
                } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                }
                index += 1
            }
            throw error("unterminated row")
        }
        while index < count {
            let b = base[index]
            if b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") || b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 {
                return
            }
            index += 1
        }
    }

    /// Skips a string: `memchr` finds each quote (long row texts are most of a document's
    /// bytes), and a quote after an odd run of backslashes is escaped, so the scan goes on.
    mutating func skipString() throws(JSONParseError) {
        let start = index + 1
        var from = start
        while from < count {
            guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), count - from) else { break }
            let quote = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            var backslashes = 0
            while quote - backslashes - 1 >= start, base[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 {
                index = quote + 1
                return
            }
            from = quote + 1
        }
        index = count
        throw error("unterminated string")
    }
}
