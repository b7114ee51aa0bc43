import Testing
@testable import RowHeightCache
import TestSupport

/// UITableView's update rules, one test per rule, with the FDTemplateLayoutCell bug scenarios
/// (multi-section deletes, moves, unsorted inserts) each on its own. Heights are a function of
/// a row's identity, so where each measured row ended up is read off its height.
@Suite("HeightCache follows UITableView updates")
struct CacheUIKitUpdateTests {
    /// A cache over consecutive identities with every row measured at width 375.
    static func measured(_ counts: [Int]) throws -> (HeightCache, TableSource) {
        let source = TableSource(consecutiveIdentities(counts))
        let cache = try HeightCache(source: source, width: 375)
        for (section, count) in counts.enumerated() {
            for row in 0..<count { _ = try cache.height(for: ip(section, row)) }
        }
        return (cache, source)
    }

    /// The cached heights, each turned back into the identity it belongs to (nil: not cached).
    static func layout(_ cache: HeightCache, identities: Range<Int> = 0..<200) -> [[Int?]] {
        cachedHeights(cache).map { section in
            section.map { height in
                height.flatMap { height in identities.first { TableSource.height($0, 375) == height } }
            }
        }
    }

    @Test func heightsOfDistinctRowsAreDistinct() {
        // The read-back above needs identities 0..<20 to have distinct heights at 375.
        let heights = (0..<20).map { TableSource.height($0, 375) }
        #expect(Set(heights).count == 20)
    }

    @Test func deletingSectionsOneAndTwoDeletesBoth() throws {
        // FDTemplateLayoutCell removed index 1, then index 2 of the shifted array: sections 1 and 3.
        let (cache, source) = try Self.measured([1, 1, 1, 1])
        source.sections = [[0], [3]]
        try cache.deleteSections([2, 1])
        #expect(Self.layout(cache) == [[0], [3]])
    }

    @Test func deletingRowsInSeveralSectionsDeletesEachNamedRow() throws {
        let (cache, source) = try Self.measured([4, 3])
        source.sections = [[1, 3], [5]]
        try cache.deleteRows(at: [ip(0, 0), ip(1, 2), ip(0, 2), ip(1, 0)])
        #expect(Self.layout(cache) == [[1, 3], [5]])
    }

    @Test func movingARowIsARemovalAndAnInsertionNotASwap() throws {
        // FDTemplateLayoutCell swapped the two heights: [3, 1, 2, 0, 4].
        let (cache, source) = try Self.measured([5])
        source.sections = [[1, 2, 3, 0, 4]]
        try cache.moveRow(at: ip(0, 0), to: ip(0, 3))
        #expect(Self.layout(cache) == [[1, 2, 3, 0, 4]])
    }

    @Test func movingARowToAnotherSectionTakesItsHeightAlong() throws {
        let (cache, source) = try Self.measured([3, 2])
        source.sections = [[0, 2], [3, 1, 4]]
        try cache.moveRow(at: ip(0, 1), to: ip(1, 1))
        #expect(Self.layout(cache) == [[0, 2], [3, 1, 4]])
    }

    @Test func movingASectionIsARemovalAndAnInsertionNotASwap() throws {
        let (cache, source) = try Self.measured([1, 1, 1, 1])
        source.sections = [[1], [2], [0], [3]]
        try cache.moveSection(0, toSection: 2)
        #expect(Self.layout(cache) == [[1], [2], [0], [3]])
    }

    @Test func unsortedRowInsertsLandWhereTheyShould() throws {
        // Inserted one by one in the given order, [0, 3] then [0, 1] lands the first at 4.
        let (cache, source) = try Self.measured([3])
        source.sections = [[0, 100, 1, 101, 2]]
        try cache.insertRows(at: [ip(0, 3), ip(0, 1)])
        #expect(Self.layout(cache) == [[0, nil, 1, nil, 2]])
    }

    @Test func unsortedSectionInsertsLandWhereTheyShould() throws {
        let (cache, source) = try Self.measured([1, 1, 1])
        source.sections = [[0], [], [1], [], [2]]
        try cache.insertSections([3, 1])
        #expect(Self.layout(cache) == [[0], [], [1], [], [2]])
    }

    @Test func batchDeletesUseOldIndexPathsAndInsertsUseNewOnes() throws {
        // Delete old row 0 and insert at new row 0: old row 1 stays measured at row 1.
        let (cache, source) = try Self.measured([3])
        source.sections = [[100, 1, 2]]
        try cache.performBatchUpdates(BatchUpdate(deleteRows: [ip(0, 0)], insertRows: [ip(0, 0)]))
        #expect(Self.layout(cache) == [[nil, 1, 2]])
    }

