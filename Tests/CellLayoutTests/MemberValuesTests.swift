import Testing
@testable import CellLayout
import CellsFormat
import DynamicType
import TestSupport

/// A row given as values, one per member (`measureRow(_:members:values:width:contentSize:)`,
/// what typed templates hand the layout), measures as the row object of those members: read in
/// place when every path of the template is one member, through the object otherwise.
@Suite struct MemberValuesTests {
    /// Labels with placeholders alone and inside literals, sizes, `hidden` both ways, a stack.
    static let note = ViewSpec.label("note", text: "by ${author}, ${count} votes", size: 12, lines: 2,
                                     hidden: .whenFalse("shown"))
    static let badge = ViewSpec.view("badge", width: .fixed(8), height: .fixed(8), hidden: .whenTrue("quiet"))
    static let template = Template(name: "Values", views: [
        ViewSpec.label("title", text: "${title}", size: 16, lines: 0), note,
        ViewSpec.image("photo", width: .path("w"), height: .path("h")), badge,
        ViewSpec.stack("stack", axis: .vertical, spacing: 2, arranged: [note, badge]),
    ], constraints: ["photo.leading == super.leading + 16", "photo.top == super.top + 8",
                     "title.leading == photo.trailing + 8", "title.trailing == super.trailing - 16",
                     "title.top == super.top + 8", "stack.leading == title.leading", "stack.trailing == title.trailing",
                     "stack.top == title.bottom + 4", "super.bottom >= stack.bottom + 8", "super.bottom >= photo.bottom + 8"])

    /// The same with a path of two members (`${user.name}`): no longer read in place.
    static let deep = Template(name: "Deep", views: template.views + [ViewSpec.label("user", text: "${user.name}", lines: 0)],
                               constraints: template.constraints + ["user.leading == title.leading", "user.top == stack.bottom",
                                                                    "super.bottom >= user.bottom + 8"])

    static let names = ["title", "author", "count", "shown", "w", "h", "quiet", "user"]

    /// Random values for `names` (some missing, some null), in five scripts.
    static func values(_ count: Int) -> [[JSONValue?]] {
        var rng = SplitMix64(seed: 9)
        let texts: [JSONValue] = ["A title long enough to wrap on a phone", "李白乘舟将欲行", "مرحبا بالعالم", "สวัสดีครับ",
                                  "नमस्ते दुनिया", "", 42, true, .null]
        func pick() -> JSONValue? { rng.next() % 7 == 0 ? nil : texts[Int(rng.next() % UInt64(texts.count))] }
        return (0..<count).map { _ in
            var row: [JSONValue?] = [pick(), pick()]
            row.append(JSONValue.number(Double(rng.next() % 100)))
            row.append(JSONValue.bool(rng.next() % 2 == 0))
            row.append(rng.next() % 5 == 0 ? nil : JSONValue.number(Double(rng.next() % 60)))
            row.append(JSONValue.number(Double(rng.next() % 90)))
            row.append(JSONValue.bool(rng.next() % 3 == 0))
            let user: JSONValue = pick() ?? JSONValue.null
            row.append(JSONValue.object(["name": user]))
            return row
        }
    }

    @Test func valuesMeasureAsTheirRowObjectInPlaceOrThroughIt() throws {
        let measurer = try ListMeasurer(document: Fixtures.document([Self.template, Self.deep]), baseDirectory: Fixtures.root)
        let own = try #require(measurer.template(named: "Values"))
        #expect(own.members.isComplete)
        #expect(own.memberNames == ["title", "author", "count", "shown", "w", "h", "quiet"])
        #expect(try #require(measurer.template(named: "Deep")).members.isComplete == false)
        // The template's own order first (read in place), then a name it does not read.
        let names = own.memberNames + ["user"]
        for (i, row) in Self.values(150).enumerated() {
            var object = JSONObject()
            for (k, name) in Self.names.enumerated() { if let value = row[k] { object[name] = value } }
            let given = names.map { object[$0] }
            for name in ["Values", "Deep"] {
                let expected = try measurer.measureRow(RowSpec(data: .object(object), template: name),
                                                       in: SectionSpec(autoHeight: true), frames: false).height
                let measured = try given.withUnsafeBufferPointer { values in
                    try measurer.measureRow(#require(measurer.resolvedTemplate(named: name)), members: names, values: values,
                                            width: 375, contentSize: ContentSizeCategory.large)
                }
                #expect(measured == expected, "row \(i), \(name)")
            }
        }
    }

    @Test func aValueThatIsNoSizeIsTheRowsErrorAtItsMember() throws {
        let measurer = try ListMeasurer(document: Fixtures.document([Self.template]), baseDirectory: Fixtures.root)
        let names = try #require(measurer.template(named: "Values")).memberNames
        let values: [JSONValue?] = names.map { $0 == "h" ? JSONValue.number(-3) : nil }
        #expect(throws: LayoutError(path: "h", message: "photo intrinsic height must be a size in \(LayoutLimits.sizeRangeText), found -3")) {
            try values.withUnsafeBufferPointer { values in
                try measurer.measureRow(#require(measurer.resolvedTemplate(named: "Values")), members: names, values: values,
                                        width: 375, contentSize: ContentSizeCategory.large)
            }
        }
    }
}
