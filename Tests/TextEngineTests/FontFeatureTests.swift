import Foundation
import Testing
@testable import TextEngine

/// Faces shaped with OpenType features of their own (`FontFace.withFeatures`): advances as
/// hb-shape gives them with `--features`, on Inter (Debian's fonts-inter-variable), whose
/// `tnum`, `kern`, `calt` and `ss01` change advances.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: interFontPath),
                "needs fonts-inter-variable (scripts/install-deps.sh)"))
struct FontFeatureTests {
    static let settings: [[String]] = [["tnum"], ["-kern"], ["ss01=1", "-calt"], ["tnum", "case"]]

    @Test func segmentAdvancesEqualHBShapesWithTheSameFeatures() throws {
        let texts = try VariableFontTests.interStrings() + ["Total 1,110 items at 4:11", "Order #2048: 11 × $1.10"]
        let measurer = TextMeasurer()
        let plain = try FontFace(path: interFontPath)
        var changed = 0
        for features in Self.settings {
            let face = try plain.withFeatures(features)
            #expect(face.features == features && face !== plain)
            #expect(try plain.withFeatures(features) === face, "made once per feature list")
            var words: [String] = [], advances: [Double] = [], plainAdvances: [Double] = []
            for text in texts {
                let shaped = measurer.shapedText(text, stack: FontStack(primary: face))
                let original = measurer.shapedText(text, stack: FontStack(primary: plain))
                let units = Array(text.utf16)
                for (segment, other) in zip(shaped.segments, original.segments) {
                    guard let graphemes = shaped.graphemes(of: segment), !graphemes.isEmpty else { continue }
                    let length = graphemes.reduce(0) { $0 + Int($1.length) }
                    words.append(String(decoding: units[segment.start..<segment.start + length], as: UTF16.self))
                    advances.append(graphemes.reduce(0) { $0 + $1.advance })
                    plainAdvances.append(original.graphemes(of: other).map { $0.reduce(0) { $0 + $1.advance } } ?? 0)
                }
            }
            let expected = try HBShape.advances(font: interFontPath, texts: words,
                                                options: ["--features=\(features.joined(separator: ","))"])
            var mismatches: [String] = []
            for (i, word) in words.enumerated() where abs(advances[i] * 2816 - Double(expected[i])) > 1e-6 {
                mismatches.append("\(word.debugDescription) with \(features): ours \(advances[i] * 2816), hb-shape \(expected[i])")
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "\n"))")
            changed += zip(advances, plainAdvances).filter { $0 != $1 }.count
        }
        // The settings change real advances, so a face that ignored them would fail above.
        #expect(changed > 100)
    }

    @Test func aFeatureHarfBuzzCannotReadIsAnError() throws {
        let error = #expect(throws: FontError.self) { try FontFace(path: interFontPath).withFeatures(["tnum", "=1"]) }
        #expect(error?.kind == .badFeature)
        #expect(error?.reason == "feature \"=1\" is not an OpenType feature setting (tnum, -liga, ss01=1)")
    }
}
