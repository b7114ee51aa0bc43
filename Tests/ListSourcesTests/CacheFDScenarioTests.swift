import Testing
@testable import CellsFormat
@testable import CellLayout
@testable import RowHeightCache
@testable import ListSources
import Locking
import TestSupport

/// UITableView-FDTemplateLayoutCell's scenarios on the real engine, each checked against a
/// fresh cache over the data as it ends up: a feed of 10,000 rows, a batch (delete, insert,
/// move, reload section), rotation and back, the keyed cache; and the promises around keys.
@Suite("HeightCache: FDTemplateLayoutCell's scenarios")
struct CacheFDScenarioTests {
    static let widths: [Double] = [375, 667]

    /// Feed-cell measurers at each width used here, shared by every test.
    static let measurers: [Double: ListMeasurer] = {
        var measurers: [Double: ListMeasurer] = [:]
        for width in widths {
            measurers[width] = try? Fixtures.measurer([Fixtures.feedCell], list: ListSettings(width: width))
        }
        return measurers
    }()

    static func row(_ index: Int, key: String? = nil, long: Bool = false) -> RowSpec {
        let words = long ? 12 : 1 + index % 5
        return RowSpec(data: .object(["name": .string("Ada \(index)"), "unread": .bool(index % 2 == 0),
                                      "detail": .string(String(repeating: "The engine weaves algebra. ", count: words))]),
                       key: key)
    }

    static func section(_ range: Range<Int>, keyed: Bool = false) -> SectionSpec {
        SectionSpec(template: "FeedCell", autoHeight: true,
                    rows: range.map { row($0, key: keyed ? "post-\($0)" : nil) })
    }

    /// A source over `sections` measuring with the feed measurers, counting measurements.
    static func source(_ sections: [SectionSpec], counter: _Guarded<Int>) -> ListHeightSource {
        ListHeightSource(sections: sections) { row, section, width, _ in
            counter.withLock { $0 += 1 }
            guard let measurer = measurers[width] else { throw HeightCacheError.invalidWidth(width) }
            return try measurer.measureRow(row, in: section, frames: false).height
        }
    }

    /// Every row's height from a fresh cache over `model`'s rows as they are now, at `width`.
    static func fresh(_ model: ListHeightSource, width: Double) throws -> [[Double]] {
        let cache = try HeightCache(source: source(model.sections, counter: _Guarded(0)), width: width)
        return try (0..<cache.numberOfSections).map { section in
            try (0..<(cache.numberOfRows(inSection: section) ?? 0)).map { try cache.height(for: ip(section, $0)) }
        }
    }

    @Test func aFeedOfTenThousandRowsMatchesAFreshCache() async throws {
        let measured = _Guarded(0)
        let model = Self.source([Self.section(0..<10_000)], counter: measured)
        let cache = try HeightCache(source: model, width: 375)
        let summary = await cache.precache(concurrency: 2)
        #expect(summary.measured == 10_000)
        #expect(measured.withLock { $0 } == 10_000)
        #expect(cachedHeights(cache) == (try Self.fresh(model, width: 375)).map { $0.map(Optional.init) })
        #expect(try cache.height(for: ip(0, 9_999)) == (try Self.fresh(model, width: 375))[0][9_999])
        #expect(measured.withLock { $0 } == 10_000)
    }

