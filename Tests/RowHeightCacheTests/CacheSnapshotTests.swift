import Dispatch
import Locking
import Testing
@testable import RowHeightCache
import TestSupport

/// A snapshot source over integer items: an item's height is a fixed function of the item, its
/// version (bumped when the test changes its content) and the width; measurements are counted.
final class SnapshotTableSource: SnapshotHeightSource {
    struct Contents {
        var snapshot = ListSnapshot<String, Int>()
        var versions: [Int: Int] = [:]
        var measures = 0
    }

    let contents = _Guarded(Contents())

    /// Distinct for every item below 1,000 and four versions in a row, so a height names its item.
    static func height(_ item: Int, version: Int, _ width: Double) -> Double {
        Double(item % 1_000) + 1 + Double(version % 4) * 0.25 + (width == 375 ? 0 : 0.125)
    }

    var snapshot: ListSnapshot<String, Int> { contents.withLock { $0.snapshot } }
    func show(_ snapshot: ListSnapshot<String, Int>) { contents.withLock { $0.snapshot = snapshot } }
    var measures: Int { contents.withLock { $0.measures } }

    /// Changes `item`'s content (its height), as an app edits a value behind an identifier.
    func edit(_ item: Int) { contents.withLock { $0.versions[item, default: 0] += 1 } }

    /// The height `item` has now at `width`.
    func expected(_ item: Int, _ width: Double) -> Double {
        SnapshotTableSource.height(item, version: contents.withLock { $0.versions[item] ?? 0 }, width)
    }

    func numberOfSections() -> Int { contents.withLock { $0.snapshot.numberOfSections } }
    func numberOfRows(inSection section: Int) -> Int {
        contents.withLock { $0.snapshot.numberOfItems(atSection: section) ?? 0 }
    }
    func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
        try contents.withLock { contents throws -> Double in
            guard let item = contents.snapshot.itemIdentifier(for: indexPath) else { throw TableSource.NoSuchRow() }
            contents.measures += 1
            return SnapshotTableSource.height(item, version: contents.versions[item] ?? 0, width)
        }
    }
}

@Suite("ListSnapshot and HeightCache.apply")
struct CacheSnapshotTests {
    typealias Snapshot = ListSnapshot<String, Int>

