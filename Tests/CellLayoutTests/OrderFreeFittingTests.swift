import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// SPEC gives the order of `views` a meaning only in stacks: fitting measures every wrapping
/// label at the widths of one solution, then solves again, so no label is re-measured before
/// the others have been read.
@Suite struct OrderFreeFittingTests {
    /// Issue 16's reproducer: two wrapping labels side by side whose widths trade against each
    /// other (`b` gives way at 240 horizontally). The first solution gives `a` 150 and `b` 77
    /// points; measured there together, `a` takes two lines 120 wide and `b` four lines 72 wide
    /// (65.5 tall), which hold when solved again. Re-measuring one label and re-solving before
    /// the next gave 49 in one order (`b` then widened to 107: three lines) and 65.5 in the other.
    static func sideBySide(reversed: Bool) -> Template {
        let a = ViewSpec(id: "a", kind: .label(LabelSpec(text: "Kannada (KaGaPa, phonetic)", size: 13, lines: 0)))
        let b = ViewSpec(id: "b", kind: .label(LabelSpec(text: "Getting printer information failed", size: 14, lines: 0)),
                         compression: [240, 750])
        return Template(name: "SideBySide", views: reversed ? [b, a] : [a, b], constraints: [
            "a.width <= 150", "a.trailing <= b.leading - 8", "a.top == super.top", "b.top == super.top",
            "super.bottom >= a.bottom", "super.bottom >= b.bottom", "a.leading == super.leading",
            "b.trailing <= super.trailing",
        ])
    }

    @Test func twoWrappingLabelsSideBySideFitTheSameInEitherOrder() throws {
        var cells: [[String: [Double]]] = []
        for reversed in [false, true] {
            let measurer = try Fixtures.measurer([Self.sideBySide(reversed: reversed)],
                                                 list: ListSettings(width: 235, separator: false))
            let cell = try measurer.measureRow(Fixtures.row([:], template: "SideBySide"), in: SectionSpec(), frames: true)
            #expect(cell.height == 65.5)
            var frames: [String: [Double]] = [:]
            for f in cell.frames { frames[f.id] = [f.x, f.y, f.width, f.height] }
            cells.append(frames)
        }
        #expect(cells[0] == cells[1])
        #expect(cells[0]["a"] == [0, 0, 120, 30.5])
        #expect(cells[0]["b"] == [163, 0, 72, 65.5])
    }

    /// Random layouts with a unique answer (the kiwi cross-check's generator, and pairs of
    /// wrapping labels trading width as above) give the same heights and frames, view by view,
    /// whatever the order of `views`.
    @Test func permutingViewsNeverChangesHeightsOrFrames() throws {
        var generator = UniqueLayoutGenerator(random: SplitMix64(state: 16_0003))
        var failures = 0
        for i in 0..<120 {
            let (template, data) = i % 2 == 0 ? generator.template(named: "T") : generator.wrappingPair()
            let row = RowSpec(data: data, template: "T", autoHeight: true)
            let width = generator.pick([235.0, 320, 375])
            let expected = try Fixtures.measurer([template], list: ListSettings(width: width))
                .measureRow(row, in: SectionSpec(), frames: true)
            for _ in 0..<3 {
                var shuffled = template
                shuffled.views.shuffle(using: &generator.random)
                let cell = try Fixtures.measurer([shuffled], list: ListSettings(width: width))
                    .measureRow(row, in: SectionSpec(), frames: true)
                let same = cell.height == expected.height && cell.frames.allSatisfy { frame in
                    guard let e = expected.frames.first(where: { $0.id == frame.id }) else { return false }
                    return zip([frame.x, frame.y, frame.width, frame.height], [e.x, e.y, e.width, e.height])
                        .allSatisfy { abs($0 - $1) <= 1e-9 }
                }
                if !same { failures += 1 }
                #expect(same, "\(shuffled.views.map(\.id)) \(template.constraints): \(cell) vs \(expected)")
            }
        }
        #expect(failures == 0)
    }
}

extension UniqueLayoutGenerator {
    /// Two to four wrapping labels in a row, each kept right of the one before and inside the
    /// content view, with distinct compression priorities so their widths trade without a tie.
    mutating func wrappingPair() -> (Template, JSONValue) {
        var views: [ViewSpec] = []
        var constraints: [String] = []
        var data: [String: JSONValue] = [:]
        let count = int(2...4)
        var priorities = [240.0, 300, 500, 700, 740, 760].shuffled(using: &random)
        for i in 0..<count {
            let id = "w\(i)"
            data[id] = .string(pick(Self.posts + Self.words + ["Kannada (KaGaPa, phonetic)", "Getting printer information failed"]))
            views.append(ViewSpec(id: id, kind: .label(LabelSpec(text: "${\(id)}", size: Double(int(11...18)), lines: pick([0, 2]))),
                                  compression: [priorities.removeLast(), 750]))
            constraints.append(i == 0 ? "\(id).leading == super.leading + \(points(0...16))"
                                      : "\(id).leading == w\(i - 1).trailing + \(points(4...12))")
            if chance(0.5) { constraints.append("\(id).width <= \(points(40...160))") }
            constraints.append("\(id).top == super.top + \(points(0...12))")
            constraints.append("super.bottom >= \(id).bottom + \(points(0...12))")
        }
        constraints.append("w\(count - 1).trailing <= super.trailing - \(points(0...16))")
        return (Template(name: "T", views: views, constraints: constraints), .object(JSONObject(data)))
    }
}
