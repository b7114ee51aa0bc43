import Synchronization
import CellsFormat
import Locking

/// A dotted path into a row (`user.name`, `items.0.title`), split once when the template is
/// compiled so that reading it per row allocates nothing.
struct RowPath: Sendable, Hashable {
    /// One step: a member name, and its value as an array index when it is a whole number.
    struct Step: Sendable, Equatable {
        let name: String
        let index: Int?

        /// A step named `name`, with `Int(name)` as its index.
        init(name: String) {
            self.name = name
            // `Int(String)` only accepts a digit or a sign first: most member names are words,
            // and are settled by their first byte without parsing.
            if let c = name.utf8.first, c &- 0x30 < 10 || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                index = Int(name)
            } else {
                index = nil
            }
        }
    }

    /// The first step, held inline, and the others (none for a one-member path, the common
    /// case: no array to allocate).
    let first: Step
    let rest: [Step]
    /// Where each step's member was found in the last row read: rows of a list usually list
    /// their members in one order, so the next row's member is checked there first. The word
    /// `slot` of `hints` is this path's (a compiled template's paths share one table).
    /// (`ManagedBuffer` cannot be declared `Sendable`; every access to the table's words is
    /// atomic and its header never changes after it is made.)
    nonisolated(unsafe) let hints: MemberHints
    let slot: Int

    /// `path` split at its dots; its hints live in `table` when it has room (else in a table of
    /// its own).
    init(_ path: String, hints table: MemberHints? = nil) {
        if let table, let slot = table.claim() {
            hints = table
            self.slot = slot
        } else {
            hints = MemberHints.make(capacity: 1)
            slot = hints.claim() ?? 1
        }
        // Scanned as a buffer: `path.utf8.contains` walks the string's view a byte at a time.
        var text = path
        if !text.withUTF8({ $0.contains(UInt8(ascii: ".")) }) {
            first = Step(name: path)
            rest = []
        } else {
            var steps = path.split(separator: ".", omittingEmptySubsequences: false).map { Step(name: String($0)) }
            first = steps.removeFirst()
            rest = steps
        }
    }

    /// The path as written (`user.name`).
    var text: String {
        rest.isEmpty ? first.name : ([first] + rest).map(\.name).joined(separator: ".")
    }

    static func == (lhs: RowPath, rhs: RowPath) -> Bool { lhs.first == rhs.first && lhs.rest == rhs.rest }

    func hash(into hasher: inout Hasher) {
        hasher.combine(first.name)
        for step in rest { hasher.combine(step.name) }
    }

    /// The number at this path in the row `object` (a numeric string read as its number), or
    /// nil when a step is missing or the value is something else (`JSONValue.sizeNumber`); the
    /// hint of a one-member path is kept up to date. Per row, `RowSizeReader` reads sizes
    /// without this call when the member is where it was in the last row.
    func scalar(in object: JSONObject) -> Double? {
        guard rest.isEmpty else { return value(in: .object(object))?.sizeNumber }
        let hinted = hints.position(slot, 0)
        var found = hinted
        let scalar = object.value(forKey: first.name, hint: &found)?.sizeNumber
        if found != hinted { hints.setPosition(slot, 0, found) }
        return scalar
    }

    /// The row's value at this path, or nil when any step is missing (as `JSONValue.value(atPath:)`).
    func value(in row: JSONValue) -> JSONValue? {
        guard var current = member(of: row, first, 0) else { return nil }
        for k in 0..<rest.count {
            guard let next = member(of: current, rest[k], k + 1) else { return nil }
            current = next
        }
        return current
    }

    /// `value`'s member named by `step` (the `k`th of the path), or nil.
    @inline(__always)
    private func member(of value: JSONValue, _ step: borrowing Step, _ k: Int) -> JSONValue? {
        switch value {
        case .object(let members):
            // Only a hint: a stale or foreign position is checked before it is used.
            let hinted = hints.position(slot, k)
            var found = hinted
            guard let next = members.value(forKey: step.name, hint: &found) else { return nil }
            if found != hinted { hints.setPosition(slot, k, found) }
            return next
        case .array(let items):
            guard let index = step.index, items.indices.contains(index) else { return nil }
            return items[index]
        default:
            return nil
        }
    }
}

/// Where row paths' steps last found their members: one atomic word per path, 16 bits per step
/// for the first four steps (deeper steps and positions past 65,534 go without a hint). Word 0
/// counts the words handed out. Shared by the threads laying out rows, each reading and writing
/// a word whole (relaxed), so a race only costs a missed hint. A template's paths share one
/// table: one allocation instead of one per path.
final class MemberHints: ManagedBuffer<Int, Atomic<UInt64>> {
    /// A table with room for `capacity` paths.
    static func make(capacity: Int) -> MemberHints {
        let words = Swift.max(capacity, 0) + 1
        let table = unsafeDowncast(MemberHints.create(minimumCapacity: words) { _ in words }, to: MemberHints.self)
        table.withUnsafeMutablePointerToElements { word in
            word.initialize(to: Atomic(0))
            for k in 1..<words { (word + k).initialize(to: Atomic(UInt64.max)) }
        }
        return table
    }

