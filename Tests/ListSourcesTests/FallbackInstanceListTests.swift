import Foundation
import Testing
import CellsFormat
import CellLayout
import ListSources
import TestSupport
import TextEngine

/// A fallback entry that is an instance of a variable font (Debian's fonts-inter-variable) shapes
/// the characters the primary font lacks with that instance.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: interVariableFont),
                "needs fonts-inter-variable (scripts/install-deps.sh)"))
struct FallbackInstanceListTests {
    /// A primary font with only lowercase letters and the space, so capitals and digits fall back.
    static let primary = PackageTools.packageRoot.appendingPathComponent("Tests/Fixtures/Fonts/TrakTest.ttf").path
    static let text = "ABCDEFGHIJ0123456789"

    static func document(weight: Double) -> Document {
        var fonts = Fonts(files: ["default": primary])
        fonts.appendFallbackInstance(file: interVariableFont, variations: ["wght": weight])
        let template = Template(name: "Cell", views: [
            ViewSpec(id: "t", kind: .label(LabelSpec(text: "${text}", size: 15))),
        ], constraints: ["t.leading == super.leading + 16", "t.top == super.top", "super.bottom == t.bottom"])
        return Document(list: ListSettings(width: 375, separator: false), fonts: fonts, templates: ["Cell": template])
    }

    @Test func aFallbackInstanceMeasuresAsThatInstance() throws {
        var widths: Set<Double> = []
        let primary = try FontFace(path: Self.primary)
        for weight in [100.0, 900] {
            let row = RowSpec(data: .object(["text": .string(Self.text)]), template: "Cell", autoHeight: true)
            let frames = try ListMeasurer(document: Self.document(weight: weight), baseDirectory: "/")
                .measureRow(row, in: SectionSpec(), frames: true).frames
            let fallback = try FontFace(path: interVariableFont, variations: ["wght": weight])
            let width = TextMeasurer().layout(Self.text, style: TextStyle(fonts: FontStack(primary: primary, fallbacks: [fallback]), size: 15),
                                              width: .infinity).width
            #expect(frames[0].width == TextMeasurement.roundUp(width, scale: 2), "wght \(weight)")
            widths.insert(frames[0].width)
        }
        #expect(widths.count == 2, "the two weights differ")
    }

    @Test func anAxisTheFallbackLacksIsAFontErrorAtItsPosition() throws {
        var fonts = Fonts(files: ["default": Self.primary], fallback: [interVariableFont])
        fonts.appendFallbackInstance(file: interVariableFont, variations: ["wdth": 120])
        let document = Document(fonts: fonts, templates: ["Cell": Self.document(weight: 400).templates["Cell"]!])
        let error = #expect(throws: LayoutError.self) { try ListMeasurer(document: document, baseDirectory: "/") }
        #expect(error?.path == "fonts.fallback[1]")
    }
}
