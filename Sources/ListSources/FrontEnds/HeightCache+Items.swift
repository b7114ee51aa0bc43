import CellsFormat
import DynamicType
import CellLayout
import Locking
import RowHeightCache

// The front door for simple lists: one template, an array of the user's own values, no document.
//
//     let cache = try HeightCache(template: template, fonts: fonts, items: posts, width: 375)
//     let height = try cache.height(for: IndexPath(row: 0, section: 0))
//     try cache.insert(newPost, at: IndexPath(row: 0, section: 0))   // data and heights, one step
//     var updates = ItemUpdates()                                     // several changes, one step
//     updates.delete(at: IndexPath(row: 3, section: 0))
//     updates.insert(otherPost, at: IndexPath(row: 0, section: 0))
//     try cache.performItemUpdates(updates)
//
// Each item is encoded (`JSONValue(encoding:)`) into the row object measure-cli would read (the
// `Sendable` items a cache is made with whole when their rows are first measured; `Sendable`
// items handed over later, their own settings then and the rest when measured), so heights equal
// measure-cli's for a document with the template, the fonts, `width`, `scale`, `separator` and
// those rows in an `autoHeight` section. A row's `height`, `template`, `autoHeight` and
// `accessory` members mean what they mean in cells.json. Its `key` must be unique in the list,
// as there, but need not change when the item's content does: the calls below forget the keyed
// heights of the items they delete, replace or change, so a keyed height only ever answers for
// an item equal to the one measured. An app's ids work as keys.
extension HeightCache {
    /// A cache over `items` as the rows of one section, each measured by `template` at `width`
    /// and `contentSizeCategory` (`setContentSizeCategory(_:)` changes it) with `fonts`, its images
    /// named by asset sized by `assets` (sizes by name, or an asset catalog's path). Throws when
    /// the template, fonts or assets cannot be read or an item is not a row (it must encode to an
    /// object). Items are encoded here, on the calling thread (the `Sendable` overload encodes
    /// each at its first measurement).
    public convenience init<Item: Encodable>(template: Template, fonts: Fonts, items: [Item], width: Double,
                                             contentSizeCategory: ContentSizeCategory = .large,
                                             scale: Double = 2, separator: Bool = true,
                                             estimatedRowHeight: Double = 44, assets: AssetsSpec = .sizes([:])) throws {
        try self.init(template: template, fonts: fonts, sections: [items], width: width,
                      contentSizeCategory: contentSizeCategory, scale: scale, separator: separator,
                      estimatedRowHeight: estimatedRowHeight, assets: assets)
    }

    /// A cache over `sections` of items, each measured by `template` (see `init(template:fonts:items:width:)`).
    public convenience init<Item: Encodable>(template: Template, fonts: Fonts, sections: [[Item]], width: Double,
                                             contentSizeCategory: ContentSizeCategory = .large,
                                             scale: Double = 2, separator: Bool = true,
                                             estimatedRowHeight: Double = 44, assets: AssetsSpec = .sizes([:])) throws {
        try self.init(template: template, fonts: fonts, width: width,
                      contentSizeCategory: contentSizeCategory, scale: scale, separator: separator,
                      estimatedRowHeight: estimatedRowHeight, assets: assets,
                      rows: { document in
                          try ItemRows.sections(sections, template: template.name, in: document,
                                                row: { try ItemRows.row($0, path: $1, section: $2, in: $3) })
                      })
    }

    /// A cache over `items` of a `Sendable` type, as `init(template:fonts:items:width:)` but
    /// nothing of an item read here: each is encoded whole, its own settings (`key`, `template`,
    /// `height`, `autoHeight`, `accessory`) with its content, when its row's height is first
    /// asked for, on that thread (never, for a row never asked for). A mistake in an item (a
    /// bad setting, a number that is not finite, a value that is not an object) is an error of
    /// its row's measurement, and two rows with one key are `HeightCacheError.duplicateKey`
    /// from the second of them measured.
    public convenience init<Item: Encodable & Sendable>(template: Template, fonts: Fonts, items: [Item], width: Double,
                                                        contentSizeCategory: ContentSizeCategory = .large,
                                                        scale: Double = 2, separator: Bool = true,
                                                        estimatedRowHeight: Double = 44,
                                                        assets: AssetsSpec = .sizes([:])) throws {
        try self.init(template: template, fonts: fonts, sections: [items], width: width,
                      contentSizeCategory: contentSizeCategory, scale: scale, separator: separator,
                      estimatedRowHeight: estimatedRowHeight, assets: assets)
    }

