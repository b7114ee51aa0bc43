import Testing
@testable import RowHeightCache
import TestSupport

/// Bad index paths, contradictory batches and batches the source disagrees with are errors
/// that say what and where, as UITableView raises them; a refused call changes nothing.
@Suite("HeightCache refuses bad input")
struct CacheErrorTests {
    static func cache(_ counts: [Int]) throws -> (HeightCache, TableSource) {
        let source = TableSource(consecutiveIdentities(counts))
        return (try HeightCache(source: source, width: 375), source)
    }

    /// The message of the error `body` throws, or nil if it does not throw.
    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as HeightCacheError {
            return error.description
        } catch {
            return "not a HeightCacheError: \(error)"
        }
    }

    @Test func indexPathsOutsideTheListAreErrors() throws {
        let (cache, source) = try Self.cache([2])
        #expect(Self.message { _ = try cache.height(for: ip(0, 2)) }
            == "index path [0, 2] out of range: section 0 has 2 rows")
        #expect(Self.message { _ = try cache.height(for: ip(1, 0)) }
            == "index path [1, 0] out of range: the list has 1 sections")
        #expect(Self.message { _ = try cache.height(for: ip(0, -1)) } != nil)
        #expect(Self.message { try cache.invalidate(at: ip(3, 0)) } != nil)
        #expect(Self.message { _ = try cache.offset(of: ip(0, 5)) } != nil)
        #expect(!cache.exists(at: ip(-1, 0)))
        #expect(source.measures == 0)
    }

    @Test func deletingARowPastTheEndIsAnError() throws {
        let (cache, _) = try Self.cache([3])
        #expect(Self.message { try cache.deleteRows(at: [ip(0, 3)]) }
            == "invalid update: attempt to delete row 3 from section 0 which only contains 3 rows before the update")
    }

    @Test func insertingPastTheEndIsAnError() throws {
        let (cache, source) = try Self.cache([3])
        source.sections = [[0, 1, 2, 9]]
        #expect(Self.message { try cache.insertRows(at: [ip(0, 5)]) }
            == "invalid update: attempt to insert row 5 into section 0, but there are only 4 rows in section 0 after the update")
    }

    @Test func aRowDeletedAndReloadedIsAnError() throws {
        let (cache, _) = try Self.cache([3])
        #expect(Self.message { try cache.performBatchUpdates(BatchUpdate(deleteRows: [ip(0, 1)], reloadRows: [ip(0, 1)])) }
            == "invalid update: row [0, 1] is both deleted and reloaded")
    }

    @Test func twoRowsMovedToOnePlaceIsAnError() throws {
        let (cache, _) = try Self.cache([3])
        let moves = [BatchUpdate.RowMove(from: ip(0, 0), to: ip(0, 2)), BatchUpdate.RowMove(from: ip(0, 1), to: ip(0, 2))]
        #expect(Self.message { try cache.performBatchUpdates(BatchUpdate(moveRows: moves)) }
            == "invalid update: two rows are inserted or moved to [0, 2]")
    }

    @Test func rowUpdatesInsideADeletedSectionAreErrors() throws {
        let (cache, _) = try Self.cache([2, 2])
        #expect(Self.message { try cache.performBatchUpdates(BatchUpdate(deleteSections: [1], deleteRows: [ip(1, 0)])) }
            == "invalid update: attempt to delete row [1, 0] in section 1, which is deleted by the same update")
    }

    @Test func aRowCountTheSourceDisagreesWithIsAnError() throws {
        let (cache, source) = try Self.cache([3])
        source.sections = [[0, 1, 2, 7, 8]]
        #expect(Self.message { try cache.insertRows(at: [ip(0, 0)]) }
            == "inconsistent update: invalid number of rows in section 0: the source has 5 after the update, but 3 before, 1 inserted, 0 deleted, 0 moved in and 0 moved out make 4")
    }

    @Test func aSectionCountTheSourceDisagreesWithIsAnError() throws {
        let (cache, _) = try Self.cache([1, 1])
        #expect(Self.message { try cache.deleteSections([0]) }
            == "inconsistent update: invalid number of sections: the source has 2 after the update, but 2 before, 0 inserted and 1 deleted make 1")
    }

    @Test func aRefusedUpdateLeavesTheCacheUnchanged() throws {
        let (cache, source) = try Self.cache([3, 2])
        for path in [ip(0, 0), ip(0, 2), ip(1, 1)] { _ = try cache.height(for: path) }
        let before = cachedHeights(cache)
        source.sections = [[0, 1], [3, 4]]
        // The delete is fine, the insert is not; neither may happen.
        #expect(Self.message { try cache.performBatchUpdates(BatchUpdate(deleteRows: [ip(0, 1)], insertRows: [ip(4, 0)])) } != nil)
        #expect(cachedHeights(cache) == before)
    }

    @Test func widthsThatAreNotFiniteOrAreNegativeAreErrors() throws {
        let (cache, _) = try Self.cache([1])
        #expect(Self.message { try cache.setWidth(.nan) } == "invalid width nan: rows cannot be measured at it (a width must be finite and not negative; a template list's, more than 0 and at most 1000000 points)")
        #expect(Self.message { try cache.setWidth(-1) } != nil)
        #expect(Self.message { _ = try HeightCache(source: TableSource([]), width: .infinity) } != nil)
        #expect(cache.width == 375)
        #expect(Self.message { try cache.setEstimatedRowHeight(-2) } == "invalid estimated row height -2.0: must be finite and not negative")
        #expect(cache.estimatedRowHeight == 44)
    }

    struct Broken: HeightSource {
        let height: Double
        func numberOfSections() -> Int { 1 }
        func numberOfRows(inSection section: Int) -> Int { 2 }
        func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
            if indexPath.row == 0 { throw TableSource.NoSuchRow() }
            return height
        }
    }

    @Test func aFailedMeasurementIsAnErrorAndCachesNothing() throws {
        let cache = try HeightCache(source: Broken(height: 10), width: 375)
        #expect(Self.message { _ = try cache.height(for: ip(0, 0)) }?.hasPrefix("measuring row [0, 0] failed") == true)
        #expect(!cache.exists(at: ip(0, 0)))
    }

    @Test func aMeasuredHeightThatIsNotANumberIsAnError() throws {
        let cache = try HeightCache(source: Broken(height: .nan), width: 375)
        #expect(Self.message { _ = try cache.height(for: ip(0, 1)) } == "row [0, 1] measured an invalid height nan")
        #expect(!cache.exists(at: ip(0, 1)))
    }
}
