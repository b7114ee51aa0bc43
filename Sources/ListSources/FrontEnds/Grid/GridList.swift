import CellsFormat
/// A grid of items (WBListKit's collection view with a flow layout): items with a template, data,
/// key and optional fixed height, measured at the column width.
public struct GridItem: Sendable, Hashable {
    /// Template drawing the item.
    public var template: String
    /// What the template reads.
    public var data: JSONValue
    /// Key for the keyed height cache, or nil.
    public var key: String?
    /// A fixed height, or nil to measure.
    public var height: Double?

    /// An item from its parts.
    public init(template: String, data: JSONValue = .object([:]), key: String? = nil, height: Double? = nil) {
        self.template = template
        self.data = data
        self.key = key
        self.height = height
    }
}

/// A grid: its geometry, its items and the document that measures each item at the column width.
public struct GridList: Sendable {
    /// List settings (the collection view's width and scale), fonts and templates.
    public let base: Document
    /// Columns, spacing, insets.
    public let layout: GridLayout
    /// The width of one column at the list's width and scale.
    public let columnWidth: Double
    /// The items in order.
    public var items: [GridItem]

    /// A grid over `base`'s settings, fonts and templates; every item's template must exist and
    /// the columns must fit the list's width.
    public init(base: Document, layout: GridLayout, items: [GridItem] = []) throws(FrontEndError) {
        var base = base
        base.sections = []
        self.base = base
        self.layout = layout
        self.items = items
        self.columnWidth = try layout.columnWidth(listWidth: base.list.width, scale: base.list.scale)
        for (index, item) in items.enumerated() where base.templates[item.template] == nil {
            throw FrontEndError("items[\(index)]", "template \(JSONText.excerpt(item.template)) not found")
        }
    }

    /// The items as one section of a document whose width is the column width, without
    /// separators (collection view cells have none): measuring row i gives item i's height.
    public func itemDocument() -> Document {
        var document = base
        document.list.width = columnWidth
        document.list.separator = false
        document.sections = [SectionSpec(rows: items.map {
            RowSpec(data: $0.data, key: $0.key, template: $0.template, height: $0.height, autoHeight: true)
        })]
        return document
    }

    /// Lays the items out, given the height of item i from `itemHeight(i)` (measured or cached).
    public func arrange<E: Error>(_ itemHeight: (Int) throws(E) -> Double) throws(E) -> GridArrangement {
        var heights: [Double] = []
        heights.reserveCapacity(items.count)
        for index in items.indices { heights.append(try itemHeight(index)) }
        return layout.arrange(itemHeights: heights, columnWidth: columnWidth)
    }
}
