import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// Seeded random templates (any attributes, relations, multipliers including 0 and negatives,
/// priorities, stacks, hidden rules, row sizes) never crash or hang: compiling and measuring each
/// row either succeeds with finite numbers (a height not negative) or throws a LayoutError with a
/// path.
@Suite struct TemplateRobustnessTests {
    @Test func randomTemplatesCompileAndMeasureOrFailCleanly() throws {
        var random = SplitMix64(state: 9)
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        let attributes = LayoutAttribute.allCases.map(\.rawValue)
        var outcomes = (compiled: 0, compileErrors: 0, measured: 0, rowErrors: 0)
        for t in 0..<200 {
            let ids = ["a", "b", "c", "s"]
            var views: [ViewSpec] = [
                Fixtures.label("a", "${text}", lines: pick([0, 1, 3])),
                ViewSpec(id: "b", kind: .image(width: .path("w"), height: .fixed(20)), hidden: .whenTrue("hide")),
                ViewSpec(id: "c", kind: .view(width: nil, height: pick([nil, .fixed(10)])), hidden: .whenFalse("show")),
            ]
            views.append(ViewSpec(id: "s", kind: .stack(StackSpec(
                axis: pick([.horizontal, .vertical]), spacing: pick([0, 4, -3]),
                alignment: pick([.fill, .leading, .center, .trailing, .top, .bottom, .firstBaseline]),
                distribution: pick([.fill, .fillEqually, .equalSpacing, .equalCentering]),
                arranged: Array(["b", "c"].prefix(Int.random(in: 0...2, using: &random)))))))
            var constraints: [String] = ["super.bottom >= a.bottom"]
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let first = "\(pick(ids + ["super"])).\(pick(attributes))"
                let second = "\(pick(ids + ["super"])).\(pick(attributes))"
                let rel = pick(["==", "<=", ">="])
                let priority = pick(["", " @ 1", " @ 999", " @ high", " @ 50"])
                constraints.append(pick([
                    "\(first) \(rel) \(second)\(priority)",
                    "\(first) \(rel) \(pick(["0", "-2", "0.5", "3"])) * \(second) + \(pick(["0", "12.5", "1000000"]))\(priority)",
                    "\(first) \(rel) \(pick(["0", "-40", "44", "1e3"]))\(priority)",
                ]))
            }
            if t % 3 == 0 { views.removeLast() }
            if t % 4 == 0 {
                // Fine at 375 points, impossible once a wide accessory narrows the row.
                constraints = ["super.bottom >= a.bottom", "c.leading == super.leading", "c.trailing == super.trailing",
                               "c.width >= 330", pick(["a.top == super.top", "a.top == super.top + 4"])]
            }
            let template = Template(name: "R\(t)", views: views, constraints: constraints,
                                        visualFormats: t % 5 == 0 ? ["H:|-[a]-(>=8@high)-[b(==a)]-|"] : [])
            let measurer: ListMeasurer
            do {
                measurer = try Fixtures.measurer([template])
                outcomes.compiled += 1
            } catch let error as LayoutError {
                #expect(error.path.hasPrefix("templates.R\(t)") || error.path.hasPrefix("fonts"))
                outcomes.compileErrors += 1
                continue
            }
            for row in 0..<4 {
                let data: JSONObject = ["text": .string(pick(["", "Hi", HandWrittenCellTests.posts[1]])),
                                                 "w": pick([.number(30), .string("x"), .null, .number(-5)]),
                                                 "hide": .bool(row % 2 == 0), "show": .bool(row > 1)]
                do {
                    let m = try measurer.measureRow(Fixtures.row(data, accessory: pick(Accessory.allCases)),
                                                    in: SectionSpec(template: template.name), frames: true)
                    #expect(m.height.isFinite && m.height >= 0)
                    #expect(m.frames.allSatisfy { [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) })
                    outcomes.measured += 1
                } catch {
                    // A template's problem, the row's `w` that is no size ("x", -5), or a layout
                    // that puts super.bottom above super.top (an error of the row itself).
                    #expect(error.path.hasPrefix("templates.R\(t)") || error.path == "w"
                            || (error.path == "" && error.message.contains("negative height")), "\(error)")
                    outcomes.rowErrors += 1
                }
            }
        }
        // The generator reaches every outcome, so each branch above is exercised.
        #expect(outcomes.compiled > 0 && outcomes.compileErrors > 0 && outcomes.measured > 0 && outcomes.rowErrors > 0,
                "\(outcomes)")
    }
}
