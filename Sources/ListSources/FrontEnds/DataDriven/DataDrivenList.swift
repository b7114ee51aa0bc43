import CellsFormat
import RowHeightCache
/// GPJDataDrivenTableView headless: one plain section whose rows are data values, each drawn by
/// the template its type name picks, measured unless it gives a fixed height.
public struct DataDrivenList: Sendable {
    /// List settings, fonts and templates.
    public var base: Document
    /// The data values in order (GPJ's `dataArray`).
    public private(set) var items: [DataDrivenItem] = []

    /// An empty list using `base`'s settings, fonts and templates.
    public init(base: Document) {
        var base = base
        base.sections = []
        self.base = base
    }

    /// Replaces all data (GPJ's `reloadDataArray:`); the list and its cache reload everything.
    /// Every type must map to an existing template, or the error names the first bad item.
    public mutating func reload(_ items: [DataDrivenItem]) throws(FrontEndError) {
        for (index, item) in items.enumerated() { try check(item, at: index) }
        self.items = items
    }

    /// Replaces all data with Swift values.
    public mutating func reload(_ values: [any DataDrivenData]) throws(FrontEndError) {
        try reload(values.map(\.item))
    }

    /// Inserts one item at `index`; the change for the height cache is returned.
    @discardableResult
    public mutating func insert(_ item: DataDrivenItem, at index: Int) throws(FrontEndError) -> BatchUpdate {
        guard (0...items.count).contains(index) else { throw FrontEndError("data[\(index)]", "cannot insert there; the list has \(items.count)") }
        try check(item, at: index)
        items.insert(item, at: index)
        var changes = BatchUpdate()
        changes.insertRows = [IndexPath(row: index, section: 0)]
        return changes
    }

    /// Removes the item at `index`; the change for the height cache is returned.
    @discardableResult
    public mutating func remove(at index: Int) throws(FrontEndError) -> BatchUpdate {
        guard items.indices.contains(index) else { throw FrontEndError("data[\(index)]", "no such item; the list has \(items.count)") }
        items.remove(at: index)
        var changes = BatchUpdate()
        changes.deleteRows = [IndexPath(row: index, section: 0)]
        return changes
    }

    /// Replaces the item at `index`; the row is reloaded.
    @discardableResult
    public mutating func replace(at index: Int, with item: DataDrivenItem) throws(FrontEndError) -> BatchUpdate {
        guard items.indices.contains(index) else { throw FrontEndError("data[\(index)]", "no such item; the list has \(items.count)") }
        try check(item, at: index)
        items[index] = item
        var changes = BatchUpdate()
        changes.reloadRows = [IndexPath(row: index, section: 0)]
        return changes
    }

    /// The list in the shared model: one section, a row per item with its template, measured
    /// (`autoHeight`) unless `cellHeight` fixes it.
    public func document() -> Document {
        var document = base
        document.sections = [SectionSpec(rows: items.map { item in
            RowSpec(data: item.data, key: item.key, template: DataDrivenItem.templateName(forType: item.typeName),
                    height: item.cellHeight, autoHeight: true)
        })]
        return document
    }

    /// The height of the whole list (UITableView's `contentSize.height`, plain style, no headers):
    /// the sum of the row heights `height(at:)` gives.
    public func contentHeight<E: Error>(_ height: (IndexPath) throws(E) -> Double) throws(E) -> Double {
        var total = 0.0
        for row in items.indices { total += try height(IndexPath(row: row, section: 0)) }
        return total
    }

    private func check(_ item: DataDrivenItem, at index: Int) throws(FrontEndError) {
        guard let name = DataDrivenItem.templateName(forType: item.typeName) else {
            throw FrontEndError("data[\(index)]", "type \(JSONText.excerpt(item.typeName)) does not end in \"Data\", so it names no cell template")
        }
        guard base.templates[name] != nil else {
            throw FrontEndError("data[\(index)]", "no template \(JSONText.excerpt(name)) for type \(JSONText.excerpt(item.typeName))")
        }
        if let height = item.cellHeight, !(height.isFinite && height >= 0) {
            throw FrontEndError("data[\(index)].cellHeight", "must be a finite number >= 0")
        }
    }
}
