import Foundation
import Testing
@testable import CellsFormat
@testable import CellLayout
import TemplateLayoutFonts
import TestCommons
import TestSupport

/// Height curves against brute force: a curve's height at every pixel width from 320 to 1024
/// equals a fresh measurement at that width, for example rows and random rows; and the step
/// logic never lets a width inside a step change the height.
@Suite struct HeightCurveTests {
    static let widths = 320.0...1024.0

    /// Every pixel width (k / scale) in `widths`.
    static func pixelWidths(_ widths: ClosedRange<Double>, scale: Double) -> [Double] {
        let first = Int((widths.lowerBound * scale).rounded(.up)), last = Int((widths.upperBound * scale).rounded(.down))
        return (first...last).map { Double($0) / scale }
    }

    /// How many rows of each feed section and how many random rows are checked: bounded for CI,
    /// more with `TL_CURVE_ROWS` (feed rows per section) and `TL_CURVE_RANDOM_ROWS`.
    static func count(_ variable: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment[variable].flatMap(Int.init) ?? value
    }

    /// Checks `curve` against `fresh(width)` at every pixel width; returns the mismatches.
    static func mismatches(_ curve: HeightCurve, scale: Double, _ fresh: (Double) throws -> Double) rethrows -> [String] {
        var found: [String] = []
        for w in pixelWidths(curve.widths, scale: scale) {
            let expected = try fresh(w)
            if curve.height(at: w) != expected { found.append("at \(w): curve \(String(describing: curve.height(at: w))) measured \(expected)") }
            if found.count > 3 { break }
        }
        return found
    }

    static func example(_ name: String) throws -> (ListMeasurer, ListMeasurer, Document) {
        let url = PackageTools.packageRoot.appendingPathComponent("Examples/\(name).json")
        let document = try DocumentDecoder(fontDefaults: Fonts.bundled).decode(try JSONParser().parse(try [UInt8](Data(contentsOf: url))))
        let base = url.deletingLastPathComponent().path
        return (try ListMeasurer(document: document, baseDirectory: base),
                try ListMeasurer(document: document, baseDirectory: base), document)
    }

    @Test(arguments: ["chat", "settings", "feed", "attributed-feed"])
    func everyExampleRowsCurveEqualsMeasuringAtEveryPixelWidth(_ name: String) throws {
        let (measurer, reference, document) = try Self.example(name)
        let scale = document.list.scale
        let perSection = name == "feed" ? Self.count("TL_CURVE_ROWS", default: 30) : Int.max
        var proved = 0, curves = 0, layouts = 0
        for (s, section) in document.sections.enumerated() {
            for footer in [false, true] {
                guard let curve = try measurer.heightCurve(ofSupplementaryOf: section, footer: footer, widths: Self.widths) else { continue }
                let wrong = try Self.mismatches(curve, scale: scale) { w in
                    let at = try reference.withWidth(w)
                    return try (footer ? at.measureFooter(of: section, frames: false) : at.measureHeader(of: section, frames: false))!.height
                }
                #expect(wrong.isEmpty, "\(name) section \(s) \(footer ? "footer" : "header"): \(wrong)")
            }
            for (r, row) in section.rows.prefix(perSection).enumerated() {
                let curve = try measurer.heightCurve(of: row, in: section, widths: Self.widths)
                curves += 1
                layouts += curve.layouts
                if curve.pointwise.isEmpty { proved += 1 } else { print("\(name) \(s) \(r) pointwise \(curve.pointwise.prefix(4))") }
                let wrong = try Self.mismatches(curve, scale: scale) { w in
                    try reference.measureRow(row, in: section, width: w, frames: false).height
                }
                #expect(wrong.isEmpty, "\(name) section \(s) row \(r): \(wrong)")
            }
        }
        print("\(name): \(curves) row curves, \(proved) proved at every width, \(layouts) layouts")
        // The examples' templates are piecewise affine in the width: every curve is proved.
        #expect(proved == curves)
    }

