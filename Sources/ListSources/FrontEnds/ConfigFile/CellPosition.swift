import CellsFormat
/// Where a row sits, as AOZTableViewProvider's `AOZTableViewCellPosition` bit mask says it: top,
/// bottom (both: only) within its section, and part-top, part-bottom (both: part-only) within the
/// group of rows one `row` line produced.
public struct CellPosition: OptionSet, Sendable, Hashable {
    /// The mask, with AOZ's values (1, 2, 4, 8).
    public let rawValue: Int
    /// A position from AOZ's mask.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// First row of its section.
    public static let top = CellPosition(rawValue: 1)
    /// Last row of its section.
    public static let bottom = CellPosition(rawValue: 2)
    /// The only row of its section (top and bottom).
    public static let only: CellPosition = [.top, .bottom]
    /// First row of its group.
    public static let partTop = CellPosition(rawValue: 4)
    /// Last row of its group.
    public static let partBottom = CellPosition(rawValue: 8)
    /// The only row of its group.
    public static let partOnly: CellPosition = [.partTop, .partBottom]

    /// Top/bottom of row `row` among `count` rows, using `first` and `last` for the two ends.
    static func ends(row: Int, count: Int, first: CellPosition, last: CellPosition) -> CellPosition {
        var position: CellPosition = []
        if row == 0 { position.formUnion(first) }
        if row == count - 1 { position.formUnion(last) }
        return position
    }

    /// The position as templates read it from `_position`: booleans `top`, `bottom`, `only`,
    /// `middle`, `partTop`, `partBottom`, `partOnly`, `partMiddle` and the mask as `value`, so
    /// `"hidden": "!_position.top"` and `${_position.value}` work.
    public var templateValue: JSONValue {
        .object([
            "top": .bool(contains(.top)), "bottom": .bool(contains(.bottom)),
            "only": .bool(contains(.only)), "middle": .bool(intersection(.only).isEmpty),
            "partTop": .bool(contains(.partTop)), "partBottom": .bool(contains(.partBottom)),
            "partOnly": .bool(contains(.partOnly)), "partMiddle": .bool(intersection(.partOnly).isEmpty),
            "value": .number(Double(rawValue)),
        ])
    }
}
