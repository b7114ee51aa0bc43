import Testing
@testable import RowHeightCache
import TestSupport

/// Offsets for virtualized lists: estimates for unmeasured rows, replaced when measured.
@Suite("HeightCache offsets")
struct CacheOffsetTests {
    @Test func unmeasuredRowsCountWithTheEstimateUntilMeasured() throws {
        let source = TableSource([[0, 1], [2]])
        let cache = try HeightCache(source: source, width: 375, estimatedRowHeight: 50)
        #expect(cache.totalHeight == 150)
        let first = try cache.height(for: ip(0, 0))
        #expect(cache.totalHeight == 100 + first)
        #expect(try cache.offset(of: ip(1, 0)) == first + 50)
        try cache.setEstimatedRowHeight(10)
        #expect(cache.totalHeight == 20 + first)
    }

    @Test func theRowAtAnOffsetIsTheOneWhoseSpanHoldsIt() throws {
        let source = TableSource([[0], [], [1, 2]])
        let cache = try HeightCache(source: source, width: 375, estimatedRowHeight: 40)
        #expect(cache.indexPath(atOffset: 0) == ip(0, 0))
        #expect(cache.indexPath(atOffset: 39.5) == ip(0, 0))
        #expect(cache.indexPath(atOffset: 40) == ip(2, 0))  // the empty section holds no offset
        #expect(cache.indexPath(atOffset: 119.5) == ip(2, 1))
        #expect(cache.indexPath(atOffset: 120) == nil)
        #expect(cache.indexPath(atOffset: -1) == nil)
        #expect(cache.indexPath(atOffset: .nan) == nil)
    }

    @Test func offsetsFollowInsertsDeletesAndWidthChanges() throws {
        let source = TableSource([[0, 1, 2]])
        let cache = try HeightCache(source: source, width: 375, estimatedRowHeight: 40)
        for row in 0..<3 { _ = try cache.height(for: ip(0, row)) }
        source.sections = [[0, 9, 2]]
        try cache.performBatchUpdates(BatchUpdate(deleteRows: [ip(0, 1)], insertRows: [ip(0, 1)]))
        #expect(try cache.offset(of: ip(0, 2)) == TableSource.height(0, 375) + 40)
        #expect(cache.totalHeight == TableSource.height(0, 375) + 40 + TableSource.height(2, 375))
        try cache.setWidth(320)
        #expect(cache.totalHeight == 120)
    }
}
