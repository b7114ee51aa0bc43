import Synchronization
import Locking
import Testing
@testable import CellsFormat
@testable import CellLayout
@testable import RowHeightCache
@testable import ListSources
import TestSupport

/// `ListHeightSource` with the real engine: a cache over SPEC section 2's feed rows returns
/// exactly what `ListMeasurer.measureRow` returns, at each width, measuring each row once.
@Suite("HeightCache over ListMeasurer")
struct CacheListMeasurerTests {
    static func feedRow(_ name: String, _ detail: String, key: String? = nil) -> RowSpec {
        RowSpec(data: .object(["name": .string(name), "detail": .string(detail), "unread": .bool(true)]), key: key)
    }

    @Test func cachedHeightsAreTheMeasurersHeightsAtEachWidth() throws {
        let details = ["First post", String(repeating: "A longer post that wraps over several lines. ", count: 4), ""]
        let section = SectionSpec(template: "FeedCell", autoHeight: true,
                                  rows: details.enumerated().map { Self.feedRow("Ada \($0.offset)", $0.element) })
        var measurers: [Double: ListMeasurer] = [:]
        for width in [375.0, 320.0] {
            measurers[width] = try Fixtures.measurer([Fixtures.feedCell], list: ListSettings(width: width))
        }
        let pool = measurers
        let calls = _Guarded(0)
        let source = ListHeightSource(sections: [section, SectionSpec(height: 44, rows: [RowSpec()])]) { row, section, width, _ in
            calls.withLock { $0 += 1 }
            guard let measurer = pool[width] else { throw HeightCacheError.invalidWidth(width) }
            return try measurer.measureRow(row, in: section, frames: false).height
        }
        let cache = try HeightCache(source: source, width: 375)
        for width in [375.0, 320.0, 375.0] {
            try cache.setWidth(width)
            let measurer = try #require(pool[width])
            for (index, row) in section.rows.enumerated() {
                #expect(try cache.height(for: ip(0, index)) == measurer.measureRow(row, in: section, frames: false).height)
            }
            #expect(try cache.height(for: ip(1, 0)) == 44)
        }
        // 3 measured rows at each of two widths, none twice; the fixed row never reaches `measure`.
        #expect(calls.withLock { $0 } == 6)
        let wrapped = try cache.height(for: ip(0, 1))
        #expect(wrapped > (try cache.height(for: ip(0, 0))))
    }
}
