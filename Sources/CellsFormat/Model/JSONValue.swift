/// A JSON value as cells.json rows and front ends carry it.
public enum JSONValue: Sendable, Hashable {
    /// `null`: as good as missing for `${path}` and sizes.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as the double JSON text reads as (finite: JSONParser refuses others).
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its members in the order written.
    case object(JSONObject)

    /// The value at a dotted path (`user.name`, `items.0.title`), or nil when any step is missing.
    public func value(atPath path: Substring) -> JSONValue? {
        var current = self
        for step in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .object(let members):
                guard let next = members[String(step)] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(step), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text `${path}` substitution inserts: strings as they are, numbers without a needless
    /// `.0`, booleans as `true`/`false`, missing or null as empty.
    public var interpolationText: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            return n.isFinite ? JSONText.number(n) : String(n)
        case .string(let s): return s
        case .array, .object: return ""
        }
    }

    /// The number a `${path}` size reads: a number, or a string that spells one; nil for null
    /// (as good as missing); NaN for any other value (a size of the wrong kind, an error).
    package var sizeNumber: Double? {
        switch self {
        case .number(let n): return n
        case .string(let s): return Double(s) ?? .nan
        case .null: return nil
        case .bool, .array, .object: return .nan
        }
    }

    /// The text `${path}` inserts, or nil for a value of the wrong kind: an object, or an array
    /// holding anything but strings, numbers and booleans. An array of those inserts its
    /// elements' texts joined by single spaces (`["-n", 2]` gives `-n 2`).
    package var interpolationTextIfScalar: String? {
        switch self {
        case .object: return nil
        case .array(let items):
            var out = ""
            for (k, item) in items.enumerated() {
                switch item {
                case .null, .array, .object: return nil
                default: break
                }
                if k > 0 { out += " " }
                out += item.interpolationText
            }
            return out
        default: return interpolationText
        }
    }

    /// Truthiness as `"hidden": "!key"` reads it: missing, null, false, 0 and empty are false.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let b): return b
        case .number(let n): return n != 0
        case .string(let s): return !s.isEmpty
        case .array(let a): return !a.isEmpty
        case .object(let o): return !o.isEmpty
        }
    }
}
