import TemplateLayout

/// WBListKit: a keyed section of row objects, changed (insert, delete, replace) between two
/// snapshots; the diff is one batch update that keeps the cache right.
func rowObjectsExample(fonts: Fonts) throws {
    var list = RowObjectList(base: Document(fonts: fonts, templates: ["FeedCell": feedCell]))
    try list.addSection(ListSection(key: "feed", rows: ["Ada", "Grace", "Alan"].map {
        ListRow(template: "FeedCell", data: .object(["name": .string($0), "detail": .string("Post by \($0)")]), key: $0)
    }))
    try list.addSection(ListSection(key: "footer", rows: [ListRow(data: .object([:]), key: "more", height: .fixed(60))]))
    let pool = try MeasurerPool(base: list.base, baseDirectory: ".")
    let source = ListHeightSource(document: list.document(), measure: pool.measure)
    let cache = try HeightCache(source: source, width: 375)
    print("row objects, before:", try heights(cache))

    let snapshot = list
    try list.insertRow(ListRow(template: "FeedCell", data: .object(["name": .string("Barbara"),
                                                                    "detail": .string("A new post, long enough to wrap onto a second line.")]), key: "Barbara"),
                       at: IndexPath(row: 0, section: 0))
    try list.deleteRow(at: IndexPath(row: 2, section: 0))
    try list.replaceRow(at: IndexPath(row: 0, section: 1), with: ListRow(data: .object([:]), key: "more", height: .fixed(80)))
    let changes = list.changes(since: snapshot)
    print("row objects, diff: sections deleted \(changes.deleteSections) inserted \(changes.insertSections) moved \(changes.moveSections.map { "\($0.from)->\($0.to)" }); rows deleted \(changes.deleteRows) inserted \(changes.insertRows) reloaded \(changes.reloadRows)")
    source.update(list.document())
    try cache.performBatchUpdates(changes)
    print("row objects, after:", try heights(cache), "section 'feed' at", list.index(ofSection: "feed") ?? -1)
}
