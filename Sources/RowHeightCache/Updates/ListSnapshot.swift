/// The state of a list as identifiers, with `NSDiffableDataSourceSnapshot`'s operations: sections
/// of items, each identifier at most once in the list. `HeightCache.apply(_:)` diffs it against
/// the cache's current snapshot and keeps the height of every item that stays.
///
/// Where UIKit raises (a duplicate identifier, an identifier not in the snapshot, items with no
/// section to go to), a call throws `SnapshotError` and changes nothing. Finding an item's place
/// (`insertItems(_:beforeItem:)`, `moveItem`, `indexOfItem`) costs O(items in its section); every
/// other membership test is a hash lookup.
public struct ListSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// The sections in order.
    public private(set) var sectionIdentifiers: [SectionID] = []
    /// Each section's items in order, parallel to `sectionIdentifiers`.
    @usableFromInline private(set) var items: [[ItemID]] = []
    /// The section holding each item.
    private(set) var sectionOfItem: [ItemID: SectionID] = [:]
    private var sections: Set<SectionID> = []
    /// Items marked by `reloadItems(_:)`: measured again by `apply`.
    public private(set) var reloadedItemIdentifiers: Set<ItemID> = []
    /// Items marked by `reconfigureItems(_:)`: measured again by `apply`, as reloaded ones are.
    public private(set) var reconfiguredItemIdentifiers: Set<ItemID> = []
    /// Sections marked by `reloadSections(_:)`: every item in them is measured again by `apply`.
    public private(set) var reloadedSectionIdentifiers: Set<SectionID> = []

    /// An empty snapshot: no sections, no items.
    public init() {}

    // MARK: Reading

    /// The number of sections.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// The number of items in every section.
    public var numberOfItems: Int { sectionOfItem.count }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemID] { items.flatMap { $0 } }

    /// The number of items in `section`; throws when the snapshot has no such section.
    public func numberOfItems(inSection section: SectionID) throws(SnapshotError) -> Int {
        items[try index(of: section)].count
    }

    /// The items of `section` in order; throws when the snapshot has no such section.
    public func itemIdentifiers(inSection section: SectionID) throws(SnapshotError) -> [ItemID] {
        items[try index(of: section)]
    }

    /// The section holding `item`, nil when the snapshot has no such item.
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? { sectionOfItem[item] }

    /// `item`'s position in the list as a whole (UIKit's `indexOfItem`), nil when absent.
    public func indexOfItem(_ item: ItemID) -> Int? {
        guard let place = place(of: item) else { return nil }
        return items[..<place.section].reduce(place.row) { $0 + $1.count }
    }

    /// `section`'s position, nil when absent.
    public func indexOfSection(_ section: SectionID) -> Int? {
        sections.contains(section) ? sectionIdentifiers.firstIndex(of: section) : nil
    }

    /// Whether the snapshot holds `item`.
    public func contains(item: ItemID) -> Bool { sectionOfItem[item] != nil }

    /// The identifier at `indexPath` (section, then row), nil outside the snapshot.
    /// Inlinable: a cache's source reads it for every row it measures, and the caller's
    /// identifier types make it direct code where a call would look types up at run time.
    @inlinable
    public func itemIdentifier(for indexPath: IndexPath) -> ItemID? {
        guard indexPath.count == 2 else { return nil }
        let (section, row) = (indexPath[0], indexPath[1])
        // Compared as integers: `indices.contains` goes through the generic collection
        // witnesses on every row a cache measures.
        guard section >= 0, section < items.count else { return nil }
        return items[section].withUnsafeBufferPointer { row >= 0 && row < $0.count ? $0[row] : nil }
    }

    /// The index path of `item`, nil when absent.
    public func indexPath(for item: ItemID) -> IndexPath? {
        place(of: item).map { IndexPath(row: $0.row, section: $0.section) }
    }

    // MARK: Sections

    /// Adds `identifiers` as new sections at the end.
    public mutating func appendSections(_ identifiers: [SectionID]) throws(SnapshotError) {
        try checkNewSections(identifiers)
        insertSectionsUnchecked(identifiers, at: sectionIdentifiers.count)
    }

    /// Inserts `identifiers` as new sections just before `section`.
    public mutating func insertSections(_ identifiers: [SectionID], beforeSection section: SectionID) throws(SnapshotError) {
        let at = try index(of: section)
        try checkNewSections(identifiers)
        insertSectionsUnchecked(identifiers, at: at)
    }

    /// Inserts `identifiers` as new sections just after `section`.
    public mutating func insertSections(_ identifiers: [SectionID], afterSection section: SectionID) throws(SnapshotError) {
        let at = try index(of: section) + 1
        try checkNewSections(identifiers)
        insertSectionsUnchecked(identifiers, at: at)
    }

    /// Removes `identifiers` and every item in them.
    public mutating func deleteSections(_ identifiers: [SectionID]) throws(SnapshotError) {
        for section in identifiers where !sections.contains(section) { throw .sectionNotFound(section) }
        for section in Set(identifiers) {
            let at = try index(of: section)
            for item in items[at] {
                sectionOfItem[item] = nil
                reloadedItemIdentifiers.remove(item)
                reconfiguredItemIdentifiers.remove(item)
            }
            sectionIdentifiers.remove(at: at)
            items.remove(at: at)
            sections.remove(section)
            reloadedSectionIdentifiers.remove(section)
        }
    }

    /// Moves `identifier` (with its items) to just before `section`.
    public mutating func moveSection(_ identifier: SectionID, beforeSection section: SectionID) throws(SnapshotError) {
        try moveSection(identifier, nextTo: section, after: false)
    }

    /// Moves `identifier` (with its items) to just after `section`.
    public mutating func moveSection(_ identifier: SectionID, afterSection section: SectionID) throws(SnapshotError) {
        try moveSection(identifier, nextTo: section, after: true)
    }

    /// Marks `identifiers` as reloaded: `apply` measures every item in them again.
    public mutating func reloadSections(_ identifiers: [SectionID]) throws(SnapshotError) {
        for section in identifiers where !sections.contains(section) { throw .sectionNotFound(section) }
        reloadedSectionIdentifiers.formUnion(identifiers)
    }

    // MARK: Items

    /// Adds `identifiers` at the end of `section` (nil: the last section).
    public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) throws(SnapshotError) {
        let at: Int
        if let section {
            at = try index(of: section)
        } else {
            guard !items.isEmpty else { throw .noSection(identifiers.count) }
            at = items.count - 1
        }
        try checkNewItems(identifiers)
        items[at].append(contentsOf: identifiers)
        let owner = sectionIdentifiers[at]
        for item in identifiers { sectionOfItem[item] = owner }
    }

    /// Inserts `identifiers` just before `item`, in its section.
    public mutating func insertItems(_ identifiers: [ItemID], beforeItem item: ItemID) throws(SnapshotError) {
        try insertItems(identifiers, nextTo: item, after: false)
    }

    /// Inserts `identifiers` just after `item`, in its section.
    public mutating func insertItems(_ identifiers: [ItemID], afterItem item: ItemID) throws(SnapshotError) {
        try insertItems(identifiers, nextTo: item, after: true)
    }

    /// Removes `identifiers`.
    public mutating func deleteItems(_ identifiers: [ItemID]) throws(SnapshotError) {
        for item in identifiers where sectionOfItem[item] == nil { throw .itemNotFound(item) }
        // Grouped by section, so each section is filtered once.
        var gone: [SectionID: Set<ItemID>] = [:]
        for item in identifiers {
            if let section = sectionOfItem.removeValue(forKey: item) { gone[section, default: []].insert(item) }
            reloadedItemIdentifiers.remove(item)
            reconfiguredItemIdentifiers.remove(item)
        }
        for (section, removed) in gone {
            guard let at = sectionIdentifiers.firstIndex(of: section) else { continue }
            items[at].removeAll { removed.contains($0) }
        }
    }

    /// Removes every item and every section.
    public mutating func deleteAllItems() { self = ListSnapshot() }

    /// Moves `identifier` to just before `item` (into `item`'s section).
    public mutating func moveItem(_ identifier: ItemID, beforeItem item: ItemID) throws(SnapshotError) {
        try moveItem(identifier, nextTo: item, after: false)
    }

    /// Moves `identifier` to just after `item` (into `item`'s section).
    public mutating func moveItem(_ identifier: ItemID, afterItem item: ItemID) throws(SnapshotError) {
        try moveItem(identifier, nextTo: item, after: true)
    }

    /// Marks `identifiers` as reloaded: `apply` measures them again wherever they end up.
    public mutating func reloadItems(_ identifiers: [ItemID]) throws(SnapshotError) {
        for item in identifiers where sectionOfItem[item] == nil { throw .itemNotFound(item) }
        reloadedItemIdentifiers.formUnion(identifiers)
    }

    /// Marks `identifiers` as reconfigured: for heights as for `reloadItems(_:)`, measured again.
    public mutating func reconfigureItems(_ identifiers: [ItemID]) throws(SnapshotError) {
        for item in identifiers where sectionOfItem[item] == nil { throw .itemNotFound(item) }
        reconfiguredItemIdentifiers.formUnion(identifiers)
    }

    // MARK: What apply reads

    /// The number of items in the section at `index`, nil outside the list.
    package func numberOfItems(atSection index: Int) -> Int? {
        items.indices.contains(index) ? items[index].count : nil
    }

    /// The items of the section at `index` (in range).
    func items(atSection index: Int) -> [ItemID] { items[index] }

    /// Whether `apply` must measure `item` again (reloaded or reconfigured).
    func isMarked(_ item: ItemID) -> Bool {
        reloadedItemIdentifiers.contains(item) || reconfiguredItemIdentifiers.contains(item)
    }

    /// Whether any item is marked for measuring again.
    var hasMarkedItems: Bool { !reloadedItemIdentifiers.isEmpty || !reconfiguredItemIdentifiers.isEmpty }

    /// The same list with no reload or reconfigure marks: what a source keeps once applied.
    var unmarked: ListSnapshot {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        return copy
    }

    // MARK: Private

    private func index(of section: SectionID) throws(SnapshotError) -> Int {
        guard sections.contains(section), let at = sectionIdentifiers.firstIndex(of: section) else {
            throw .sectionNotFound(section)
        }
        return at
    }

    private func place(of item: ItemID) -> (section: Int, row: Int)? {
        guard let owner = sectionOfItem[item], let section = sectionIdentifiers.firstIndex(of: owner),
              let row = items[section].firstIndex(of: item) else { return nil }
        return (section, row)
    }

    private func checkNewSections(_ identifiers: [SectionID]) throws(SnapshotError) {
        var seen: Set<SectionID> = []
        for section in identifiers where sections.contains(section) || !seen.insert(section).inserted {
            throw .duplicateSection(section)
        }
    }

    private func checkNewItems(_ identifiers: [ItemID]) throws(SnapshotError) {
        var seen: Set<ItemID> = []
        seen.reserveCapacity(identifiers.count)
        for item in identifiers where sectionOfItem[item] != nil || !seen.insert(item).inserted {
            throw .duplicateItem(item)
        }
    }

    private mutating func insertSectionsUnchecked(_ identifiers: [SectionID], at index: Int) {
        sectionIdentifiers.insert(contentsOf: identifiers, at: index)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index)
        sections.formUnion(identifiers)
    }

    private mutating func moveSection(_ identifier: SectionID, nextTo section: SectionID, after: Bool) throws(SnapshotError) {
        let from = try index(of: identifier)
        _ = try index(of: section)
        guard identifier != section else { throw .movedNextToItself(identifier) }
        let moved = items.remove(at: from)
        sectionIdentifiers.remove(at: from)
        let target = try index(of: section) + (after ? 1 : 0)
        sectionIdentifiers.insert(identifier, at: target)
        items.insert(moved, at: target)
    }

    private mutating func insertItems(_ identifiers: [ItemID], nextTo item: ItemID, after: Bool) throws(SnapshotError) {
        guard let place = place(of: item) else { throw .itemNotFound(item) }
        try checkNewItems(identifiers)
        items[place.section].insert(contentsOf: identifiers, at: place.row + (after ? 1 : 0))
        let owner = sectionIdentifiers[place.section]
        for inserted in identifiers { sectionOfItem[inserted] = owner }
    }

    private mutating func moveItem(_ identifier: ItemID, nextTo item: ItemID, after: Bool) throws(SnapshotError) {
        guard let from = place(of: identifier) else { throw .itemNotFound(identifier) }
        guard place(of: item) != nil else { throw .itemNotFound(item) }
        guard identifier != item else { throw .movedNextToItself(identifier) }
        items[from.section].remove(at: from.row)
        // Found again: removing the moved item may have shifted it.
        guard let target = place(of: item) else { throw .itemNotFound(item) }
        items[target.section].insert(identifier, at: target.row + (after ? 1 : 0))
        sectionOfItem[identifier] = sectionIdentifiers[target.section]
    }
}

