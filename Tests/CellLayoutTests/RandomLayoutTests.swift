import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// Generates templates whose layout has exactly one answer: every view's x, y, width and height
/// is fixed by one required equality or by its intrinsic size (possibly bounded by a required or
/// prioritised inequality that leaves one optimum), and the content view's bottom is pulled
/// below some views, so the fitted height is the largest of their bottoms plus a margin.
/// A view with an intrinsic size never takes its size from another view's (its hugging and
/// compression errors would then trade against that view's at the same priority: a tie).
struct UniqueLayoutGenerator {
    var random: SplitMix64
    /// Whether templates name margin attributes and give the content view and their views
    /// layout margins (a margin only moves a constant, so the answer stays unique).
    var margins = false
    static let words = ["Inbox", "Ada Lovelace", "今天天气很好", "Settings", "12:45", "Re: lunch?", "OK", "Grace", "📷 Photo"]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func points(_ range: ClosedRange<Int>) -> Double { Double(int(range.lowerBound * 2...range.upperBound * 2)) / 2 }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    /// `attribute`, or with `margins` half the time its margin attribute (`leading` ->
    /// `leadingMargin`, `centerX` -> `centerXWithinMargins`).
    mutating func m(_ attribute: String) -> String {
        guard margins, chance(0.5) else { return attribute }
        return attribute.hasPrefix("center") ? attribute + "WithinMargins" : attribute + "Margin"
    }

    /// Random margins, or nil (the default) a third of the time.
    mutating func someMargins() -> LayoutMargins? {
        guard !chance(0.34) else { return nil }
        return LayoutMargins(top: points(0...20), leading: points(0...24), bottom: points(0...20), trailing: points(0...24))
    }

    mutating func template(named name: String) -> (Template, JSONValue) {
        var views: [ViewSpec] = []
        var constraints: [String] = []
        var data: [String: JSONValue] = [:]
        let count = int(2...7)
        for i in 0..<count {
            let id = "v\(i)"
            let previous = i > 0 ? "v\(int(0...i - 1))" : "super"
            var hasIntrinsic = true
            switch int(0...3) {
            case 0:
                let size = int(11...22)
                data[id] = .string(pick(Self.words))
                views.append(ViewSpec(id: id, kind: .label(LabelSpec(text: "${\(id)}", size: Double(size)))))
            case 1:
                views.append(ViewSpec(id: id, kind: .image(width: .fixed(points(8...90)), height: .path("\(id)h"))))
                data["\(id)h"] = .number(points(8...90))
            case 2:
                views.append(ViewSpec(id: id, kind: .view(width: .fixed(points(8...90)), height: .fixed(points(8...60)))))
            default:
                hasIntrinsic = false
                views.append(ViewSpec(id: id, kind: .view(width: nil, height: nil)))
            }
            if margins { views[i].layoutMargins = someMargins() }
            let c = points(0...20)
            switch int(0...3) {
            case 0: constraints.append("\(id).leading == super.\(m("leading")) + \(c)")
            case 1 where previous != "super": constraints.append("\(id).\(m("leading")) == \(previous).\(m("trailing")) + \(c)")
            case 2 where previous != "super": constraints.append("\(id).centerX == \(previous).\(m("centerX")) - \(c)")
            default: constraints.append("\(id).\(m("left")) == super.\(m("centerX")) + \(c)")
            }
            switch hasIntrinsic ? pick([0, 1, 2, 5]) : int(2...5) {
            case 0: break  // intrinsic width alone
            case 1: constraints.append("\(id).width <= \(points(10...80))")
            case 2: constraints.append("\(id).width == \(points(5...100))")
            case 3 where previous != "super": constraints.append("\(id).width == 0.5 * \(previous).width + \(c)")
            case 4: constraints.append("\(id).trailing == super.\(m("trailing")) - \(c)")
            default:
                if hasIntrinsic { constraints.append("\(id).width >= \(points(10...80)) @ \(pick(["500", "high", "300"]))") }
                else { constraints.append("\(id).width == \(points(5...100)) @required") }
            }
            let d = points(0...16)
            switch int(0...3) {
            case 0: constraints.append("\(id).top == super.\(m("top")) + \(d)")
            case 1 where previous != "super": constraints.append("\(id).\(m("top")) == \(previous).\(m("bottom")) + \(d)")
            case 2 where previous != "super": constraints.append("\(id).\(m("centerY")) == \(previous).centerY + \(d)")
            default:
                if previous != "super" { constraints.append("\(id).firstBaseline == \(previous).lastBaseline + \(d)") }
                else { constraints.append("\(id).top == super.top + \(d)") }
            }
            switch hasIntrinsic ? pick([0, 1, 2, 3]) : int(2...4) {
            case 0: break
            case 1: constraints.append("\(id).height <= \(points(5...40)) @ required")
            case 2: constraints.append("\(id).height == \(points(5...60))")
            case 3: constraints.append("\(id).height == \(id).width * 0.75")
            default:
                if previous != "super" { constraints.append("\(id).height == 2 * \(previous).height - \(d)") }
                else { constraints.append("\(id).height == \(points(5...60))") }
            }
            if i == count - 1 || chance(0.6) {
                constraints.append("super.\(m("bottom")) >= \(id).bottom + \(points(0...16))")
            }
        }
        if chance(0.5) { addStack(after: count, &views, &constraints, &data) }
        if chance(0.2) { constraints.append("super.height >= 44") }
        let layoutMargins = margins ? someMargins() : nil
        return (Template(name: name, views: views, constraints: constraints, layoutMargins: layoutMargins),
                .object(JSONObject(data)))
    }