    @Test(arguments: 0..<8)
    func randomRowsCurvesEqualMeasuringAtEveryPixelWidth(_ batch: Int) throws {
        let total = Self.count("TL_CURVE_RANDOM_ROWS", default: 240)
        var generator = UniqueLayoutGenerator(random: SplitMix64(state: 20_261_129 &+ UInt64(batch)))
        var templates: [Template] = []
        var rows: [RowSpec] = []
        for i in 0..<(total + 7) / 8 {
            let (template, data) = generator.template(named: "T\(i)")
            templates.append(template)
            rows.append(RowSpec(data: data, template: template.name, autoHeight: true,
                                accessory: generator.pick(Accessory.allCases)))
        }
        let measurer = try Fixtures.measurer(templates), reference = try Fixtures.measurer(templates)
        var proved = 0
        for (template, row) in zip(templates, rows) {
            let curve = try measurer.heightCurve(of: row, in: SectionSpec(), widths: Self.widths)
            if curve.pointwise.isEmpty { proved += 1 }
            let wrong = try Self.mismatches(curve, scale: measurer.list.scale) { w in
                try reference.measureRow(row, in: SectionSpec(), width: w, frames: false).height
            }
            #expect(wrong.isEmpty, "\(template.constraints) \(row.data): \(wrong)")
        }
        print("random batch \(batch): \(rows.count) rows, \(proved) proved at every width")
        #expect(proved > 0)
    }

    /// Widths between pixel widths, inside steps the curve proved, measured fresh.
    @Test func widthsBetweenPixelsInsideAProvedStepHaveTheStepsHeight() throws {
        let (measurer, reference, document) = try Self.example("feed")
        var random = SplitMix64(state: 37)
        for section in document.sections {
            for row in section.rows.prefix(10) {
                let curve = try measurer.heightCurve(of: row, in: section, widths: Self.widths)
                for _ in 0..<40 {
                    let w = Double.random(in: Self.widths, using: &random)
                    // Off the step boundaries by more than the slivers the curve leaves to round-off.
                    guard !curve.isPointwise(at: w), curve.starts.allSatisfy({ abs($0 - w) > 1e-5 }) else { continue }
                    #expect(curve.height(at: w) == (try reference.measureRow(row, in: section, width: w, frames: false).height),
                            "at \(w)")
                }
            }
        }
    }

    @Test func aTemplateHeadersCurveEqualsMeasuringTheHeaderAtEveryPixelWidth() throws {
        let detail = "A header long enough to wrap onto a second line at a phone's width, and a third at the narrowest."
        let data = JSONValue.object(["name": "Ada", "detail": .string(detail)])
        var section = SectionSpec()
        section.header = .template("FeedCell", data: data)
        section.footer = .template("FeedCell", data: data)
        let measurer = try Fixtures.measurer([Fixtures.feedCell]), reference = try Fixtures.measurer([Fixtures.feedCell])
        for footer in [false, true] {
            let curve = try #require(try measurer.heightCurve(ofSupplementaryOf: section, footer: footer, widths: Self.widths))
            #expect(curve.heights.count >= 2 && curve.pointwise.isEmpty)
            let wrong = try Self.mismatches(curve, scale: 2) { w in
                let at = try reference.withWidth(w)
                return try #require(try footer ? at.measureFooter(of: section, frames: false) : at.measureHeader(of: section, frames: false)).height
            }
            #expect(wrong.isEmpty, "\(wrong)")
        }
        #expect(try measurer.heightCurve(ofSupplementaryOf: SectionSpec(), footer: false, widths: Self.widths) == nil)
    }

    @Test func aFixedHeightRowIsOneStep() throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        let curve = try measurer.heightCurve(of: RowSpec(data: .object([:]), height: 60), in: SectionSpec(), widths: 320...1024)
        #expect(curve.starts == [320] && curve.heights == [60] && curve.pointwise.isEmpty)
        #expect(curve.height(at: 1024) == 60 && curve.height(at: 319.5) == nil && curve.height(at: 1024.5) == nil)
    }

    @Test func badRangesAreRefusedWithTheirReason() throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        let row = Fixtures.row(["name": "Ada", "detail": "Hello"], template: "FeedCell")
        for widths in [-1.0...10, 10...Double.infinity, 1...1_000_000] {
            #expect(throws: LayoutError.self) { try measurer.heightCurve(of: row, in: SectionSpec(), widths: widths) }
        }
    }

    @Test func theFeedCellsCurveHasTheHeightsOfItsLineCounts() throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        let detail = "A detail long enough to wrap onto a second line at a phone's width, and a third at the narrowest."
        let row = Fixtures.row(["name": "Ada", "detail": .string(detail)], template: "FeedCell")
        let curve = try measurer.heightCurve(of: row, in: SectionSpec(), widths: 320...1024)
        #expect(curve.pointwise.isEmpty, "\(curve.pointwise)")
        // Fewer lines as the list widens: the heights fall step by step.
        #expect(curve.heights.count >= 2 && zip(curve.heights, curve.heights.dropFirst()).allSatisfy { $0 > $1 })
        for w in [320.0, 375, 414.5, 768, 1024] {
            #expect(curve.height(at: w) == (try measurer.measureRow(row, in: SectionSpec(), width: w, frames: false).height))
        }
    }
}

