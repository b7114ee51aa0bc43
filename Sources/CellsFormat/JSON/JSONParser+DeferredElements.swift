#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONParser {
    /// A document parsed except for the elements of the arrays at `outer[i].inner`: each such
    /// array is empty in `document`, and `elements[i]` holds the byte ranges of `outer[i].inner`'s
    /// values, in order, so they can be parsed in parallel. Element bytes are only delimited here,
    /// not checked: parse each range with `parse(_:)`; if any fails, parse the whole buffer again
    /// to get the error as a sequential parse reports it.
    package func parseDeferringElements(of outer: String, _ inner: String, in bytes: UnsafeRawBufferPointer) throws(DocumentError) -> (document: JSONValue, elements: [[Range<Int>]]) {
        var scanner = _JSONScanner(bytes: bytes, maxDepth: maxDepth)
        scanner.deferredMembers = (outer, inner)
        let parsed = try scanner.parseDocument()
        var ranges = scanner.deferredElements
        guard case .object(var root) = parsed, case .array(var outers)? = root[outer] else {
            return (parsed, [])
        }
        ranges.append(contentsOf: repeatElement([], count: max(0, outers.count - ranges.count)))
        for i in outers.indices {
            guard case .object(var member) = outers[i], case .array(let placeholders)? = member[inner] else {
                // Elements recorded under an outer member that a later duplicate replaced.
                ranges[i] = []
                continue
            }
            // A duplicated inner member keeps the last one (as a sequential parse does); the
            // ranges then no longer match the placeholders, which callers must treat as failure.
            guard placeholders.count == ranges[i].count else {
                throw DocumentError(path: "\(outer)[\(i)].\(inner)", message: "\(inner) do not match their ranges")
            }
            member[inner] = .array([])
            outers[i] = .object(member)
        }
        root[outer] = .array(outers)
        return (.object(root), Array(ranges.prefix(outers.count)))
    }
}

extension _JSONScanner {
    /// Whether the value about to be read is a deferred element: the open containers are exactly
    /// `{ outer: [ { inner: [`.
    var isAtDeferredElement: Bool {
        guard let members = deferredMembers, stack.count == 4, case .array = stack[3], case .array = stack[1],
              case .object(_, let innerKey) = stack[2], innerKey == members.inner,
              case .object(_, let outerKey) = stack[0], outerKey == members.outer else { return false }
        return true
    }

    /// Records the element value at the cursor as a byte range and steps over it, tracking only
    /// strings and brackets; malformed bytes are found when the range is parsed.
    mutating func deferElement() throws(DocumentError) {
        guard case .array(let outers) = stack[1], case .array(let elements) = stack[3] else { return }
        let outer = outers.count
        while deferredElements.count <= outer { deferredElements.append([]) }
        if elements.isEmpty { deferredElements[outer].removeAll() }
        let start = index
        try skipValue()
        deferredElements[outer].append(start..<index)
    }

    mutating func skipValue() throws(DocumentError) {
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
            throw error("unterminated value")
        }
        while index < count {
            let b = base[index]
            if b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") || b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 {
                return
            }
            index += 1
        }
    }

    /// Skips a string: `memchr` finds each quote (long texts are most of a document's
    /// bytes), and a quote after an odd run of backslashes is escaped, so the scan goes on.
    mutating func skipString() throws(DocumentError) {
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
