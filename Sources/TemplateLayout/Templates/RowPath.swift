import Synchronization

/// A dotted path into a row (`user.name`, `items.0.title`), split once when the template is
/// compiled so that reading it per row allocates nothing.
struct RowPath: Sendable, Hashable {
    /// One step: a member name, and its value as an array index when it is a whole number.
    struct Step: Sendable, Equatable {
        let name: String
        let index: Int?
    }

    /// The first step, held inline, and the others (none for a one-member path, the common
    /// case: no array to allocate).
    let first: Step
    let rest: [Step]
    /// Where each step's member was found in the last row read: rows of a list usually list
    /// their members in one order, so the next row's member is checked there first.
    private let hints = MemberHints()

    init(_ path: String) {
        if !path.utf8.contains(UInt8(ascii: ".")) {
            first = Step(name: path, index: Int(path))
            rest = []
        } else {
            var steps = path.split(separator: ".", omittingEmptySubsequences: false).map {
                let name = String($0)
                return Step(name: name, index: Int(name))
            }
            first = steps.removeFirst()
            rest = steps
        }
    }

    static func == (lhs: RowPath, rhs: RowPath) -> Bool { lhs.first == rhs.first && lhs.rest == rhs.rest }

    func hash(into hasher: inout Hasher) {
        hasher.combine(first.name)
        for step in rest { hasher.combine(step.name) }
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
            let hinted = hints.position(k)
            var found = hinted
            guard let next = members.value(forKey: step.name, hint: &found) else { return nil }
            if found != hinted { hints.setPosition(k, found) }
            return next
        case .array(let items):
            guard let index = step.index, items.indices.contains(index) else { return nil }
            return items[index]
        default:
            return nil
        }
    }
}

/// Where the first four steps of a path last found their members, 16 bits each in one atomic
/// word (one object per path; deeper steps and positions past 65,534 go without a hint). Shared
/// by the threads laying out rows, each reading and writing the word whole (relaxed), so a race
/// only costs a missed hint.
private final class MemberHints: Sendable {
    private let word = Atomic<UInt64>(UInt64.max)

    /// The hinted position of step `k`, or -1.
    @inline(__always)
    func position(_ k: Int) -> Int {
        guard k < 4 else { return -1 }
        let bits = Int(truncatingIfNeeded: (word.load(ordering: .relaxed) >> UInt64(16 * k)) & 0xFFFF)
        return bits == 0xFFFF ? -1 : bits
    }

    /// Remembers `position` for step `k` (when it fits).
    @inline(__always)
    func setPosition(_ k: Int, _ position: Int) {
        guard k < 4 else { return }
        let bits: UInt64 = position >= 0 && position < 0xFFFF ? UInt64(position) : 0xFFFF
        let shift = UInt64(16 * k)
        let old = word.load(ordering: .relaxed)
        word.store((old & ~(0xFFFF << shift)) | (bits << shift), ordering: .relaxed)
    }
}

/// A label text with `${path}` placeholders, split once into literal runs and row paths.
struct TextTemplate: Sendable {
    enum Part: Sendable {
        case literal(String)
        case path(RowPath)
    }

    let parts: [Part]

    init(_ text: String) {
        // Placeholders are found on the UTF-8 bytes (`$`, `{`, `}` are ASCII, so every match is
        // on a character boundary of the text): a byte scan instead of a string search.
        var parts: [Part] = []
        let utf8 = text.utf8
        var rest = utf8.startIndex
        var i = rest
        scan: while i < utf8.endIndex {
            guard utf8[i] == UInt8(ascii: "$") else {
                i = utf8.index(after: i)
                continue
            }
            let brace = utf8.index(after: i)
            guard brace < utf8.endIndex, utf8[brace] == UInt8(ascii: "{") else {
                i = brace
                continue
            }
            let open = utf8.index(after: brace)
            guard let close = utf8[open...].firstIndex(of: UInt8(ascii: "}")) else { break scan }
            if i > rest { parts.append(.literal(String(text[rest..<i]))) }
            parts.append(.path(RowPath(String(text[open..<close]))))
            rest = utf8.index(after: close)
            i = rest
        }
        if rest < utf8.endIndex { parts.append(.literal(String(text[rest...]))) }
        self.parts = parts
    }

    /// The text for `row`: each placeholder replaced by the row's value (missing: empty).
    func render(_ row: JSONValue) -> String {
        if parts.count == 1 {
            switch parts[0] {
            case .literal(let s): return s
            case .path(let p): return p.value(in: row)?.interpolationText ?? ""
            }
        }
        var out = ""
        for part in parts {
            switch part {
            case .literal(let s): out += s
            case .path(let p): out += p.value(in: row)?.interpolationText ?? ""
            }
        }
        return out
    }
}
