import Testing
import TextEngine
@testable import CellsFormat
@testable import CellLayout

/// Compiling finds views by id in small and large templates and reads row paths and `${...}` placeholders the same
/// way whatever their shape; the answers below are exact sums of the row's sizes.
@Suite struct CompileLookupTests {
    /// `count` boxes of height 10 stacked top to bottom under `super.top`, the last one pinning
    /// `super.bottom`: the content height is exactly `10 * count`.
    private static func column(_ count: Int, duplicate: Int? = nil, unknownAt: Int? = nil) -> Template {
        var views: [ViewSpec] = []
        var constraints: [String] = []
        for i in 0..<count {
            let id = duplicate == i ? "v0" : "v\(i)"
            views.append(ViewSpec(id: id, kind: .view(width: .fixed(20), height: .fixed(10))))
            constraints.append("v\(i).leading == super.leading")
            let above = unknownAt == i ? "nope" : (i == 0 ? "super" : "v\(i - 1)")
            constraints.append(i == 0 ? "v0.top == super.top" : "v\(i).top == \(above).bottom")
        }
        constraints.append("super.bottom == v\(count - 1).bottom")
        return Template(name: "T", views: views, constraints: constraints)
    }

    private static func height(_ spec: Template, row: JSONValue = .object([:])) throws -> Double {
        try CompiledTemplate(spec, fonts: [:]).layout(row, width: 375, textMeasurer: TextMeasurer()).contentHeight
    }

    @Test func smallAndLargeTemplatesFindEveryViewById() throws {
        #expect(try Self.height(Self.column(5)) == 50)
        #expect(try Self.height(Self.column(30)) == 300)
    }

    @Test func aRepeatedIdIsAnErrorInLargeTemplatesToo() {
        for count in [5, 30] {
            #expect(throws: LayoutError(path: "templates.T.views[\(count - 1)]", message: "view id \"v0\" is used twice")) {
                try Self.height(Self.column(count, duplicate: count - 1))
            }
        }
    }

    @Test func anUnknownViewIsAnErrorInLargeTemplatesToo() {
        for count in [5, 30] {
            // Constraint 2i+1 is `v<i>.top == nope.bottom`; `nope` follows `v<i>.top == `.
            let i = count - 2
            let column = "v\(i).top == ".count + 1
            #expect(throws: LayoutError(path: "templates.T.constraints[\(2 * i + 1)]",
                                        message: "\"v\(i).top == nope.bottom\": unknown view \"nope\" at column \(column)")) {
                try Self.height(Self.column(count, unknownAt: i))
            }
        }
    }

    @Test func rowPathsOfOneAndManyStepsReadTheRow() throws {
        let row: JSONValue = .object(["h": .number(7), "a": .object(["b": .array([.number(1), .object([
            "c": .object(["d": .object(["e": .number(11)])])])])])])
        #expect(RowBinding.points(at: RowPath("h"), in: row) == 7)
        let deep = RowPath("a.b.1.c.d.e")
        #expect(RowBinding.points(at: deep, in: row) == 11)
        // Members in another order: the remembered positions are only hints.
        let reordered: JSONValue = .object(["x": .number(0), "a": .object(["y": .number(0), "b": .array([
            .number(0), .object(["z": .number(0), "c": .object(["w": .number(0), "d": .object([
                "v": .number(0), "e": .number(12)])])])])])])
        #expect(RowBinding.points(at: deep, in: reordered) == 12)
        #expect(RowBinding.points(at: deep, in: row) == 11)
        #expect(RowBinding.points(at: RowPath("a.missing"), in: row) == 0)
        #expect(RowPath("a.b") == RowPath("a.b") && RowPath("a.b") != RowPath("a") && RowPath("a") == RowPath("a"))
    }

    @Test func theRowSizeReaderReadsWhatRowPathsRead() {
        // One-member sizes (compared in place at the last row's position), a deep path, a name
        // with non-ASCII characters and a numeric string, read from rows whose members move,
        // go missing, hold other kinds or are negative: each value as `RowBinding.points` reads it
        // (NaN for a value that is no size).
        let paths = ["w", "h", "a.b", "größe", "long name with spaces", "n"]
        let dimensions = paths.enumerated().map { (path: RowPath($0.element), parameter: 100 + $0.offset) }
        let reader = RowSizeReader(dimensions)
        let rows: [JSONObject] = [
            ["w": .number(40), "h": .number(30), "a": .object(["b": .number(5)]), "größe": .number(9),
             "long name with spaces": .number(1.5), "n": .string("12.25")],
            ["n": .number(3), "größe": .string("x"), "w": .number(-4), "a": .number(1), "h": .number(31)],
            ["h": .null, "w": .number(.infinity), "long name with spaces": .bool(true), "n": .string("1e3")],
            ["wx": .number(1), "w": .number(41), "hh": .number(2), "h": .number(32), "größe": .number(8)],
            [:],
            ["w": .number(40), "h": .number(30), "a": .object(["b": .number(5)]), "größe": .number(9),
             "long name with spaces": .number(1.5), "n": .string("12.25")],
        ]
        for (r, row) in rows.enumerated() {
            var read: [Int: Double] = [:]
            reader.read(row) { parameter, value in read[parameter] = value }
            for (k, path) in paths.enumerated() {
                // Bit for bit: a value that is no size reads as NaN on both sides.
                #expect(read[100 + k]?.bitPattern == RowBinding.points(at: RowPath(path), in: .object(row)).bitPattern,
                        "row \(r), \(path)")
            }
            #expect(read.count == paths.count)
        }
    }

    @Test func placeholdersAreFoundOnTheirCharacters() throws {
        let row: JSONValue = .object(["n": .string("é"), "m": .number(2)])
        #expect(try RowBinding.interpolate("$${n}{m}", with: row) == "$é{m}")
        #expect(try RowBinding.interpolate("${n}${m}", with: row) == "é2")
        #expect(try RowBinding.interpolate("ça ${n} va", with: row) == "ça é va")
        #expect(try RowBinding.interpolate("end $", with: row) == "end $")
        #expect(try RowBinding.interpolate("${", with: row) == "${")
        #expect(try RowBinding.interpolate("", with: row) == "")
        #expect(try RowBinding.interpolate("x ${m} ${n", with: row) == "x 2 ${n")
        #expect(try RowBinding.interpolate("名${n}前${missing}${m}", with: row) == "名é前2")
        #expect(try RowBinding.interpolate("${}", with: row) == "")
    }

    @Test func rowPathStepsAreIndexedAsIntReadsTheirNames() {
        let names = ["0", "12", "007", "+5", "-3", "-", "+", "", "a", "a1", "_1", "1a", " 1", "9223372036854775807",
                     "9223372036854775808", "-9223372036854775808", "99999999999999999999", "é", "٣", "w0", "hh"]
        for name in names {
            #expect(RowPath(name).first.index == Int(name), "\(name.debugDescription)")
            let dotted = RowPath("a.\(name).b")
            #expect(dotted.first.index == nil && dotted.rest.map(\.index) == [Int(name), nil], "\(name.debugDescription)")
            #expect(dotted.rest.map(\.name) == [name, "b"])
        }
    }
}
