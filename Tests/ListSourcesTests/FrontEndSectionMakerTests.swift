import Testing
@testable import CellsFormat
@testable import CellLayout
@testable import RowHeightCache
@testable import ListSources
import TestSupport

/// CBTableViewDataSource's chained section maker and `makeSection(data:)`, with its README's examples.
@Suite struct FrontEndSectionMakerTests {
    /// The README's settings screen.
    static let settings: [JSONValue] = [
        .object(["text": .string("Following"), "value": .string("45")]),
        .object(["text": .string("Follower"), "value": .string("10")]),
        .object(["text": .string("Star"), "value": .string("234")]),
        .object(["text": .string("Setting"), "accessoryType": .number(1)]),
        .object(["text": .string("Share"), "accessoryType": .number(1)]),
    ]
    static let feedCell = Template(name: "FeedCell", views: [
        ViewSpec(id: "name", kind: .label(LabelSpec(text: "${name}", font: "bold", size: 15))),
        ViewSpec(id: "detail", kind: .label(LabelSpec(text: "${detail}", size: 14, lines: 0))),
    ], constraints: ["name.leading == super.leading + 16", "name.top == super.top + 12",
                     "detail.leading == name.leading", "detail.trailing == super.trailing - 16",
                     "detail.top == name.bottom + 6", "super.bottom >= detail.bottom + 12"])

    @Test func makeSectionWithDataPicksTheBuiltInStyleByKeys() throws {
        let table = try TableMaker.makeSection(data: Self.settings)
        let rows = table.document.sections[0].rows
        #expect(rows.map(\.template) == ["UITableViewCell.value1", "UITableViewCell.value1", "UITableViewCell.value1",
                                          "UITableViewCell.default", "UITableViewCell.default"])
        #expect(rows.map(\.accessory) == [.none, .none, .none, .disclosure, .disclosure])
        #expect(rows.allSatisfy { $0.autoHeight == true })
        #expect(table.document.templates.count == 6)
    }

    @Test func detailGivesSubtitleAndImageGivesTheImageVariant() throws {
        let table = try TableMaker.makeSection(data: [
            .object(["text": .string("Ada"), "detail": .string("First post"), "image": .string("avatar")]),
            .object(["text": .string("Big"), "image": .object(["width": .number(60), "height": .number(60)]),
                     "accessoryType": .string("checkmark")]),
        ])
        let rows = table.document.sections[0].rows
        #expect(rows.map(\.template) == ["UITableViewCell.subtitle.image", "UITableViewCell.default.image"])
        #expect(rows[0].data["_imageWidth"] == .number(29))
        #expect(rows[1].data["_imageHeight"] == .number(60))
        #expect(rows[1].accessory == .checkmark)
    }

    @Test func whenDetailAndValueBothAppearTheFirstKeyWins() {
        let both: JSONObject = ["text": .string("t"), "detail": .string("d"), "value": .string("v")]
        #expect(BuiltInCellStyle.style(for: both, keyOrder: ["text", "value", "detail"]) == .value1)
        #expect(BuiltInCellStyle.style(for: both, keyOrder: ["text", "detail", "value"]) == .subtitle)
    }

    @Test func accessoryTypesAreUIKitsRawValuesAndWidths() throws {
        let accessories = try (0...4).map { try BuiltInRows.accessory(.number(Double($0)), at: 0) }
        #expect(accessories == [.none, .disclosure, .detailDisclosure, .checkmark, .detailButton])
        #expect(accessories.map(\.width) == [0, 34, 68, 40, 48])
        #expect(throws: FrontEndError("data[2].accessoryType", "5 is not a UITableViewCellAccessoryType (0...4)")) {
            try BuiltInRows.accessory(.number(5), at: 2)
        }
        #expect(throws: FrontEndError("data[0]", "a makeSection(data:) row must be an object with text/detail/value/image/accessoryType")) {
            try TableMaker.makeSection(data: [.string("Following")])
        }
    }

    @Test func theBuiltInTemplatesWriteTheirMetricsIntoConstraints() {
        let value1 = BuiltInCellTemplates.template(.value1, withImage: false)
        #expect(value1.constraints.contains("super.height >= 43.5"))
        #expect(value1.constraints.contains("value.trailing == super.trailingMargin"))
        let noSeparator = BuiltInCellTemplates.template(.default, withImage: true, scale: 3, separator: false)
        #expect(noSeparator.constraints.contains("super.height >= 44.0"))
        #expect(noSeparator.constraints.contains("text.leading == image.trailing + 15.0"))
    }

    @Test func theBuiltInTemplatesKeepToTheListsLayoutMarginsAsUIKitsDefaultCellsDo() throws {
        let template = BuiltInCellTemplates.template(.default, withImage: false)
        func height(_ margins: LayoutMargins) throws -> Double {
            let document = Document(list: ListSettings(layoutMargins: margins), fonts: Fixtures.fonts,
                                    templates: [template.name: template])
            return try ListMeasurer(document: document, baseDirectory: Fixtures.root)
                .measure(template: template.name, data: ["text": "Wi-Fi"], separator: true, frames: false).height
        }
        #expect(try height(.tableCellContent) == 44)  // 11 + 20 + 11 + 0.5, raised to the 44-point minimum
        #expect(try height(LayoutMargins(top: 20, leading: 16, bottom: 20, trailing: 16)) == 60.5)  // 20 + 20 + 20 + 0.5
    }

    /// The README's multi-section example: sections with cells, data, adapters, events, heights
    /// and titles, and the list-wide height.
    @Test func chainedSectionsCarryEveryAttribute() throws {
        var selected: [String] = []
        let table = try TableMaker.make(templates: ["FeedCell": Self.feedCell]) { make in
            make.height(50).headerHeight(30)
            make.makeSection { section in
                section.cell("FeedCell")
                    .data([.object(["user": .string("Ada"), "text": .string("Hello")])])
                    .adapter { data, index in .object(["name": data["user"] ?? .null, "detail": data["text"] ?? .null,
                                                       "index": .number(Double(index))]) }
                    .event { index, data in selected.append("\(index) \(data["user"]?.interpolationText ?? "")") }
                    .autoHeight().height(100)
                    .headerTitle("Feed").key("name")
            }
            make.makeSection { $0.data([.object(["text": .string("Settings")])]).height(44).footerTitle("v1.0") }
            make.makeSection { $0.data([.object([:]), .object([:])]).headerView(height: 12).headerTitle("ignored") }
        }
        let sections = table.document.sections
        #expect(table.document.list.rowHeight == 50 && table.document.list.headerHeight == 30)
        #expect(sections[0].template == "FeedCell" && sections[0].autoHeight && sections[0].height == 100)
        #expect(sections[0].rows[0].data["name"] == .string("Ada") && sections[0].rows[0].key == "Ada")
        #expect(sections[1].autoHeight == false && sections[1].height == 44 && sections[1].template == nil)
        #expect(sections[2].height == nil && sections[2].rows.count == 2)
        guard case .title("Feed")? = sections[0].header, case .title("v1.0")? = sections[1].footer,
              case .height(12)? = sections[2].header else { Issue.record("headers and footers"); return }
        #expect(table.select(IndexPath(row: 0, section: 0)))
        #expect(!table.select(IndexPath(row: 0, section: 1)))
        #expect(selected == ["0 Ada"])
    }

    @Test func autoHeightWithoutACellMeasuresTheDefaultUITableViewCell() throws {
        let table = try TableMaker.make { $0.makeSection { $0.data([.object(["text": .string("Plain")])]).autoHeight() } }
        #expect(table.document.sections[0].template == "UITableViewCell.default")
    }

    @Test func mistakesNameTheSection() {
        #expect(throws: FrontEndError("sections[1].cell", "template \"FeedCel\" not found")) {
            try TableMaker.make(templates: ["FeedCell": Self.feedCell]) { make in
                make.makeSection { $0.cell("FeedCell") }
                make.makeSection { $0.cell("FeedCel") }
            }
        }
        #expect {
            try TableMaker.make { make in make.makeSection { $0.data([1.0, .nan]) } }
        } throws: { error in
            (error as? FrontEndError)?.location == "sections[0].data[1]"
        }
    }
}

