import CellsFormat
import DynamicType
import Foundation
import Locking
import CellLayout
import RowHeightCache

/// Which cell a row of a snapshot list is: a template (by name, among those the cells were
/// given) or a fixed height.
public enum CellChoice: Sendable, Equatable {
    /// Measured with the template of this name.
    case template(String)
    /// This many points tall, never measured.
    case height(Double)
}

/// How a snapshot list's rows are measured: the value behind each item identifier (an item
/// provider, or the identifier itself), the cell each value is (by its type, or by a closure),
/// and each section's header and footer. `HeightCache(snapshot:cells:fonts:width:)` takes it.
///
/// A typed template (`ItemTemplate<Item>`) reads the item's properties through its key paths;
/// a `Template` with `${path}` reads an `Encodable` item's members, encoding the item when it
/// is first measured (never before). Values are asked for when a row is measured, from the
/// measuring thread, so the provider must be safe to call from any thread.
public struct ItemCells<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// The row for an identifier, read from its value when the row is measured.
    typealias RowMaker = @Sendable (_ id: ItemID, _ document: Document) throws -> RowSpec

    var templates: [String: Template] = [:]
    var single: RowMaker?
    var value: (@Sendable (ItemID) -> (any Sendable)?)?
    var byType: [ObjectIdentifier: @Sendable (_ value: any Sendable, _ id: ItemID, _ document: Document) throws -> RowSpec] = [:]
    /// For cells of typed templates: given each template's index (as the source resolved it)
    /// and compiled member names, how an identifier's row is measured from its item's values
    /// without a row object (nil from the made function: measure the row `row(for:in:)` gives,
    /// as for a fixed height).
    @usableFromInline var typed: (@Sendable (_ templates: [String: (index: Int, memberNames: [String])]) -> TypedMeasure)?
    var header: (@Sendable (SectionID) -> SupplementarySpec?)?
    var footer: (@Sendable (SectionID) -> SupplementarySpec?)?

    /// Items of one type, each measured by `template`; `item` gives the value of an identifier
    /// (nil: the row is an error naming the identifier).
    /// Inlinable, so that the code reading each row's item is built for the caller's item and
    /// identifier types (a generic body looks up the types it builds from them on every row).
    @inlinable
    public init<Item>(item: @escaping @Sendable (ItemID) -> Item?, template: ItemTemplate<Item>) {
        self.init(rowsOf: item, template: template)
        let name = template.name
        typed = { templates in
            guard let resolved = templates[name] else { return { _, _, _, _ in nil } }
            let bound = template.bound(to: resolved.memberNames, index: resolved.index)
            return { indexPath, rows, width, contentSize in
                // The identifier is read here, in code built for its type, not by the source.
                guard let id = Self.identifier(at: indexPath, in: rows.snapshotAddress) else { return nil }
                guard let value = item(id) else { throw ItemCellsError.noItem(id) }
                return try bound.height(of: value, id: id, rows: rows, width: width, contentSize: contentSize)
            }
        }
    }

    /// `init(item:template:)` but for its typed measuring.
    @usableFromInline
    init<Item>(rowsOf item: @escaping @Sendable (ItemID) -> Item?, template: ItemTemplate<Item>) {
        templates[template.name] = template.template
        let name = template.name
        // No choice to make: the row is the template's, without a lookup by name.
        single = { id, _ in
            guard let value = item(id) else { throw ItemCellsError.noItem(id) }
            return RowSpec(data: template.row(for: value), template: name)
        }
    }

    /// Items of one type, each measured by the template (or given the height) `choose` picks.
    public init<Item>(item: @escaping @Sendable (ItemID) -> Item?, templates: [ItemTemplate<Item>],
                      choose: @escaping @Sendable (Item) -> CellChoice) {
        let byName = Self.keyed(templates)
        for template in templates { self.templates[template.name] = template.template }
        single = { id, _ in
            guard let value = item(id) else { throw ItemCellsError.noItem(id) }
            return try Self.row(for: value, id: id, choice: choose(value), templates: byName)
        }
        typed = { resolved in
            var bound: [String: BoundItemTemplate<Item>] = [:]
            for (name, template) in byName {
                if let found = resolved[name] { bound[name] = template.bound(to: found.memberNames, index: found.index) }
            }
            return { [bound] indexPath, rows, width, contentSize in
                guard let id = Self.identifier(at: indexPath, in: rows.snapshotAddress) else { return nil }
                guard let value = item(id) else { throw ItemCellsError.noItem(id) }
                switch choose(value) {
                case .height: return nil
                case .template(let name):
                    guard let template = bound[name] else { throw ItemCellsError.noTemplate(id, name) }
                    return try template.height(of: value, id: id, rows: rows, width: width, contentSize: contentSize)
                }
            }
        }
    }

    /// The height of the row at an index path of the snapshot, measured at a width and
    /// category from its item's values by the rows' `measureRow(template:names:values:width:contentSize:)`;
    /// nil when the row is not a template's (a fixed height) or the path is outside the snapshot.
    /// A layout error names the item's identifier. (`TypedRows` holds the source's
    /// `_Guarded<ListSnapshot<SectionID, ItemID>>` as an object, so that the closure's type names
    /// no generic type: a generic source would look the type up at run time to call it.)
    @usableFromInline typealias TypedMeasure = TypedRows.Measure

    /// The identifier at `indexPath` in the source's guarded snapshot at `snapshot` (kept alive
    /// by the source, so read without a retain); nil outside it.
    @inlinable
    static func identifier(at indexPath: IndexPath, in snapshot: UnsafeRawPointer) -> ItemID? {
        Unmanaged<_Guarded<ListSnapshot<SectionID, ItemID>>>.fromOpaque(snapshot)._withUnsafeGuaranteedRef { guarded in
            guarded.withLock { $0.itemIdentifier(for: indexPath) }
        }
    }

    /// `Encodable` items of one type, each measured by `template`, whose `${path}` placeholders
    /// read the item's members (as `HeightCache(template:fonts:items:width:)` reads them); an item
    /// is encoded when its row is first measured.
    public init<Item: Encodable>(item: @escaping @Sendable (ItemID) -> Item?, template: Template) {
        self.init(item: item, templates: [template]) { _ in .template(template.name) }
    }

    /// `Encodable` items of one type, each measured by the template (or given the height) `choose` picks.
    public init<Item: Encodable>(item: @escaping @Sendable (ItemID) -> Item?, templates: [Template],
                                 choose: @escaping @Sendable (Item) -> CellChoice) {
        for template in templates { self.templates[template.name] = template }
        single = { id, document in
            guard let value = item(id) else { throw ItemCellsError.noItem(id) }
            return try Self.encodedRow(for: value, id: id, choice: choose(value), document: document)
        }
    }

    /// Items that are their own identifiers (a `Hashable` value in the snapshot, as
    /// `NSDiffableDataSourceSnapshot<Section, Post>` holds them), each measured by `template`.
    public init(template: ItemTemplate<ItemID>) {
        self.init(item: { $0 }, template: template)
    }

    /// `Encodable` items that are their own identifiers, each measured by the `${path}` `template`.
    public init(template: Template) where ItemID: Encodable {
        self.init(item: { $0 }, template: template)
    }

    /// Items of several types: `item` gives an identifier's value, and `register` says how each
    /// type is measured (a value of a type not registered is an error naming its identifier).
    public init(item: @escaping @Sendable (ItemID) -> (any Sendable)?) {
        value = item
    }

    /// Values of type `Item` are measured by the template `choose` picks among `templates` (or
    /// given the height it picks). Registrations are read for cells made with `init(item:)`;
    /// cells made for one item type measure every row with that type's cells.
    public mutating func register<Item>(_ templates: [ItemTemplate<Item>],
                                        choose: @escaping @Sendable (Item) -> CellChoice) {
        let byName = Self.keyed(templates)
        for template in templates { self.templates[template.name] = template.template }
        byType[ObjectIdentifier(Item.self)] = { value, id, _ in
            guard let item = value as? Item else { throw ItemCellsError.noItem(id) }
            return try Self.row(for: item, id: id, choice: choose(item), templates: byName)
        }
    }

    /// Values of type `Item` are measured by `template`.
    public mutating func register<Item>(_ template: ItemTemplate<Item>) {
        register([template]) { _ in .template(template.name) }
    }

    /// `Encodable` values of type `Item` are measured by `template`, encoded when first measured.
    public mutating func register<Item: Encodable>(_ type: Item.Type, template: Template) {
        templates[template.name] = template
        byType[ObjectIdentifier(Item.self)] = { value, id, document in
            guard let item = value as? Item else { throw ItemCellsError.noItem(id) }
            return try Self.encodedRow(for: item, id: id, choice: .template(template.name), document: document)
        }
    }

    /// Values of type `Item` are `height` points tall, never measured.
    public mutating func register<Item>(_ type: Item.Type, height: Double) {
        byType[ObjectIdentifier(Item.self)] = { _, _, _ in RowSpec(height: height) }
    }

    /// Each section's header: a title (as tall as a cells.json title header), a fixed height, or
    /// a template of these cells (or of `templates`) with its data; nil: none.
    public mutating func header(templates: [Template] = [], _ header: @escaping @Sendable (SectionID) -> SupplementarySpec?) {
        for template in templates { self.templates[template.name] = template }
        self.header = header
    }

    /// Each section's footer, as `header(templates:_:)`.
    public mutating func footer(templates: [Template] = [], _ footer: @escaping @Sendable (SectionID) -> SupplementarySpec?) {
        for template in templates { self.templates[template.name] = template }
        self.footer = footer
    }

    /// The row for `id`, read from its value now.
    func row(for id: ItemID, in document: Document) throws -> RowSpec {
        if let single { return try single(id, document) }
        guard let value, let item = value(id) else { throw ItemCellsError.noItem(id) }
        guard let make = byType[ObjectIdentifier(type(of: item))] else {
            throw ItemCellsError.unregistered(id, type(of: item))
        }
        return try make(item, id, document)
    }

    private static func keyed<Item>(_ templates: [ItemTemplate<Item>]) -> [String: ItemTemplate<Item>] {
        var byName: [String: ItemTemplate<Item>] = [:]
        for template in templates { byName[template.name] = template }
        return byName
    }

    private static func row<Item>(for item: Item, id: ItemID, choice: CellChoice,
                                  templates: [String: ItemTemplate<Item>]) throws -> RowSpec {
        switch choice {
        case .height(let height):
            return RowSpec(height: height)
        case .template(let name):
            guard let template = templates[name] else { throw ItemCellsError.noTemplate(id, name) }
            return RowSpec(data: template.row(for: item), template: name)
        }
    }

    /// The row cells.json would read for `item` encoded, measured by `choice`; a number that is
    /// not finite is an error naming the identifier and the member.
    private static func encodedRow<Item: Encodable>(for item: Item, id: ItemID, choice: CellChoice,
                                                    document: Document) throws -> RowSpec {
        // Read in the section the choice makes, so the decoder checks the row as cells.json
        // would there; the row then carries the choice itself (rows are measured in one section).
        let section = switch choice {
        case .height(let height): SectionSpec(autoHeight: false, height: height)
        case .template(let name): SectionSpec(template: name, autoHeight: true)
        }
        var row = try ItemRows.row(item, path: "item \(id)", section: section, in: document)
        switch choice {
        case .height(let height):
            if row.height == nil { row.height = height }
        case .template(let name):
            if row.template == nil { row.template = name }
        }
        return row
    }
}

/// Errors of a snapshot list's rows that are not the layout's: named by item identifier.
@usableFromInline
enum ItemCellsError {
    /// A layout error of item `id`'s row.
    @usableFromInline
    static func layout(_ id: some Hashable, _ error: LayoutError) -> FrontEndError {
        FrontEndError("item \(id)", error.description)
    }

    @usableFromInline
    static func noItem(_ id: some Hashable) -> FrontEndError {
        FrontEndError("item \(id)", "the item provider has no value for this identifier")
    }

    static func unregistered(_ id: some Hashable, _ type: Any.Type) -> FrontEndError {
        FrontEndError("item \(id)", "no cell is registered for values of type \(type)")
    }

    static func noTemplate(_ id: some Hashable, _ name: String) -> FrontEndError {
        FrontEndError("item \(id)", "template \(JSONText.quoted(name)) was not given to these cells")
    }
}