    /// A cache over `sections` of `Sendable` items, each read whole at its first measurement (see
    /// the `Sendable` `init(template:fonts:items:width:)`).
    public convenience init<Item: Encodable & Sendable>(template: Template, fonts: Fonts, sections: [[Item]],
                                                        width: Double, contentSizeCategory: ContentSizeCategory = .large,
                                                        scale: Double = 2, separator: Bool = true,
                                                        estimatedRowHeight: Double = 44,
                                                        assets: AssetsSpec = .sizes([:])) throws {
        // A row names its item by an Int32: a larger section (which no memory holds) reads its
        // items' settings now.
        let lazy = sections.allSatisfy { $0.count <= Int(Int32.max) }
        try self.init(template: template, fonts: fonts, width: width,
                      contentSizeCategory: contentSizeCategory, scale: scale, separator: separator,
                      estimatedRowHeight: estimatedRowHeight, assets: assets, checksKeys: !lazy,
                      rows: { document in
                          guard lazy else {
                              return try ItemRows.sections(sections, template: template.name, in: document,
                                                           row: { try ItemRows.deferredRow($0, path: $1, section: $2, in: $3) })
                          }
                          return ItemRows.lazySections(sections, template: template.name, in: document)
                      })
    }

    /// A cache over the sections `rows` makes in the document made for `template` (its items
    /// encoded now, or when measured).
    private convenience init(template: Template, fonts: Fonts, width: Double,
                             contentSizeCategory: ContentSizeCategory, scale: Double, separator: Bool,
                             estimatedRowHeight: Double, assets: AssetsSpec,
                             checksKeys: Bool = true, rows: (Document) throws -> [SectionSpec]) throws {
        var document = try ItemRows.document(template: template, fonts: fonts, width: width, scale: scale,
                                             separator: separator)
        document.assets = assets
        document.sections = try rows(document)
        // Items read when handed over have their keys checked now; items read at their
        // measurements, by the cache as it files their keys.
        if checksKeys { try ItemRows.checkUniqueKeys(document) }
        let pool = try MeasurerPool(base: document, baseDirectory: ".")
        try self.init(source: ItemRows.source(document, pool: pool), width: width,
                      contentSizeCategory: contentSizeCategory, estimatedRowHeight: estimatedRowHeight)
    }

    /// Inserts `item` at `indexPath` (as it is after the insert) in the data and the cache, as one step.
    public func insert(_ item: some Encodable, at indexPath: IndexPath) throws {
        var updates = ItemUpdates()
        updates.insert(item, at: indexPath)
        try performItemUpdates(updates)
    }

    /// Inserts a `Sendable` `item`, encoded at its first measurement, as `insert(_:at:)`.
    public func insert(_ item: some Encodable & Sendable, at indexPath: IndexPath) throws {
        var updates = ItemUpdates()
        updates.insert(item, at: indexPath)
        try performItemUpdates(updates)
    }

    /// Deletes the item at `indexPath` from the data and the cache, as one step.
    public func deleteItem(at indexPath: IndexPath) throws {
        var updates = ItemUpdates()
        updates.delete(at: indexPath)
        try performItemUpdates(updates)
    }

    /// Replaces the item at `indexPath` with `item` and measures it again (even when its key is
    /// unchanged), as one step.
    public func replaceItem(at indexPath: IndexPath, with item: some Encodable) throws {
        var updates = ItemUpdates()
        updates.replace(at: indexPath, with: item)
        try performItemUpdates(updates)
    }

    /// Replaces the item at `indexPath` with a `Sendable` `item`, encoded at its measurement, as
    /// `replaceItem(at:with:)`.
    public func replaceItem(at indexPath: IndexPath, with item: some Encodable & Sendable) throws {
        var updates = ItemUpdates()
        updates.replace(at: indexPath, with: item)
        try performItemUpdates(updates)
    }