/// A snapshot operation UIKit would refuse with an exception: what kind, and a message naming
/// the identifier. The snapshot is unchanged.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of mistake, so a caller can decide without reading the message.
    public enum Kind: Sendable, Equatable {
        /// An item identifier already in the snapshot (or twice in one call).
        case duplicateItem
        /// A section identifier already in the snapshot (or twice in one call).
        case duplicateSection
        /// An item identifier the snapshot does not hold.
        case itemNotFound
        /// A section identifier the snapshot does not hold.
        case sectionNotFound
        /// Items appended to the last section of a snapshot with no sections.
        case noSection
        /// An item or section moved before or after itself.
        case movedNextToItself
    }

    /// What kind of mistake this is.
    public var kind: Kind
    /// What is wrong, naming the identifier.
    public var message: String

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    static func duplicateItem(_ item: some Hashable) -> SnapshotError {
        SnapshotError(.duplicateItem, "item identifier \(item) is already in the snapshot: identifiers must be unique")
    }

    static func duplicateSection(_ section: some Hashable) -> SnapshotError {
        SnapshotError(.duplicateSection, "section identifier \(section) is already in the snapshot: identifiers must be unique")
    }

    static func itemNotFound(_ item: some Hashable) -> SnapshotError {
        SnapshotError(.itemNotFound, "item identifier \(item) is not in the snapshot")
    }

    static func sectionNotFound(_ section: some Hashable) -> SnapshotError {
        SnapshotError(.sectionNotFound, "section identifier \(section) is not in the snapshot")
    }

    static func noSection(_ count: Int) -> SnapshotError {
        SnapshotError(.noSection, "there are no sections to append \(count) items to: append a section first")
    }

    static func movedNextToItself(_ identifier: some Hashable) -> SnapshotError {
        SnapshotError(.movedNextToItself, "identifier \(identifier) cannot be moved before or after itself")
    }
}
