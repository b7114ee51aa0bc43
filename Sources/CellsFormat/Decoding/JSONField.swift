/// Typed reads from a JSON object with errors that carry the member's path, so every decoding
/// step says where it failed. Member names the reader does not know are collected as warnings.
struct _JSONFields {
    let members: JSONObject
    let path: String

    /// The object at `value`, or an error naming `what` it should have been.
    init(_ value: JSONValue, path: String, what: String) throws(DocumentError) {
        guard case .object(let members) = value else {
            throw DocumentError(path: path, message: "expected \(what) (an object), found \(value.kindName)")
        }
        self.members = members
        self.path = path
    }

    func pathOf(_ key: String) -> String { JSONPath.appending(member: key, to: path) }

    /// Warnings for members outside `known`, which are ignored.
    func unknownMembers(known: Set<String>) -> [DocumentError] {
        members.keys.filter { !known.contains($0) }.sorted().map {
            DocumentError(path: pathOf($0), message: "unknown member ignored")
        }
    }

    func string(_ key: String) throws(DocumentError) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let s) = value else { throw wrongType(key, value, "a string") }
        return s
    }

    func bool(_ key: String) throws(DocumentError) -> Bool? {
        guard let value = members[key] else { return nil }
        guard case .bool(let b) = value else { throw wrongType(key, value, "true or false") }
        return b
    }

    /// A finite number within `range`.
    func number(_ key: String, in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude,
                rangeText: String? = nil) throws(DocumentError) -> Double? {
        guard let value = members[key] else { return nil }
        guard case .number(let n) = value else { throw wrongType(key, value, "a number") }
        guard range.contains(n) else {
            throw DocumentError(path: pathOf(key), message: "\(JSONText.number(n)) is out of range: expected \(rangeText ?? "\(range)")")
        }
        return n
    }

    /// A whole number within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(DocumentError) -> Int? {
        guard let n = try number(key) else { return nil }
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw DocumentError(path: pathOf(key), message: "expected \(LayoutLimits.wholeNumberRangeText(range)), found \(JSONText.number(n))")
        }
        return Int(n)
    }

    /// One of an enum's raw values.
    func oneOf<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws(DocumentError) -> E? where E.RawValue == String {
        try oneOf(key, Array(E.allCases))
    }

    /// One of the raw values of `cases`.
    func oneOf<E: RawRepresentable>(_ key: String, _ cases: [E]) throws(DocumentError) -> E? where E.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = E(rawValue: text) else {
            let names = cases.map { JSONText.excerpt($0.rawValue) }.joined(separator: ", ")
            throw DocumentError(path: pathOf(key), message: "unknown value \(JSONText.excerpt(text)): expected one of \(names)")
        }
        return value
    }

    func array(_ key: String) throws(DocumentError) -> [JSONValue]? {
        guard let value = members[key] else { return nil }
        guard case .array(let items) = value else { throw wrongType(key, value, "an array") }
        return items
    }

    func strings(_ key: String) throws(DocumentError) -> [String]? {
        guard let items = try array(key) else { return nil }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard case .string(let s) = item else {
                throw DocumentError(path: JSONPath.appending(index: i, to: pathOf(key)), message: "expected a string, found \(item.kindName)")
            }
            result.append(s)
        }
        return result
    }

    func wrongType(_ key: String, _ value: JSONValue, _ expected: String) -> DocumentError {
        DocumentError(path: pathOf(key), message: "expected \(expected), found \(value.kindName)")
    }
}

extension JSONValue {
    /// The JSON type name, for error messages.
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
