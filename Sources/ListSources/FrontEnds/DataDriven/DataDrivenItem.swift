import CellsFormat
/// A data value of GPJDataDrivenTableView: its type name picks its template (`FooData` is drawn
/// by `FooCell`), its fields are what the template reads, and a fixed `cellHeight` overrides
/// measuring when set.
public protocol DataDrivenData: Sendable {
    /// The type name; by default the Swift type's own name, so `struct FooData` uses `FooCell`.
    static var typeName: String { get }
    /// What the template reads.
    var rowData: JSONValue { get }
    /// A fixed height, or nil to measure the template (GPJ's `cellHeight` override).
    var cellHeight: Double? { get }
    /// A key for the keyed height cache, or nil.
    var key: String? { get }
}

extension DataDrivenData {
    /// The Swift type's name.
    public static var typeName: String { String(describing: Self.self) }
    /// Measured by default.
    public var cellHeight: Double? { nil }
    /// No key by default.
    public var key: String? { nil }
    /// This value as a type-erased item.
    public var item: DataDrivenItem {
        DataDrivenItem(typeName: Self.typeName, data: rowData, cellHeight: cellHeight, key: key)
    }
}

/// A data value with its type name spelt out, for data that comes from JSON rather than Swift types.
public struct DataDrivenItem: Sendable, Hashable {
    /// The type name, ending in `Data`.
    public var typeName: String
    /// What the template reads.
    public var data: JSONValue
    /// A fixed height, or nil to measure.
    public var cellHeight: Double?
    /// A key for the keyed height cache, or nil.
    public var key: String?

    /// An item from its parts.
    public init(typeName: String, data: JSONValue = .object([:]), cellHeight: Double? = nil, key: String? = nil) {
        self.typeName = typeName
        self.data = data
        self.cellHeight = cellHeight
        self.key = key
    }

    /// The template for a type name: `FooData` gives `FooCell`, as GPJ's `cellClassForDataClass:`.
    /// A name not ending in `Data` (or just `Data`) has no template.
    public static func templateName(forType typeName: String) -> String? {
        guard typeName.hasSuffix("Data"), typeName.count > 4 else { return nil }
        return String(typeName.dropLast(4)) + "Cell"
    }
}
