import Testing
import CellsFormat
import CellLayout
import ListSources
import TestSupport

/// `MeasurerPool`: measurers derived per width from one compiled document, a bounded set kept.
@Suite struct MeasurerPoolTests {
    static let document = Fixtures.document([Fixtures.feedCell])
    static let row = Fixtures.row(["name": .string("Ada Lovelace"),
                                   "detail": .string("Wrote the first program for a machine that did not yet exist, and saw it could do more than numbers.")],
                                  template: "FeedCell")

    @Test func aNewWidthMeasuresAsAMeasurerBuiltAtThatWidth() throws {
        let pool = try MeasurerPool(base: Self.document, baseDirectory: Fixtures.root)
        for width in [120.0, 200, 375, 1024] {
            var document = Self.document
            document.list.width = width
            let fresh = try ListMeasurer(document: document, baseDirectory: Fixtures.root)
            let section = SectionSpec(rows: [Self.row])
            #expect(try pool.measurer(width: width).measureRow(Self.row, in: section, frames: true)
                    == fresh.measureRow(Self.row, in: section, frames: true), "width \(width)")
        }
    }

    @Test func measureAtAWidthGivesTheHeightOfAMeasurerBuiltAtThatWidth() throws {
        let pool = try MeasurerPool(base: Self.document, baseDirectory: Fixtures.root)
        let section = SectionSpec(template: "FeedCell", autoHeight: true, rows: [Self.row])
        var heights: Set<Double> = []
        for width in [120.0, 200, 375, 1024] {
            var document = Self.document
            document.list.width = width
            let fresh = try ListMeasurer(document: document, baseDirectory: Fixtures.root)
            let height = try pool.measure(Self.row, section, width, .large)
            #expect(try height == fresh.measureRow(Self.row, in: section, frames: false).height, "width \(width)")
            heights.insert(height)
        }
        // The widths wrap the detail differently, so a measure that ignored its width would fail.
        #expect(heights.count > 1)
    }

    @Test func measureAtAWidthOutsideTheLayoutLimitsIsALayoutErrorAtListWidth() throws {
        let pool = try MeasurerPool(base: Self.document, baseDirectory: Fixtures.root)
        let section = SectionSpec(template: "FeedCell", autoHeight: true, rows: [Self.row])
        for width in [-1.0, .infinity, .nan] {
            let error = #expect(throws: LayoutError.self) { try pool.measure(Self.row, section, width, .large) }
            #expect(error?.kind == .layout && error?.path == "list.width")
        }
    }

    @Test func thePoolKeepsAtMostItsRetainedWidthsAndTheLeastRecentlyUsedGo() throws {
        let pool = try MeasurerPool(base: Self.document, baseDirectory: Fixtures.root, maxRetainedWidths: 2)
        let base = Self.document.list.width
        #expect(pool.retainedWidths == [base])
        _ = try pool.measurer(width: 200)
        #expect(pool.retainedWidths == [200, base])
        _ = try pool.measurer(width: base)
        _ = try pool.measurer(width: 300)
        #expect(pool.retainedWidths == [300, base])
        _ = try pool.measurer(width: 200)
        #expect(pool.retainedWidths == [200, 300])
    }

    @Test func aWidthAskedAgainGetsTheKeptMeasurer() throws {
        let pool = try MeasurerPool(base: Self.document, baseDirectory: Fixtures.root)
        #expect(try pool.measurer(width: 200) === pool.measurer(width: 200))
    }

    @Test func aWidthOutsideTheLayoutLimitsIsALayoutErrorAtListWidth() throws {
        let pool = try MeasurerPool(base: Self.document, baseDirectory: Fixtures.root)
        for width in [-1.0, .infinity, .nan] {
            let error = #expect(throws: LayoutError.self) { try pool.measurer(width: width) }
            #expect(error?.kind == .layout && error?.path == "list.width")
        }
        #expect(pool.retainedWidths == [Self.document.list.width])
    }
}
