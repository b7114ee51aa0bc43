/// Any `Encodable` Swift value as a row: `JSONValue(encoding: post)` gives the value
/// `JSONEncoder` would write and `JSONParser` read back, built directly (no text in between).
extension JSONValue {
    /// `value` as its `encode(to:)` describes it: structs and dictionaries with string keys become
    /// objects (members in encoding order, `nil` optionals left out as `JSONEncoder` does), arrays
    /// become arrays, numbers doubles (a `Float` as its shortest decimal, `0.1` not
    /// `0.10000000149011612`); a `URL`, `Data` and a `Decimal` as `JSONEncoder`'s default
    /// strategies write them (absolute string, Base64, number). Throws
    /// `EncodingError.invalidValue` for a number that is not finite or a value that encodes nothing.
    public init(encoding value: some Encodable) throws {
        self = try Self.encodingRow(value).value
    }

    /// `JSONValue(encoding: value)`, and the digits of its integer `key` member when its double
    /// is not that integer (past 2^53, where an app's 64-bit ids meet): a row's key is an
    /// identity, kept exact.
    /// With `settingsOnly`, an object keeps only a row's own settings (`isRowSetting`): their
    /// values are encoded, no other member's is.
    package static func encodingRow(_ value: some Encodable, settingsOnly: Bool = false) throws -> (value: JSONValue, exactKey: String?) {
        if let json = value as? JSONValue { return (json, nil) }
        let node = _EncodedNode()
        try _encode(value, into: node, path: [], settingsOnly: settingsOnly)
        // No setting: the empty object, without building one.
        if settingsOnly, case .object(let members) = node.content, members.isEmpty { return (.object([:]), nil) }
        guard let json = node.resolved() else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [],
                debugDescription: "\(type(of: value)) encoded no value"))
        }
        guard case .object(let members) = node.content, let key = members.last(where: { $0.0 == "key" }) else {
            return (json, nil)
        }
        return (json, key.1.exactInteger)
    }
}

extension JSONValue {
    /// Whether `name` is a member that is a row's own setting rather than its content (`key`,
    /// `template`, `height`, `autoHeight`, `accessory`): what a cache must know before measuring.
    package static func isRowSetting(_ name: String) -> Bool {
        switch name {
        case "key", "template", "height", "autoHeight", "accessory": true
        default: false
        }
    }
}

extension JSONValue: Encodable {
    /// Encodes the JSON value as itself, so a `JSONValue` works wherever an `Encodable` row does.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .number(let n):
            var container = encoder.singleValueContainer()
            try container.encode(n)
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let members):
            var container = encoder.container(keyedBy: _NameKey.self)
            for (key, value) in members { try container.encode(value, forKey: _NameKey(key)) }
        }
    }
}

/// A coding key that is any member name.
struct _NameKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