    @Test func aBatchWithDeleteInsertMoveAndReloadSectionMatchesAFreshCache() throws {
        let measured = _Guarded(0)
        let model = Self.source([Self.section(0..<5), Self.section(5..<8), Self.section(8..<10)], counter: measured)
        let cache = try HeightCache(source: model, width: 375)
        for (section, count) in [5, 3, 2].enumerated() {
            for row in 0..<count { _ = try cache.height(for: ip(section, row)) }
        }
        try cache.performBatchUpdates {
            model.modify { document in
                var sections = document.sections
                let a = sections[0].rows
                let b = sections[1].rows
                // Row 1 deleted, a new row inserted at the top, old row 3 moved to the top of
                // section 1, section 2 reloaded with three new rows.
                sections[0].rows = [Self.row(100, long: true), a[0], a[2], a[4]]
                sections[1].rows = [a[3]] + b
                sections[2] = Self.section(200..<203)
                document.sections = sections
            }
            return BatchUpdate(reloadSections: [2], deleteRows: [ip(0, 1)], insertRows: [ip(0, 0)],
                               moveRows: [.init(from: ip(0, 3), to: ip(1, 0))])
        }
        let expected = try Self.fresh(model, width: 375)
        #expect(cachedHeights(cache) == [[nil] + expected[0].dropFirst().map(Optional.init),
                                         expected[1].map(Optional.init), [nil, nil, nil]])
        let before = measured.withLock { $0 }
        #expect(try (0..<3).map { section in
            try (0..<(cache.numberOfRows(inSection: section) ?? 0)).map { try cache.height(for: ip(section, $0)) }
        } == expected)
        #expect(measured.withLock { $0 } - before == 4)  // the inserted row and the reloaded section
    }

    @Test func rotationAndBackKeepsEachWidthsHeightsApart() throws {
        let measured = _Guarded(0)
        let model = Self.source([Self.section(0..<40)], counter: measured)
        let cache = try HeightCache(source: model, width: 375)
        for width in [375.0, 667, 375, 667] {
            try cache.setWidth(width)
            let heights = try (0..<40).map { try cache.height(for: ip(0, $0)) }
            #expect(heights == (try Self.fresh(model, width: width))[0])
        }
        #expect(measured.withLock { $0 } == 80)  // each row once per width, none on the way back
        #expect((try Self.fresh(model, width: 375)) != (try Self.fresh(model, width: 667)))
    }

    @Test func aKeyedCacheAnswersReloadedListsAndMovedRowsByKey() throws {
        let measured = _Guarded(0)
        let model = Self.source([Self.section(0..<30, keyed: true)], counter: measured)
        let cache = try HeightCache(source: model, width: 375)
        for row in 0..<30 { _ = try cache.height(for: ip(0, row)) }
        // The list reversed and reloaded: every row comes back by its key, none measured.
        cache.reloadData {
            model.modify { $0.sections = [SectionSpec(template: "FeedCell", autoHeight: true, rows: $0.sections[0].rows.reversed())] }
        }
        let heights = try (0..<30).map { try cache.height(for: ip(0, $0)) }
        #expect(heights == (try Self.fresh(model, width: 375))[0])
        #expect(measured.withLock { $0 } == 30)
    }

    @Test func reloadingAKeyedRowMeasuresItAgainEvenWithTheSameKey() throws {
        let model = Self.source([Self.section(0..<3, keyed: true)], counter: _Guarded(0))
        let cache = try HeightCache(source: model, width: 375)
        let short = try cache.height(for: ip(0, 1))
        try cache.performBatchUpdates {
            try model.replaceRow(at: ip(0, 1), with: Self.row(1, key: "post-1", long: true))
            return BatchUpdate(reloadRows: [ip(0, 1)])
        }
        let edited = try cache.height(for: ip(0, 1))
        #expect(edited > short)
        #expect(edited == (try Self.fresh(model, width: 375))[0][1])
        // The key now names the edited content: a row answered by key gets the new height.
        #expect(cache.keyed.height(forKey: "post-1", width: 375) == edited)
    }

    @Test func twoRowsWithOneKeyAreAnErrorNamingBoth() throws {
        let model = Self.source([SectionSpec(template: "FeedCell", autoHeight: true,
                                             rows: [Self.row(0, key: "same"), Self.row(1, key: "other"),
                                                    Self.row(2, key: "same", long: true)])],
                                counter: _Guarded(0))
        let cache = try HeightCache(source: model, width: 375)
        _ = try cache.height(for: ip(0, 0))
        #expect(throws: HeightCacheError.self) { try cache.height(for: ip(0, 2)) }
        do {
            _ = try cache.height(for: ip(0, 2))
        } catch {
            #expect(error.description == "rows [0, 0] and [0, 2] have the same key \"same\": keys must be unique in a list")
        }
        #expect(cache.cachedHeight(for: ip(0, 2)) == nil)
    }

    @Test func aKeyFreedByADeleteCanBeUsedByAnotherRow() throws {
        let model = Self.source([Self.section(0..<3, keyed: true)], counter: _Guarded(0))
        let cache = try HeightCache(source: model, width: 375)
        for row in 0..<3 { _ = try cache.height(for: ip(0, row)) }
        // The post is deleted and inserted again at the end: the same key, no duplicate.
        try cache.performBatchUpdates {
            let post = try model.deleteRow(at: ip(0, 0))
            try model.insertRow(post, at: ip(0, 2))
            return BatchUpdate(deleteRows: [ip(0, 0)], insertRows: [ip(0, 2)])
        }
        #expect(try (0..<3).map { try cache.height(for: ip(0, $0)) } == (try Self.fresh(model, width: 375))[0])
    }
}