    static func snapshot(_ sections: [(String, [Int])]) throws -> Snapshot {
        var snapshot = Snapshot()
        for (section, items) in sections {
            try snapshot.appendSections([section])
            try snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    static func layout(_ snapshot: Snapshot) -> [String] {
        snapshot.sectionIdentifiers.map { section in
            "\(section): \((try? snapshot.itemIdentifiers(inSection: section)) ?? [])"
        }
    }

    @Test func itemOperationsPlaceItemsAsUIKitDoes() throws {
        var s = try Self.snapshot([("a", [1, 2, 3]), ("b", [4])])
        try s.insertItems([10, 11], beforeItem: 2)
        try s.insertItems([12], afterItem: 4)
        try s.moveItem(1, afterItem: 12)
        try s.moveItem(3, beforeItem: 10)
        try s.deleteItems([11])
        try s.appendItems([13])
        #expect(Self.layout(s) == ["a: [3, 10, 2]", "b: [4, 12, 1, 13]"])
        #expect(s.numberOfItems == 7)
        #expect(s.indexOfItem(1) == 5)
        #expect(s.sectionIdentifier(containingItem: 1) == "b")
        #expect(s.indexPath(for: 2) == ip(0, 2))
        #expect(s.itemIdentifiers == [3, 10, 2, 4, 12, 1, 13])
        try s.reloadItems([2])
        try s.reconfigureItems([4])
        #expect(s.reloadedItemIdentifiers == [2])
        #expect(s.reconfiguredItemIdentifiers == [4])
    }

    @Test func sectionOperationsPlaceSectionsAsUIKitDoes() throws {
        var s = try Self.snapshot([("a", [1]), ("b", [2]), ("c", [3])])
        try s.insertSections(["x"], beforeSection: "b")
        try s.insertSections(["y"], afterSection: "c")
        try s.moveSection("a", afterSection: "c")
        try s.moveSection("y", beforeSection: "x")
        try s.deleteSections(["b"])
        try s.reloadSections(["c"])
        #expect(s.sectionIdentifiers == ["y", "x", "c", "a"])
        #expect(Self.layout(s) == ["y: []", "x: []", "c: [3]", "a: [1]"])
        #expect(s.contains(item: 2) == false)
        #expect(s.reloadedSectionIdentifiers == ["c"])
        #expect(s.indexOfSection("c") == 2)
        s.deleteAllItems()
        #expect(s.numberOfSections == 0 && s.numberOfItems == 0)
    }

    @Test func aDuplicateOrMissingIdentifierIsAnErrorOfItsKindAndChangesNothing() throws {
        var s = try Self.snapshot([("a", [1, 2])])
        let before = Self.layout(s)
        func kind(_ body: (inout Snapshot) throws(SnapshotError) -> Void) -> SnapshotError.Kind? {
            do throws(SnapshotError) {
                try body(&s)
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind { s throws(SnapshotError) in try s.appendItems([3, 2]) } == .duplicateItem)
        #expect(kind { s throws(SnapshotError) in try s.appendItems([5, 5]) } == .duplicateItem)
        #expect(kind { s throws(SnapshotError) in try s.insertItems([1], afterItem: 2) } == .duplicateItem)
        #expect(kind { s throws(SnapshotError) in try s.appendSections(["a"]) } == .duplicateSection)
        #expect(kind { s throws(SnapshotError) in try s.appendSections(["b", "b"]) } == .duplicateSection)
        #expect(kind { s throws(SnapshotError) in try s.insertItems([7], beforeItem: 9) } == .itemNotFound)
        #expect(kind { s throws(SnapshotError) in try s.deleteItems([1, 9]) } == .itemNotFound)
        #expect(kind { s throws(SnapshotError) in try s.moveItem(9, afterItem: 1) } == .itemNotFound)
        #expect(kind { s throws(SnapshotError) in try s.moveItem(1, afterItem: 1) } == .movedNextToItself)
        #expect(kind { s throws(SnapshotError) in try s.reloadItems([9]) } == .itemNotFound)
        #expect(kind { s throws(SnapshotError) in try s.reconfigureItems([9]) } == .itemNotFound)
        #expect(kind { s throws(SnapshotError) in try s.appendItems([7], toSection: "z") } == .sectionNotFound)
        #expect(kind { s throws(SnapshotError) in try s.deleteSections(["z"]) } == .sectionNotFound)
        #expect(kind { s throws(SnapshotError) in try s.moveSection("a", afterSection: "a") } == .movedNextToItself)
        #expect(Self.layout(s) == before)
        var empty = Snapshot()
        #expect(throws: SnapshotError(.noSection, "there are no sections to append 1 items to: append a section first")) {
            try empty.appendItems([1])
        }
        #expect(SnapshotError.duplicateItem(2).description == "item identifier 2 is already in the snapshot: identifiers must be unique")
    }

    @Test func applyKeepsMovedHeightsMeasuresNewItemsAndMeasuresReloadedOnesAgain() throws {
        let source = SnapshotTableSource()
        let cache = try HeightCache(source: source, width: 375)
        var s = try Self.snapshot([("a", [1, 2, 3, 4]), ("b", [5, 6])])
        try cache.apply(s)
        for section in 0..<2 {
            for row in 0..<(section == 0 ? 4 : 2) { _ = try cache.height(for: ip(section, row)) }
        }
        #expect(source.measures == 6)
        try s.moveItem(1, afterItem: 6)      // to another section
        try s.moveItem(4, beforeItem: 2)
        try s.insertItems([7], afterItem: 3)
        try s.deleteItems([5])
        source.edit(3)
        try s.reconfigureItems([3])
        try cache.apply(s)
        #expect(Self.layout(source.snapshot) == ["a: [4, 2, 3, 7]", "b: [6, 1]"])
        #expect(source.snapshot.reconfiguredItemIdentifiers.isEmpty)
        #expect(cachedHeights(cache) == [[source.expected(4, 375), source.expected(2, 375), nil, nil],
                                         [source.expected(6, 375), source.expected(1, 375)]])
        #expect(try cache.height(for: ip(0, 2)) == source.expected(3, 375))
        #expect(source.measures == 7)
        // A reloaded section is measured again; the same snapshot again changes nothing.
        try s.reloadSections(["b"])
        try cache.apply(s)
        #expect(cachedHeights(cache)[1] == [nil, nil])
        let after = cachedHeights(cache)
        try cache.apply(source.snapshot)
        #expect(cachedHeights(cache) == after)
    }

