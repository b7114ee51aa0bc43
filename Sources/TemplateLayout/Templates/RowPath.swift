import Synchronization

/// A dotted path into a row (`user.name`, `items.0.title`), split once when the template is
/// compiled so that reading it per row allocates nothing.
struct RowPath: Sendable, Hashable {
    /// One step: a member name, and its value as an array index when it is a whole number.
    struct Step: Sendable, Equatable {
        let name: String
        let index: Int?
    }

    let steps: [Step]
    /// Where each step's member was found in the last row read: rows of a list usually list
    /// their members in one order, so the next row's member is checked there first.
    private let hints = MemberHints()

    init(_ path: String) {
        // Most paths are one member: no split, one array.
        if !path.utf8.contains(UInt8(ascii: ".")) {
            steps = [Step(name: path, index: Int(path))]
        } else {
            steps = path.split(separator: ".", omittingEmptySubsequences: false).map {
                let name = String($0)
                return Step(name: name, index: Int(name))
            }
        }
    }

    static func == (lhs: RowPath, rhs: RowPath) -> Bool { lhs.steps == rhs.steps }

    func hash(into hasher: inout Hasher) {
        for step in steps { hasher.combine(step.name) }
    }

    /// The row's value at this path, or nil when any step is missing (as `JSONValue.value(atPath:)`).
    func value(in row: JSONValue) -> JSONValue? {
        var current = row
        for k in 0..<steps.count {
            switch current {
            case .object(let members):
                // Only a hint: a stale or foreign position is checked before it is used.
                let hinted = hints.position(k)
                var found = hinted
                guard let next = members.value(forKey: steps[k].name, hint: &found) else { return nil }
                if found != hinted { hints.setPosition(k, found) }
                current = next
            case .array(let items):
                guard let index = steps[k].index, items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
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
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "${") {
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
            if open.lowerBound > rest.startIndex { parts.append(.literal(String(rest[..<open.lowerBound]))) }
            parts.append(.path(RowPath(String(rest[open.upperBound..<close]))))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
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
