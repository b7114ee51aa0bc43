import Synchronization

/// A dotted path into a row (`user.name`, `items.0.title`), split once when the template is
/// compiled so that reading it per row allocates nothing. A class: rows read dozens of paths,
/// and passing one around then costs no copies of its arrays.
final class RowPath: Sendable, Hashable {
    let steps: [String]
    /// Array indices of the steps that are whole numbers (nil otherwise), parsed once.
    let indices: [Int?]
    /// Per step, where the member was found in the last row read: rows of a list usually list
    /// their members in one order, so the next row's member is checked there first.
    private let hints: [MemberHint]
    /// The UTF-8 of the only step of a one-step path (most row sizes), else nil.
    private let singleStep: [UInt8]?
    /// Where a one-step path's member was last found (see `hints`).
    private let singleStepHint = Atomic<Int>(-1)

    init(_ path: String) {
        steps = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        indices = steps.map { Int($0) }
        hints = steps.map { _ in MemberHint() }
        singleStep = steps.count == 1 ? Array(steps[0].utf8) : nil
    }

    static func == (lhs: RowPath, rhs: RowPath) -> Bool { lhs.steps == rhs.steps }

    func hash(into hasher: inout Hasher) { hasher.combine(steps) }

    /// The number at this path in the row `object` (a numeric string read as its number), or
    /// nil when a step is missing or the value is something else. A one-step path (most row
    /// sizes) is read in place, without copying the object's values.
    func scalar(in object: JSONObject) -> Double? {
        guard let singleStep else {
            switch value(in: .object(object)) {
            case .number(let n): return n
            case .string(let s): return Double(s)
            default: return nil
            }
        }
        let hinted = singleStepHint.load(ordering: .relaxed)
        var found = hinted
        let scalar = singleStep.withUnsafeBufferPointer { name in
            object.scalar(named: name, key: steps[0], hint: &found)
        }
        if found != hinted { singleStepHint.store(found, ordering: .relaxed) }
        return scalar
    }

/// The row's value at this path, or nil when any step is missing (as `JSONValue.value(atPath:)`).
    func value(in row: JSONValue) -> JSONValue? {
        var current = row
        for (k, step) in steps.enumerated() {
            switch current {
            case .object(let members):
                // Only a hint: a stale or foreign position is checked before it is used.
                let hinted = hints[k].position.load(ordering: .relaxed)
                var found = hinted
                guard let next = members.value(forKey: step, hint: &found) else { return nil }
                if found != hinted { hints[k].position.store(found, ordering: .relaxed) }
                current = next
            case .array(let items):
                guard let index = indices[k], items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}

/// Where a path step's member was last found; shared by the threads laying out rows, each
/// reading and writing it whole (relaxed), so a race only costs a missed hint.
private final class MemberHint: Sendable {
    let position = Atomic<Int>(-1)
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
