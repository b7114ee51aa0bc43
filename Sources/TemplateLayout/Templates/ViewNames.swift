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
    private let superName = PackedName("super")

    /// An empty table for a template of `count` views.
    init(count: Int) {
        usesHash = count > TemplateCompiler.scanLimit
        if usesHash { hashed.reserveCapacity(count) } else { entries.reserveCapacity(count) }
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
        entries.append(Entry(id: id, packed: packed))
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
        if packed == superName { return -1 }
        return index(of: packed) { String(decoding: name, as: UTF8.self) }
    }

    /// The view a name held as a string names: -1 for `super`, nil for no view.
    func anchorView(named name: String) -> Int? {
        name == "super" ? -1 : index(of: name)
    }

    /// A scan of the ids for `id`, whose packed form is `packed`.
    private func index(of id: String, packed: PackedName?) -> Int? {
        guard let packed else { return entries.firstIndex { $0.id == id } }
        return index(of: packed) { id }
    }

    /// A scan for an ASCII name: packed ids compare as words, others (non-ASCII or long: never
    /// byte-equal to it but maybe canonically equal) as strings, the name's made once if needed.
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