    /// Moves the item at `from` to `to` (as it is after the move) in the data and the cache, as one step.
    public func moveItem(at from: IndexPath, to: IndexPath) throws {
        var updates = ItemUpdates()
        updates.move(from: from, to: to)
        try performItemUpdates(updates)
    }

    /// Applies every change in `updates` to the data and the cache as one step, as UITableView's
    /// `performBatchUpdates` would: no height measured against the items before is stored or
    /// returned for the items after, on any thread. An index path outside the list (before the
    /// batch for deletes, replacements and move sources; after it for inserts and move
    /// destinations) throws `HeightCacheError.invalidIndexPath`, as every call given one does;
    /// any other batch UIKit would refuse (a row moved twice, two rows inserted at one place,
    /// ...) throws `FrontEndError`, an item that is not a row throws the decoder's
    /// `DocumentError`, and each leaves data and heights as they were.
    public func performItemUpdates(_ updates: ItemUpdates) throws {
        let source = try itemSource()
        var refusal: (any Error)?
        try performBatchUpdates {
            do {
                var batch = updates.batch
                // The keys of the rows deleted or replaced: an item inserted later under one of
                // them may have other content.
                batch.changedKeys = try source.modify { document in try updates.apply(to: &document) }
                return batch
            } catch {
                // Nothing changed: an empty batch keeps every height (throwing here would make
                // the cache re-read the whole list).
                refusal = error
                return BatchUpdate()
            }
        }
        if let refusal { throw refusal }
    }

    /// Replaces every item (UITableView's `reloadData`), as one step: every row is measured again
    /// unless it has a key and the item under that key is unchanged. The items are encoded before
    /// the cache is touched.
    public func setItems<Item: Encodable>(_ items: [Item]) throws {
        try setItems(sections: [items])
    }

    /// Replaces every section of items, as one step (see `setItems(_:)`).
    public func setItems<Item: Encodable>(sections: [[Item]]) throws {
        try setItems(sections: sections, row: { try ItemRows.row($0, path: $1, section: $2, in: $3) })
    }

    /// Replaces every item of a `Sendable` type, as `setItems(_:)`, each encoded at its first
    /// measurement: here only the own settings of every item are read, and the whole of an item
    /// whose key a measured item had, to tell whether its keyed height still holds.
    public func setItems<Item: Encodable & Sendable>(_ items: [Item]) throws {
        try setItems(sections: [items])
    }

    /// Replaces every section of `Sendable` items, as one step (see the `Sendable` `setItems(_:)`).
    public func setItems<Item: Encodable & Sendable>(sections: [[Item]]) throws {
        try setItems(sections: sections, row: { try ItemRows.deferredRow($0, path: $1, section: $2, in: $3) })
    }

    private func setItems<Item>(sections: [[Item]], row: ItemRows.Maker<Item>) throws {
        let source = try itemSource()
        var document = source.document
        guard let template = document.sections.first?.template ?? document.templates.keys.first else {
            throw FrontEndError("sections", "the cache was not made from items")
        }
        document.sections = try ItemRows.sections(sections, template: template, in: document, row: row)
        try ItemRows.checkUniqueKeys(document)
        let stale = ItemRows.changedKeys(from: source.document, to: document)
        reloadData {
            source.update(document)
            for key in stale { invalidateKey(key) }
        }
    }

    /// The source of a cache made from items; throws for any other cache.
    func itemSource() throws -> ListHeightSource {
        guard let source = source as? ListHeightSource else {
            throw FrontEndError("", "this HeightCache was not made from items (use init(template:fonts:items:width:))")
        }
        return source
    }
}

/// Several changes to the items of a `HeightCache` made from items, applied together by
/// `performItemUpdates(_:)` with UITableView's `performBatchUpdates` rules: deletes and
/// replacements name index paths before the batch, inserts and move destinations name index
/// paths after it, and a move is a removal plus an insertion.
public struct ItemUpdates {
    /// Makes an item's row: its path, its section and the document.
    typealias Row = (() -> String, SectionSpec, Document) throws -> RowSpec
    var inserts: [(path: IndexPath, row: Row)] = []
    var deletes: [IndexPath] = []
    var replacements: [(path: IndexPath, row: Row)] = []
    var moves: [BatchUpdate.RowMove] = []

