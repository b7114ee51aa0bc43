import Dispatch
import PropertyBased
import Testing
@testable import TextEngine
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// Numbers at the edges: a row's values never change another row's height, every number given
/// out is finite or the row is an error, values of the wrong kind are errors at their path, and
/// constraints stay strict inside `LayoutLimits`.
@Suite struct RowNumberTests {
    /// An image whose height and a label whose text come from the row; the row is as tall as the
    /// image or the label, whichever is taller. The image resists compression more than the
    /// label (751), so that a label too wide for the row has one answer, not a tie.
    static let template = Template(name: "Tall", views: [
        ViewSpec(id: "i", kind: .image(width: .fixed(10), height: .path("h")), compression: [751, 750]),
        Fixtures.label("t", "${t}", lines: 0),
    ], constraints: [
        "i.leading == super.leading", "i.top == super.top",
        "t.leading == i.trailing + 4", "t.trailing == super.trailing", "t.top == super.top",
        "super.bottom >= i.bottom", "super.bottom >= t.bottom",
    ])

    /// Values of every kind and size a row could hold for the image height.
    static let heights: [JSONValue] = [
        .number(1e20), .number(5), .number(30), .number(1e16), .number(7.25), .number(65_536.5),
        .number(70_000.3), .number(999_999.5), .number(1_000_000), .number(1_000_000.5), .number(0.1),
        .number(1e-300), .number(0), .number(-5), .string("abc"), .string("12.5"), .number(.infinity),
        .number(.nan), .bool(true), .array([.number(3)]), .null, .number(5e-324), .number(1e308),
        .number(123_456.789), .number(-0.0), .string("1e400"),
    ]

    /// Texts of every kind a row could hold for the label.
    static let texts: [JSONValue] = [
        .string(""), .string("Hello"), .string(String(repeating: "wide ", count: 20_000)),
        .array([.string("-n"), .number(2)]), .object(["a": .number(1)]), .number(1e20), .null,
    ]

    /// The row's height (bit for bit) and frames (to 1e-9 points: frames are unrounded, and a
    /// value such as 0.1 moved in and out of the tableau may differ in its last bit), or its
    /// error, as one string, so two outcomes compare exactly.
    static func outcome(_ measurer: ListMeasurer, _ data: JSONObject) -> String {
        do {
            let m = try measurer.measureRow(Fixtures.row(data), in: SectionSpec(template: "Tall"), frames: true)
            func nano(_ v: Double) -> Double { (v * 1e9).rounded() / 1e9 }
            return "\(m.height.bitPattern) \(m.frames.map { [$0.x, $0.y, $0.width, $0.height].map(nano) })"
        } catch {
            return "error \(error)"
        }
    }

    /// The rows every test below runs: each height with a short text, then each text.
    static let rows: [JSONObject] = heights.map { ["h": $0, "t": .string("Hi")] }
        + texts.map { ["h": .number(20), "t": $0] }
        + heights.map { ["h": $0, "t": .string(String(repeating: "wide ", count: 20_000))] }

    /// Each row measured alone, by a template compiled for it.
    static let fresh: [String] = rows.map { row in
        (try? Fixtures.measurer([template])).map { outcome($0, row) } ?? "no measurer"
    }

    @Test func oneRowNeverChangesAnotherRowsHeight() throws {
        let measurer = try Fixtures.measurer([Self.template])
        // Three passes in different orders through one compiled template.
        for pass in 0..<3 {
            let order = pass == 1 ? Array(Self.rows.indices.reversed()) : Array(Self.rows.indices)
            for r in order {
                #expect(Self.outcome(measurer, Self.rows[r]) == Self.fresh[r], "pass \(pass), row \(r): \(Self.rows[r])")
            }
        }
    }

