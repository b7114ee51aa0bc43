import Foundation
import Testing
import Locking
@testable import CellsFormat
@testable import CellLayout
import DynamicType
import RowHeightCache
import ListSources
import TestCommons
import TestSupport

/// A `HeightCache` keeping curves on the real engine: after a width change inside the curve
/// widths, every row of the feed example and of random rows from the cells reference generator
/// is exactly what a fresh `measureRow` gives at that width, and nothing is measured; the same
/// after updates.
@Suite struct HeightCurveCacheTests {
    static let widths = 320.0...1024.0

    /// Widths to resize to: the range's ends, phone and tablet widths, and widths between pixels.
    static let resizeWidths: [Double] = [320, 1024, 375, 414, 390.5, 768, 600.25, 333.3, 1000.125, 512.75, 820, 701.9]

    /// A cache over `document` (fonts relative to `base`) keeping curves over `widths`, and the
    /// number of times its source measured a row at a single width.
    static func cache(_ document: Document, base: String, width: Double = 375) throws -> (HeightCache, ListHeightSource, _Guarded<Int>) {
        let pool = try MeasurerPool(base: document, baseDirectory: base)
        let measures = _Guarded(0)
        let measure = pool.measure
        let source = ListHeightSource(document: document, measure: { row, section, width, contentSize in
            measures.withLock { $0 += 1 }
            return try measure(row, section, width, contentSize)
        }, curve: pool.curve)
        return (try HeightCache(source: source, width: width, curveWidths: widths), source, measures)
    }

    /// Rows of `document` whose cached height at `cache`'s width differs from `reference`'s fresh measurement.
    static func wrongRows(_ cache: HeightCache, _ document: Document, _ reference: ListMeasurer) throws -> [String] {
        var wrong: [String] = []
        for (s, section) in document.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                let height = try cache.height(for: IndexPath(row: r, section: s))
                let fresh = try reference.measureRow(row, in: section, width: cache.width, frames: false).height
                if height != fresh { wrong.append("[\(s), \(r)] at \(cache.width): \(height), fresh \(fresh)") }
            }
        }
        return wrong
    }

    @Test func theFeedsHeightsAfterEachWidthChangeAreFreshMeasurementsWithoutMeasuring() async throws {
        let perSection = HeightCurveTests.count("TL_CURVE_ROWS", default: 30)
        let (_, reference, full) = try HeightCurveTests.example("feed")
        var document = full
        for s in document.sections.indices { document.sections[s].rows = Array(document.sections[s].rows.prefix(perSection)) }
        let base = PackageTools.packageRoot.appendingPathComponent("Examples").path
        let (cache, source, measures) = try Self.cache(document, base: base)
        let summary = await cache.precache(concurrency: 2)
        #expect(summary.failed == 0 && summary.measured == document.sections.reduce(0) { $0 + $1.rows.count })
        #expect(measures.withLock { $0 } == 0)
        for width in Self.resizeWidths {
            try cache.setWidth(width)
            let wrong = try Self.wrongRows(cache, document, reference)
            #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        }
        #expect(measures.withLock { $0 } == 0)

        // Updates, then a width change: moved rows keep their curves, new and reloaded rows build theirs.
        let inserted = full.sections[1].rows[perSection], replacement = full.sections[1].rows[perSection + 1]
        try cache.performBatchUpdates {
            try source.moveRow(at: IndexPath(row: 0, section: 1), to: IndexPath(row: 3, section: 0))
            try source.insertRow(inserted, at: IndexPath(row: 0, section: 1))
            try source.replaceRow(at: IndexPath(row: 2, section: 0), with: replacement)
            _ = try source.deleteRow(at: IndexPath(row: 5, section: 1))
            return BatchUpdate(deleteRows: [IndexPath(row: 5, section: 1)], insertRows: [IndexPath(row: 0, section: 1)],
                               reloadRows: [IndexPath(row: 2, section: 0)],
                               moveRows: [.init(from: IndexPath(row: 0, section: 1), to: IndexPath(row: 3, section: 0))])
        }
        for width in [431.5, 980.0] {
            try cache.setWidth(width)
            let wrong = try Self.wrongRows(cache, source.document, reference)
            #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        }
        #expect(measures.withLock { $0 } == 0)
    }

    @Test(arguments: 0..<2)
    func randomRowsHeightsAfterEachWidthChangeAreFreshMeasurementsWithoutMeasuring(_ batch: Int) throws {
        let total = HeightCurveTests.count("TL_CURVE_RANDOM_ROWS", default: 240) / 8
        var generator = UniqueLayoutGenerator(random: SplitMix64(state: 20_261_201 &+ UInt64(batch)))
        var templates: [Template] = []
        var section = SectionSpec()
        for i in 0..<total {
            let (template, data) = generator.template(named: "T\(i)")
            templates.append(template)
            section.rows.append(RowSpec(data: data, template: template.name, autoHeight: true,
                                        accessory: generator.pick(Accessory.allCases)))
        }
        var document = Fixtures.document(templates)
        document.sections = [section]
        let reference = try Fixtures.measurer(templates)
        let (cache, _, measures) = try Self.cache(document, base: Fixtures.root, width: Self.resizeWidths[0])
        #expect(try Self.wrongRows(cache, document, reference).isEmpty)
        // A row is measured only at a width its curve does not prove (`provedHeight` nil).
        var unproved = 0
        for row in section.rows {
            let curve = try reference.heightCurve(of: row, in: section, widths: Self.widths)
            unproved += Self.resizeWidths.count { curve.provedHeight(at: $0) == nil }
        }
        for width in Self.resizeWidths {
            try cache.setWidth(width)
            let wrong = try Self.wrongRows(cache, document, reference)
            #expect(wrong.isEmpty, "batch \(batch): \(wrong.prefix(3))")
        }
        #expect(measures.withLock { $0 } == unproved)
    }
}