    @Test func applyOnACacheWithAnotherSourceOrInsideAChangeIsRefused() throws {
        let plain = try HeightCache(source: TableSource([[1]]), width: 375)
        #expect(throws: HeightCacheError.self) { try plain.apply(Snapshot()) }
        let cache = try HeightCache(source: SnapshotTableSource(), width: 375)
        #expect(throws: HeightCacheError.self) { try cache.apply(ListSnapshot<Int, Int>()) }
        var inner: (any Error)?
        try cache.performBatchUpdates {
            do { try cache.apply(try Self.snapshot([("a", [1])])) } catch { inner = error }
            return BatchUpdate()
        }
        #expect(inner.map { "\($0)" } == "invalid update: apply inside another change of this cache: describe the whole change in the outer one")
        #expect(cache.numberOfSections == 0)
    }

    /// One random edit of `snapshot`, as an app makes them; returns the items it reconfigured
    /// after changing their content.
    static func randomEdit(_ snapshot: inout Snapshot, source: SnapshotTableSource, next: inout Int,
                           using rng: inout SplitMix64) throws {
        let items = snapshot.itemIdentifiers
        let sections = snapshot.sectionIdentifiers
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<20:
            let new = (0..<Int.random(in: 1...3, using: &rng)).map { _ in next += 1; return next }
            if let anchor = items.randomElement(using: &rng) {
                if Bool.random(using: &rng) {
                    try snapshot.insertItems(new, beforeItem: anchor)
                } else {
                    try snapshot.insertItems(new, afterItem: anchor)
                }
            } else if let section = sections.randomElement(using: &rng) {
                try snapshot.appendItems(new, toSection: section)
            }
        case 20..<35:
            if !items.isEmpty {
                try snapshot.deleteItems(Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in items.randomElement(using: &rng)! })))
            }
        case 35..<65:
            if let item = items.randomElement(using: &rng), let anchor = items.randomElement(using: &rng), item != anchor {
                if Bool.random(using: &rng) {
                    try snapshot.moveItem(item, beforeItem: anchor)
                } else {
                    try snapshot.moveItem(item, afterItem: anchor)
                }
            }
        case 65..<75:
            if let item = items.randomElement(using: &rng) {
                source.edit(item)
                if Bool.random(using: &rng) { try snapshot.reloadItems([item]) } else { try snapshot.reconfigureItems([item]) }
            }
        case 75..<82:
            next += 1
            let name = "s\(next)"
            if let anchor = sections.randomElement(using: &rng), Bool.random(using: &rng) {
                try snapshot.insertSections([name], afterSection: anchor)
            } else {
                try snapshot.appendSections([name])
            }
            let new = (0..<Int.random(in: 0...4, using: &rng)).map { _ in next += 1; return next }
            try snapshot.appendItems(new, toSection: name)
        case 82..<87:
            if let section = sections.randomElement(using: &rng) { try snapshot.deleteSections([section]) }
        case 87..<94:
            if let section = sections.randomElement(using: &rng), let anchor = sections.randomElement(using: &rng),
               section != anchor {
                try snapshot.moveSection(section, beforeSection: anchor)
            }
        default:
            // A reload measures the section's items as they are when applied (an item edited
            // here and then moved out would keep its stale height, as in UIKit).
            if let section = sections.randomElement(using: &rng) { try snapshot.reloadSections([section]) }
        }
    }

    /// After each apply of a few random edits, every cached height equals what a fresh cache
    /// measures for the snapshot, every item that was cached and neither reloaded nor
    /// reconfigured is still cached (its height moved with it), and nothing was measured.
    @Test(arguments: 0..<40) func applyAgreesWithAFreshCacheOverRandomEdits(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let source = SnapshotTableSource()
        let cache = try HeightCache(source: source, width: 375)
        var snapshot = try Self.snapshot([("a", Array(0..<8)), ("b", Array(8..<12))])
        var next = 100
        try cache.apply(snapshot)
        for step in 0..<60 {
            let edits = Int.random(in: 1...4, using: &rng)
            for _ in 0..<edits { try Self.randomEdit(&snapshot, source: source, next: &next, using: &rng) }
            let before = source.snapshot
            var cachedItems: Set<Int> = []
            for (section, rows) in cachedHeights(cache).enumerated() {
                for (row, height) in rows.enumerated() where height != nil {
                    cachedItems.insert(before.itemIdentifier(for: ip(section, row))!)
                }
            }
            let measures = source.measures
            try cache.apply(snapshot)
            #expect(source.measures == measures, "seed \(seed) step \(step): apply measured")
            let reloadedSections = snapshot.reloadedSectionIdentifiers
            let marked = snapshot.reloadedItemIdentifiers.union(snapshot.reconfiguredItemIdentifiers)
            snapshot = source.snapshot
            let fresh = SnapshotTableSource()
            fresh.contents.withLock { $0.versions = source.contents.withLock { $0.versions } }
            fresh.show(snapshot)
            let freshCache = try HeightCache(source: fresh, width: 375)
            #expect(try differences(cachedHeights(cache), from: freshCache) == [], "seed \(seed) step \(step)")
            for (section, rows) in cachedHeights(cache).enumerated() {
                let sectionID = snapshot.sectionIdentifiers[section]
                for (row, height) in rows.enumerated() {
                    let item = snapshot.itemIdentifier(for: ip(section, row))!
                    let keeps = cachedItems.contains(item) && !marked.contains(item) && !reloadedSections.contains(sectionID)
                    #expect((height != nil) == keeps, "seed \(seed) step \(step): item \(item) cached \(height != nil)")
                }
            }
            // Measure a few rows so later steps have heights to move.
            for _ in 0..<3 {
                let items = snapshot.itemIdentifiers
                guard let item = items.randomElement(using: &rng), let path = snapshot.indexPath(for: item) else { break }
                #expect(try cache.height(for: path) == source.expected(item, 375))
            }
            #expect(cache.totalHeight == freshTotal(cache))
        }
    }

    /// The total the offsets should give: cached heights, and the estimate elsewhere.
    func freshTotal(_ cache: HeightCache) -> Double {
        cachedHeights(cache).joined().reduce(0) { $0 + ($1 ?? 44) }
    }
}

