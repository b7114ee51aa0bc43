import Testing
@testable import RowHeightCache
import TestSupport

/// Heights at different widths stay apart; the keyed cache survives reloadData, evicts the
/// least recently used entry when bounded, and invalidates by key.
@Suite("HeightCache widths and keys")
struct CacheWidthAndKeyTests {
    @Test func heightsAtDifferentWidthsAreKeptApart() throws {
        let source = TableSource([[0, 1]])
        let cache = try HeightCache(source: source, width: 375)
        #expect(try cache.height(for: ip(0, 0)) == TableSource.height(0, 375))
        try cache.setWidth(667)
        #expect(!cache.exists(at: ip(0, 0)))
        #expect(try cache.height(for: ip(0, 0)) == TableSource.height(0, 667))
        try cache.setWidth(375)
        #expect(try cache.height(for: ip(0, 0)) == TableSource.height(0, 375))
        #expect(source.measures == 2)
    }

    @Test func updatesAtOneWidthKeepTheOtherWidthsInStep() throws {
        let source = TableSource([[0, 1, 2]])
        let cache = try HeightCache(source: source, width: 375)
        for row in 0..<3 { _ = try cache.height(for: ip(0, row)) }
        try cache.setWidth(667)
        source.sections = [[2, 0, 1, 9]]
        try cache.performBatchUpdates(BatchUpdate(insertRows: [ip(0, 3)], moveRows: [.init(from: ip(0, 2), to: ip(0, 0))]))
        try cache.setWidth(375)
        #expect(cachedHeights(cache) == [[TableSource.height(2, 375), TableSource.height(0, 375),
                                         TableSource.height(1, 375), nil]])
    }

    @Test func onlyTheMostRecentlyUsedWidthsAreRetained() throws {
        let source = TableSource([[0]])
        let cache = try HeightCache(source: source, width: 100, maxRetainedWidths: 2)
        _ = try cache.height(for: ip(0, 0))
        try cache.setWidth(200)
        _ = try cache.height(for: ip(0, 0))
        try cache.setWidth(300)  // 100 is the least recently used: dropped
        try cache.setWidth(200)
        #expect(cache.exists(at: ip(0, 0)))
        try cache.setWidth(100)
        #expect(!cache.exists(at: ip(0, 0)))
    }

    @Test func reloadDataKeepsKeyedHeights() throws {
        let source = TableSource([[0, 1, 2, 3]], keyEvery: 2)
        let cache = try HeightCache(source: source, width: 375)
        for row in 0..<4 { _ = try cache.height(for: ip(0, row)) }
        cache.reloadData()
        for row in 0..<4 { _ = try cache.height(for: ip(0, row)) }
        // Rows 0 and 2 are keyed and come back by key; 1 and 3 are measured again.
        #expect(source.measures == 6)
        #expect(source.contents.withLock { $0.measuresByRow } == [0: 1, 1: 2, 2: 1, 3: 2])
    }

    @Test func invalidatingAKeyForgetsItsRowsToo() throws {
        let source = TableSource([[0, 1, 2]], keyEvery: 2)
        let cache = try HeightCache(source: source, width: 375)
        for row in 0..<3 { _ = try cache.height(for: ip(0, row)) }
        cache.invalidateKey(TableSource.key(2))
        #expect(cachedHeights(cache) == [[TableSource.height(0, 375), TableSource.height(1, 375), nil]])
        #expect(cache.keyed.height(forKey: TableSource.key(2), width: 375) == nil)
        cache.invalidateAllKeys()
        #expect(cachedHeights(cache) == [[nil, TableSource.height(1, 375), nil]])
        #expect(cache.keyed.count == 0)
    }

    @Test func aBatchsChangedKeysAreForgottenWithTheirRows() throws {
        let source = TableSource([[0, 1, 2]], keyEvery: 2)
        let cache = try HeightCache(source: source, width: 375)
        for row in 0..<3 { _ = try cache.height(for: ip(0, row)) }
        try cache.performBatchUpdates(BatchUpdate(changedKeys: [TableSource.key(2)]))
        #expect(cachedHeights(cache) == [[TableSource.height(0, 375), TableSource.height(1, 375), nil]])
        #expect(cache.keyed.height(forKey: TableSource.key(2), width: 375) == nil)
        #expect(cache.keyed.height(forKey: TableSource.key(0), width: 375) == TableSource.height(0, 375))
    }

    @Test func heightForKeyMeasuresTheRowOnceAndAnswersByKeyAfter() throws {
        let source = TableSource([[0, 1]])
        let cache = try HeightCache(source: source, width: 375)
        #expect(try cache.height(forKey: "post-1", at: ip(0, 1)) == TableSource.height(1, 375))
        #expect(try cache.height(forKey: "post-1", at: ip(0, 1)) == TableSource.height(1, 375))
        #expect(cache.exists(at: ip(0, 1)))
        #expect(source.measures == 1)
        var calls = 0
        let height = cache.height(forKey: "header") { width in calls += 1; return width / 10 }
        #expect(height == 37.5)
        #expect(cache.height(forKey: "header") { _ in calls += 1; return 0 } == 37.5)
        #expect(calls == 1)
    }

    @Test func aBoundedKeyedCacheEvictsTheLeastRecentlyUsed() {
        let keyed = KeyedHeightCache(capacity: 2)
        keyed.setHeight(10, forKey: "a", width: 375)
        keyed.setHeight(20, forKey: "b", width: 375)
        #expect(keyed.height(forKey: "a", width: 375) == 10)  // a is now the most recent
        keyed.setHeight(30, forKey: "c", width: 375)          // evicts b
        #expect(keyed.height(forKey: "b", width: 375) == nil)
        #expect(keyed.height(forKey: "a", width: 375) == 10)
        #expect(keyed.height(forKey: "c", width: 375) == 30)
        #expect(keyed.count == 2)
    }

    @Test func keyedHeightsAreKeptApartByWidth() {
        let keyed = KeyedHeightCache()
        keyed.setHeight(10, forKey: "a", width: 375)
        keyed.setHeight(12, forKey: "a", width: 667)
        #expect(keyed.height(forKey: "a", width: 375) == 10)
        #expect(keyed.height(forKey: "a", width: 667) == 12)
        #expect(keyed.height(forKey: "a", width: 414) == nil)
        keyed.invalidate(key: "a")
        #expect(keyed.count == 0)
    }

    @Test func aKeyedCacheOfCapacityZeroKeepsNothing() {
        let keyed = KeyedHeightCache(capacity: 0)
        keyed.setHeight(10, forKey: "a", width: 375)
        #expect(keyed.height(forKey: "a", width: 375) == nil)
    }
}
