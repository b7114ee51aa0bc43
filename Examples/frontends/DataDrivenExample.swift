import TemplateLayout

/// A GPJDataDrivenTableView data value: `ColorData` is drawn by `ColorCell`.
struct ColorData: DataDrivenData {
    var name: String
    var rowData: JSONValue { .object(["name": .string(name)]) }
}

/// A gap with a fixed height that overrides measuring.
struct GapData: DataDrivenData {
    var height: Double
    var rowData: JSONValue { .object([:]) }
    var cellHeight: Double? { height }
}

/// GPJDataDrivenTableView's FlexibleCellExample (shortened): gaps and colour rows; the content
/// height is the sum of the rows.
func dataDrivenExample(fonts: Fonts) throws {
    let colorCell = Template(name: "ColorCell", views: [label("name", "${name}")],
                                 constraints: ["name.leading == super.leading + 15", "name.top == super.top + 15",
                                               "super.bottom >= name.bottom + 15"])
    var list = DataDrivenList(base: Document(fonts: fonts, templates: ["ColorCell": colorCell,
                                                                       "GapCell": Template(name: "GapCell", constraints: ["super.height >= 1"])]))
    var values: [any DataDrivenData] = [GapData(height: 15)]
    for name in ["Red", "Green", "Blue"] { values += [ColorData(name: name), GapData(height: 10)] }
    try list.reload(values)
    let pool = try MeasurerPool(base: list.base, baseDirectory: ".")
    let source = ListHeightSource(document: list.document(), measure: pool.measure)
    let cache = try HeightCache(source: source, width: 375)
    print("data driven:", try heights(cache), "content height", try list.contentHeight { path throws(HeightCacheError) in try cache.height(for: path) })
}