/// The section maker's heights, measured for real.
@Suite struct FrontEndSectionMakerHeightTests {
    static let list = ListSettings()

    /// The README's settings screen: value1 and default rows fit the 44-point minimum row
    /// (a 17-point DejaVu line is 20 tall: 11 + 20 + 11 < 43.5), separator included.
    @Test func settingsScreenRowsAreFortyFourPointsTall() throws {
        var table = try TableMaker.makeSection(data: FrontEndSectionMakerTests.settings)
        table = SectionMakerTable(document: Self.withFonts(table.document), events: [nil], rows: [[]], tableHeader: nil, tableFooter: nil)
        let heights = try expectHeightsMatchDirectMeasuring(table.document)
        #expect(heights == [[44, 44, 44, 44, 44]])
    }

    /// Subtitle: 11 + 20 (17 pt) + 14 (12 pt: 13.97 on the half-point grid) + 11 + 0.5 separator.
    /// A 60-point image: 7 + 60 + 7 + 0.5.
    @Test func subtitleAndImageRowsGrowPastTheMinimum() throws {
        let table = try TableMaker.makeSection(data: [
            .object(["text": .string("Ada"), "detail": .string("First post")]),
            .object(["text": .string("Big"), "image": .object(["width": .number(60), "height": .number(60)])]),
            .object(["text": .string("Wi-Fi"), "image": .string("wifi"), "value": .string("Home"), "accessoryType": .number(1)]),
        ])
        let heights = try expectHeightsMatchDirectMeasuring(Self.withFonts(table.document))
        #expect(heights == [[56.5, 74.5, 44]])
    }

