import Foundation
import Testing
import TemplateLayout
import TestSupport

/// A cells.json document measured through MeasurerPool, ListHeightSource and HeightCache, and an
/// insert told to the cache, checked against ListMeasurer.
@Suite struct ReadmeExampleTests {
    @Test func readmeExampleMeasuresThroughTheCacheAndFollowsAnInsert() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/Examples/chat.json")))
        let fonts = BundledFonts.fonts(in: Fixtures.root + "/Fonts")
        let document = try DocumentDecoder(fontDefaults: fonts).decode(JSONParser().parse(bytes))
        let pool = try MeasurerPool(base: document, baseDirectory: Fixtures.root + "/Examples")
        let source = ListHeightSource(document: document, measure: pool.measure)
        let cache = try HeightCache(source: source, width: document.list.width)

        let direct = try ListMeasurer(document: document, baseDirectory: Fixtures.root + "/Examples")
        let section = document.sections[0]
        let expected = try direct.measureRow(section.rows[3], in: section, frames: false).height
        #expect(try cache.height(for: IndexPath(row: 3, section: 0)) == expected)

        // Insert a copy of row 5 at the top: row 3's height moves to row 4, the new row 0 is row 5's.
        var changed = document
        changed.sections[0].rows.insert(section.rows[5], at: 0)
        source.update(changed)
        try cache.insertRows(at: [IndexPath(row: 0, section: 0)])
        #expect(cache.exists(at: IndexPath(row: 4, section: 0)))
        #expect(try cache.height(for: IndexPath(row: 4, section: 0)) == expected)
        #expect(try cache.height(for: IndexPath(row: 0, section: 0))
                == direct.measureRow(section.rows[5], in: section, frames: false).height)
    }
}
