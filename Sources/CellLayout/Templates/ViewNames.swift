/// A template's view ids as compiling looks them up: by id, or by a name read from a
/// constraint's text as bytes (no string made for it). Ids of at most 16 ASCII bytes compare as
/// packed words; any other id compares as a `String` (canonical equivalence, as ids always
/// did). Templates with more than `TemplateCompiler.scanLimit` views hash their ids instead of
/// scanning them.
struct ViewNames {
    /// Each id packed, or `PackedName.unpackable` (equal to no name), in view order (when
    /// scanned): scanned as plain words, with no string touched (so no reference counting).
    private var packedIds: [PackedName] = []
    /// The ids that do not pack (non-ASCII or long) with their views, in view order: the only
    /// ids kept as strings (a packed id's bytes spell it out when a string must be compared).
    private var unpackedIds: [(view: Int, id: String)] = []
    private var hashed: [String: Int] = [:]
    private let usesHash: Bool

    /// An empty table for a template of `count` views.
    init(count: Int) {
        usesHash = count > TemplateCompiler.scanLimit
        if usesHash {
            hashed.reserveCapacity(count)
        } else {
            packedIds.reserveCapacity(count)
        }
    }

    /// Adds `id` as the next view's id; false (adding nothing) when a view already has it.
    mutating func insert(_ id: String) -> Bool {
        if usesHash {
            guard hashed[id] == nil else { return false }
            hashed[id] = hashed.count
            return true
        }
        let packed = PackedName(id)
        guard index(of: id, packed: packed) == nil else { return false }
        if packed == nil { unpackedIds.append((packedIds.count, id)) }
        packedIds.append(packed ?? .unpackable)
        return true
    }

    /// The index of the view with id `id`, or nil.
    func index(of id: String) -> Int? {
        usesHash ? hashed[id] : index(of: id, packed: PackedName(id))
    }

    /// The view a constraint's item name (its UTF-8 bytes) names: -1 for `super`, nil for no
    /// view; the same answer as `anchorView(named:)` on the name as a string.
    func anchorView(named name: UnsafeBufferPointer<UInt8>) -> Int? {
        anchorView(named: name, packed: PackedName(name))
    }

    /// `anchorView(named:)` for a name already packed (`packed` is `PackedName(name)`).
    @inline(__always)
    func anchorView(named name: UnsafeBufferPointer<UInt8>, packed: PackedName?) -> Int? {
        guard !usesHash, let packed else {
            return anchorView(named: String(decoding: name, as: UTF8.self))
        }
        if packed == .superView { return -1 }
        if let i = index(ofPacked: packed) { return i }
        return unpackedIds.isEmpty ? nil : unpackedIndex(of: String(decoding: name, as: UTF8.self))
    }

    /// The view a packed name names, found as words: -1 for `super`, nil when no packed id is
    /// it (then only `anchorView(named:)` on the name as a string can tell: it may be an
    /// unpacked id's canonical equal, the table may be hashed, or the name may not pack).
    @inline(__always)
    func anchorView(packed: PackedName) -> Int? {
        guard !usesHash, packed.count >= 0 else { return nil }
        if packed == .superView { return -1 }
        return index(ofPacked: packed)
    }

    /// The view a name held as a string names: -1 for `super`, nil for no view.
    func anchorView(named name: String) -> Int? {
        name == "super" ? -1 : index(of: name)
    }

    /// A scan of the ids for `id`, whose packed form is `packed`.
    private func index(of id: String, packed: PackedName?) -> Int? {
        guard let packed else {
            // A name that does not pack may still equal a packed id as a string (`\u{212A}` is
            // `K`): every id is compared, in order, as `String ==` would.
            var u = 0
            for i in packedIds.indices {
                if packedIds[i] == .unpackable {
                    if unpackedIds[u].id == id { return i }
                    u += 1
                } else if packedIds[i].string == id {
                    return i
                }
            }
            return nil
        }
        if let i = index(ofPacked: packed) { return i }
        return unpackedIds.isEmpty ? nil : unpackedIndex(of: id)
    }

    /// The id that packs to `packed`, compared as words. (Ids are unique as strings, and equal
    /// packed names are equal strings, so at most one id matches either way: this scan and
    /// `unpackedIndex(of:)` may go one after the other.)
    @inline(__always)
    private func index(ofPacked packed: PackedName) -> Int? {
        packedIds.withUnsafeBufferPointer { keys in
            var i = 0
            while i < keys.count {
                if keys[i] == packed { return i }
                i &+= 1
            }
            return nil
        }
    }

    /// The id that does not pack (non-ASCII or long) and equals `name` as a string (canonical
    /// equivalence: `Kelvin` finds `\u{212A}elvin`).
    private func unpackedIndex(of name: String) -> Int? {
        for entry in unpackedIds where entry.id == name { return entry.view }
        return nil
    }
}