    @Test func oneRowNeverChangesAnotherRowsHeightWithMeasurersSharingTheTemplate() throws {
        let measurer = try Fixtures.measurer([Self.template])
        let threads = 2, rounds = 6
        let results = UnsafeMutableBufferPointer<String>.allocate(capacity: threads * rounds * Self.rows.count)
        results.initialize(repeating: "")
        defer { results.deallocate() }
        nonisolated(unsafe) let out = results
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for round in 0..<rounds {
                for k in Self.rows.indices {
                    // Each thread walks the rows at its own offset, so extremes meet normal rows.
                    let r = (k * (t + 1) + round) % Self.rows.count
                    out[(t * rounds + round) * Self.rows.count + r] = Self.outcome(measurer, Self.rows[r])
                }
            }
        }
        for i in results.indices {
            let r = i % Self.rows.count
            #expect(results[i] == Self.fresh[r], "row \(r): \(Self.rows[r])")
        }
    }

    @Test func aLabelTheTextKernelCannotMeasureMakesTheRowAnErrorAtTheLabel() throws {
        // A text cache that could not be allocated fails the C path as running out of memory does.
        let unmeasuring = TextMeasurer(segmentCapacity: 64, texts: TextCache(unallocated: ()), textCapacity: 64)
        let template = try #require(try Fixtures.measurer([Self.template]).template(named: "Tall"))
        let row = JSONValue.object(["h": .number(20), "t": .string("Hello world")])
        let error = try #require(throws: LayoutError.self) {
            try template.layout(row, width: 375, textMeasurer: unmeasuring, frames: false)
        }
        #expect(error.path == "templates.Tall.views[1]")
        #expect(error.message == "this row's text measures to a size that is not a finite number")
        #expect(try template.layout(row, width: 375, textMeasurer: TextMeasurer(), frames: false).contentHeight == 20)
    }

    @Test func aRowWithALargeValueLeavesNoRoundOffForTheNext() throws {
        // Values moved in and out of the tableau past 65,536 points leave round-off in its
        // constants; the workspace that saw one is not reused, so a row measured after many
        // such rows has the frames, bit for bit, of the row measured by a fresh template.
        func frames(_ template: CompiledTemplate, _ h: Double, _ t: String) throws -> [UInt64] {
            try template.layout(.object(["h": .number(h), "t": .string(t)]), width: 375, textMeasurer: TextMeasurer(),
                                frames: true).frames.flatMap { [$0.x, $0.y, $0.width, $0.height].map(\.bitPattern) }
        }
        let shared = try #require(try Fixtures.measurer([Self.template]).template(named: "Tall"))
        var k = 0.0
        for round in 0..<40 {
            for large in [999_999.3, 70_000.7, 123_456.789, 654_321.123] {
                k += 1
                _ = try frames(shared, large - k * 0.013, "Hi")
            }
            let h = 0.1 + Double(round) * 0.37
            let fresh = try #require(try Fixtures.measurer([Self.template]).template(named: "Tall"))
            #expect(try frames(shared, h, "Hello there") == frames(fresh, h, "Hello there"), "round \(round)")
        }
    }

    @Test func everyHeightGivenIsFiniteOrTheRowIsAnError() {
        for (r, row) in Self.rows.enumerated() {
            let result = Self.fresh[r]
            if result.hasPrefix("error ") { continue }
            let measurer = try? Fixtures.measurer([Self.template])
            let m = try? measurer?.measureRow(Fixtures.row(row), in: SectionSpec(template: "Tall"), frames: true)
            #expect(m?.height.isFinite == true, "row \(r)")
            #expect(m?.frames.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.width.isFinite && $0.height.isFinite } == true)
        }
    }

    @Test func aSizeOfTheWrongKindOrOutOfRangeIsAnErrorAtItsPath() throws {
        let measurer = try Fixtures.measurer([Self.template])
        let bad: [(JSONValue, String)] = [
            (.string("abc"), "found \"abc\""), (.number(-5), "found -5"), (.number(.nan), "found nan"),
            (.number(1e20), "found 1e+20"), (.bool(true), "found true"),
            (.object([:]), "found an object"), (.number(.infinity), "found inf"), (.string("1e400"), "found \"1e400\""),
        ]
        for (value, found) in bad {
            #expect {
                try measurer.measureRow(Fixtures.row(["h": value]), in: SectionSpec(template: "Tall"), frames: false)
            } throws: { error in
                guard let error = error as? LayoutError else { return false }
                return error.located(at: "sections[0].rows[2]").path == "sections[0].rows[2].h"
                    && error.message == "i intrinsic height must be a size in 0...1000000 points, \(found)"
            }
        }
        // Missing and null still mean empty: no image height.
        let missing = try measurer.measureRow(Fixtures.row(["t": .string("")]), in: SectionSpec(template: "Tall"), frames: false)
        let null = try measurer.measureRow(Fixtures.row(["h": .null]), in: SectionSpec(template: "Tall"), frames: false)
        #expect(missing.height == 0.5)
        #expect(null.height == 0.5)
    }

    @Test func aPlaceholderNamingAnObjectOrNestedArrayIsAnErrorAtItsPath() throws {
        let measurer = try Fixtures.measurer([Self.template])
        // An array holding an object is read as the label's runs (its whole text is `${t}`): a
        // run without a text is an error at that run.
        for (value, path): (JSONValue, String) in [(.object(["a": .number(1)]), "t"), (.array([.array([])]), "t"),
                                                   (.array([.null]), "t"), (.array([.object([:])]), "t[0]")] {
            #expect {
                try measurer.measureRow(Fixtures.row(["t": value]), in: SectionSpec(template: "Tall"), frames: false)
            } throws: { error in
                (error as? LayoutError)?.located(at: "sections[0].rows[0]").path == "sections[0].rows[0].\(path)"
            }
        }
    }

    @Test func anArrayOfScalarsRendersAsItsElementsJoinedBySingleSpaces() throws {
        let measurer = try Fixtures.measurer([Self.template])
        let section = SectionSpec(template: "Tall")
        let array = try measurer.measureRow(Fixtures.row(["t": .array([.string("-n"), .number(2), .bool(true)])]),
                                            in: section, frames: true)
        let written = try measurer.measureRow(Fixtures.row(["t": .string("-n 2 true")]), in: section, frames: true)
        #expect(array.frames == written.frames)
        #expect(array.frames.first { $0.id == "t" }.map { $0.width > 0 } == true)
        let empty = try measurer.measureRow(Fixtures.row(["t": .array([])]), in: section, frames: true)
        #expect(empty.frames.first { $0.id == "t" }?.width == 0)
    }

    @Test func documentNumbersOutsideTheirRangesAreErrorsNamingTheirPath() throws {
        let cases: [(String, String)] = [
            (#"{"list":{"scale":5e-324}}"#, "list.scale"),
            (#"{"list":{"scale":1e9}}"#, "list.scale"),
            (#"{"list":{"width":1e300}}"#, "list.width"),
            (#"{"list":{"rowHeight":1e7}}"#, "list.rowHeight"),
            (#"{"list":{"headerHeight":1e308}}"#, "list.headerHeight"),
            (#"{"templates":{"T":{"views":[{"id":"i","image":{"width":1,"height":1e308}}]}}}"#,
             "templates.T.views[0].image.height"),
            (#"{"templates":{"T":{"views":[{"id":"s","stack":{"axis":"vertical","spacing":-1e7}}]}}}"#,
             "templates.T.views[0].stack.spacing"),
            (#"{"sections":[{"height":2e6,"rows":[{"height":1}]}]}"#, "sections[0].height"),
            (#"{"sections":[{"rows":[{"height":1e300}]}]}"#, "sections[0].rows[0].height"),
        ]
        for (text, path) in cases {
            let value = try JSONParser().parse(text)
            #expect(throws: DocumentError.self, "\(text)") { try DocumentDecoder().decode(value) }
            do {
                _ = try DocumentDecoder().decode(value)
            } catch {
                #expect(error.path == path, "\(text)")
            }
        }
        // A document built in code is checked when measured.
        #expect(throws: LayoutError.self) {
            try Fixtures.measurer([Self.template], list: ListSettings(scale: 5e-324))
        }
        #expect(throws: LayoutError.self) {
            try Fixtures.measurer([Template(name: "X", views: [ViewSpec(id: "i", kind: .image(width: .fixed(1), height: .fixed(1e308)))])])
        }
    }

    /// A 1x1 image whose constraints reach the edges of `LayoutLimits`.
    static func square(_ constraint: String) throws -> (width: Double, height: Double) {
        let spec = Template(name: "Sq", views: [ViewSpec(id: "i", kind: .image(width: .fixed(1), height: .fixed(1)))],
                                constraints: ["i.leading == super.leading", "i.top == super.top",
                                              "super.bottom >= i.bottom", constraint])
        let m = try Fixtures.measurer([spec]).measureRow(Fixtures.row([:]), in: SectionSpec(template: "Sq"), frames: true)
        let frame = try #require(m.frames.first)
        return (frame.width, frame.height)
    }

    @Test func prioritiesStayStrictAtTheEdgesOfTheSupportedRange() throws {
        // Compression (750) beats hugging (250): the width stays 1 and the height gives way.
        #expect(try Self.square("i.height == 1000 * i.width") == (1, 1000))
        #expect(try Self.square("i.width == 1000 * i.height") == (1000, 1))
        #expect(try Self.square("i.height == 0.001 * i.width") == (1000, 1))
        // A weak pull of a million points loses to the image's own size.
        #expect(try Self.square("i.height >= 1000000 @ 10") == (1, 1))
        #expect(try Self.square("i.height >= 1000000 @ 999") == (1, 1_000_000))
    }

    @Test func constraintsOutsideTheSupportedRangeAreRefusedNamingTheConstraint() {
        for constraint in ["i.height == 1000000000 * i.width", "i.height == 0.0000001 * i.width",
                           "i.height >= 1000000000000000000 @ 10", "i.top == super.top - 1000000.5", "i.width == i.height * -2000"] {
            #expect {
                _ = try Self.square(constraint)
            } throws: { error in
                guard let error = error as? LayoutError else { return false }
                return error.path == "templates.Sq.constraints[3]" && error.message.hasPrefix("\"\(constraint)\": ")
                    && error.message.contains("out of range")
            }
        }
    }

    @Test func keysAreTheSameOnlyForTheSameJSONValue() throws {
        let text = #"{"sections":[{"rows":[{"key":1},{"key":"1"},{"key":1.0},{"key":1e0},{"key":"1.0"},{"key":"\u00001"}]}]}"#
        let document = try DocumentDecoder().decode(try JSONParser().parse(text))
        let keys = document.sections[0].rows.map(\.cacheKey)
        #expect(keys[0] == keys[2] && keys[0] == keys[3])
        #expect(Set(keys.compactMap { $0 }).count == 4)
        // Echoed as written for a string, as its shortest text for a number.
        #expect(document.sections[0].rows.map(\.key) == ["1", "1", "1", "1", "1.0", "\u{0}1"])
    }

    @Test func numberKeysPast2To53FileNoKeyedHeight() throws {
        // 9007199254740993 reads as 9007199254740992: two ids, one double. Sharing a keyed
        // height between them would be a silent wrong height, so such a key files none.
        let text = #"{"sections":[{"rows":[{"key":9007199254740991},{"key":9007199254740992},{"key":9007199254740993},{"key":-1e300},{"key":"9007199254740993"}]}]}"#
        let rows = try DocumentDecoder().decode(try JSONParser().parse(text)).sections[0].rows
        #expect(rows[0].cacheKey != nil && rows[0].cacheKey == "\u{0}#" + (rows[0].key ?? ""))
        #expect(rows[1].cacheKey == nil && rows[2].cacheKey == nil && rows[3].cacheKey == nil)
        #expect(rows[1].key != nil && rows[2].key == rows[1].key)  // still echoed
        #expect(rows[4].cacheKey == "9007199254740993")
    }

    @Test("random extreme numbers give a finite height or an error, the same as the row alone")
    func randomExtremeNumbersGiveWhatTheRowAloneGives() async throws {
        let measurer = try Fixtures.measurer([Self.template])
        let number = Gen<Double>.oneOf(
            Gen.double(in: 0...100), Gen.double(in: 0...2_000_000), Gen.double(in: 0...1e308),
            Gen.double(in: -1e6...0), Gen.always(.infinity), Gen.always(.nan), Gen.always(1e20), Gen.always(65_536.25))
        await propertyCheck(count: 60, input: number, number) { h, words in
            let rows: [JSONObject] = [
                ["h": .number(h), "t": .string("x")],
                ["h": .string(String(h)), "t": .string(String(repeating: "a ", count: words.isFinite ? Int(min(max(words, 0), 30_000)) : 3))],
                ["h": .number(5), "t": .number(words)],
            ]
            for row in rows {
                let shared = Self.outcome(measurer, row)
                let alone = Self.outcome(try Fixtures.measurer([Self.template]), row)
                #expect(shared == alone, "\(row)")
                if !shared.hasPrefix("error ") {
                    let m = try measurer.measureRow(Fixtures.row(row), in: SectionSpec(template: "Tall"), frames: false)
                    #expect(m.height.isFinite)
                }
            }
        }
    }
}
