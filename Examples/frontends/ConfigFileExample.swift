import TemplateLayout

/// AOZTableViewProvider: the README's multi-section config with `-es`, measured, then switched to
/// a second mode at run time (the cache reloads, as AOZ's `reloadTableView` does).
func configFileExample(fonts: Fonts) throws {
    let config = """
        // mode 0: one section per element, its rows from the element's `subs`
        mode
        section -s _multipleArray -c TableViewCell -h HeaderView
        row -es subs
        // mode 1: all five numbers two to a row
        mode
        row -s _array -n 2 -c TableViewCell
        """
    let cell = Template(name: "TableViewCell", views: [label("text", "${_contents}${_contents.0} (position ${_position.value})")],
                            constraints: ["text.leading == super.leading + 16", "text.top == super.top + 11",
                                          "super.bottom >= text.bottom + 11"])
    let header = Template(name: "HeaderView", views: [label("title", "${name}", size: 13)],
                              constraints: ["title.leading == super.leading + 16", "title.top == super.top + 16",
                                            "super.bottom >= title.bottom + 6"])
    let data: JSONValue = .object([
        "_array": .array((1...5).map { .number(Double($0)) }),
        "_multipleArray": .array([.object(["name": .string("Numbers"), "subs": .array([.number(1), .number(2), .number(3)])]),
                                  .object(["name": .string("More"), "subs": .array([.number(4), .number(5)])])]),
    ])
    var provider = try ConfigFileProvider(config: config, data: data,
                                          base: Document(fonts: fonts, templates: ["TableViewCell": cell, "HeaderView": header]))
    let pool = try MeasurerPool(base: provider.base, baseDirectory: ".")
    let source = ListHeightSource(document: try provider.document(), measure: pool.measure)
    let cache = try HeightCache(source: source, width: 375)
    print("config file, mode 0:", try heights(cache), "positions", try provider.sections().map { $0.rows.map(\.position.rawValue) })
    try provider.switchMode(to: 1)
    source.update(try provider.document())
    cache.reloadData()
    print("config file, mode 1:", try heights(cache))
}