    /// autoHeight > section height > list height, with the README's feed cell measured.
    @Test func autoHeightBeatsSectionHeightBeatsListHeight() throws {
        let table = try TableMaker.make(fonts: Fixtures.fonts, templates: ["FeedCell": Fixtures.feedCell]) { make in
            make.height(50)
            make.makeSection {
                $0.cell("FeedCell").height(100).autoHeight()
                    .data([.object(["name": .string("Ada"), "detail": .string("First post"), "unread": .bool(true)]),
                           .object(["name": .string("Grace"), "detail": .string(String(repeating: "A longer post that wraps. ", count: 6))])])
            }
            make.makeSection { $0.cell("FeedCell").height(100).data([.object(["name": .string("Fixed")])]) }
            make.makeSection { $0.cell("FeedCell").data([.object(["name": .string("List")])]) }
        }
        let heights = try expectHeightsMatchDirectMeasuring(table.document)
        #expect(heights[0][0] == 64.5)          // SPEC's FeedCell with one line of detail
        #expect(heights[0][1] > 64.5)
        #expect(heights[1] == [100] && heights[2] == [50])
    }

    static func withFonts(_ document: Document) -> Document {
        var document = document
        document.fonts = Fixtures.fonts
        return document
    }
}

/// CB's `make.headerView` / `make.footerView`: the table's own header and footer views.
@Suite struct FrontEndTableHeaderViewTests {
    static let banner = Template(name: "Banner", views: [
        ViewSpec(id: "title", kind: .label(LabelSpec(text: "${title}", size: 20, lines: 0))),
    ], constraints: ["title.leading == super.leading + 20", "title.trailing == super.trailing - 20",
                     "title.top == super.top + 10", "super.bottom == title.bottom + 10"])

    func table(header: SupplementarySpec?, footer: SupplementarySpec?) throws -> SectionMakerTable {
        try TableMaker(fonts: Fixtures.fonts, templates: ["Banner": Self.banner])
            .headerView(header ?? .height(0)).footerView(footer ?? .height(0))
            .makeSection { $0.cell("Banner").data([.object(["title": .string("Row")])]).autoHeight().headerTitle("A") }
            .build()
    }

    @Test func tableHeaderTemplateIsMeasuredAtTheListWidthWithoutASeparator() throws {
        let data = JSONValue.object(["title": .string("A long banner title that wraps onto a second line at 375 points")])
        let made = try table(header: .template("Banner", data: data), footer: .height(30))
        let measurer = try ListMeasurer(document: made.document, baseDirectory: Fixtures.root)
        let expected = try measurer.measure(template: "Banner", data: data, separator: false, frames: false).height
        #expect(try made.tableHeaderHeight(measuredBy: measurer) == expected)
        #expect(expected > 60, "two 20-point lines plus 20 points of padding")
        #expect(try made.tableFooterHeight(measuredBy: measurer) == 30)
    }

    @Test func contentHeightAddsTableViewsSectionHeadersAndRows() throws {
        let made = try table(header: .height(100), footer: .height(30))
        let measurer = try ListMeasurer(document: made.document, baseDirectory: Fixtures.root)
        let section = made.document.sections[0]
        let row = try measurer.measureRow(section.rows[0], in: section, frames: false).height
        #expect(try made.contentHeight(measuredBy: measurer) == 100 + 40 + row + 30)
    }

    @Test func aBadTableHeaderTemplateIsNamedAsTheTableHeaderView() throws {
        let made = try table(header: .template("Nope", data: .object([:])), footer: nil)
        let measurer = try ListMeasurer(document: made.document, baseDirectory: Fixtures.root)
        do {
            _ = try made.tableHeaderHeight(measuredBy: measurer)
            Issue.record("an unknown template must be an error")
        } catch {
            #expect(error.path.hasPrefix("tableHeaderView"), "\(error)")
        }
    }

    @Test func sectionDataFromSwiftValuesIsTheirEncodedRows() throws {
        struct Post: Encodable { var name: String; var detail: String }
        let posts = [Post(name: "Ada", detail: "First post"), Post(name: "Grace", detail: "Second")]
        let typed = try TableMaker.make(templates: ["FeedCell": FrontEndSectionMakerTests.feedCell]) { make in
            make.makeSection { $0.cell("FeedCell").data(posts).autoHeight() }
        }
        let literal = try TableMaker.make(templates: ["FeedCell": FrontEndSectionMakerTests.feedCell]) { make in
            make.makeSection { $0.cell("FeedCell").data([["name": "Ada", "detail": "First post"],
                                                         ["name": "Grace", "detail": "Second"]]).autoHeight() }
        }
        #expect(typed.document.sections[0].rows.map(\.data) == literal.document.sections[0].rows.map(\.data))
        #expect {
            try TableMaker.make { make in make.makeSection { $0.data([1.0, .nan]) } }
        } throws: { error in
            (error as? FrontEndError)?.location == "sections[0].data[1]"
        }
    }
}
