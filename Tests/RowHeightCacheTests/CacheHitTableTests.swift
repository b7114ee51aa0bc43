import Dispatch
import Foundation
import Synchronization
import Testing
@testable import RowHeightCache
import Locking
import TestSupport

/// Hits answered without the lock, from the hit table: after warming, the table answers every
/// measured row with the stored height, and after every kind of change it answers nothing the
/// data no longer has, also for readers on other threads while the change runs. Run under
/// ThreadSanitizer by scripts/test.sh.
@Suite("HeightCache: hits without the lock")
struct CacheHitTableTests {
    /// Asks every row's height twice: misses fill the store, then enough hits under the lock to
    /// pay for rebuilding the table.
    static func warm(_ cache: HeightCache) throws {
        for _ in 0..<2 {
            for section in 0..<cache.numberOfSections {
                for row in 0..<(cache.numberOfRows(inSection: section) ?? 0) { _ = try cache.height(for: ip(section, row)) }
            }
        }
    }

    /// What the hit table answers for every row of `cache` (nil: it leaves the row to the lock).
    static func tableHeights(_ cache: HeightCache) -> [[Double?]] {
        (0..<cache.numberOfSections).map { section in
            (0..<(cache.numberOfRows(inSection: section) ?? 0)).map { row in
                let height = cache.hitTable.height(section: section, row: row)
                return height.isNaN ? nil : height
            }
        }
    }

    /// Rows where the table answers a height other than a fresh cache's over `source`'s data.
    static func staleInTable(_ cache: HeightCache, _ source: TableSource) throws -> [String] {
        let fresh = try HeightCache(source: TableSource(source.sections, keyEvery: source.keyEvery), width: cache.width)
        return try differences(tableHeights(cache), from: fresh)
    }

    /// Every row's height as `TableSource` measures it at `width`.
    static func measured(_ source: TableSource, _ width: Double) -> [[Double?]] {
        source.sections.map { $0.map { TableSource.height($0, width) } }
    }

    @Test func afterWarmingEveryHitIsAnsweredByTheTableWithTheStoredHeight() throws {
        let source = TableSource(consecutiveIdentities([50, 0, 30]))
        let cache = try HeightCache(source: source, width: 375)
        try Self.warm(cache)
        #expect(cache.hitTable.isCurrent)
        #expect(Self.tableHeights(cache) == Self.measured(source, 375))
        let measures = source.measures
        try Self.warm(cache)
        #expect(source.measures == measures)
    }

    @Test func aHeightStoredByAMissReachesTheTableAtOnce() throws {
        let source = TableSource(consecutiveIdentities([40]))
        let cache = try HeightCache(source: source, width: 375)
        for _ in 0..<2 { for row in 0..<30 { _ = try cache.height(for: ip(0, row)) } }
        try #require(cache.hitTable.isCurrent)
        #expect(Self.tableHeights(cache)[0][35] == nil)
        _ = try cache.height(for: ip(0, 35))
        #expect(Self.tableHeights(cache)[0][35] == TableSource.height(35, 375))
    }

    @Test func anInvalidatedRowLeavesTheTableAndIsMeasuredAgain() throws {
        let source = TableSource(consecutiveIdentities([40]))
        let cache = try HeightCache(source: source, width: 375)
        try Self.warm(cache)
        source.sections[0][7] = 1_001
        try cache.invalidate(at: ip(0, 7))
        #expect(cache.hitTable.isCurrent)
        #expect(Self.tableHeights(cache)[0][7] == nil)
        let measures = source.measures
        #expect(try cache.height(for: ip(0, 7)) == TableSource.height(1_001, 375))
        #expect(source.measures == measures + 1)
        #expect(Self.tableHeights(cache)[0][7] == TableSource.height(1_001, 375))
    }

    /// One kind of change: what it does to the data (identities per section) and what the cache
    /// is told.
    struct Change: Sendable, CustomTestStringConvertible {
        var name: String
        var data: @Sendable (inout [[Int]]) -> Void
        var tell: @Sendable (HeightCache) throws -> Void
        var testDescription: String { name }
    }

