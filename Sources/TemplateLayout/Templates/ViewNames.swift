/// A template's view ids as compiling looks them up: by id, or by a name read from a
/// constraint's text as bytes (no string made for it). Ids of at most 16 ASCII bytes compare as
/// packed words; any other id compares as a `String` (canonical equivalence, as ids always
/// did). Templates with more than `TemplateCompiler.scanLimit` views hash their ids instead of
/// scanning them.
struct ViewNames {
    private struct Entry {
        let id: String
        let packed: PackedName?
    }

    private var entries: [Entry] = []
    private var hashed: [String: Int] = [:]
    private let usesHash: Bool

    /// An empty table for a template of `count` views.
    init(count: Int) {
        usesHash = count > TemplateCompiler.scanLimit
        if usesHash { hashed.reserveCapacity(count) } else { entries.reserveCapacity(count) }
    }

    /// Adds the next view's id (the caller has checked that it is new).
    mutating func append(_ id: String) {
        if usesHash { hashed[id] = hashed.count } else { entries.append(Entry(id: id, packed: PackedName(id.utf8))) }
    }

    /// The index of the view with id `id`, or nil.
    func index(of id: String) -> Int? {
        if usesHash { return hashed[id] }
        if let packed = PackedName(id.utf8) { return index(of: packed) { id } }
        return entries.firstIndex { $0.id == id }
    }

    /// The view a constraint's item name (its UTF-8 bytes) names: -1 for `super`, nil for no view;
    /// the same answer as `index(of:)` on the name as a string.
    func anchorView(named name: UnsafeBufferPointer<UInt8>) -> Int? {
        if usesHash { return anchorView(named: String(decoding: name, as: UTF8.self)) }
        guard let packed = PackedName(name) else { return anchorView(named: String(decoding: name, as: UTF8.self)) }
        if packed == PackedName.superName { return -1 }
        return index(of: packed) { String(decoding: name, as: UTF8.self) }
    }

    /// `anchorView(named:)` for a name already held as a string.
    func anchorView(named name: String) -> Int? {
        name == "super" ? -1 : index(of: name)
    }

    /// Scans for an ASCII name: packed ids compare as words, others (non-ASCII or long, never
    /// byte-equal to it but maybe canonically equal) as strings, made once if needed.
    private func index(of packed: PackedName, text: () -> String) -> Int? {
        var name: String?
        for (i, entry) in entries.enumerated() {
            if let key = entry.packed {
                if key == packed { return i }
            } else {
                if name == nil { name = text() }
                if entry.id == name { return i }
            }
        }
        return nil
    }
}

/// A name of at most 16 ASCII bytes held as two little-endian words and its length, so that
/// comparing two is three integer compares; nil for a longer or non-ASCII name.
struct PackedName: Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private let count: Int

    /// `bytes` packed, or nil when there are more than 16 or any is not ASCII.
    init?<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        count = bytes.count
        guard count <= 16 else { return nil }
        var k = 0
        for b in bytes {
            guard b < 0x80 else { return nil }
            if k < 8 { low |= UInt64(b) << (8 * k) } else { high |= UInt64(b) << (8 * (k - 8)) }
            k += 1
        }
    }

    /// `super`, the content view's name.
    static let superName = PackedName("super".utf8)!
}
