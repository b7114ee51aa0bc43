import TemplateLayout

/// WBListKit's collection view: three columns with spacing and insets, each caption measured at
/// the column width, each line as tall as its tallest item.
func gridExample(fonts: Fonts) throws {
    let tile = Template(name: "Tile", views: [label("caption", "${caption}", size: 15, lines: 0)],
                            constraints: ["caption.leading == super.leading + 8", "caption.trailing == super.trailing - 8",
                                          "caption.top == super.top + 8", "super.bottom >= caption.bottom + 8"])
    let grid = try GridList(base: Document(fonts: fonts, templates: ["Tile": tile]),
                            layout: GridLayout(columns: 3, itemSpacing: 8, lineSpacing: 8, insets: (16, 16, 16, 16)),
                            items: ["Sunset", "A long caption that wraps in a narrow column", "Cat", "Dog", "Two short lines"].map {
                                GridItem(template: "Tile", data: .object(["caption": .string($0)]))
                            })
    let document = grid.itemDocument()
    let pool = try MeasurerPool(base: document, baseDirectory: ".")
    let cache = try HeightCache(source: ListHeightSource(document: document, measure: pool.measure), width: grid.columnWidth)
    let arrangement = try grid.arrange { index throws(HeightCacheError) in try cache.height(for: IndexPath(row: index, section: 0)) }
    print("grid: column width \(grid.columnWidth), lines \(arrangement.lineHeights), content height \(arrangement.contentHeight)")
}