    deinit {
        _ = withUnsafeMutablePointers { count, word in word.deinitialize(count: count.pointee) }
    }

    /// A word for one more path, or nil when the table is full.
    func claim() -> Int? {
        withUnsafeMutablePointers { count, word in
            let k = Int(truncatingIfNeeded: word[0].wrappingAdd(1, ordering: .relaxed).oldValue) + 1
            return k < count.pointee ? k : nil
        }
    }

    /// The hinted position of step `k` of the path owning word `slot`, or -1.
    @inline(__always)
    func position(_ slot: Int, _ k: Int) -> Int {
        guard k < 4 else { return -1 }
        let word = withUnsafeMutablePointerToElements { $0[slot].load(ordering: .relaxed) }
        let bits = Int(truncatingIfNeeded: (word >> UInt64(16 * k)) & 0xFFFF)
        return bits == 0xFFFF ? -1 : bits
    }

    /// Remembers `position` for step `k` of the path owning word `slot` (when it fits).
    @inline(__always)
    func setPosition(_ slot: Int, _ k: Int, _ position: Int) {
        guard k < 4 else { return }
        let bits: UInt64 = position >= 0 && position < 0xFFFF ? UInt64(position) : 0xFFFF
        let shift = UInt64(16 * k)
        withUnsafeMutablePointerToElements { words in
            let old = words[slot].load(ordering: .relaxed)
            words[slot].store((old & ~(0xFFFF << shift)) | (bits << shift), ordering: .relaxed)
        }
    }
}

/// A label text with `${path}` placeholders, split once into literal runs and row paths.
struct TextTemplate: Sendable {
    enum Part: Sendable {
        case literal(String)
        /// A placeholder's path, lent by `paths`: a row reads it without a retain (threads
        /// measuring one template would otherwise all bump the counts of its hint table).
        case path(_Lent<SharedPath>)
    }

    /// A placeholder's path in an object of its own, so that it can be lent.
    final class SharedPath: Sendable {
        let path: RowPath
        init(_ path: RowPath) { self.path = path }

        /// The text this placeholder inserts for `row`.
        static func text(_ lent: _Lent<SharedPath>, in row: RowInput) throws(RowValueError) -> String {
            try lent.read { shared throws(RowValueError) in try TextTemplate.text(at: shared.path, in: row) }
        }
    }

    let parts: [Part]
    /// The placeholders' paths, in order: they own what `parts` lends.
    let paths: [SharedPath]

    /// `text` split into literals and `${path}` placeholders (an unclosed `${` is literal text);
    /// the paths' hints live in `hints` when it has room.
    init(_ text: String, hints: MemberHints? = nil) {
        // Placeholders are found on the text's own UTF-8 bytes (`$`, `{`, `}` are ASCII, so every
        // cut is on a character boundary): a scan of a buffer by offsets, not of a string view.
        var text = text
        var paths: [SharedPath] = []
        parts = text.withUTF8 { bytes in
            func slice(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            var parts: [Part] = []
            var rest = 0
            var i = 0
            scan: while i < bytes.count {
                guard bytes[i] == UInt8(ascii: "$") else {
                    i += 1
                    continue
                }
                let brace = i + 1
                guard brace < bytes.count, bytes[brace] == UInt8(ascii: "{") else {
                    i = brace
                    continue
                }
                let open = brace + 1
                guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else { break scan }
                if i > rest { parts.append(.literal(slice(rest..<i))) }
                paths.append(SharedPath(RowPath(slice(open..<close), hints: hints)))
                parts.append(.path(_Lent(paths[paths.count - 1])))
                rest = close + 1
                i = rest
            }
            if rest < bytes.count { parts.append(.literal(slice(rest..<bytes.count))) }
            return parts
        }
        self.paths = paths
    }

    /// The text for `row`: each placeholder replaced by the row's value (missing: empty; an
    /// array of scalars: its elements joined by spaces); a placeholder naming an object or an
    /// array of other values is an error at its path.
    func render(_ row: JSONValue) throws(RowValueError) -> String {
        try render(.json(row))
    }

    /// `render(_:)` of a row given as JSON or as member values.
    func render(_ row: RowInput) throws(RowValueError) -> String {
        if parts.count == 1 {
            switch parts[0] {
            case .literal(let s): return s
            case .path(let p): return try SharedPath.text(p, in: row)
            }
        }
        var out = ""
        for part in parts {
            switch part {
            case .literal(let s): out += s
            case .path(let p): out += try SharedPath.text(p, in: row)
            }
        }
        return out
    }

    /// The text one placeholder inserts for `row`.
    @inline(__always)
    fileprivate static func text(at path: borrowing RowPath, in row: RowInput) throws(RowValueError) -> String {
        guard let value = row.value(at: path) else { return "" }
        if case .string(let s) = value { return s }
        guard let text = value.interpolationTextIfScalar else {
            throw RowValueError(path: path.text, message: "\"${\(path.text)}\" names \(value.kindName): expected a string, a number, a boolean or an array of them")
        }
        return text
    }
}
