import TemplateLayout

/// CBTableViewDataSource: the README's settings screen in one line, then a two-section list made
/// with the chained maker (a measured feed and a fixed-height section).
func sectionMakerExample(fonts: Fonts) throws {
    let settings = try TableMaker.makeSection(data: [
        .object(["text": .string("Following"), "value": .string("45")]),
        .object(["text": .string("Follower"), "value": .string("10")]),
        .object(["text": .string("Star"), "value": .string("234")]),
        .object(["text": .string("Setting"), "accessoryType": .number(1)]),
        .object(["text": .string("Share"), "accessoryType": .number(1)]),
    ], fonts: fonts)
    let settingsPool = try MeasurerPool(base: settings.document, baseDirectory: ".")
    let settingsCache = try HeightCache(source: ListHeightSource(document: settings.document, measure: settingsPool.measure), width: 375)
    print("section maker, makeSection(data:):", try heights(settingsCache))

    let table = try TableMaker.make(fonts: fonts, templates: ["FeedCell": feedCell]) { make in
        make.height(44)
        make.makeSection { section in
            section.cell("FeedCell")
                .data([.object(["user": .string("Ada"), "post": .string("First post")]),
                       .object(["user": .string("Grace"), "post": .string("A longer post that wraps onto a second line on a phone.")])])
                .adapter { data, _ in .object(["name": data["user"] ?? .null, "detail": data["post"] ?? .null]) }
                .event { index, data in print("  selected row \(index): \(data["user"]?.interpolationText ?? "")") }
                .autoHeight()
                .headerTitle("Feed")
        }
        make.makeSection { $0.data([.object(["text": .string("Settings")])]).height(50) }
    }
    let pool = try MeasurerPool(base: table.document, baseDirectory: ".")
    let cache = try HeightCache(source: ListHeightSource(document: table.document, measure: pool.measure), width: 375)
    print("section maker, chained:", try heights(cache))
    table.select(IndexPath(row: 1, section: 0))
}
