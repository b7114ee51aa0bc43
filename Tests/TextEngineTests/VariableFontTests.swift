import Foundation
import Testing
@testable import TextEngine

/// Debian's Inter variable font (fonts-inter-variable).
let interFontPath = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

/// Instances of a variable font (Debian's fonts-inter-variable: Inter, `wght` 100...900):
/// advances as hb-shape gives them with `--variations`, line breaks and heights as Pango lays
/// the text out with `@wght=` in the font description, and values clamped to the axis.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: interFontPath),
                "needs fonts-inter-variable (scripts/install-deps.sh)"))
struct VariableFontTests {
    static let interDirectory = "/usr/share/fonts/truetype/inter-vf"
    static let inter = interFontPath
    static let weights = [100.0, 300, 400, 600, 900]

    /// The UI strings whose every character Inter has (so no fallback font takes part).
    static func interStrings() throws -> [String] {
        let face = try FontFace(path: inter)
        return try PangoAgreementTests.uiStrings().filter { text in
            text.unicodeScalars.allSatisfy { scalar in
                let c = Int(scalar.value)
                return scalar == "\n" || (c < 0x10000 && face.bmpCoverage[c >> 6] >> UInt64(c & 63) & 1 == 1)
            }
        }
    }

    @Test func theFacesAxesAreItsFvarAxes() throws {
        let face = try FontFace(path: Self.inter)
        #expect(face.axes == [FontAxis(tag: "wght", minimum: 100, defaultValue: 400, maximum: 900)])
        #expect(face.variations.isEmpty)
        #expect(try FontFace(path: Self.inter, variations: ["wght": 600]).variations == [FontVariation(tag: "wght", value: 600)])
    }

    @Test func segmentAdvancesEqualHBShapesWithTheSameVariations() throws {
        let texts = try Self.interStrings()
        #expect(texts.count > 700)
        let measurer = TextMeasurer()
        for weight in Self.weights {
            let face = try FontFace(path: Self.inter, variations: ["wght": weight])
            let stack = FontStack(primary: face)
            var words: [String] = [], advances: [Double] = []
            for text in texts {
                let shaped = measurer.shapedText(text, stack: stack)
                let units = Array(text.utf16)
                for segment in shaped.segments {
                    guard let graphemes = shaped.graphemes(of: segment), !graphemes.isEmpty else { continue }
                    let length = graphemes.reduce(0) { $0 + Int($1.length) }
                    words.append(String(decoding: units[segment.start..<segment.start + length], as: UTF16.self))
                    advances.append(graphemes.reduce(0) { $0 + $1.advance })
                }
            }
            let expected = try HBShape.advances(font: Self.inter, texts: words, options: ["--variations=wght=\(Int(weight))"])
            var mismatches: [String] = []
            // Inter has 2816 units per em, so an advance in em is exact only to a double's
            // rounding of units / 2816: compared to a millionth of a unit.
            for (word, (ours, theirs)) in zip(words, zip(advances, expected))
            where abs(ours * Double(face.unitsPerEm) - Double(theirs)) > 1e-6 {
                mismatches.append("\(word.debugDescription) at wght \(weight): ours \(ours * Double(face.unitsPerEm)), hb-shape \(theirs)")
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "\n"))")
        }
    }

    @Test func heavierInstancesAreWiderSoTheCachesKeepThemApart() throws {
        let measurer = TextMeasurer()
        let text = "Your order has shipped and will arrive on Tuesday"
        let widths = try Self.weights.map { weight in
            measurer.layout(text, style: TextStyle(fonts: FontStack(primary: try FontFace(path: Self.inter, variations: ["wght": weight])),
                                                   size: 17), width: .infinity).width
        }
        #expect(widths == widths.sorted() && Set(widths).count == widths.count, "\(widths)")
    }

    @Test func valuesOutsideTheAxisAreClampedToIt() throws {
        let measurer = TextMeasurer()
        let text = "Settings"
        func width(_ weight: Double) throws -> Double {
            measurer.layout(text, style: TextStyle(fonts: FontStack(primary: try FontFace(path: Self.inter, variations: ["wght": weight])),
                                                   size: 17), width: .infinity).width
        }
        #expect(try FontFace(path: Self.inter, variations: ["wght": 1200]).variations == [FontVariation(tag: "wght", value: 900)])
        #expect(try width(1200) == width(900))
        #expect(try width(20) == width(100))
        let units = try HBShape.advances(font: Self.inter, texts: [text], options: ["--variations=wght=900"])[0]
        #expect(try width(5000) == Double(units) / 2816 * 17)
    }

    @Test func anAxisTheFontLacksIsAnErrorNamingItsAxes() throws {
        let error = #expect(throws: FontError.self) { try FontFace(path: Self.inter, variations: ["wdth": 90]) }
        #expect(error?.kind == .noSuchAxis)
        #expect(error?.reason == "no variation axis \"wdth\" (its axes are wght)")
        let plain = #expect(throws: FontError.self) { try FontFace(path: fontPath("DejaVuSans.ttf"), variations: ["wght": 600]) }
        #expect(plain?.reason == "no variation axis \"wght\" (the font is not variable)")
    }

    @Test func lineBreaksAndHeightsAgreeWithPangoAtEveryWeight() throws {
        let texts = try Self.interStrings()
        let measurer = TextMeasurer()
        var cases: [(text: String, weight: Double, size: Double, width: Double)] = []
        for weight in Self.weights {
            for text in texts {
                cases.append((text, weight, 15, 250))
                cases.append((text, weight, 17, 180))
            }
        }
        let pango = try PangoReference.layout(cases.map {
            .init(text: $0.text, size: $0.size, width: $0.width, font: "Inter @wght=\(Int($0.weight))",
                  exactMetrics: true, spacesInFirstFont: false)
        }, fontDirectories: [Self.interDirectory])
        var disagreements: [String] = []
        var breaksAgree = 0, heightsAgree = 0
        var faces: [Double: FontStack] = [:]
        for (c, reference) in zip(cases, pango) {
            let stack = try faces[c.weight] ?? FontStack(primary: FontFace(path: Self.inter, variations: ["wght": c.weight]))
            faces[c.weight] = stack
            let layout = measurer.layout(c.text, style: TextStyle(fonts: stack, size: c.size, lines: 0), width: c.width)
            let starts = layout.lines.map(\.range.lowerBound)
            // Pango's extents are whole Pango units (1/1024 pt), rounded once per line.
            let height = layout.height
            let sameHeight = abs(height - reference.height) <= Double(layout.lines.count) / 1024
            if starts == reference.starts { breaksAgree += 1 }
            if sameHeight { heightsAgree += 1 }
            if starts != reference.starts || !sameHeight {
                disagreements.append("\(c.text.debugDescription) wght \(c.weight): ours \(starts) \(height), Pango \(reference.starts) \(reference.height)")
            }
        }
        #expect(heightsAgree == cases.count && breaksAgree == cases.count,
                "heights agree on \(heightsAgree) of \(cases.count), breaks on \(breaksAgree)\n\(disagreements.prefix(10).joined(separator: "\n"))")
        print("Inter instances against Pango: heights \(heightsAgree)/\(cases.count), breaks \(breaksAgree)/\(cases.count)")
    }
}