    /// An empty batch.
    public init() {}

    /// Inserts `item` at `indexPath` (after the batch), encoded when the batch is applied.
    public mutating func insert(_ item: some Encodable, at indexPath: IndexPath) {
        inserts.append((indexPath, { try ItemRows.row(item, path: $0, section: $1, in: $2) }))
    }

    /// Inserts a `Sendable` `item` at `indexPath` (after the batch), encoded at its first
    /// measurement (its own settings are read when the batch is applied).
    public mutating func insert(_ item: some Encodable & Sendable, at indexPath: IndexPath) {
        inserts.append((indexPath, { try ItemRows.deferredRow(item, path: $0, section: $1, in: $2) }))
    }

    /// Deletes the item at `indexPath` (before the batch).
    public mutating func delete(at indexPath: IndexPath) {
        deletes.append(indexPath)
    }

    /// Replaces the item at `indexPath` (before the batch) with `item`, measured again even when
    /// its key is unchanged.
    public mutating func replace(at indexPath: IndexPath, with item: some Encodable) {
        replacements.append((indexPath, { try ItemRows.row(item, path: $0, section: $1, in: $2) }))
    }

    /// Replaces the item at `indexPath` (before the batch) with a `Sendable` `item`, encoded at
    /// its measurement.
    public mutating func replace(at indexPath: IndexPath, with item: some Encodable & Sendable) {
        replacements.append((indexPath, { try ItemRows.deferredRow(item, path: $0, section: $1, in: $2) }))
    }

    /// Moves the item at `from` (before the batch) to `to` (after it).
    public mutating func move(from: IndexPath, to: IndexPath) {
        moves.append(.init(from: from, to: to))
    }

    /// The cache's side of the batch.
    var batch: BatchUpdate {
        BatchUpdate(deleteRows: deletes, insertRows: inserts.map(\.path), reloadRows: replacements.map(\.path),
                    moveRows: moves)
    }

    /// Applies the batch to `document`'s rows and returns the keys of the rows it deleted or
    /// replaced, or throws having changed nothing: the batch is checked as the cache will check
    /// it, every item's row read before any row moves, and the keys checked to be unique after it.
    func apply(to document: inout Document) throws -> [String] {
        var changed = document
        let keys = try applyUnchecked(to: &changed)
        try ItemRows.checkUniqueKeys(changed)
        document = changed
        return keys
    }

    private func applyUnchecked(to document: inout Document) throws -> [String] {
        let oldCounts = document.sections.map(\.rows.count)
        // Checked first: reading a malformed path's section traps, as in UIKit. A path outside
        // the list is `invalidIndexPath`, as from every call that takes one.
        let before = deletes + replacements.map(\.path) + moves.map(\.from)
        let after = inserts.map(\.path) + moves.map(\.to)
        if let malformed = (before + after).first(where: { $0.count != 2 }) {
            throw HeightCacheError.invalidIndexPath(malformed, sections: oldCounts.count, rows: nil)
        }
        try ItemRows.checkInside(before, counts: oldCounts)
        var newCounts = oldCounts
        for path in Set(deletes) + moves.map(\.from) { newCounts[path.section] -= 1 }
        for path in after where newCounts.indices.contains(path.section) { newCounts[path.section] += 1 }
        try ItemRows.checkInside(after, counts: newCounts)
        do {
            try batch.check(oldCounts: oldCounts, newCounts: newCounts)
        } catch {
            throw FrontEndError("", error.description)
        }
        let current = document
        func row(_ make: Row, at path: IndexPath) throws -> RowSpec {
            try make({ ItemRows.path(path) }, current.sections[path.section], current)
        }
        let replaced = try replacements.map { ($0.path, try row($0.row, at: $0.path)) }
        let inserted = try inserts.map { ($0.path, try row($0.row, at: $0.path)) }
        let gone = (Set(deletes).union(replacements.map(\.path))).compactMap { path in
            // A row whose settings are still pending was never measured: no keyed height is its.
            document.sections[path.section].rows[path.row].knownSettings?.cacheKey
        }
        for (path, row) in replaced { document.sections[path.section].rows[path.row] = row }
        // Removals from the back, so each index still names the row it named before the batch;
        // then insertions from the front, so each lands at its index after the batch.
        let movedFrom = Set(moves.map(\.from))
        var taken: [IndexPath: RowSpec] = [:]
        for path in Set(deletes).union(movedFrom).sorted(by: >) {
            let row = document.sections[path.section].rows.remove(at: path.row)
            if movedFrom.contains(path) { taken[path] = row }
        }
        let placed = inserted + moves.compactMap { move in taken[move.from].map { (move.to, $0) } }
        for (path, row) in placed.sorted(by: { $0.0 < $1.0 }) {
            document.sections[path.section].rows.insert(row, at: path.row)
        }
        return gone
    }
}