    static let changes: [Change] = [
        Change(name: "insert rows", data: { $0[0].insert(1_000, at: 0); $0[1].insert(1_001, at: 5) },
               tell: { try $0.insertRows(at: [ip(0, 0), ip(1, 5)]) }),
        Change(name: "delete rows", data: { $0[0].remove(at: 3); $0[2].remove(at: 0) },
               tell: { try $0.deleteRows(at: [ip(0, 3), ip(2, 0)]) }),
        Change(name: "reload rows", data: { $0[0][7] = 1_002 }, tell: { try $0.reloadRows(at: [ip(0, 7)]) }),
        Change(name: "move a row", data: { $0[1].insert($0[0].remove(at: 2), at: 4) },
               tell: { try $0.moveRow(at: ip(0, 2), to: ip(1, 4)) }),
        Change(name: "insert a section", data: { $0.insert([1_003, 1_004, 1_005], at: 1) },
               tell: { try $0.insertSections([1]) }),
        Change(name: "delete a section", data: { $0.remove(at: 0) }, tell: { try $0.deleteSections([0]) }),
        Change(name: "reload a section", data: { $0[1] = Array(1_010..<1_020) }, tell: { try $0.reloadSections([1]) }),
        Change(name: "move a section", data: { $0.insert($0.remove(at: 0), at: 2) },
               tell: { try $0.moveSection(0, toSection: 2) }),
        Change(name: "a batch", data: { sections in
            sections[0].remove(at: 10)
            sections[2].insert(1_030, at: 1)
            sections[1][0] = 1_031
        }, tell: { try $0.performBatchUpdates(BatchUpdate(deleteRows: [ip(0, 10)], insertRows: [ip(2, 1)],
                                                            reloadRows: [ip(1, 0)])) }),
        Change(name: "reloadData", data: { $0 = [Array(2_000..<2_025), Array(0..<10)] }, tell: { $0.reloadData() }),
        Change(name: "invalidateAll", data: { $0[0][0] = 1_040 }, tell: { $0.invalidateAll() }),
        Change(name: "invalidate a row", data: { $0[2][3] = 1_041 }, tell: { try $0.invalidate(at: ip(2, 3)) }),
    ]

    @Test(arguments: changes)
    func afterEveryKindOfChangeTheTableAnswersNothingTheDataNoLongerHas(_ change: Change) throws {
        let source = TableSource(consecutiveIdentities([40, 20, 15]))
        let cache = try HeightCache(source: source, width: 375)
        try Self.warm(cache)
        try #require(cache.hitTable.isCurrent)
        change.data(&source.sections)
        try change.tell(cache)
        #expect(try Self.staleInTable(cache, source) == [])
        try Self.warm(cache)
        #expect(cache.hitTable.isCurrent)
        #expect(Self.tableHeights(cache) == Self.measured(source, 375))
    }

