import CellsFormat
/// Where a row sits in its section, as WBListKit's `WBTableRowPosition`: top, middle, bottom, or
/// single when it is the only row.
public enum RowPosition: String, Sendable, Hashable, CaseIterable {
    /// The first row of several, one between, the last of several, and the only row.
    case top, middle, bottom, single

    /// The position of row `row` among `count` rows.
    public init(row: Int, count: Int) {
        if count <= 1 { self = .single } else if row == 0 { self = .top } else if row == count - 1 { self = .bottom } else { self = .middle }
    }

    /// The position as templates read it from `_position`: one boolean per case plus `name`, so
    /// `"hidden": "!_position.top"` and `${_position.name}` work.
    public var templateValue: JSONValue {
        switch self {
        case .top: return Self.values[0]
        case .middle: return Self.values[1]
        case .bottom: return Self.values[2]
        case .single: return Self.values[3]
        }
    }

    /// Built once, in `allCases` order: every row of every document carries one of these four.
    private static let values: [JSONValue] = allCases.map { position in
        var members: JSONObject = ["name": .string(position.rawValue)]
        for other in allCases { members[other.rawValue] = .bool(other == position) }
        return .object(members)
    }
}