    @Test func batchRowDeletesUseOldSectionsWhileSectionsAreDeleted() throws {
        // Section 0 goes; row [2, 1] names the old section 2, which becomes section 1.
        let (cache, source) = try Self.measured([1, 2, 3])
        source.sections = [[1, 2], [3, 5]]
        try cache.performBatchUpdates(BatchUpdate(deleteSections: [0], deleteRows: [ip(2, 1)]))
        #expect(Self.layout(cache) == [[1, 2], [3, 5]])
    }

    @Test func batchMovesTakeOldSourcesAndNewDestinations() throws {
        // Delete row 0, move old row 3 to new row 0, insert at new row 2.
        let (cache, source) = try Self.measured([5])
        source.sections = [[3, 1, 100, 2, 4]]
        try cache.performBatchUpdates(BatchUpdate(deleteRows: [ip(0, 0)], insertRows: [ip(0, 2)],
                                                  moveRows: [.init(from: ip(0, 3), to: ip(0, 0))]))
        #expect(Self.layout(cache) == [[3, 1, nil, 2, 4]])
    }

    @Test func reloadingRowsForgetsOnlyThoseRowsWhichKeepTheirPlaces() throws {
        let (cache, source) = try Self.measured([4])
        source.sections = [[0, 101, 2, 103]]
        try cache.reloadRows(at: [ip(0, 3), ip(0, 1)])
        #expect(Self.layout(cache) == [[0, nil, 2, nil]])
        #expect(try cache.height(for: ip(0, 1)) == TableSource.height(101, 375))
    }

    @Test func reloadingASectionTakesItsRowCountFromTheSource() throws {
        let (cache, source) = try Self.measured([2, 2])
        source.sections = [[0, 1], [10, 11, 12]]
        try cache.reloadSections([1])
        #expect(Self.layout(cache) == [[0, 1], [nil, nil, nil]])
    }

    @Test func insertedSectionsTakeTheirRowCountFromTheSource() throws {
        let (cache, source) = try Self.measured([1])
        source.sections = [[20, 21], [0]]
        try cache.insertSections([0])
        #expect(Self.layout(cache) == [[nil, nil], [0]])
    }

    @Test func reloadDataForgetsIndexPathHeightsAndRereadsTheShape() throws {
        let (cache, source) = try Self.measured([2])
        source.sections = [[0, 1, 2], []]
        cache.reloadData()
        #expect(Self.layout(cache) == [[nil, nil, nil], []])
    }

    @Test func invalidateAtForgetsOneRowAndInvalidateAllForgetsEveryRow() throws {
        let (cache, _) = try Self.measured([3])
        try cache.invalidate(at: ip(0, 1))
        #expect(Self.layout(cache) == [[0, nil, 2]])
        #expect(cache.exists(at: ip(0, 0)))
        #expect(!cache.exists(at: ip(0, 1)))
        cache.invalidateAll()
        #expect(Self.layout(cache) == [[nil, nil, nil]])
    }

    @Test func largeBatchesOfScatteredDeletesInsertsAndReloadsKeepEveryHeight() throws {
        var reference = ReferenceTable(counts: [3_000, 500])
        let source = TableSource(reference.identities)
        let cache = try HeightCache(source: source, width: 375)
        for section in 0..<2 {
            for row in 0..<reference.sections[section].count {
                _ = try cache.height(for: ip(section, row))
                reference.sections[section][row].cachedAt = [375]
            }
        }
        var rng = SplitMix64(seed: 42)
        for _ in 0..<20 {
            let batch = RandomBatch(for: reference, kinds: [.deleteRows, .insertRows, .reloadRows], using: &rng)
            var update = batch.update
            // Many more rows than RandomBatch picks: every 97th row deleted, every 89th reloaded.
            let old = reference.sections[0].count
            let taken = Set(update.deleteRows + update.reloadRows + update.moveRows.map(\.from))
            update.deleteRows += stride(from: 5, to: old, by: 97).map { ip(0, $0) }.filter { !taken.contains($0) }
            update.reloadRows += stride(from: 7, to: old, by: 89).map { ip(0, $0) }
                .filter { !taken.contains($0) && !update.deleteRows.contains($0) }
            let inserted = update.insertRows.filter { $0.section == 0 }.count
            let survivors = old - update.deleteRows.filter { $0.section == 0 }.count + inserted
            update.insertRows = update.insertRows.filter { $0.section != 0 }
                + stride(from: 3, to: survivors, by: 61).map { ip(0, $0) }
            reference.apply(update, insertedCounts: [:], reloadedCounts: [:])
            source.sections = reference.identities
            try cache.performBatchUpdates(update)
            let expected = reference.sections.map { $0.map { $0.cachedAt.contains(375) ? TableSource.height($0.identity, 375) : nil } }
            #expect(cachedHeights(cache) == expected)
        }
    }
}