/// Items as rows of a document made for them.
enum ItemRows {
    /// A document for items drawn with `template`, with no sections yet. Throws `invalidWidth`
    /// for a width no list can have, before any item is read (whose accessory would otherwise be
    /// blamed for it).
    static func document(template: Template, fonts: Fonts, width: Double, scale: Double,
                         separator: Bool) throws -> Document {
        guard LayoutLimits.listWidths.contains(width) else { throw HeightCacheError.invalidWidth(width) }
        return Document(list: ListSettings(width: width, scale: scale, separator: separator), fonts: fonts,
                        templates: [template.name: template])
    }

    /// A section of measured rows drawn with `template`.
    static func section(template: String) -> SectionSpec {
        SectionSpec(template: template, autoHeight: true)
    }

    /// Makes the row of an item: the item, its path (made only for an error), its section and
    /// the document.
    typealias Maker<Item> = (Item, () -> String, SectionSpec, Document) throws -> RowSpec

    /// The sections of `items`, each row drawn with `template` and made by `row`.
    static func sections<Item>(_ items: [[Item]], template: String, in document: Document,
                               row: Maker<Item>) throws -> [SectionSpec] {
        try items.enumerated().map { s, items in
            var section = ItemRows.section(template: template)
            var rows: [RowSpec] = []
            rows.reserveCapacity(items.count)
            for i in items.indices {
                rows.append(try row(items[i], { "sections[\(s)].rows[\(i)]" }, section, document))
            }
            section.rows = rows
            return section
        }
    }

    /// `item` encoded as a row object and read as cells.json reads a row, except that a number
    /// key is the item's own: an integer keeps all its digits (cells.json's number is a double,
    /// where past 2^53 neighbouring ids are one), so it files keyed heights at any size.
    static func row(_ item: some Encodable, path: String, section: SectionSpec, in document: Document) throws -> RowSpec {
        try row(item, settingsOnly: false, path: { path }, section: section, in: document)
    }

    /// `row(_:path:section:in:)` for a path made only for an error.
    static func row(_ item: some Encodable, path: () -> String, section: SectionSpec, in document: Document) throws -> RowSpec {
        try row(item, settingsOnly: false, path: path, section: section, in: document)
    }

    /// The sections of `Sendable` `items`, each row drawn with `template` and read whole (its own
    /// settings too) when first measured: nothing of an item is read here.
    static func lazySections<Item: Encodable & Sendable>(_ items: [[Item]], template: String,
                                                        in document: Document) -> [SectionSpec] {
        items.map { items in
            var section = ItemRows.section(template: template)
            let column = ItemColumn(items, section: section, document: document)
            // A row of no settings whose data is `null` until its item is read (nothing reads a
            // pending row's data): it holds no reference but its column's.
            var row = RowSpec(data: .null)
            row.deferred = column
            // Copies of one row, then each index written in place (making each row afresh
            // costs an init, a copy and a destroy a row).
            var rows = [RowSpec](repeating: row, count: items.count)
            for index in rows.indices { rows[index].deferredIndex = Int32(index) }
            section.rows = rows
            return section
        }
    }

    /// `row(_:path:section:in:)` with only the item's own settings encoded now, the rest when
    /// the row is first measured (`resolved(_:)`).
    static func deferredRow<Item: Encodable & Sendable>(_ item: Item, path: () -> String, section: SectionSpec,
                                                       in document: Document) throws -> RowSpec {
        var row = try row(item, settingsOnly: true, path: path, section: section, in: document)
        row.deferred = EncodedItem(item)
        return row
    }

