import Foundation
import Testing
@testable import TextEngine

/// Automatic optical size: a face with an `opsz` axis its variations leave unset is measured at
/// each point size as that optical size, checked against hb-shape with `--variations=opsz=SIZE`
/// on a fixture font (Tests/Fixtures/Fonts/OpszTest.ttf, made by make-opsz-font.py beside it:
/// opsz 6...72, default 12, every advance different at each size).
@Suite struct OpticalSizeTests {
    static let font = packageRoot.appendingPathComponent("Tests/Fixtures/Fonts/OpszTest.ttf").path
    static let text = "optical size follows the point size"

    @Test func eachPointSizeMeasuresAsHBShapeAtThatOpticalSize() throws {
        let face = try FontFace(path: Self.font)
        #expect(face.followsOpticalSize)
        let measurer = TextMeasurer()
        var widths: Set<Double> = []
        for size in [4.0, 6, 9, 12, 13.5, 17, 28, 72, 100] {
            let instance = face.withOpticalSize(size)
            #expect(face.withOpticalSize(size) === instance, "made once per size")
            let width = measurer.layout(Self.text, style: TextStyle(fonts: FontStack(primary: instance), size: size),
                                        width: .infinity).width
            let clamped = min(max(size, 6), 72)
            let units = try HBShape.advances(font: Self.font, texts: [Self.text], options: ["--variations=opsz=\(clamped)"])[0]
            // 1000 units per em: an advance in em is exact to a double's rounding of units / 1000,
            // so the width is compared in font units, to a millionth of one.
            #expect(abs(width / size * 1000 - Double(units)) < 1e-6, "size \(size): \(width) against \(units) units")
            widths.insert(width / size)
        }
        // The optical size changed the advances per em (a face ignoring it would give one value).
        #expect(widths.count >= 7)
    }

    @Test func anOpticalSizeTheVariationsSetIsKeptAtEverySize() throws {
        let face = try FontFace(path: Self.font, variations: ["opsz": 28])
        #expect(!face.followsOpticalSize)
        #expect(face.withOpticalSize(9) === face)
        let stack = FontStack(primary: face)
        #expect(stack.withOpticalSize(9) == stack)
        let plain = FontStack(primary: Bundled.dejaVu)
        #expect(plain.withOpticalSize(17) == plain, "a font without the axis is the same stack")
    }

    @Test func opticalSizeInstancesKeepTheirFeatures() throws {
        let face = try FontFace(path: Self.font).withFeatures(["-kern"])
        #expect(face.withOpticalSize(20).features == ["-kern"])
        #expect(face.withOpticalSize(20).variations == [FontVariation(tag: "opsz", value: 20)])
    }
}
