import Testing
@testable import TemplateLayout

/// GPJDataDrivenTableView's data-driven rows, with the FlexibleCellExample's list.
@Suite struct FrontEndDataDrivenTests {
    struct ColorData: DataDrivenData { var name: String; var rowData: JSONValue { .object(["name": .string(name)]) } }
    struct GapData: DataDrivenData { var height: Double; var rowData: JSONValue { .object([:]) }; var cellHeight: Double? { height } }
    struct ActionData: DataDrivenData { var actionName: String; var rowData: JSONValue { .object(["actionName": .string(actionName)]) } }

    static let base = Document(templates: ["ColorCell", "GapCell", "ActionCell", "CustomActionCell"]
        .reduce(into: [String: TemplateSpec]()) { $0[$1] = TemplateSpec(name: $1) })

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
            try! contentDerivedMeasure(document.sections[0].rows[path.row], document.sections[0], document, 375)
        }
        let gaps = 15.0 * 3 + 10 * 15
        let measured = try (0..<35).filter { list.items[$0].cellHeight == nil }
            .map { try contentDerivedMeasure(document.sections[0].rows[$0], document.sections[0], document, 375) }
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

    @Test func insertingRemovingAndReplacingKeepTheCacheRight() throws {
        var list = DataDrivenList(base: Self.base)
        try list.reload(Self.flexibleExample())
        let source = DocumentHeightSource(document: list.document(), measure: contentDerivedMeasure)
        let cache = try HeightCache(source: source, width: 375)
        _ = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
        for step in 0..<20 {
            let changes: ListChanges
            switch step % 3 {
            case 0: changes = try list.insert(ColorData(name: "new \(step)").item, at: step)
            case 1: changes = try list.remove(at: step * 2 % list.items.count)
            default: changes = try list.replace(at: step, with: GapData(height: Double(step)).item)
            }
            source.update(list.document())
            try cache.apply(changes)
            let heights = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
            #expect(heights.cached == heights.fresh, "step \(step)")
        }
    }
}