    @Test func changedKeysLeaveTheTable() throws {
        let source = TableSource(consecutiveIdentities([30]), keyEvery: 5)
        let cache = try HeightCache(source: source, width: 375)
        try Self.warm(cache)
        try #require(cache.hitTable.isCurrent)
        cache.invalidateKey(TableSource.key(10))
        #expect(Self.tableHeights(cache)[0][10] == nil)
        #expect(Self.tableHeights(cache)[0][11] == TableSource.height(11, 375))
        cache.invalidateAllKeys()
        for row in stride(from: 0, to: 30, by: 5) { #expect(Self.tableHeights(cache)[0][row] == nil) }
        try cache.performBatchUpdates(BatchUpdate(changedKeys: [TableSource.key(11)]))
        #expect(try Self.staleInTable(cache, source) == [])
    }

    @Test func keyedLookupsReadTheTableAndNeverItsForgottenRows() throws {
        let source = TableSource(consecutiveIdentities([30]), keyEvery: 5)
        let cache = try HeightCache(source: source, width: 375)
        try Self.warm(cache)
        try #require(cache.hitTable.isCurrent)
        let measures = source.measures
        #expect(try cache.height(forKey: TableSource.key(10), at: ip(0, 10)) == TableSource.height(10, 375))
        #expect(source.measures == measures)
        source.sections[0][10] = 1_005
        try cache.invalidate(at: ip(0, 10))
        #expect(try cache.height(forKey: TableSource.key(1_005), at: ip(0, 10)) == TableSource.height(1_005, 375))
        #expect(source.measures == measures + 1)
    }

    /// A list read only by key (FDTemplateLayoutCell's `cacheByKey`) gets the table back after
    /// an invalidation as one read by index path does, and its hits count while counting.
    @Test func keyedLookupsAloneBringTheTableBackAndCountTheirHits() throws {
        let source = TableSource(consecutiveIdentities([40]), keyEvery: 1)
        let cache = try HeightCache(source: source, width: 375)
        func readAllByKey() throws {
            for row in 0..<40 { _ = try cache.height(forKey: TableSource.key(row), at: ip(0, row)) }
        }
        try readAllByKey()
        try readAllByKey()
        try #require(cache.hitTable.isCurrent)
        cache.invalidateAll()
        #expect(!cache.hitTable.isCurrent)
        for _ in 0..<2 { try readAllByKey() }
        #expect(cache.hitTable.isCurrent)
        cache.setStatisticsEnabled(true)
        try readAllByKey()
        #expect(cache.statistics.hits == 40)
    }

    @Test func aWidthChangeNeverAnswersWithAnotherWidthsHeights() throws {
        let source = TableSource(consecutiveIdentities([30, 20]))
        let cache = try HeightCache(source: source, width: 375)
        try Self.warm(cache)
        try cache.setWidth(320)
        #expect(Self.tableHeights(cache).joined().allSatisfy { $0 == nil })
        try Self.warm(cache)
        #expect(Self.tableHeights(cache) == Self.measured(source, 320))
        try cache.setWidth(375)
        #expect(Self.tableHeights(cache).joined().allSatisfy { $0 == nil })
        let measures = source.measures
        try Self.warm(cache)
        #expect(source.measures == measures)  // the retained width's heights came back
        #expect(Self.tableHeights(cache) == Self.measured(source, 375))
    }

    @Test func whileStatisticsAreOnEveryHitIsCounted() throws {
        let source = TableSource(consecutiveIdentities([40]))
        let cache = try HeightCache(source: source, width: 375)
        try Self.warm(cache)
        cache.setStatisticsEnabled(true)
        for _ in 0..<5 { for row in 0..<40 { _ = try cache.height(for: ip(0, row)) } }
        #expect(cache.statistics.hits == 200)
        #expect(!cache.hitTable.isCurrent)
        cache.setStatisticsEnabled(false)
        try Self.warm(cache)
        #expect(cache.hitTable.isCurrent)
        #expect(cache.statistics.hits == 200)
    }

    @Test func pathsOutsideTheListAreErrorsWithTheTableCurrent() throws {
        let cache = try HeightCache(source: TableSource(consecutiveIdentities([10, 5])), width: 375)
        try Self.warm(cache)
        try #require(cache.hitTable.isCurrent)
        for path in [ip(0, 10), ip(1, 5), ip(2, 0), ip(0, -1), ip(-1, 0), IndexPath(indexes: [0, 1, 2]), IndexPath(index: 0)] {
            #expect(throws: HeightCacheError.self) { try cache.height(for: path) }
        }
    }

    @Test func buffersTheTableOutgrewHoldLessThanTheLiveOne() throws {
        let source = TableSource(consecutiveIdentities([100]))
        let cache = try HeightCache(source: source, width: 375)
        try Self.warm(cache)
        for step in 1...12 {
            source.sections.append(Array((step * 10_000)..<(step * 10_000 + 100 * step)))
            try cache.insertSections([step])
            try Self.warm(cache)
        }
        let slots = source.sections.reduce(2 + source.sections.count) { $0 + $1.count }
        let (held, retired) = cache.state.withLock { ($0.hitTable.slotsHeld, $0.hitTable.retiredSlots) }
        #expect(retired < held - retired)
        #expect(held < 4 * slots)
    }

    /// A one-section list whose row heights name their identity (1,000 + identity), and which
    /// grows by one row at the top per step: in state k, row r holds identity r - k.
    final class GrowingList: HeightSource {
        let identities: _Guarded<[Int]>

        init(rows: Int) { identities = _Guarded(Array(0..<rows)) }

        func numberOfSections() -> Int { 1 }
        func numberOfRows(inSection section: Int) -> Int { identities.withLock { $0.count } }

        func measureHeight(at path: IndexPath, width: Double) throws -> Double {
            try identities.withLock { identities throws -> Double in
                guard path.row < identities.count else { throw TableSource.NoSuchRow() }
                return 1_000 + Double(identities[path.row])
            }
        }
    }

    @Test func readersDuringUpdatesNeverSeeAHeightFromBeforeTheLastUpdateTheySawReturn() throws {
        let rows = 2_000
        let source = GrowingList(rows: rows)
        let cache = try HeightCache(source: source, width: 375)
        let published = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        let wrong = _Guarded<[String]>([])
        let finished = DispatchGroup()
        // Threads of their own: readers spin until told to stop, and the dispatch pool the test
        // itself may need is as wide as the cores.
        for reader in 0..<3 {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                var rng = SplitMix64(seed: UInt64(reader) &+ 7)
                while !stop.load(ordering: .relaxed) {
                    let row = Int.random(in: 0..<rows, using: &rng)
                    let before = published.load(ordering: .acquiring)
                    do {
                        let height = try cache.height(for: ip(0, row))
                        let after = published.load(ordering: .acquiring)
                        // The state the height belongs to: update `after` + 1 may be under way.
                        let state = row - (Int(height) - 1_000)
                        if state < before || state > after + 1 {
                            wrong.withLock { $0.append("row \(row): state \(state) after \(before)...\(after)") }
                        }
                    } catch {
                        wrong.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        var stepsWithTableCurrent = 0
        for step in 1...150 {
            try cache.performBatchUpdates {
                source.identities.withLock { $0.insert(-step, at: 0) }
                return BatchUpdate(insertRows: [ip(0, 0)])
            }
            published.store(step, ordering: .releasing)
            // Let the readers' hits rebuild the table and read from it before the next step.
            let deadline = ContinuousClock.now + .seconds(2)
            while !cache.hitTable.isCurrent, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.000_1) }
            if cache.hitTable.isCurrent { stepsWithTableCurrent += 1 }
            Thread.sleep(forTimeInterval: 0.001)
        }
        stop.store(true, ordering: .relaxed)
        finished.wait()
        #expect(wrong.withLock { $0 } == [])
        #expect(stepsWithTableCurrent > 100)
    }
}
