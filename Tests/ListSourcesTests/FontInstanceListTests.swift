import Foundation
import Testing
import CellsFormat
import CellLayout
import ListSources
import TestSupport
import TextEngine

/// Debian's Inter variable font (fonts-inter-variable).
let interVariableFont = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

/// A document naming instances of a variable font (Debian's fonts-inter-variable) measures each
/// label with that instance, as TextEngine measures the instance itself.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: interVariableFont),
                "needs fonts-inter-variable (scripts/install-deps.sh)"))
struct FontInstanceListTests {
    static let inter = interVariableFont
    static let text = "Ken Thompson commented on your playlist: “Thanks so much for your help yesterday”"

    static func template(font: String) -> Template {
        Template(name: "Cell", views: [ViewSpec(id: "t", kind: .label(LabelSpec(text: "${text}", font: font, size: 15, lines: 0)))],
                     constraints: ["t.leading == super.leading + 16", "t.trailing == super.trailing - 16",
                                   "t.top == super.top", "super.bottom == t.bottom"])
    }

    @Test func eachNamedInstanceMeasuresAsThatInstance() throws {
        var fonts = Fonts(files: ["default": Self.inter])
        fonts.setInstance("black", file: Self.inter, variations: ["wght": 900])
        fonts.setInstance("thin", file: Self.inter, variations: ["wght": 100])
        var heights: [String: Double] = [:]
        for name in ["default", "black", "thin"] {
            let document = Document(list: ListSettings(width: 250, separator: false), fonts: fonts,
                                    templates: ["Cell": Self.template(font: name)])
            let measurer = try ListMeasurer(document: document, baseDirectory: "/")
            let row = RowSpec(data: .object(["text": .string(Self.text)]), template: "Cell", autoHeight: true)
            heights[name] = try measurer.measureRow(row, in: SectionSpec(), frames: false).height
            let face = try FontFace(path: Self.inter, variations: fonts.variations[name] ?? [:])
            let layout = TextMeasurer().layout(Self.text, style: TextStyle(fonts: FontStack(primary: face), size: 15, lines: 0),
                                               width: 218)
            #expect(heights[name] == TextMeasurement.roundUp(layout.height, scale: 2), "\(name)")
        }
        // The black instance is wide enough to take one line more than the thin one here.
        #expect(heights["black"]! > heights["thin"]!)
    }

    @Test func aWeightByNumberIsTheInstanceAtThatWght() throws {
        var byWeight = Fonts(files: ["default": Self.inter])
        byWeight.setInstance("semibold", file: Self.inter, weight: 600)
        var byVariations = Fonts(files: ["default": Self.inter])
        byVariations.setInstance("semibold", file: Self.inter, variations: ["wght": 600])
        #expect(byWeight == byVariations)
        // A label width where semibold takes more lines than the default (regular) instance.
        let measurer = TextMeasurer()
        func lines(_ variations: [String: Double], _ width: Double) throws -> Int {
            measurer.layout(Self.text, style: TextStyle(fonts: FontStack(primary: try FontFace(path: Self.inter, variations: variations)),
                                                        size: 15, lines: 0), width: width).lines.count
        }
        let width = try #require(try stride(from: 120.0, through: 400, by: 1).first { try lines(["wght": 600], $0) > lines([:], $0) })
        let row = RowSpec(data: .object(["text": .string(Self.text)]), template: "Cell", autoHeight: true)
        var heights: [Double] = []
        for fonts in [byWeight, Fonts(files: ["default": Self.inter, "semibold": Self.inter])] {
            let document = Document(list: ListSettings(width: width + 32, separator: false), fonts: fonts,
                                    templates: ["Cell": Self.template(font: "semibold")])
            heights.append(try ListMeasurer(document: document, baseDirectory: "/").measureRow(row, in: SectionSpec(), frames: false).height)
        }
        #expect(heights[0] > heights[1], "\(heights)")
    }

    @Test func anAxisTheFontLacksIsAFontErrorAtTheFontsPath() throws {
        var fonts = Fonts(files: ["default": Self.inter])
        fonts.setInstance("wide", file: Self.inter, variations: ["wdth": 120])
        let document = Document(fonts: fonts, templates: ["Cell": Self.template(font: "wide")])
        let error = #expect(throws: LayoutError.self) { try ListMeasurer(document: document, baseDirectory: "/") }
        #expect(error?.path == "fonts.wide")
        #expect(error?.message.contains("no variation axis \"wdth\" (its axes are wght)") == true)
    }

    @Test func aLabelsFeaturesShapeItsTextAsTheFaceWithThoseFeatures() throws {
        let digits = "1,110 of 4,111 at 11:11"
        var widths: Set<Double> = []
        for features in [[], ["tnum"], ["-kern", "ss01=1"]] {
            // One line, as wide as its text: the frame's width is the text's, on the pixel grid.
            let template = Template(name: "Cell", views: [
                ViewSpec(id: "t", kind: .label(LabelSpec(text: "${text}", size: 15, features: features))),
            ], constraints: ["t.leading == super.leading + 16", "t.top == super.top", "super.bottom == t.bottom"])
            let document = Document(list: ListSettings(width: 375, separator: false),
                                    fonts: Fonts(files: ["default": Self.inter]), templates: ["Cell": template])
            let row = RowSpec(data: .object(["text": .string(digits)]), template: "Cell", autoHeight: true)
            let frames = try ListMeasurer(document: document, baseDirectory: "/").measureRow(row, in: SectionSpec(), frames: true).frames
            let face = try FontFace(path: Self.inter).withFeatures(features)
            let width = TextMeasurer().layout(digits, style: TextStyle(fonts: FontStack(primary: face), size: 15), width: .infinity).width
            #expect(frames[0].width == TextMeasurement.roundUp(width, scale: 2), "\(features)")
            widths.insert(frames[0].width)
        }
        #expect(widths.count == 3)
    }

    @Test func aFeatureHarfBuzzCannotReadIsAnErrorAtTheLabelsFeatures() throws {
        var template = Self.template(font: "default")
        template.views[0].kind = .label(LabelSpec(text: "${text}", features: ["tnum", "+"]))
        let document = Document(fonts: Fonts(files: ["default": Self.inter]), templates: ["Cell": template])
        let error = #expect(throws: LayoutError.self) { try ListMeasurer(document: document, baseDirectory: "/") }
        #expect(error?.path == "templates.Cell.views[0].label.features")
    }
}