    static let posts = ["A longer post that wraps onto a second line and then, because it keeps going, a third.",
                        "今天天气很好，我们去公园散步吧。然后去吃火锅，晚上再看一场电影。", "Short"]

    /// A stack pinned between the content view's edges, arranging fresh views (some hidden by the
    /// row): a vertical column of labels (wrapping or not) and boxes, or a horizontal row of fixed
    /// boxes distributed fillEqually or equalSpacing. Every arranged size is fixed by the stack or
    /// by an intrinsic size, so the answer stays unique.
    mutating func addStack(after count: Int, _ views: inout [ViewSpec], _ constraints: inout [String],
                           _ data: inout [String: JSONValue]) {
        let vertical = chance(0.5)
        var arranged: [String] = []
        var children: [ViewSpec] = []
        for k in 0..<int(1...3) {
            let id = "s\(k)"
            let hidden: HiddenSpec = chance(0.3) ? .whenTrue("hide\(k)") : .always(false)
            data["hide\(k)"] = .bool(chance(0.5))
            if vertical && chance(0.6) {
                data[id] = .string(pick(Self.posts + Self.words))
                children.append(ViewSpec(id: id, kind: .label(LabelSpec(text: "${\(id)}", size: Double(int(11...18)),
                                                                        lines: pick([0, 1, 2]))), hidden: hidden))
            } else {
                children.append(ViewSpec(id: id, kind: .view(width: .fixed(points(8...60)), height: .fixed(points(8...40))),
                                         hidden: hidden))
            }
            arranged.append(id)
        }
        let alignment: StackSpec.Alignment = vertical ? pick([.fill, .leading, .center, .trailing])
                                                      : pick([.fill, .top, .center, .bottom])
        let distribution: StackSpec.Distribution = vertical ? .fill : pick([.fillEqually, .equalSpacing])
        views.append(ViewSpec(id: "stack", kind: .stack(StackSpec(axis: vertical ? .vertical : .horizontal,
                                                                   spacing: points(0...8), alignment: alignment,
                                                                   distribution: distribution, arranged: arranged))))
        views += children
        constraints.append("stack.leading == super.\(m("leading")) + \(points(0...20))")
        constraints.append("stack.trailing == super.\(m("trailing")) - \(points(0...20))")
        constraints.append(chance(0.5) ? "stack.top == super.top + \(points(0...12))"
                                       : "stack.top == v\(int(0...count - 1)).bottom + \(points(0...12))")
        constraints.append("super.bottom >= stack.bottom + \(points(0...12))")
    }
}

@Suite struct RandomLayoutTests {
    /// `count` generated templates, one row each (random accessories), measured with `list` by
    /// ListMeasurer and by kiwi: every height and frame must agree. Returns the templates.
    @discardableResult
    func expectAgreement(_ generator: inout UniqueLayoutGenerator, count: Int, prefix: String,
                         list: ListSettings = ListSettings()) throws -> [Template] {
        var templates: [Template] = []
        var rows: [RowSpec] = []
        for i in 0..<count {
            let (template, data) = generator.template(named: "\(prefix)\(i)")
            templates.append(template)
            rows.append(RowSpec(data: data, template: template.name, autoHeight: true,
                                accessory: generator.pick(Accessory.allCases)))
        }
        let measurer = try Fixtures.measurer(templates, list: list)
        let reference = try KiwiReference.layout(Array(zip(templates, rows)), list: list)
        var agreed = 0
        for (i, (template, row)) in zip(templates, rows).enumerated() {
            let ours = try measurer.measureRow(row, in: SectionSpec(), frames: true)
            guard let expected = reference[i] else {
                Issue.record("kiwi found no solution for \(template.constraints)")
                continue
            }
            let framesAgree = ours.frames.allSatisfy { frame in
                guard let e = expected.frames[frame.id] else { return false }
                return zip([frame.x, frame.y, frame.width, frame.height], e).allSatisfy { abs($0 - $1) <= 1e-6 }
            }
            #expect(ours.height == expected.height && framesAgree,
                    "\(template.constraints) ours \(ours) kiwi \(expected)")
            if ours.height == expected.height && framesAgree { agreed += 1 }
        }
        #expect(agreed == templates.count)
        return templates
    }

    @Test func generatedLayoutsWithUniqueAnswersAgreeWithKiwiEverywhere() throws {
        var generator = UniqueLayoutGenerator(random: SplitMix64(state: 20_261_121))
        try expectAgreement(&generator, count: 300, prefix: "T")
    }

    @Test func generatedLayoutsWithMarginsAndASectionIndexAgreeWithKiwiEverywhere() throws {
        var generator = UniqueLayoutGenerator(random: SplitMix64(state: 20_261_129), margins: true)
        let list = ListSettings(layoutMargins: LayoutMargins(top: 6, leading: 20, bottom: 9, trailing: 12), indexWidth: 15)
        let templates = try expectAgreement(&generator, count: 200, prefix: "M", list: list)
        // The generator did exercise margins: most templates name at least one.
        let marginConstraints = templates.map { $0.constraints.filter { $0.contains("Margin") }.count }.reduce(0, +)
        #expect(marginConstraints > templates.count)
    }
}
