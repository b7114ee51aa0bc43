import CellsFormat
/// How a row object's height is found: measured by its template or fixed.
public enum RowHeight: Sendable, Hashable {
    /// Measured by the row's template (FDTemplateLayoutCell's auto layout way).
    case automatic
    /// A fixed number of points (WBListKit's `calculateHeight` returning a constant).
    case fixed(Double)
}

/// A row object, as WBListKit's `WBTableRow`: a template, its data, a key and its height.
public struct ListRow: Sendable, Hashable {
    /// Template drawing the row; nil uses its section's.
    public var template: String?
    /// The row's data, read by the template.
    public var data: JSONValue
    /// Identity across changes and key of the keyed height cache; the list assigns one if nil.
    public var key: String?
    /// Measured or fixed.
    public var height: RowHeight
    /// Accessory taking width from the content view.
    public var accessory: Accessory

    /// A row from its parts.
    public init(template: String? = nil, data: JSONValue = .object([:]), key: String? = nil,
                height: RowHeight = .automatic, accessory: Accessory = .none) {
        self.template = template
        self.data = data
        self.key = key
        self.height = height
        self.accessory = accessory
    }

    /// Equal content: same template, data, height and accessory (keys aside).
    func sameContent(as other: ListRow) -> Bool {
        template == other.template && data == other.data && height == other.height && accessory == other.accessory
    }
}
