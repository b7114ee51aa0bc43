import Testing
@testable import CellsFormat
@testable import CellLayout
@testable import RowHeightCache
@testable import ListSources
import TestSupport

/// WBListKit's collection-view grids: columns, spacing, insets, lines as tall as their tallest item.
@Suite struct FrontEndGridTests {
    static let base = Document(list: ListSettings(width: 375, scale: 2), templates: ["Tile": Template(name: "Tile")])

    @Test func columnsShareTheWidthLeftAfterInsetsAndSpacingOnThePixelGrid() throws {
        let layout = try GridLayout(columns: 3, itemSpacing: 10, insets: (0, 10, 0, 10))
        // (375 - 20 - 20) / 3 = 111.67, rounded down to the 0.5-point grid.
        #expect(try layout.columnWidth(listWidth: 375, scale: 2) == 111.5)
        #expect(try layout.columnWidth(listWidth: 375, scale: 3) == 111 + 2.0 / 3)
        #expect(try GridLayout(columns: 2).columnWidth(listWidth: 320, scale: 2) == 160)
    }

    @Test func eachLineIsAsTallAsItsTallestItem() throws {
        let layout = try GridLayout(columns: 3, itemSpacing: 10, lineSpacing: 5, insets: (8, 10, 8, 10))
        let arrangement = layout.arrange(itemHeights: [50, 80, 60, 30], columnWidth: 111.5)
        #expect(arrangement.lineHeights == [80, 30])
        #expect(arrangement.contentHeight == 8 + 80 + 5 + 30 + 8)
        #expect(arrangement.frames.map(\.x) == [10, 131.5, 253, 10])
        #expect(arrangement.frames.map(\.y) == [8, 8, 8, 93])
        #expect(arrangement.frames[2].height == 60)
        #expect(arrangement.frames.map(\.id) == ["items[0]", "items[1]", "items[2]", "items[3]"])
        #expect(layout.arrange(itemHeights: [], columnWidth: 100).contentHeight == 16)
    }

    @Test func itemsAreMeasuredAtTheColumnWidthWithoutSeparators() throws {
        let grid = try GridList(base: Self.base, layout: GridLayout(columns: 2, itemSpacing: 15, insets: (0, 15, 0, 15)),
                                items: (0..<5).map { GridItem(template: "Tile", data: .object(["n": .number(Double($0))]), key: "t\($0)") })
        let document = grid.itemDocument()
        #expect(grid.columnWidth == 165)   // (375 - 15 - 15 - 15) / 2
        #expect(document.list.width == 165 && document.list.separator == false)
        #expect(document.sections[0].rows.count == 5 && document.sections[0].rows[4].key == "t4")
    }

    @Test func badGeometryAndUnknownTemplatesAreErrors() {
        #expect(throws: FrontEndError("grid.columns", "must be at least 1, not 0")) { try GridLayout(columns: 0) }
        #expect(throws: FrontEndError("grid.itemSpacing", "must be a finite number >= 0")) { try GridLayout(columns: 2, itemSpacing: -1) }
        #expect(throws: FrontEndError("grid", "no room for 4 columns in 375.0 points after insets and spacing")) {
            try GridList(base: Self.base, layout: GridLayout(columns: 4, itemSpacing: 200))
        }
        #expect(throws: FrontEndError("items[1]", "template \"Tyle\" not found")) {
            try GridList(base: Self.base, layout: GridLayout(columns: 2), items: [GridItem(template: "Tile"), GridItem(template: "Tyle")])
        }
    }

    @Test func changingItemsKeepsTheCachedLinesRight() throws {
        var grid = try GridList(base: Self.base, layout: GridLayout(columns: 3, itemSpacing: 4, lineSpacing: 4),
                                items: (0..<7).map { GridItem(template: "Tile", data: .object(["n": .number(Double($0))])) })
        let source = ListHeightSource(document: grid.itemDocument(), measure: contentDerivedMeasure)
        let cache = try HeightCache(source: source, width: grid.columnWidth)
        _ = try grid.arrange { try cache.height(for: IndexPath(row: $0, section: 0)) }
        grid.items.insert(GridItem(template: "Tile", data: .object(["n": .string("inserted")])), at: 2)
        grid.items.remove(at: 6)
        grid.items[0].height = 12
        source.update(grid.itemDocument())
        try cache.performBatchUpdates(BatchUpdate(deleteRows: [IndexPath(row: 5, section: 0)], insertRows: [IndexPath(row: 2, section: 0)],
                                                  reloadRows: [IndexPath(row: 0, section: 0)]))
        let cached = try grid.arrange { try cache.height(for: IndexPath(row: $0, section: 0)) }
        let document = grid.itemDocument()
        let fresh = try grid.arrange { contentDerivedHeight(document.sections[0].rows[$0], document.sections[0], document, grid.columnWidth) }
        #expect(cached == fresh)
        #expect(cached.frames[0].height == 12 && cached.lineHeights.count == 3)
    }
}

/// Grid items measured for real at the column width.
@Suite struct FrontEndGridHeightTests {
    static let base = Document(list: ListSettings(width: 375), fonts: Fixtures.fonts,
                               templates: ["Tile": paddedLabelTemplate("Tile", text: "${caption}", size: 15, inset: 8)])
    static let captions = ["Sunset", "A very long caption that needs a few lines in a narrow column",
                           "Cat", "Two lines of caption here", "Dog"]

    /// Each item matches its template measured directly at the column width (not the list
    /// width), and each line is as tall as its tallest item.
    @Test func itemsAreMeasuredAtTheColumnWidth() throws {
        let grid = try GridList(base: Self.base, layout: GridLayout(columns: 3, itemSpacing: 8, lineSpacing: 8, insets: (16, 16, 16, 16)),
                                items: Self.captions.map { GridItem(template: "Tile", data: .object(["caption": .string($0)])) })
        #expect(grid.columnWidth == 109)   // (375 - 32 - 16) / 3
        let document = grid.itemDocument()
        let heights = try expectHeightsMatchDirectMeasuring(document)[0]
        let full = try ListMeasurer(document: Self.base, baseDirectory: Fixtures.root)
        let atFullWidth = try full.measure(template: "Tile", data: .object(["caption": .string(Self.captions[1])]), separator: false, frames: false)
        #expect(heights[1] > atFullWidth.height)
        let pool = try MeasurerPool(base: document, baseDirectory: Fixtures.root)
        let source = ListHeightSource(document: document, measure: pool.measure)
        let cache = try HeightCache(source: source, width: grid.columnWidth)
        let arrangement = try grid.arrange { index throws(HeightCacheError) in try cache.height(for: IndexPath(row: index, section: 0)) }
        #expect(arrangement.lineHeights == [heights[0...2].max()!, heights[3...4].max()!])
        #expect(arrangement.contentHeight == 16 + arrangement.lineHeights[0] + 8 + arrangement.lineHeights[1] + 16)
    }
}
