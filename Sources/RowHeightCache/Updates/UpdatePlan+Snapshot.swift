import Foundation

extension UpdatePlan {
    /// The plan that turns the list `old` describes into the one `new` describes: sections and
    /// items are matched by identifier, so every item in both keeps its row (and its heights)
    /// wherever it moved, unless `new` marks it (or its section) reloaded or reconfigured; items
    /// only in `new` start unmeasured.
    ///
    /// Each section present in both is walked in step with its old items: equal identifiers
    /// cost one comparison, and only where the two orders differ is an identifier hashed. An
    /// item out of place is taken where the other order finds it, so the work is O(items +
    /// changes), not a diff's O(items x changes); the moves it settles on need not be the
    /// fewest, which costs nothing here (a moved row keeps its height either way).
    ///
    /// Specialized for common identifier types: unspecialized, every dictionary lookup of the
    /// walk looks up its types' metadata at run time.
    @_specialize(where SectionID == Int, ItemID == Int)
    @_specialize(where SectionID == Int, ItemID == String)
    @_specialize(where SectionID == Int, ItemID == UUID)
    @_specialize(where SectionID == String, ItemID == Int)
    @_specialize(where SectionID == String, ItemID == String)
    @_specialize(where SectionID == String, ItemID == UUID)
    init<SectionID, ItemID>(from old: ListSnapshot<SectionID, ItemID>, to new: ListSnapshot<SectionID, ItemID>) {
        var oldIndex: [SectionID: Int] = [:]
        oldIndex.reserveCapacity(old.numberOfSections)
        for (index, section) in old.sectionIdentifiers.enumerated() { oldIndex[section] = index }
        // Rows of old sections by item, made only for a section an item leaves for another.
        var oldRows: [Int: [ItemID: Int]] = [:]
        var sections: [SectionOrigin] = []
        sections.reserveCapacity(new.numberOfSections)
        var reloaded: [IndexPath] = []
        for (index, section) in new.sectionIdentifiers.enumerated() {
            let items = new.items(atSection: index)
            let reloadedSection = new.reloadedSectionIdentifiers.contains(section)
            if reloadedSection {
                sections.append(.fresh(rows: items.count))
                reloaded += items.indices.map { IndexPath(row: $0, section: index) }
                continue
            }
            // A section new to the list may still gather items from others (base -1).
            let base = oldIndex[section] ?? -1
            if base < 0 && old.numberOfItems == 0 {
                sections.append(.fresh(rows: items.count))
                continue
            }
            var walk = SnapshotWalk(old: old, new: new, section: section, base: base, newIndex: index)
            walk.run(oldIndex: oldIndex, oldRows: &oldRows)
            reloaded += walk.reloaded
            let oldCount = base < 0 ? 0 : old.items(atSection: base).count
            if base >= 0 && (walk.runs.isEmpty && oldCount == 0
                             || walk.runs == [RowRun(section: base, start: 0, count: oldCount)]) {
                sections.append(.whole(old: base))
            } else if walk.runs.allSatisfy({ $0.section < 0 }) {
                sections.append(.fresh(rows: items.count))
            } else {
                sections.append(.rebuilt(base: base, runs: walk.runs))
            }
        }
        self.sections = sections
        self.reloaded = reloaded
        runKinds = UpdatePlan.runKinds(of: sections)
    }
}

