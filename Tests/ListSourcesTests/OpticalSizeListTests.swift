import Testing
import CellsFormat
import CellLayout
import DynamicType
import ListSources
import TestSupport
import TextEngine

/// A label in a font with an `opsz` axis the document leaves unset is measured at its own point
/// size as the optical size, a Dynamic Type size included (fixture font: Tests/Fixtures/Fonts).
@Suite struct OpticalSizeListTests {
    static let font = Fixtures.root + "/Tests/Fixtures/Fonts/OpszTest.ttf"
    static let text = "optical size follows the point size"

    /// The width of the one-line label `label` in a document with `fonts`, at `category`.
    static func width(_ label: LabelSpec, fonts: Fonts, category: ContentSizeCategory = .large) throws -> Double {
        let template = Template(name: "Cell", views: [ViewSpec(id: "t", kind: .label(label))],
                                    constraints: ["t.leading == super.leading", "t.top == super.top", "super.bottom == t.bottom"])
        let document = Document(list: ListSettings(width: 1000, contentSize: category), fonts: fonts, templates: ["Cell": template])
        let row = RowSpec(data: .object(["text": .string(text)]), template: "Cell", autoHeight: true)
        return try ListMeasurer(document: document, baseDirectory: "/").measureRow(row, in: SectionSpec(), frames: true).frames[0].width
    }

    /// The same text's width from TextEngine with the face at optical size `opsz`, on the pixel grid.
    static func expected(size: Double, opsz: Double) throws -> Double {
        let face = try FontFace(path: font, variations: ["opsz": opsz])
        return TextMeasurement.roundUp(TextMeasurer().layout(text, style: TextStyle(fonts: FontStack(primary: face), size: size),
                                                             width: .infinity).width, scale: 2)
    }

    @Test func eachLabelIsMeasuredAtItsPointSizeAsOpticalSize() throws {
        let fonts = Fonts(files: ["default": Self.font])
        for size in [9.0, 17, 28] {
            #expect(try Self.width(LabelSpec(text: "${text}", size: size), fonts: fonts) == Self.expected(size: size, opsz: size))
        }
        for category in [ContentSizeCategory.xSmall, .AX3] {
            let size = FontTextStyle.body.pointSize(at: category)
            #expect(try Self.width(LabelSpec(text: "${text}", textStyle: .body), fonts: fonts, category: category)
                    == Self.expected(size: size, opsz: size), "\(category)")
        }
    }

    @Test func anOpticalSizeTheDocumentSetsWins() throws {
        var fonts = Fonts()
        fonts.setInstance("default", file: Self.font, variations: ["opsz": 60])
        #expect(try Self.width(LabelSpec(text: "${text}", size: 9), fonts: fonts) == Self.expected(size: 9, opsz: 60))
    }
}
