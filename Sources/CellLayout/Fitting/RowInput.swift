import CellsFormat

/// A row as a template reads it: a JSON row (cells.json, `Encodable` items), or values given
/// one per member by a typed template, read at the member each path names (no JSON object is
/// built and no member name is compared per row).
enum RowInput {
    case json(JSONValue)
    /// `values[slots[path.slot]]` is the value at the one-member path whose hint word is
    /// `path.slot` (-1 in `slots`: missing). Only for templates whose every path is one member
    /// in the template's hint table (`MemberSlots.isComplete`).
    case members(values: UnsafeBufferPointer<JSONValue?>, slots: UnsafeBufferPointer<Int32>)

    /// The row's value at `path`, as `RowPath.value(in:)` reads a JSON row; nil when missing.
    @inline(__always)
    func value(at path: borrowing RowPath) -> JSONValue? {
        switch self {
        case .json(let row):
            return path.value(in: row)
        case let .members(values, slots):
            let member = slots[path.slot]
            return member >= 0 ? values[Int(member)] : nil
        }
    }
}

/// The members a compiled template reads, one per distinct one-member path (`${name}`, a
/// `hidden` key, an image's size path), in the order of the paths' hint words, which depends only
/// on the template's spec: every compile of one `Template` has the same `names`.
struct MemberSlots: Sendable {
    /// The members' names, each once.
    let names: [String]
    /// Per hint word of the template's table: the index in `names` of its path's member, -1 for
    /// a word no path of the template holds.
    let slots: [Int32]
    /// Whether every path of the template is one member in the shared hint table, so that a row
    /// given as values (`RowInput.members`) can be read through `slots`; otherwise such a row
    /// is laid out as the JSON object of its members.
    let isComplete: Bool

    init(_ blueprint: TemplateBlueprint) {
        var paths: [RowPath] = []
        for view in blueprint.views {
            switch view.hidden {
            case .always: break
            case .whenTrue(let path), .whenFalse(let path): paths.append(path)
            }
        }
        paths += blueprint.rowDimensions.map(\.path)
        for k in blueprint.labels.indices {
            let text = blueprint.labels[k].shared
            paths += text.template.paths.map(\.path)
            for run in text.runs { paths += run.template.paths.map(\.path) }
        }
        let table = paths.first.map { ObjectIdentifier($0.hints) }
        var complete = true
        var byWord: [(slot: Int, name: String)] = []
        for path in paths {
            guard path.rest.isEmpty, ObjectIdentifier(path.hints) == table else {
                complete = false
                continue
            }
            byWord.append((path.slot, path.first.name))
        }
        byWord.sort { $0.slot < $1.slot }
        var names: [String] = []
        var index: [String: Int32] = [:]
        var slots = [Int32](repeating: -1, count: (byWord.last?.slot ?? 0) + 1)
        for (slot, name) in byWord {
            let member: Int32
            if let known = index[name] {
                member = known
            } else {
                member = Int32(names.count)
                index[name] = member
                names.append(name)
            }
            slots[slot] = member
        }
        self.names = names
        self.slots = slots
        isComplete = complete
    }
}