/// The step logic on made-up step functions, where the truth is known at every real width.
@Suite struct HeightCurveBuilderTests {
    /// A step function with boundaries anywhere on the real line; `measure` proves up to the
    /// next boundary, or a random part of it, or nothing.
    struct Truth {
        var boundaries: [Double]
        func height(at w: Double) -> Double { Double(boundaries.filter { $0 <= w }.count) * 0.5 + 20 }
        func next(after w: Double) -> Double { boundaries.first { $0 > w } ?? .infinity }
    }

    @Test(arguments: 0..<40)
    func noWidthInsideAReportedStepChangesTheHeight(_ seed: Int) {
        var random = SplitMix64(state: UInt64(seed) &* 7919)
        let scale = [1.0, 2, 3][seed % 3]
        let truth = Truth(boundaries: (0..<Int.random(in: 0...30, using: &random)).map { _ in
            // Some boundaries on pixel widths, some between them.
            let w = Double.random(in: 320...1024, using: &random)
            return seed % 2 == 0 ? (w * scale).rounded() / scale : w
        }.sorted())
        var builder = HeightCurve.Builder(widths: 320...1024, scale: scale)
        var calls = 0
        let curve = builder.build { (w: Double, wanted: Double) -> (height: Double, reach: Double?) in
            calls += 1
            // The proof reaches up to, never past, the next boundary (a boundary is where it changes).
            let exact = truth.next(after: w) - w
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return (truth.height(at: w), nil)
            case 1: return (truth.height(at: w), exact * Double.random(in: 0...1, using: &random))
            default: return (truth.height(at: w), min(exact.nextDown, wanted))
            }
        }
        #expect(calls <= 2 * HeightCurveTests.pixelWidths(320...1024, scale: scale).count + HeightCurve.Builder.extraSteps + 1)
        for w in HeightCurveTests.pixelWidths(320...1024, scale: scale) {
            #expect(curve.height(at: w) == truth.height(at: w), "pixel width \(w)")
        }
        for _ in 0..<2000 {
            let w = Double.random(in: 320...1024, using: &random)
            // Proved widths: outside pointwise ranges and the round-off slivers at boundaries.
            guard !curve.isPointwise(at: w), truth.boundaries.allSatisfy({ abs($0 - w) > 3e-6 }) else { continue }
            #expect(curve.height(at: w) == truth.height(at: w), "width \(w)")
        }
        #expect(zip(curve.starts, curve.starts.dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(curve.heights, curve.heights.dropFirst()).allSatisfy { $0 != $1 })
    }

    @Test func aCurveProvedEverywhereIsOneMeasurementPerStep() {
        let truth = Truth(boundaries: [341.5, 402, 512.5])
        var builder = HeightCurve.Builder(widths: 320...1024, scale: 2)
        var calls = 0
        let curve = builder.build { (w: Double, wanted: Double) -> (height: Double, reach: Double?) in
            calls += 1
            return (truth.height(at: w), min(truth.next(after: w) - w, wanted))
        }
        #expect(calls == 4)
        #expect(curve.starts == [320, 341.5, 402, 512.5] && curve.heights == [20, 20.5, 21, 21.5])
        #expect(curve.pointwise.isEmpty)
    }

    @Test func aCurveProvedNowhereIsMeasuredAtEveryPixelWidth() {
        var builder = HeightCurve.Builder(widths: 320...330, scale: 2)
        var calls = 0
        let curve = builder.build { (w: Double, _: Double) -> (height: Double, reach: Double?) in
            calls += 1
            return ((w * 2).rounded(.down) / 2, nil)
        }
        #expect(calls == 21)
        #expect(curve.pointwise == [320...330])
        #expect(curve.height(at: 325.5) == 325.5 && curve.height(at: 325.75) == 325.5)
    }
}