/// One section of `UpdatePlan(from:to:)`: its new items walked against its old ones, giving
/// the runs of rows the section is made of after the update.
private struct SnapshotWalk<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    let old: ListSnapshot<SectionID, ItemID>
    let new: ListSnapshot<SectionID, ItemID>
    let section: SectionID
    /// The section's index before the update (-1: new to the list) and after it.
    let base: Int
    let newIndex: Int
    var runs: [RowRun] = []
    /// Rows (after the update) measured again: marked items that were in the list before.
    var reloaded: [IndexPath] = []

    /// Marks a run whose old row is found later in the walk.
    private static var placeholder: Int { -2 }

    init(old: ListSnapshot<SectionID, ItemID>, new: ListSnapshot<SectionID, ItemID>, section: SectionID,
         base: Int, newIndex: Int) {
        self.old = old
        self.new = new
        self.section = section
        self.base = base
        self.newIndex = newIndex
    }

    /// Walks the section, filling `runs` and `reloaded`; `oldRows` holds (and gains) the row
    /// tables of old sections items come from.
    mutating func run(oldIndex: [SectionID: Int], oldRows: inout [Int: [ItemID: Int]]) {
        let before = base < 0 ? [] : old.items(atSection: base)
        let after = new.items(atSection: newIndex)
        let marks = new.hasMarkedItems
        // Old rows passed over whose item comes later in the new order.
        var passed: [ItemID: Int] = [:]
        // New items placed before their old row was reached: the run to fill in (-1: none,
        // the item is measured again).
        var ahead: [ItemID: Int] = [:]
        var i = 0
        var j = 0
        while j < after.count {
            // A stretch of equal identifiers, compared through the arrays' buffers and kept as
            // one run (marked items are looked at one by one, below).
            if !marks && i < before.count {
                let matched = IdentifierScan.equalPrefix(before, from: i, after, from: j)
                if matched > 0 {
                    append(RowRun(section: base, start: i, count: matched))
                    i += matched
                    j += matched
                    continue
                }
            }
            let item = after[j]
            if i < before.count {
                let other = before[i]
                if other == item {
                    keep(item, section: base, row: i, at: j, marks: marks)
                    i += 1
                    j += 1
                    continue
                }
                if !ahead.isEmpty, let run = ahead.removeValue(forKey: other) {
                    if run >= 0 { runs[run] = RowRun(section: base, start: i, count: 1) }
                    i += 1
                    continue
                }
                if new.sectionIdentifier(containingItem: other) != section {
                    i += 1  // deleted, or moved to another section
                    continue
                }
            }
            if !passed.isEmpty, let row = passed.removeValue(forKey: item) {
                keep(item, section: base, row: row, at: j, marks: marks)
                j += 1
                continue
            }
            guard let from = old.sectionIdentifier(containingItem: item) else {
                fresh()  // inserted
                j += 1
                continue
            }
            if from != section {
                if marks && new.isMarked(item) {
                    reload(at: j)
                } else if let oldSection = oldIndex[from] {
                    let rows = oldRows[oldSection] ?? Self.rows(of: old.items(atSection: oldSection))
                    oldRows[oldSection] = rows
                    if let row = rows[item] { append(RowRun(section: oldSection, start: row, count: 1)) } else { fresh() }
                } else {
                    fresh()
                }
                j += 1
                continue
            }
            // Both orders hold both items here: some moved. Look a little ahead in both orders
            // at once: when the old order reaches this item first, the old items before it moved
            // away; when the new order reaches the old item first (or neither does), this item
            // moved here from further on. Either choice keeps every height; the nearer one keeps
            // runs long, where a wrong one would take every item up to the mover one by one.
            guard i < before.count else {
                fresh()  // cannot happen: an item of this section behind the walk was passed
                j += 1
                continue
            }
            if let distance = IdentifierScan.nearer(item, in: before, after: i, than: before[i], in: after, after: j) {
                for k in i..<(i + distance) {
                    if !ahead.isEmpty, let run = ahead.removeValue(forKey: before[k]) {
                        if run >= 0 { runs[run] = RowRun(section: base, start: k, count: 1) }
                    } else {
                        passed[before[k]] = k
                    }
                }
                i += distance
                continue
            }
            if marks && new.isMarked(item) {
                reload(at: j)
                ahead[item] = -1
            } else {
                runs.append(RowRun(section: Self.placeholder, start: 0, count: 1))
                ahead[item] = runs.count - 1
            }
            j += 1
        }
        while !ahead.isEmpty && i < before.count {
            if let run = ahead.removeValue(forKey: before[i]), run >= 0 {
                runs[run] = RowRun(section: base, start: i, count: 1)
            }
            i += 1
        }
        // Every placeholder is filled by now; one that were not would start unmeasured.
        for index in runs.indices where runs[index].section == Self.placeholder {
            runs[index] = RowRun(section: -1, start: 0, count: 1)
        }
    }

    /// `item`, at `row` of old section `section`, lands at row `j`: kept, or measured again
    /// when marked.
    @inline(__always)
    private mutating func keep(_ item: ItemID, section: Int, row: Int, at j: Int, marks: Bool) {
        if marks && new.isMarked(item) {
            reload(at: j)
        } else {
            append(RowRun(section: section, start: row, count: 1))
        }
    }

    private mutating func reload(at j: Int) {
        fresh()
        reloaded.append(IndexPath(row: j, section: newIndex))
    }

    private mutating func fresh() { append(RowRun(section: -1, start: 0, count: 1)) }

    /// Appends `run`, joining it to the last run when it continues it.
    @inline(__always)
    private mutating func append(_ run: RowRun) {
        if let last = runs.last, last.section == run.section, last.section != Self.placeholder,
           last.section == -1 || last.start + last.count == run.start {
            runs[runs.count - 1].count += run.count
        } else {
            runs.append(run)
        }
    }

    /// Each item's row in `items`.
    private static func rows(of items: [ItemID]) -> [ItemID: Int] {
        var rows: [ItemID: Int] = [:]
        rows.reserveCapacity(items.count)
        for (row, item) in items.enumerated() { rows[item] = row }
        return rows
    }
}

/// The walk's scans over identifier arrays, where nearly all of its time goes: generic over the
/// item type alone and specialized for common identifier types, so that those run as plain loops
/// (an unspecialized comparison goes through the type's witness table, item by item).
enum IdentifierScan {
    /// How many identifiers from `i` in `before` equal those from `j` in `after`, in a row.
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    static func equalPrefix<ItemID: Hashable>(_ before: [ItemID], from i: Int, _ after: [ItemID], from j: Int) -> Int {
        before.withUnsafeBufferPointer { before in
            after.withUnsafeBufferPointer { after in
                var count = 0
                while i + count < before.count && j + count < after.count && before[i + count] == after[j + count] {
                    count += 1
                }
                return count
            }
        }
    }

    /// How far past `i` the old order `before` holds `item`, when it does so within a short
    /// window and sooner than the new order `after` holds `other` past `j`; nil otherwise.
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    static func nearer<ItemID: Hashable>(_ item: ItemID, in before: [ItemID], after i: Int, than other: ItemID,
                                         in after: [ItemID], after j: Int) -> Int? {
        let window = 64
        for distance in 1...window {
            if i + distance < before.count && before[i + distance] == item { return distance }
            if j + distance < after.count && after[j + distance] == other { return nil }
        }
        return nil
    }
}
