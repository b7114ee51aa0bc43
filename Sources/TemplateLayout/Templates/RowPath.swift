/// A dotted path into a row (`user.name`, `items.0.title`), split once when the template is
/// compiled so that reading it per row allocates nothing.
struct RowPath: Sendable, Hashable {
    let steps: [String]
    /// Array indices of the steps that are whole numbers (nil otherwise), parsed once.
    let indices: [Int?]

    init(_ path: String) {
        steps = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        indices = steps.map { Int($0) }
    }

    /// The row's value at this path, or nil when any step is missing (as `JSONValue.value(atPath:)`).
    func value(in row: JSONValue) -> JSONValue? {
        var current = row
        for (step, index) in zip(steps, indices) {
            switch current {
            case .object(let members):
                guard let next = members[step] else { return nil }
                current = next
            case .array(let items):
                guard let index, items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
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
