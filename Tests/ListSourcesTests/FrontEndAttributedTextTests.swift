import Foundation
import Testing
@testable import CellsFormat
@testable import CellLayout
@testable import RowHeightCache
@testable import ListSources
import TemplateLayoutFonts
import TestSupport

/// Attributed text through the front ends: a built-in style's title, a data-driven row and an
/// `Encodable` item each give a label its runs as a row value, measured exactly as a template
/// that spells the same runs out.
@Suite struct FrontEndAttributedTextTests {
    /// A bold name, a 30-point word (taller than the 44-point row) and a smaller time.
    static let runs = [TextRunSpec("Ada", font: "bold"), " replied to ", TextRunSpec("Grace", size: 30, kern: 1),
                       TextRunSpec(" 2h", textStyle: .caption1, baselineOffset: 2)]

    /// `template` with its label `id` given `runs` instead of its text.
    static func spelledOut(_ template: Template, label id: String, name: String) -> Template {
        var copy = template
        copy.name = name
        for i in copy.views.indices where copy.views[i].id == id {
            guard case .label(var label) = copy.views[i].kind else { continue }
            label.text = ""
            label.runs = runs
            copy.views[i].kind = .label(label)
        }
        return copy
    }

    func height(_ row: RowSpec, in document: Document) throws -> Double {
        try ListMeasurer(document: document, baseDirectory: ".").measureRow(row, in: SectionSpec(), frames: false).height
    }

    @Test func aBuiltInStylesTitleMayBeRuns() throws {
        let fonts = try Fonts.bundled
        let table = try TableMaker.makeSection(data: [
            .object(["text": TextRunSpec.rowValue(Self.runs)]),
            .object(["text": TextRunSpec.rowValue(Self.runs), "detail": "First post"]),
            .object(["text": "Ada replied to Grace 2h"]),
        ], fonts: fonts)
        let rows = table.document.sections[0].rows
        let heights = try rows.map { try height($0, in: table.document) }
        for (row, style) in [(rows[0], BuiltInCellStyle.default), (rows[1], .subtitle)] {
            let literal = Self.spelledOut(BuiltInCellTemplates.template(style, withImage: false), label: "text", name: "Literal")
            var document = table.document
            document.templates["Literal"] = literal
            var spelled = row
            spelled.template = "Literal"
            #expect(try height(row, in: table.document) == (try height(spelled, in: document)), "\(style)")
        }
        #expect(heights[2] == 44)
        #expect(heights[0] > 44 && heights[1] > heights[0])
    }

    struct PostData: DataDrivenData {
        var line: [TextRunSpec]
        var rowData: JSONValue { ["line": TextRunSpec.rowValue(line)] }
    }

    static let postCell = Template(name: "PostCell", views: [
        ViewSpec.label("line", text: "${line}", size: 15, lines: 0),
    ], constraints: ["line.leading == super.leading + 16", "line.trailing == super.trailing - 16",
                     "line.top == super.top + 10", "super.bottom >= line.bottom + 10"])

    @Test func aDataDrivenRowMayPassRunsAsARowValue() throws {
        let literal = Self.spelledOut(Self.postCell, label: "line", name: "Literal")
        var list = DataDrivenList(base: Document(fonts: try Fonts.bundled, templates: ["PostCell": Self.postCell,
                                                                                      "Literal": literal]))
        try list.reload([PostData(line: Self.runs).item])
        let document = list.document()
        let row = document.sections[0].rows[0]
        let measured = try height(row, in: document)
        #expect(measured == (try height(Fixtures.row([:], template: "Literal"), in: document)))
        #expect(measured == 55.5)
    }

    struct Post: Encodable { var line: [TextRunSpec] }

    @Test func anEncodableItemsRunsReachItsLabel() throws {
        let fonts = try Fonts.bundled
        let cache = try HeightCache(template: Self.postCell, fonts: fonts, items: [Post(line: Self.runs)], width: 375)
        let literal = Self.spelledOut(Self.postCell, label: "line", name: "Literal")
        let document = Document(fonts: fonts, templates: ["Literal": literal])
        #expect(try cache.height(for: IndexPath(row: 0, section: 0)) == (try height(Fixtures.row([:], template: "Literal"), in: document)))
        #expect(try JSONValue(encoding: Self.runs[3]) == ["text": " 2h", "textStyle": "caption1", "baselineOffset": 2])
        #expect(Self.runs[2].jsonValue == ["text": "Grace", "size": 30, "kern": 1])
    }
}