extension CacheConcurrencyTests {
    /// Readers on other threads during applies that move, insert, delete and reload items
    /// only ever get the height of the item at that place in one of the snapshots.
    @Test func readersDuringAppliesGetOnlyRightHeights() throws {
        let source = SnapshotTableSource()
        let cache = try HeightCache(source: source, width: 375)
        let base = Array(0..<300)
        try cache.apply(try CacheSnapshotTests.snapshot([("a", base), ("b", [])]))
        let wrong = _Guarded<[String]>([])
        // Section "a" holds items 0..<300 in changing orders: a height read there must be one
        // of theirs, and whatever is cached at the end must be the item's there now.
        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            var rng = SplitMix64(seed: UInt64(worker))
            if worker == 0 {
                var snapshot = source.snapshot
                for step in 0..<1_500 {
                    do {
                        let items = try snapshot.itemIdentifiers(inSection: "a")
                        let item = items.randomElement(using: &rng)!
                        let anchor = items.randomElement(using: &rng)!
                        if item != anchor { try snapshot.moveItem(item, afterItem: anchor) }
                        if step % 3 == 0 { try snapshot.appendItems([1_000 + step], toSection: "b") }
                        if step % 3 == 1, let last = try snapshot.itemIdentifiers(inSection: "b").last {
                            try snapshot.deleteItems([last])
                        }
                        if step % 7 == 0 {
                            let edited = items.randomElement(using: &rng)!
                            source.edit(edited)
                            try snapshot.reloadItems([edited])
                        }
                        try cache.apply(snapshot)
                        snapshot = source.snapshot
                    } catch {
                        wrong.withLock { $0.append("step \(step): \(error)") }
                    }
                }
                return
            }
            for _ in 0..<20_000 {
                let row = Int.random(in: 0..<300, using: &rng)
                // The item there may change between the read and the check: accept any item's
                // height, but only heights items have.
                guard let height = try? cache.height(for: ip(0, row)) else {
                    wrong.withLock { $0.append("height(for: [0, \(row)]) threw") }
                    continue
                }
                if !(1..<301).contains(height.rounded(.down)) {
                    wrong.withLock { $0.append("row \(row): \(height)") }
                }
            }
        }
        #expect(wrong.withLock { $0 } == [])
        // What is cached now belongs to the item now there.
        let snapshot = source.snapshot
        for (section, rows) in cachedHeights(cache).enumerated() {
            for (row, height) in rows.enumerated() {
                guard let height else { continue }
                #expect(height == source.expected(snapshot.itemIdentifier(for: ip(section, row))!, 375))
            }
        }
    }
}
