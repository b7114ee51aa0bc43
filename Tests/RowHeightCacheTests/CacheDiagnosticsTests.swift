import Synchronization
import Locking
import Testing
@testable import RowHeightCache
import TestSupport

/// Statistics and the debug log: off by default, exact counts when on.
@Suite("HeightCache statistics and debug log")
struct CacheDiagnosticsTests {
    @Test func statisticsAreOffByDefault() throws {
        let cache = try HeightCache(source: TableSource([[0, 1]]), width: 375)
        _ = try cache.height(for: ip(0, 0))
        _ = try cache.height(for: ip(0, 0))
        #expect(cache.statistics == HeightCacheStatistics())
    }

    @Test func statisticsCountHitsMissesKeyedHitsAndInvalidations() throws {
        let source = TableSource([[0, 1, 2]], keyEvery: 2)
        let cache = try HeightCache(source: source, width: 375)
        cache.setStatisticsEnabled(true)
        for row in 0..<3 { _ = try cache.height(for: ip(0, row)) }  // 3 misses, 3 measurements
        for row in 0..<3 { _ = try cache.height(for: ip(0, row)) }  // 3 hits
        try cache.invalidate(at: ip(0, 1))                           // 1 invalidation
        cache.reloadData()                                           // 1 clear
        _ = try cache.height(for: ip(0, 0))                          // keyed hit (0 is keyed)
        try cache.insertRows(at: []) // an empty update still counts as one update
        let statistics = cache.statistics
        #expect(statistics.hits == 3)
        #expect(statistics.misses == 4)
        #expect(statistics.measurements == 3)
        #expect(statistics.keyedHits == 1)
        #expect(statistics.invalidations == 1)
        #expect(statistics.clears == 1)
        #expect(statistics.updates == 1)
        #expect(statistics.measuringTime >= .zero)
        cache.resetStatistics()
        #expect(cache.statistics == HeightCacheStatistics())
    }

    @Test func precacheCountsItsRowsAsMissesAndFailuresAreNotCounted() async throws {
        /// Row 1 fails; the others measure 10 points.
        struct Failing: HeightSource {
            struct Broken: Error {}
            func numberOfSections() -> Int { 1 }
            func numberOfRows(inSection section: Int) -> Int { 4 }
            func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
                if indexPath.row == 1 { throw Broken() }
                return 10
            }
        }
        let cache = try HeightCache(source: Failing(), width: 375)
        cache.setStatisticsEnabled(true)
        #expect(throws: HeightCacheError.self) { try cache.height(for: ip(0, 1)) }
        #expect(cache.statistics.misses == 0 && cache.statistics.measurements == 0)
        let summary = await cache.precache()
        #expect(summary.measured == 3)
        #expect(cache.statistics.misses == 3 && cache.statistics.measurements == 3)
        // Turned off, the counters keep what they were.
        cache.setStatisticsEnabled(false)
        _ = try cache.height(for: ip(0, 0))
        #expect(cache.statistics.misses == 3 && cache.statistics.hits == 0)
    }

    @Test func theDebugLogSaysWhatHappened() throws {
        let lines = _Guarded<[String]>([])
        let source = TableSource([[0, 1]])
        let cache = try HeightCache(source: source, width: 375)
        cache.setDebugLog { line in lines.withLock { $0.append(line) } }
        _ = try cache.height(for: ip(0, 1))
        _ = try cache.height(for: ip(0, 1))
        source.sections = [[0]]
        try cache.deleteRows(at: [ip(0, 1)])
        try cache.setWidth(320)
        cache.setDebugLog(nil)
        try cache.invalidate(at: ip(0, 0))
        #expect(lines.withLock { $0 } == [
            "miss [0, 1] width 375.0: measured \(TableSource.height(1, 375))",
            "update delete rows [[0, 1]]",
            "width 320.0",
        ])
    }
}
