import CellsFormat
import CellLayout
import RowHeightCache

// The front door for simple lists: one template, an array of the user's own values, no document.
//
//     let cache = try HeightCache(template: template, fonts: fonts, items: posts, width: 375)
//     let height = try cache.height(for: IndexPath(row: 0, section: 0))
//     try cache.insert(newPost, at: IndexPath(row: 0, section: 0))   // data and heights, one step
//
// Each item is encoded (`JSONValue(encoding:)`) into the row object measure-cli would read, so
// heights equal measure-cli's for a document with the template, the fonts, `width`, `scale`,
// `separator` and those rows in an `autoHeight` section. A row's `key`, `height`, `template`,
// `autoHeight` and `accessory` members mean what they mean in cells.json.
extension HeightCache {
    /// A cache over `items` as the rows of one section, each measured by `template` at `width`
    /// with `fonts`. Throws when the template or fonts cannot be compiled or an item is not a row
    /// (it must encode to an object).
    public convenience init<Item: Encodable>(template: Template, fonts: Fonts, items: [Item], width: Double,
                                             scale: Double = 2, separator: Bool = true,
                                             estimatedRowHeight: Double = 44) throws {
        try self.init(template: template, fonts: fonts, sections: [items], width: width, scale: scale,
                      separator: separator, estimatedRowHeight: estimatedRowHeight)
    }

    /// A cache over `sections` of items, each measured by `template` (see `init(template:fonts:items:width:)`).
    public convenience init<Item: Encodable>(template: Template, fonts: Fonts, sections: [[Item]], width: Double,
                                             scale: Double = 2, separator: Bool = true,
                                             estimatedRowHeight: Double = 44) throws {
        var document = Document(list: ListSettings(width: width, scale: scale, separator: separator), fonts: fonts,
                                templates: [template.name: template])
        for (s, items) in sections.enumerated() {
            var section = _ItemRows.section(template: template.name)
            section.rows = try items.enumerated().map { i, item in
                try _ItemRows.row(item, path: "sections[\(s)].rows[\(i)]", section: section, in: document)
            }
            document.sections.append(section)
        }
        let pool = try MeasurerPool(base: document, baseDirectory: ".")
        try self.init(source: DocumentHeightSource(document: document, measure: pool.measure), width: width,
                      estimatedRowHeight: estimatedRowHeight)
    }

    /// Inserts `item` at `indexPath` (as it is after the insert) in the data and the cache, as one step.
    public func insert<Item: Encodable>(_ item: Item, at indexPath: IndexPath) throws {
        try changeItems(BatchUpdate(insertRows: [indexPath])) { document in
            guard document.sections.indices.contains(indexPath.section),
                  (0...document.sections[indexPath.section].rows.count).contains(indexPath.row) else {
                throw _ItemRows.outside(indexPath)
            }
            let section = document.sections[indexPath.section]
            let row = try _ItemRows.row(item, path: _ItemRows.path(indexPath), section: section, in: document)
            document.sections[indexPath.section].rows.insert(row, at: indexPath.row)
        }
    }

    /// Deletes the item at `indexPath` from the data and the cache, as one step.
    public func deleteItem(at indexPath: IndexPath) throws {
        try changeItems(BatchUpdate(deleteRows: [indexPath])) { document in
            try _ItemRows.check(indexPath, in: document)
            document.sections[indexPath.section].rows.remove(at: indexPath.row)
        }
    }

    /// Replaces the item at `indexPath` with `item` and measures it again (even when its key is
    /// unchanged), as one step.
    public func replaceItem<Item: Encodable>(at indexPath: IndexPath, with item: Item) throws {
        try changeItems(BatchUpdate(reloadRows: [indexPath])) { document in
            try _ItemRows.check(indexPath, in: document)
            let section = document.sections[indexPath.section]
            document.sections[indexPath.section].rows[indexPath.row] =
                try _ItemRows.row(item, path: _ItemRows.path(indexPath), section: section, in: document)
        }
    }

    /// Moves the item at `from` to `to` (as it is after the move) in the data and the cache, as one step.
    public func moveItem(at from: IndexPath, to: IndexPath) throws {
        try changeItems(BatchUpdate(moveRows: [(from: from, to: to)])) { document in
            try _ItemRows.check(from, in: document)
            // Checked before anything moves, so a refused move leaves the data as it was.
            guard document.sections.indices.contains(to.section) else { throw _ItemRows.outside(to) }
            let countAfter = document.sections[to.section].rows.count - (to.section == from.section ? 1 : 0)
            guard (0...countAfter).contains(to.row) else { throw _ItemRows.outside(to) }
            let row = document.sections[from.section].rows.remove(at: from.row)
            document.sections[to.section].rows.insert(row, at: to.row)
        }
    }

    /// Replaces every item (UITableView's `reloadData`), as one step: every row is measured again
    /// unless its key's height is known. The items are encoded before the cache is touched.
    public func setItems<Item: Encodable>(_ items: [Item]) throws {
        try setItems(sections: [items])
    }

    /// Replaces every section of items, as one step (see `setItems(_:)`).
    public func setItems<Item: Encodable>(sections: [[Item]]) throws {
        let source = try itemSource()
        var document = source.document
        guard let template = document.sections.first?.template ?? document.templates.keys.first else {
            throw FrontEndError("sections", "the cache was not made from items")
        }
        var made: [SectionSpec] = []
        for (s, items) in sections.enumerated() {
            var section = _ItemRows.section(template: template)
            section.rows = try items.enumerated().map { i, item in
                try _ItemRows.row(item, path: "sections[\(s)].rows[\(i)]", section: section, in: document)
            }
            made.append(section)
        }
        document.sections = made
        reloadData { source.update(document) }
    }

    /// The source of a cache made from items; throws for any other cache.
    func itemSource() throws -> DocumentHeightSource {
        guard let source = source as? DocumentHeightSource else {
            throw FrontEndError("", "this HeightCache was not made from items (use init(template:fonts:items:width:))")
        }
        return source
    }

    /// Applies `edit` to the source's document and `update` to the cache as one step
    /// (`performBatchUpdates(_:)` with the change inside), so no height measured against the data
    /// before is stored or returned for the data after, on any thread. Each edit checks its index
    /// paths before changing anything, so a refused edit leaves data and heights as they were.
    func changeItems(_ update: BatchUpdate, _ edit: (inout Document) throws -> Void) throws {
        let source = try itemSource()
        try performBatchUpdates {
            try source.modify(edit)
            return update
        }
    }
}

/// Items as rows of a document made for them.
enum _ItemRows {
    /// A section of measured rows drawn with `template`.
    static func section(template: String) -> SectionSpec {
        SectionSpec(template: template, autoHeight: true)
    }

    /// `item` encoded as a row object and read as cells.json reads a row.
    static func row(_ item: some Encodable, path: String, section: SectionSpec, in document: Document) throws -> RowSpec {
        try DocumentDecoder().decodeRow(JSONValue(encoding: item), path: path, section: section, in: document)
    }

    static func path(_ indexPath: IndexPath) -> String { "sections[\(indexPath.section)].rows[\(indexPath.row)]" }

    static func outside(_ indexPath: IndexPath) -> FrontEndError {
        FrontEndError(path(indexPath), "no such place in the list")
    }

    static func check(_ indexPath: IndexPath, in document: Document) throws(FrontEndError) {
        guard document.sections.indices.contains(indexPath.section),
              document.sections[indexPath.section].rows.indices.contains(indexPath.row) else { throw outside(indexPath) }
    }
}
