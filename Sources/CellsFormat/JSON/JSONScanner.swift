/// The parser's state over one buffer: a byte cursor plus the stack of open containers, which
/// replaces recursion. Containers are moved out of the stack while they grow, so appending
/// never copies them.
struct _JSONScanner {
    enum OpenContainer {
        case array([JSONValue])
        case object(JSONObject, key: String)
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    let maxDepth: Int
    var index = 0
    var stack: [OpenContainer] = []
    /// Scratch bytes for strings with escapes, reused across strings.
    var scratch: [UInt8] = []
    /// The member names whose nested arrays' elements are delimited instead of parsed: the
    /// elements of `{ outer: [ { inner: [ ... ] } ] }` (`parseDeferringElements`).
    var deferredMembers: (outer: String, inner: String)? = nil
    /// Byte ranges of deferred elements, by index in the outer array.
    var deferredElements: [[Range<Int>]] = []

    init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        // An empty buffer may have no base address; point at a static byte and read nothing.
        self.base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? _JSONScanner.emptyByte
        self.count = bytes.count
        self.maxDepth = maxDepth
    }

    nonisolated(unsafe) static let emptyByte: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    @inline(__always) func byte(_ at: Int) -> UInt8 { base[at] }

    @inline(__always) mutating func skipWhitespace() {
        while index < count {
            let b = base[index]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 } else { return }
        }
    }

    mutating func parseDocument() throws(DocumentError) -> JSONValue {
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            throw error("a byte order mark is not allowed in JSON", at: 0)
        }
        var value = try parseValueStart()
        while true {
            guard let open = stack.popLast() else {
                skipWhitespace()
                if index < count { throw error("unexpected \(describeByte(at: index)) after the JSON value") }
                return value
            }
            // `consume` hands the container over, so appending to it never copies.
            switch consume open {
            case .array(var items):
                items.append(value)
                skipWhitespace()
                guard index < count else { stack.append(.array(items)); throw error("unterminated array: expected ',' or ']'") }
                let b = base[index]
                if b == UInt8(ascii: ",") {
                    index += 1
                    stack.append(.array(items))
                    value = try parseValueStart()
                } else if b == UInt8(ascii: "]") {
                    index += 1
                    value = .array(items)
                } else {
                    stack.append(.array(items))
                    throw error("expected ',' or ']' after an array element, found \(describeByte(at: index))")
                }
            case .object(var members, let key):
                members[key] = value
                skipWhitespace()
                guard index < count else {
                    stack.append(.object(members, key: key))
                    throw error("unterminated object: expected ',' or '}'")
                }
                let b = base[index]
                if b == UInt8(ascii: ",") {
                    index += 1
                    // The pending key "" keeps the path right if the next name is malformed.
                    stack.append(.object(members, key: ""))
                    let nextKey = try parseMemberKey()
                    stack[stack.count - 1] = .object(members, key: nextKey)
                    value = try parseValueStart()
                } else if b == UInt8(ascii: "}") {
                    index += 1
                    value = .object(members)
                } else {
                    stack.append(.object(members, key: key))
                    throw error("expected ',' or '}' after an object member, found \(describeByte(at: index))")
                }
            }
        }
    }

    /// Reads `"key" :` with surrounding white space.
    mutating func parseMemberKey() throws(DocumentError) -> String {
        skipWhitespace()
        guard index < count, base[index] == UInt8(ascii: "\"") else {
            throw error(index < count ? "expected a member name in quotes, found \(describeByte(at: index))"
                                      : "unterminated object: expected a member name")
        }
        let key = try parseString()
        skipWhitespace()
        guard index < count, base[index] == UInt8(ascii: ":") else {
            throw error(index < count ? "expected ':' after a member name, found \(describeByte(at: index))"
                                      : "unterminated object: expected ':'")
        }
        index += 1
        return key
    }

    /// Reads scalars until a value completes, opening containers on the stack as it goes.
    mutating func parseValueStart() throws(DocumentError) -> JSONValue {
        while true {
            skipWhitespace()
            guard index < count else { throw error("unexpected end of input: expected a value") }
            if deferredMembers != nil, stack.count == 4, isAtDeferredElement, base[index] != UInt8(ascii: "]") {
                try deferElement()
                return .null
            }
            switch base[index] {
            case UInt8(ascii: "{"):
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < count, base[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object([:])
                }
                stack.append(.object([:], key: ""))
                let key = try parseMemberKey()
                // Room for a typical row's members up front saves the rehashing of growing.
                stack[stack.count - 1] = .object(JSONObject(minimumCapacity: 8), key: key)
            case UInt8(ascii: "["):
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < count, base[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array([])
                }
                stack.append(.array([]))
            case UInt8(ascii: "\""):
                return .string(try parseString())
            case UInt8(ascii: "]") where isAfterComma, UInt8(ascii: "}") where isAfterComma:
                throw error("a trailing comma is not allowed")
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try parseNumber())
            default:
                throw error("expected a value, found \(describeByte(at: index))")
            }
        }
    }

    /// Whether the last non-space byte before the cursor is a comma (for a clearer message).
    var isAfterComma: Bool {
        var k = index - 1
        while k >= 0, base[k] == 0x20 || base[k] == 0x0A || base[k] == 0x0D || base[k] == 0x09 { k -= 1 }
        return k >= 0 && base[k] == UInt8(ascii: ",")
    }

    mutating func checkDepth() throws(DocumentError) {
        if stack.count >= maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(DocumentError) {
        let n = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        for k in 0..<n {
            guard index + k < count, base[index + k] == text[k] else {
                throw error("invalid literal: expected \(literal)")
            }
        }
        index += n
    }

    /// A readable name for the byte at `at`, for error messages.
    func describeByte(at: Int) -> String {
        guard at < count else { return "end of input" }
        let b = base[at]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b >= 0x80 {
            let length = _JSONScanner.validUTF8Length(base + at, count - at)
            if length == 0 { return "invalid UTF-8 byte 0x\(hex(b))" }
            let text = String(decoding: UnsafeBufferPointer(start: base + at, count: length), as: UTF8.self)
            return "'\(text)'"
        }
        return "byte 0x\(hex(b))"
    }

    func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }

    /// An error at the cursor (or `at`), located by line, column and the open containers' path.
    func error(_ message: String, at: Int? = nil) -> DocumentError {
        let offset = min(at ?? index, count)
        var line = 1
        var lineStart = 0
        for k in 0..<offset where base[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        var column = 1
        for k in lineStart..<offset where base[k] & 0xC0 != 0x80 { column += 1 }
        return DocumentError(.syntax(line: line, column: column, offset: offset), path: currentPath(), message: message)
    }

    /// The path of the value being read: keys and indices of the open containers.
    func currentPath() -> String {
        var path = ""
        for open in stack {
            // `consume` hands the container over, so appending to it never copies.
            switch consume open {
            case .array(let items):
                path += "[\(items.count)]"
            case .object(_, let key):
                if !key.isEmpty { path = JSONPath.appending(member: key, to: path) }
            }
        }
        return path
    }
}
