#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One value being encoded: containers hand out child nodes before their values are known
/// (a nested container is filled after it is returned), so the tree is built from references
/// and resolved into a `JSONValue` at the end.
final class _EncodedNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object([(String, _EncodedNode)])
        case array([_EncodedNode])
    }
    var content: Content = .empty
    /// An integer's digits when its double (`content`) is not the same number (past 2^53).
    var exactInteger: String?

    /// The node's value; nil when nothing was encoded into it.
    func resolved() -> JSONValue? {
        switch content {
        case .empty: return nil
        case .value(let value): return value
        case .array(let items): return .array(items.map { $0.resolved() ?? .object([:]) })
        case .object(let members):
            var object = JSONObject(minimumCapacity: members.count)
            for (key, node) in members { object[key] = node.resolved() ?? .object([:]) }
            return .object(object)
        }
    }

    /// A child stored under `key`, replacing an earlier one of that name as a dictionary would.
    func member(_ key: String) -> _EncodedNode {
        if case .object(var members) = content {
            let child = _EncodedNode()
            if let i = members.firstIndex(where: { $0.0 == key }) { members[i].1 = child } else { members.append((key, child)) }
            content = .object(members)
            return child
        }
        content = .object([])
        return member(key)
    }

    /// A child appended to this array.
    func element() -> _EncodedNode {
        let child = _EncodedNode()
        if case .array(var items) = content {
            items.append(child)
            content = .array(items)
        } else {
            content = .array([child])
        }
        return child
    }

    /// Makes this node an object (kept if it already is one).
    func becomeObject() { if case .object = content {} else { content = .object([]) } }
    /// Makes this node an array (kept if it already is one).
    func becomeArray() { if case .array = content {} else { content = .array([]) } }
}

/// The number a finite `Double` encodes to; JSON has no infinities or NaN.
func _encodedNumber(_ n: Double, _ path: [any CodingKey]) throws -> JSONValue {
    guard n.isFinite else {
        throw EncodingError.invalidValue(n, EncodingError.Context(codingPath: path, debugDescription: "\(n) is not a JSON number"))
    }
    return .number(n)
}

/// Stores integer `n` in `node` as JSONParser reads back the digits JSONEncoder writes: the
/// nearest double. Past 2^53 two integers can share one, so the digits are kept beside it.
func _encodeInteger<T: BinaryInteger>(_ n: T, into node: _EncodedNode) {
    let double = Double(n)
    node.content = .value(.number(double))
    node.exactInteger = T(exactly: double) == n ? nil : String(n)
}

/// Encodes `value` into `node`, reading JSON values and plain scalars directly, and the
/// Foundation types JSONEncoder writes in its own way (by default) as it writes them: a `URL`
/// as its absolute string, `Data` as Base64, a `Decimal` as its number.
func _encode<T: Encodable>(_ value: T, into node: _EncodedNode, path: [any CodingKey], settingsOnly: Bool = false) throws {
    // A row's own settings are read from a value of the app's type, seldom one of the types
    // below: told apart by its type alone, it is spared a failing cast to each of them.
    if settingsOnly, T.self != JSONValue.self, T.self != URL.self, T.self != Data.self, T.self != Decimal.self {
        return try value.encode(to: _JSONValueEncoder(node: node, codingPath: path, settingsOnly: true))
    }
    switch value {
    case let json as JSONValue: node.content = .value(json)
    case let s as String: node.content = .value(.string(s))
    case let b as Bool: node.content = .value(.bool(b))
    case let n as Double: node.content = .value(try _encodedNumber(n, path))
    case let n as Float: node.content = .value(try _encodedNumber(Double(n.description) ?? Double(n), path))
    case let n as Int: _encodeInteger(n, into: node)
    case let url as URL: node.content = .value(.string(url.absoluteString))
    case let data as Data: node.content = .value(.string(data.base64EncodedString()))
    case let decimal as Decimal:
        guard !decimal.isNaN, let n = Double(decimal.description) else {
            throw EncodingError.invalidValue(decimal, EncodingError.Context(codingPath: path,
                debugDescription: "\(decimal) is not a JSON number"))
        }
        node.content = .value(try _encodedNumber(n, path))
    default: try value.encode(to: _JSONValueEncoder(node: node, codingPath: path, settingsOnly: settingsOnly))
    }
}

struct _JSONValueEncoder: Encoder {
    let node: _EncodedNode
    let codingPath: [any CodingKey]
    /// Whether a keyed container here encodes only a row's own settings (`isRowSetting`); the
    /// others' values are never asked to encode, so nothing inside them costs time or throws.
    var settingsOnly = false
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(_KeyedContainer<Key>(node: node, codingPath: codingPath, settingsOnly: settingsOnly))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return _UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        _SingleValueContainer(node: node, codingPath: codingPath)
    }
}

struct _KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: _EncodedNode
    let codingPath: [any CodingKey]
    /// Whether only a row's own settings are kept: another member's container is a node nobody reads.
    var settingsOnly = false

    /// The node of member `name`: a detached one when the member is not kept.
    private func member(_ name: String) -> _EncodedNode {
        if settingsOnly, !JSONValue.isRowSetting(name) { return _EncodedNode() }
        return node.member(name)
    }

    mutating func encodeNil(forKey key: Key) throws { member(key.stringValue).content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if settingsOnly, !JSONValue.isRowSetting(key.stringValue) { return }
        try _encode(value, into: node.member(key.stringValue), path: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                         forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        _JSONValueEncoder(node: member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _JSONValueEncoder(node: member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        _JSONValueEncoder(node: member("super"), codingPath: codingPath + [_NameKey("super")])
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        _JSONValueEncoder(node: member(key.stringValue), codingPath: codingPath + [key])
    }
}

struct _UnkeyedContainer: UnkeyedEncodingContainer {
    let node: _EncodedNode
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = node.content { return items.count }
        return 0
    }
    var nextKey: any CodingKey { _NameKey(intValue: count)! }

    mutating func encodeNil() throws { node.element().content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try _encode(value, into: node.element(), path: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        return _JSONValueEncoder(node: node.element(), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        return _JSONValueEncoder(node: node.element(), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return _JSONValueEncoder(node: node.element(), codingPath: codingPath + [key])
    }
}

struct _SingleValueContainer: SingleValueEncodingContainer {
    let node: _EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .value(try _encodedNumber(value, codingPath)) }
    mutating func encode(_ value: Float) throws {
        node.content = .value(try _encodedNumber(Double(value.description) ?? Double(value), codingPath))
    }
    mutating func encode(_ value: Int) throws { _encodeInteger(value, into: node) }
    mutating func encode(_ value: Int8) throws { _encodeInteger(value, into: node) }
    mutating func encode(_ value: Int16) throws { _encodeInteger(value, into: node) }
    mutating func encode(_ value: Int32) throws { _encodeInteger(value, into: node) }
    mutating func encode(_ value: Int64) throws { _encodeInteger(value, into: node) }
    mutating func encode(_ value: UInt) throws { _encodeInteger(value, into: node) }
    mutating func encode(_ value: UInt8) throws { _encodeInteger(value, into: node) }
    mutating func encode(_ value: UInt16) throws { _encodeInteger(value, into: node) }
    mutating func encode(_ value: UInt32) throws { _encodeInteger(value, into: node) }
    mutating func encode(_ value: UInt64) throws { _encodeInteger(value, into: node) }
    mutating func encode<T: Encodable>(_ value: T) throws { try _encode(value, into: node, path: codingPath) }
}