    /// `item` encoded (only its own settings, with `settingsOnly`), naming `path` in an error.
    static func encoded(_ item: some Encodable, settingsOnly: Bool, path: () -> String) throws -> (JSONValue, String?) {
        do {
            return try JSONValue.encodingRow(item, settingsOnly: settingsOnly)
        } catch let EncodingError.invalidValue(_, context) {
            // A NaN or infinity (or a value that encodes nothing): the library's error, naming
            // the item and the member.
            let member = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw FrontEndError(path(), member.isEmpty ? context.debugDescription : "member \(member): \(context.debugDescription)")
        }
    }

    private static func row(_ item: some Encodable, settingsOnly: Bool, path: () -> String, section: SectionSpec,
                            in document: Document) throws -> RowSpec {
        let (value, exactKey) = try encoded(item, settingsOnly: settingsOnly, path: path)
        // No settings of its own, in a section with a template: the decoder would find nothing
        // to check.
        if settingsOnly, section.template != nil, case .object(let members) = value, members.isEmpty {
            return RowSpec(data: value)
        }
        var row = try DocumentDecoder().decodeRow(value, path: path(), section: section, in: document)
        if row.keyIsNumber {
            row.key = exactKey ?? row.key
            row.keyMayBeRounded = false
        }
        return row
    }

    /// Throws `FrontEndError` when two rows of `document` whose keys are known have the same
    /// key, whatever their content, naming both. A row whose settings are still pending is
    /// checked when it is measured, by the cache (`HeightCacheError.duplicateKey`).
    static func checkUniqueKeys(_ document: Document) throws {
        var seen: [String: (section: Int, row: Int)] = [:]
        for (s, section) in document.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                guard let key = row.knownKey else { continue }
                if let first = seen.updateValue((s, r), forKey: key) {
                    let row = row.knownSettings ?? row
                    throw FrontEndError("sections[\(s)].rows[\(r)]", "key \(row.keyIsNumber ? row.key! : JSONText.excerpt(row.key!)) "
                                        + "is also the key of sections[\(first.section)].rows[\(first.row)]: keys must be unique in a list")
                }
            }
        }
    }

    /// The keys of `old`'s rows that `new` drops or holds with other content: their keyed heights
    /// are another item's.
    static func changedKeys(from old: Document, to new: Document) -> [String] {
        var now: [String: RowSpec] = [:]
        for section in new.sections {
            for row in section.rows { if let row = row.knownSettings, let key = row.cacheKey { now[key] = row } }
        }
        var changed: [String] = []
        for section in old.sections {
            for row in section.rows {
                // A row whose settings are still pending was never measured: no keyed height is its.
                guard let row = row.knownSettings, let key = row.cacheKey else { continue }
                if let same = now[key], sameContent(row, same) { continue }
                changed.append(key)
            }
        }
        return changed
    }

    /// Whether two rows would be measured alike in one section: the same data, template, fixed
    /// height, autoHeight and accessory. An item not yet encoded is never the same: no height
    /// was measured from it to keep. A new row is encoded (now) only to compare it with an old
    /// row that was.
    static func sameContent(_ a: RowSpec, _ b: RowSpec) -> Bool {
        guard a.template == b.template, a.height == b.height, a.autoHeight == b.autoHeight,
              a.accessory == b.accessory else { return false }
        let old: JSONValue
        if let deferred = a.deferred {
            guard let made = deferred.madeData(a.deferredIndex) else { return false }
            old = made
        } else {
            old = a.data
        }
        // An item that fails to encode is not the same: its error comes at its measurement.
        return old == (b.deferred.map { try? $0.data(b.deferredIndex) } ?? b.data)
    }

    /// The source of a cache of items over `document`, measuring with `pool`: a row whose item
    /// is not yet encoded is encoded as it is measured.
    static func source(_ document: Document, pool: MeasurerPool) -> ListHeightSource {
        let (measure, curve) = (pool.measure, pool.curve)
        return ListHeightSource(document: document, measure: { row, section, width, contentSize in
            try measure(resolved(row), section, width, contentSize)
        }, curve: { row, section, widths, contentSize in
            try curve(resolved(row), section, widths, contentSize)
        })
    }

    /// `row` with its whole row object, its item encoded now if it never was.
    @inline(__always)
    static func resolved(_ row: RowSpec) throws -> RowSpec {
        guard let deferred = row.deferred else { return row }
        if deferred.settingsPending { return try deferred.settledRow(row.deferredIndex) }
        var whole = row
        whole.data = try deferred.data(row.deferredIndex)
        whole.deferred = nil
        return whole
    }

    /// Throws `invalidIndexPath` for the first of `paths` outside a list of `counts` rows per
    /// section (two-index paths only).
    static func checkInside(_ paths: [IndexPath], counts: [Int]) throws(HeightCacheError) {
        for path in paths {
            let (section, row) = (path.section, path.row)
            guard counts.indices.contains(section) else {
                throw .invalidIndexPath(path, sections: counts.count, rows: nil)
            }
            guard row >= 0, row < counts[section] else {
                throw .invalidIndexPath(path, sections: counts.count, rows: counts[section])
            }
        }
    }

    static func path(_ indexPath: IndexPath) -> String { "sections[\(indexPath.section)].rows[\(indexPath.row)]" }
}

