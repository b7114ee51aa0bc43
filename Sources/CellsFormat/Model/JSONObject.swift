/// A JSON object's members in document order with dictionary-style lookup by name; a repeated
/// name keeps its first place and its last value, as assigning into a dictionary would. Names
/// are the same when their code points are (as JSON compares them, and most parsers do), not
/// when they are merely canonically equivalent as Swift strings: "é" and "e\u{301}" are two names.
///
/// Rows are small objects read a few names at a time, so members live in one array: building
/// one hashes nothing, and finding a name compares a handful of short strings. Objects larger
/// than `indexThreshold` also keep a name index, so lookups never degrade to long scans.
public struct JSONObject: Sendable {
    /// One member: its name and value.
    public typealias Member = (key: String, value: JSONValue)

    private var members: ContiguousArray<Member>
    /// Name (by code points) to position, only while there are more than `indexThreshold` members.
    private var positions: [Name: Int]?

    /// Above this many members a name index is kept.
    static let indexThreshold = 16

    /// An empty object.
    public init() {
        members = []
        positions = nil
    }

    /// An empty object with room for `capacity` members.
    public init(minimumCapacity capacity: Int) {
        members = []
        members.reserveCapacity(capacity)
        positions = nil
    }

    /// The members of `dictionary`, ordered by name so the order does not depend on hashing.
    public init(_ dictionary: [String: JSONValue]) {
        self.init(minimumCapacity: dictionary.count)
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) { members.append((key, value)) }
        if members.count > Self.indexThreshold { rebuildPositions() }
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether there are no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The member names in order.
    public var keys: [String] { members.map(\.key) }

    /// The member values in order.
    public var values: [JSONValue] { members.map(\.value) }

    /// The value named `key`, or nil; assigning nil removes the member, assigning a value
    /// replaces it in place or appends it.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let p = position(of: key) else { return nil }
            return members[p].value
        }
        set {
            if let newValue {
                if let p = position(of: key) { members[p].value = newValue } else { append(key, newValue) }
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// The value named `key`, trying position `hint` first and leaving the found position in
    /// it: rows of one list usually list their members in the same order, so a hint kept per
    /// path finds the member with one comparison.
    public func value(forKey key: String, hint: inout Int) -> JSONValue? {
        if hint >= 0, hint < count, Self.sameName(self[position: hint].key, key) { return self[position: hint].value }
        guard let p = position(of: key) else { return nil }
        hint = p
        return self[position: p].value
    }

    /// What `scalar(at:named:)` found.
    package enum ScalarLookup {
        /// The member at the position has the name; its number (nil when it holds no number).
        case found(Double?)
        /// The member at the position has another name, or there is none: search by name.
        case elsewhere
    }

    /// The number of the member at `position` when that member is named `name` (UTF-8,
    /// compared in place): one comparison for a row whose members are where the last row's were.
    @inline(__always)
    package func scalar(at position: Int, named name: UnsafeBufferPointer<UInt8>) -> ScalarLookup {
        members.withUnsafeBufferPointer { buffer in
            guard position >= 0 && position < buffer.count else { return .elsewhere }
            let count = name.count
            guard buffer[position].key.utf8.count == count else { return .elsewhere }
            let same = buffer[position].key.utf8.withContiguousStorageIfAvailable { bytes in
                for i in 0..<count where bytes[i] != name[i] { return false }
                return true
            } ?? buffer[position].key.utf8.elementsEqual(name)
            return same ? .found(buffer[position].value.sizeNumber) : .elsewhere
        }
    }

    /// The member at `position` (0-based, in document order).
    subscript(position position: Int) -> Member { members[position] }

    /// The position of the member named `key`.
    func position(of key: String) -> Int? {
        // The index hashes and compares code points, so it decides alone: a miss is a miss, and
        // building a large object never scans it.
        if let positions { return positions[Name(key)] }
        for p in members.indices where Self.sameName(members[p].key, key) { return p }
        return nil
    }

    /// Whether two names have the same code points: a length check, then the UTF-8 bytes
    /// compared in place (cheaper than `==`, which must also consider canonical equivalence).
    @inline(__always)
    static func sameName(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        let inPlace = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                for i in 0..<count where left[i] != right[i] { return false }
                return true
            }
        }
        if let inPlace, let same = inPlace { return same }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// Removes and returns the value named `key`; later members move up one place.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let p = position(of: key) else { return nil }
        let removed = members.remove(at: p).value
        if positions != nil {
            if members.count > Self.indexThreshold { rebuildPositions() } else { positions = nil }
        }
        return removed
    }

    /// Adds a member the object does not have yet.
    private mutating func append(_ key: String, _ value: JSONValue) {
        members.append((key, value))
        if positions != nil {
            positions?[Name(key)] = members.count - 1
        } else if members.count > Self.indexThreshold {
            rebuildPositions()
        }
    }

    private mutating func rebuildPositions() {
        var index = [Name: Int](minimumCapacity: members.count)
        for (p, member) in members.enumerated() { index[Name(member.key)] = p }
        positions = index
    }

    /// A member name hashed and compared by its code points (its UTF-8 bytes), as JSON compares
    /// names; `String`'s own hashing is by canonical equivalence and would merge "é" and "e\u{301}".
    private struct Name: Hashable {
        let text: String
        init(_ text: String) { self.text = text }

        static func == (a: Name, b: Name) -> Bool { JSONObject.sameName(a.text, b.text) }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The members as a dictionary.
    public var dictionary: [String: JSONValue] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

extension JSONObject: Sequence {
    /// The members in document order.
    public func makeIterator() -> IndexingIterator<ContiguousArray<Member>> { members.makeIterator() }

    /// The number of members (no iteration needed).
    public var underestimatedCount: Int { members.count }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// The members as written; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(minimumCapacity: elements.count)
        for (key, value) in elements { self[key] = value }
    }
}

extension JSONObject: Hashable {
    /// Equal when both have the same names with equal values, in any order (as JSON means it).
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    /// A hash that ignores member order, agreeing with `==`.
    public func hash(into hasher: inout Hasher) {
        var sum: UInt = 0
        for member in members {
            var one = Hasher()
            one.combine(member.key)
            one.combine(member.value)
            sum &+= UInt(bitPattern: one.finalize())
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The members in order, as `["name": value, ...]`.
    public var description: String {
        members.isEmpty ? "[:]" : "[" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
    }
}
