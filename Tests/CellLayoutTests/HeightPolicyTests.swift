import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// SPEC section 1's height policy (first match wins) and section headers and footers.
@Suite struct HeightPolicyTests {
    let list = ListSettings(rowHeight: 40)

    @Test func rowHeightWinsOverEverything() throws {
        let row = RowSpec(height: 99, autoHeight: true)
        let section = SectionSpec(template: "FeedCell", autoHeight: true, height: 44)
        #expect(try HeightPolicy.of(row, in: section, list: list) == .rowHeight(99))
    }

    @Test func autoHeightOnRowOrSectionMeasuresWithTheRowsTemplateFirst() throws {
        #expect(try HeightPolicy.of(RowSpec(template: "A"), in: SectionSpec(template: "B", autoHeight: true, height: 44),
                                    list: list) == .measured(template: "A"))
        #expect(try HeightPolicy.of(RowSpec(autoHeight: true), in: SectionSpec(template: "B", height: 44),
                                    list: list) == .measured(template: "B"))
    }

    @Test func aRowsAutoHeightFalseDoesNotUndoItsSections() throws {
        // SPEC: measured when the row or its section sets autoHeight; a row that must not be
        // measured there gives its own height.
        #expect(try HeightPolicy.of(RowSpec(autoHeight: false), in: SectionSpec(template: "B", autoHeight: true, height: 44),
                                    list: list) == .measured(template: "B"))
        #expect(try HeightPolicy.of(RowSpec(autoHeight: false), in: SectionSpec(template: "B", height: 44),
                                    list: list) == .sectionHeight(44))
        #expect(try HeightPolicy.of(RowSpec(height: 20, autoHeight: false), in: SectionSpec(template: "B", autoHeight: true),
                                    list: list) == .rowHeight(20))
    }

    @Test func sectionHeightThenListRowHeight() throws {
        #expect(try HeightPolicy.of(RowSpec(), in: SectionSpec(height: 44), list: list) == .sectionHeight(44))
        #expect(try HeightPolicy.of(RowSpec(), in: SectionSpec(), list: list) == .listRowHeight(40))
    }

    @Test func fixedHeightAgreesWithTheRuleForEveryCombination() {
        for rowHeight in [nil, 99.0] {
            for rowAuto in [nil, false, true] {
                for rowTemplate in [nil, "A"] {
                    for sectionAuto in [false, true] {
                        for sectionTemplate in [nil, "B"] {
                            for sectionHeight in [nil, 44.0] {
                                let row = RowSpec(template: rowTemplate, height: rowHeight, autoHeight: rowAuto)
                                let section = SectionSpec(template: sectionTemplate, autoHeight: sectionAuto, height: sectionHeight)
                                let rule = (try? HeightPolicy.of(row, in: section, list: list))?.fixedHeight
                                #expect(HeightPolicy.fixedHeight(of: row, in: section, list: list) == rule,
                                        "\(row) in \(section)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func autoHeightWithoutTemplateIsAnError() {
        #expect(throws: LayoutError(path: "", message: "autoHeight needs a template (on the row or its section)")) {
            try HeightPolicy.of(RowSpec(autoHeight: true), in: SectionSpec(), list: list)
        }
    }

    @Test func fixedHeightsAreNotMeasuredOrRounded() throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        #expect(try measurer.measureRow(RowSpec(height: 43.3), in: SectionSpec(), frames: true)
            == CellMeasurement(height: 43.3))
        #expect(try measurer.measureRow(RowSpec(), in: SectionSpec(height: 44), frames: false).height == 44)
        #expect(try measurer.measureRow(RowSpec(), in: SectionSpec(), frames: false).height == 40)
    }

    @Test func separatorIsOnePixelUnlessTurnedOff() throws {
        let row = Fixtures.row(["name": .string("Ada"), "detail": .string("First post")])
        let section = SectionSpec(template: "FeedCell")
        let at2 = try Fixtures.measurer([Fixtures.feedCell]).measureRow(row, in: section, frames: false).height
        let at3 = try Fixtures.measurer([Fixtures.feedCell], list: ListSettings(scale: 3)).measureRow(row, in: section, frames: false).height
        let none = try Fixtures.measurer([Fixtures.feedCell], list: ListSettings(separator: false))
            .measureRow(row, in: section, frames: false).height
        // Content 64 points (see HandWrittenCellTests): + 1/2, + 1/3 (64.333.. on the 1/3 grid), + 0.
        #expect(at2 == 64.5)
        #expect(at3 == (64 * 3 + 1) / 3.0)
        #expect(none == 64)
    }

    @Test func accessoryTakesItsWidthFromTheContentView() throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        let section = SectionSpec(template: "FeedCell")
        for accessory in Accessory.allCases {
            let row = Fixtures.row(["name": .string("Ada"), "detail": .string("x")], accessory: accessory)
            let frames = try measurer.measureRow(row, in: section, frames: true).frames
            // detail.trailing == super.trailing - 16, so its right edge tracks the content width.
            let detail = try #require(frames.first { $0.id == "detail" })
            #expect(detail.x + detail.width == 375 - accessory.width - 16)
        }
    }

    @Test func headersAndFootersFollowTheirKind() throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell], list: ListSettings(headerHeight: 28, footerHeight: 18))
        let section = SectionSpec(header: .title("Today"), footer: .height(12.25))
        #expect(try measurer.measureHeader(of: section, frames: false) == CellMeasurement(height: 28))
        #expect(try measurer.measureFooter(of: section, frames: false) == CellMeasurement(height: 12.25))
        #expect(try measurer.measureHeader(of: SectionSpec(), frames: false) == nil)
        #expect(try measurer.measureFooter(of: SectionSpec(), frames: false) == nil)
        // A template header is measured like a row, without a separator: 64 content points.
        let templated = SectionSpec(header: .template("FeedCell", data: .object(["name": .string("Ada"),
                                                                                 "detail": .string("First post")])))
        #expect(try measurer.measureHeader(of: templated, frames: false)?.height == 64)
        #expect(throws: LayoutError(path: "footer", message: "template \"Nope\" not found")) {
            try measurer.measureFooter(of: SectionSpec(footer: .template("Nope", data: .null)), frames: false)
        }
    }

    @Test func fixedHeightRowWithATemplateIsLaidOutAtItsHeightForFrames() throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        let row = RowSpec(data: .object(["name": .string("Ada"), "detail": .string(HandWrittenCellTests.posts[1])]),
                          accessory: .checkmark)
        let section = SectionSpec(template: "FeedCell", height: 120)
        let cell = try measurer.measureRow(row, in: section, frames: true)
        #expect(cell.height == 120)
        let reference = try #require(try KiwiReference.layout([(Fixtures.feedCell, row)], fixedContentHeight: 119.5)[0])
        for frame in cell.frames {
            let e = try #require(reference.frames[frame.id])
            #expect(zip([frame.x, frame.y, frame.width, frame.height], e).allSatisfy { abs($0 - $1) <= 1e-6 }, "\(frame.id)")
        }
        #expect(try measurer.measureRow(row, in: section, frames: false) == CellMeasurement(height: 120))
        // Too short for its required content: no error, the layout comes as close as it can.
        #expect(try measurer.measureRow(row, in: SectionSpec(template: "FeedCell", height: 20), frames: true).height == 20)
    }

    @Test func aMeasurerAtAnotherWidthSharesTemplatesAndMeasuresThere() throws {
        let wide = try Fixtures.measurer([Fixtures.feedCell])
        let narrow = try wide.withWidth(200)
        let row = Fixtures.row(["name": .string("Ada"), "detail": .string(HandWrittenCellTests.posts[1])])
        let section = SectionSpec(template: "FeedCell")
        let direct = try Fixtures.measurer([Fixtures.feedCell], list: ListSettings(width: 200))
        #expect(try narrow.measureRow(row, in: section, frames: true) == direct.measureRow(row, in: section, frames: true))
        #expect(try narrow.measureRow(row, in: section, frames: false).height
            > wide.measureRow(row, in: section, frames: false).height)
        #expect(throws: LayoutError.self) { try wide.withWidth(.nan) }
    }
}