/// An item kept to be encoded when its row is first measured, then kept encoded: a row measured
/// at several widths or compared by `setItems` is encoded once. Its row's own settings were
/// read when it was handed over. It holds one item, whatever the index.
final class EncodedItem<Item: Encodable & Sendable>: DeferredRowData {
    private let item: Item
    private let made = _Guarded<JSONValue?>(nil)

    init(_ item: Item) { self.item = item }

    /// The item's row object, encoded on the first call (under the lock: two threads measuring
    /// the row at once encode it once). A number that is not finite names the member.
    func data(_: Int32) throws -> JSONValue {
        try made.withLock { made in
            if let made { return made }
            let value = try ItemRows.encoded(item, settingsOnly: false, path: { "item" }).0
            made = value
            return value
        }
    }

    func madeData(_: Int32) -> JSONValue? { made.withLock { $0 } }

    var settingsPending: Bool { false }

    /// Not asked for (the settings are not pending): the data alone, as a row.
    func settledRow(_ index: Int32) throws -> RowSpec { RowSpec(data: try data(index)) }

    func madeRow(_: Int32) -> RowSpec? { nil }
}

/// The items of one section of a cache made from `Sendable` items, as handed over (the array
/// shared, not copied): each row is read whole, its own settings with its content, when it is
/// first measured (or its key or height first asked for), then kept. Its rows name their items
/// by index, so making the section allocates nothing a row.
final class ItemColumn<Item: Encodable & Sendable>: DeferredRowData {
    private let items: [Item]
    private let section: SectionSpec
    private let document: Document
    /// The rows read so far, by index modulo the stripes' count: threads reading different items
    /// rarely wait for each other, one item is read once however many threads measure it at
    /// once, and a column whose items are never read holds no memory for them.
    private let stripes: [_Guarded<[Int32: RowSpec]>]

    /// The column of `items`, read in `section` (without rows) of `document` (without sections),
    /// as cells.json's decoder reads a row. At most `Int32.max` items.
    init(_ items: [Item], section: SectionSpec, document: Document) {
        var document = document
        document.sections = []
        self.items = items
        self.section = section
        self.document = document
        stripes = (0..<16).map { _ in _Guarded([:]) }
    }

    var settingsPending: Bool { true }

    /// Item `index`'s row, read on the first call. Its errors name the item and are thrown
    /// again on each call.
    func settledRow(_ index: Int32) throws -> RowSpec {
        try stripes[Int(index) & 15].withLock { made in
            if let row = made[index] { return row }
            let row = try ItemRows.row(items[Int(index)], path: "item", section: section, in: document)
            made[index] = row
            return row
        }
    }

    func madeRow(_ index: Int32) -> RowSpec? {
        stripes[Int(index) & 15].withLock { $0[index] }
    }

    func data(_ index: Int32) throws -> JSONValue { try settledRow(index).data }

    func madeData(_ index: Int32) -> JSONValue? { madeRow(index)?.data }
}
