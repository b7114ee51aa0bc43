import Testing
@testable import CellsFormat
@testable import RowHeightCache
@testable import ListSources
import TestSupport

/// GPJDataDrivenTableView's data-driven rows, with the FlexibleCellExample's list.
@Suite struct FrontEndDataDrivenTests {
    struct ColorData: DataDrivenData { var name: String; var rowData: JSONValue { .object(["name": .string(name)]) } }
    struct GapData: DataDrivenData { var height: Double; var rowData: JSONValue { .object([:]) }; var cellHeight: Double? { height } }
    struct ActionData: DataDrivenData { var actionName: String; var rowData: JSONValue { .object(["actionName": .string(actionName)]) } }

    static let base = Document(templates: ["ColorCell", "GapCell", "ActionCell", "CustomActionCell"]
        .reduce(into: [String: Template]()) { $0[$1] = Template(name: $1) })

    /// FlexibleCellExample's `modelDidLoad`: gaps, an action, a custom action, fifteen colours each followed by a gap.
    static func flexibleExample() -> [DataDrivenItem] {
        var items: [DataDrivenItem] = [GapData(height: 15).item, ActionData(actionName: "Reload").item, GapData(height: 15).item,
                                       DataDrivenItem(typeName: "CustomActionData", data: .object(["left": .string("Hello"), "right": .string("World")])),
                                       GapData(height: 15).item]
        for index in 0..<15 { items += [ColorData(name: "color \(index)").item, GapData(height: 10).item] }
        return items
    }

    @Test func typeNamesPickTheirTemplates() {
        #expect(ColorData.typeName == "ColorData")
        #expect(DataDrivenItem.templateName(forType: "ColorData") == "ColorCell")
        #expect(DataDrivenItem.templateName(forType: "Data") == nil)
        #expect(DataDrivenItem.templateName(forType: "Colour") == nil)
    }

    @Test func aFixedCellHeightOverridesMeasuring() throws {
        var list = DataDrivenList(base: Self.base)
        try list.reload(Self.flexibleExample())
        let rows = list.document().sections[0].rows
        #expect(rows.count == 35)
        #expect(rows[0].template == "GapCell" && rows[0].height == 15)
        #expect(rows[1].template == "ActionCell" && rows[1].height == nil && rows[1].autoHeight == true)
        #expect(rows[3].template == "CustomActionCell")
        #expect(rows[34].height == 10)
    }

    @Test func theContentHeightIsTheSumOfTheRows() throws {
        var list = DataDrivenList(base: Self.base)
        try list.reload(Self.flexibleExample())
        let document = list.document()
        let height = list.contentHeight { path in
            contentDerivedHeight(document.sections[0].rows[path.row], document.sections[0], document, 375)
        }
        let gaps = 15.0 * 3 + 10 * 15
        let measured = (0..<35).filter { list.items[$0].cellHeight == nil }
            .map { contentDerivedHeight(document.sections[0].rows[$0], document.sections[0], document, 375) }
        #expect(measured.count == 17)
        #expect(height == gaps + measured.reduce(0, +))
    }

    @Test func unknownTypesAreErrorsNamingTheItem() {
        var list = DataDrivenList(base: Self.base)
        #expect(throws: FrontEndError("data[1]", "no template \"LoadingCell\" for type \"LoadingData\"")) {
            try list.reload([GapData(height: 1).item, DataDrivenItem(typeName: "LoadingData")])
        }
        #expect(throws: FrontEndError("data[0]", "type \"Colour\" does not end in \"Data\", so it names no cell template")) {
            try list.reload([DataDrivenItem(typeName: "Colour")])
        }
        #expect(throws: FrontEndError("data[0].cellHeight", "must be a finite number >= 0")) {
            try list.reload([DataDrivenItem(typeName: "GapData", cellHeight: -1)])
        }
        #expect(list.items.isEmpty)
    }

    @Test func aMistakeHandedToAFrontEndIsOfKindInputAtItsLocation() {
        var list = DataDrivenList(base: Self.base)
        let error = #expect(throws: FrontEndError.self) { try list.remove(at: 3) }
        #expect(error?.kind == .input)
        #expect(error?.location == "data[3]")
        #expect(error?.description == "data[3]: no such item; the list has 0")
    }

    @Test func insertingRemovingAndReplacingKeepTheCacheRight() throws {
        var list = DataDrivenList(base: Self.base)
        try list.reload(Self.flexibleExample())
        let source = ListHeightSource(document: list.document(), measure: contentDerivedMeasure)
        let cache = try HeightCache(source: source, width: 375)
        _ = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
        for step in 0..<20 {
            let changes: BatchUpdate
            switch step % 3 {
            case 0: changes = try list.insert(ColorData(name: "new \(step)").item, at: step)
            case 1: changes = try list.remove(at: step * 2 % list.items.count)
            default: changes = try list.replace(at: step, with: GapData(height: Double(step)).item)
            }
            source.update(list.document())
            try cache.performBatchUpdates(changes)
            let heights = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
            #expect(heights.cached == heights.fresh, "step \(step)")
        }
    }
}

/// Data-driven heights measured for real.
@Suite struct FrontEndDataDrivenHeightTests {
    static let base = Document(fonts: Fixtures.fonts, templates: [
        "ColorCell": paddedLabelTemplate("ColorCell", text: "${name}", inset: 15),
        "GapCell": Template(name: "GapCell", constraints: ["super.height >= 1"]),
        "ActionCell": paddedLabelTemplate("ActionCell", text: "${actionName}"),
        "CustomActionCell": Template(name: "CustomActionCell", views: [labelView("left", "${left}"), labelView("right", "${right}")],
                                         constraints: ["left.leading == super.leading + 16", "right.trailing == super.trailing - 16",
                                                       "left.top == super.top + 10", "right.top == left.top",
                                                       "super.bottom >= left.bottom + 10", "super.bottom >= right.bottom + 10"]),
    ])

    /// FlexibleCellExample: the gaps keep their fixed heights, every other row matches its
    /// template measured directly, and the content height is their sum.
    @Test func flexibleExampleHeightsAndContentHeight() throws {
        var list = DataDrivenList(base: Self.base)
        try list.reload(FrontEndDataDrivenTests.flexibleExample())
        let heights = try expectHeightsMatchDirectMeasuring(list.document())[0]
        #expect(heights[0] == 15 && heights[1] == 12 + 20 + 12 + 0.5 && heights[3] == 10 + 20 + 10 + 0.5)
        #expect(heights[5] == 15 + 20 + 15 + 0.5)
        let pool = try MeasurerPool(base: Self.base, baseDirectory: Fixtures.root)
        let source = ListHeightSource(document: list.document(), measure: pool.measure)
        let cache = try HeightCache(source: source, width: 375)
        let content = try list.contentHeight { path throws(HeightCacheError) in try cache.height(for: path) }
        #expect(content == heights.reduce(0, +))
        let gaps: Double = 15 * 3 + 10 * 15
        let action: Double = 44.5, customAction: Double = 40.5, colors: Double = 50.5 * 15
        #expect(content == gaps + action + customAction + colors)
    }
}
