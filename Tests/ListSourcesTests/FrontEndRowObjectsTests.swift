import Testing
@testable import CellsFormat
@testable import RowHeightCache
@testable import ListSources
import TestSupport

/// WBListKit's row and section objects: keys, positions after every change, and the keyed diff.
@Suite struct FrontEndRowObjectsTests {
    static let base = Document(templates: ["WBSimpleListCell": Template(name: "WBSimpleListCell")])

    static func row(_ key: String, _ title: String = "", height: RowHeight = .automatic) -> ListRow {
        ListRow(template: "WBSimpleListCell", data: .object(["title": .string(title)]), key: key, height: height)
    }

    /// WBListKit's README: a section keyed "FixedHeightSection" with five WBSimpleListCell rows.
    static func readmeList() throws -> RowObjectList {
        var list = RowObjectList(base: base)
        try list.addSection(ListSection(key: "FixedHeightSection", rows: (0..<5).map { row("r\($0)", "\($0)") }))
        return list
    }

    @Test func sectionsAreFoundByKey() throws {
        var list = try Self.readmeList()
        try list.insertSection(ListSection(key: "DemoIdentifier"), at: 0)
        #expect(list.index(ofSection: "FixedHeightSection") == 1)
        #expect(list.section(forKey: "FixedHeightSection")?.rows.count == 5)
        #expect(list.section(forKey: "missing") == nil)
        #expect(list.indexPath(ofRow: "r3") == IndexPath(row: 3, section: 1))
    }

    @Test func positionsAreTopMiddleBottomOrSingle() throws {
        var list = try Self.readmeList()
        #expect((0..<5).map { list.position(at: IndexPath(row: $0, section: 0)) } == [.top, .middle, .middle, .middle, .bottom])
        try list.addSection(ListSection(key: "one", rows: [Self.row("only")]))
        #expect(list.position(at: IndexPath(row: 0, section: 1)) == .single)
        #expect(list.position(at: IndexPath(row: 1, section: 1)) == nil)
    }

    @Test func positionsAreRightAfterEveryChange() throws {
        var list = try Self.readmeList()
        try list.deleteRow(at: IndexPath(row: 4, section: 0))
        #expect(list.position(at: IndexPath(row: 3, section: 0)) == .bottom)
        try list.insertRow(Self.row("new"), at: IndexPath(row: 0, section: 0))
        #expect(list.position(at: IndexPath(row: 0, section: 0)) == .top)
        #expect(list.position(at: IndexPath(row: 1, section: 0)) == .middle)
        try list.exchangeRows(IndexPath(row: 0, section: 0), IndexPath(row: 4, section: 0))
        #expect(list.row(at: IndexPath(row: 4, section: 0))?.key == "new")
        #expect(list.position(at: IndexPath(row: 4, section: 0)) == .bottom)
        let document = list.document()
        #expect(document.sections[0].rows[4].data["_position"]?["bottom"] == .bool(true))
        #expect(document.sections[0].rows[4].data["_position"]?["name"] == .string("bottom"))
        #expect(document.sections[0].rows[2].data["_position"]?["middle"] == .bool(true))
    }

    @Test func duplicateKeysAndBadIndicesAreErrorsThatSayWhere() throws {
        var list = try Self.readmeList()
        #expect(throws: FrontEndError("sections[0].rows[5]", "row key \"r1\" is already in the list")) {
            try list.addRow(Self.row("r1"), toSection: 0)
        }
        #expect(throws: FrontEndError("sections[1]", "section key \"FixedHeightSection\" is already in the list")) {
            try list.addSection(ListSection(key: "FixedHeightSection"))
        }
        #expect(throws: FrontEndError("sections[0].rows[9]", "no such row; the section has 5")) {
            try list.deleteRow(at: IndexPath(row: 9, section: 0))
        }
        #expect(throws: FrontEndError("sections[3]", "no such section; the list has 1")) {
            try list.exchangeSections(0, 3)
        }
        // A refused change leaves the list as it was.
        #expect(list.sections[0].rows.count == 5)
        try list.replaceRow(at: IndexPath(row: 0, section: 0), with: Self.row("r0", "changed"))
        #expect(list.row(at: IndexPath(row: 0, section: 0))?.data["title"] == .string("changed"))
    }

    @Test func rowsWithoutKeysGetUniqueOnes() throws {
        var list = RowObjectList(base: Self.base)
        try list.addSection(ListSection(rows: [ListRow(template: "WBSimpleListCell"), ListRow(template: "WBSimpleListCell")]))
        let keys = list.sections[0].rows.compactMap(\.key)
        #expect(keys.count == 2 && keys[0] != keys[1])
        #expect(list.sections[0].key != nil)
    }

    @Test func fixedAndAutomaticHeightsBecomeTheSharedModel() throws {
        var list = RowObjectList(base: Self.base)
        try list.addSection(ListSection(key: "s", rows: [Self.row("a", height: .fixed(60)), Self.row("b")]))
        let rows = list.document().sections[0].rows
        #expect(rows[0].height == 60 && rows[0].autoHeight == nil)
        #expect(rows[1].height == nil && rows[1].autoHeight == true)
        #expect(rows[0].key == "a" && rows[0].template == "WBSimpleListCell")
    }

    @Test func identicalSnapshotsGiveAnEmptyDiff() throws {
        let list = try Self.readmeList()
        #expect(list.changes(since: list).isEmpty)
    }

    @Test func appendingARowReloadsTheRowThatStopsBeingBottom() throws {
        let old = try Self.readmeList()
        var new = old
        try new.addRow(Self.row("r5"), toSection: 0)
        let changes = new.changes(since: old)
        #expect(changes.insertRows == [IndexPath(row: 5, section: 0)])
        #expect(changes.reloadRows == [IndexPath(row: 4, section: 0)])
        #expect(changes.changedKeys == ["r4"])
        #expect(changes.deleteRows.isEmpty && changes.moveRows.isEmpty)
    }

    @Test func movingAMiddleRowIsOneMove() throws {
        let old = try Self.readmeList()
        var new = old
        try new.exchangeRows(IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0))
        let changes = new.changes(since: old)
        // r1 and r3 swap; one stays in the longest ordered run, the other moves, positions unchanged.
        #expect(changes.moveRows.count + changes.reloadRows.count >= 1)
        #expect(changes.deleteRows.isEmpty && changes.insertRows.isEmpty && changes.changedKeys.isEmpty)
        #expect(sameShape(try replayLikeUIKit(changes, old: keyShape(old), new: keyShape(new)), keyShape(new)))
    }

    @Test func aRowMovingIntoTheBottomPlaceIsDeletedAndInserted() throws {
        let old = try Self.readmeList()
        var new = old
        try new.exchangeRows(IndexPath(row: 0, section: 0), IndexPath(row: 4, section: 0))
        let changes = new.changes(since: old)
        #expect(changes.moveRows.isEmpty)
        #expect(Set(changes.changedKeys) == ["r0", "r4"])
        #expect(sameShape(try replayLikeUIKit(changes, old: keyShape(old), new: keyShape(new)), keyShape(new)))
    }

    @Test func sectionMovesDeletesInsertsAndHeaderReloads() throws {
        var old = RowObjectList(base: Self.base)
        for s in 0..<5 { try old.addSection(ListSection(key: "s\(s)", rows: (0..<3).map { Self.row("s\(s)r\($0)") })) }
        var new = old
        try new.exchangeSections(0, 4)                                                // s4 s1 s2 s3 s0
        try new.deleteSection(key: "s2")                                             // s4 s1 s3 s0
        try new.insertSection(ListSection(key: "n", rows: [Self.row("n0")]), at: 3)  // s4 s1 s3 n s0
        var s1 = try #require(new.section(forKey: "s1"))
        s1.header = .title("Now with a header")
        try new.replaceSection(at: 1, with: s1)
        let changes = new.changes(since: old)
        #expect(changes.deleteSections == [2])
        #expect(changes.insertSections == [3])
        #expect(changes.reloadSections == [1])
        #expect(changes.moveSections == [.init(from: 0, to: 4), .init(from: 4, to: 0)])
        #expect(changes.deleteRows.isEmpty && changes.insertRows.isEmpty && changes.moveRows.isEmpty)
        #expect(sameShape(try replayLikeUIKit(changes, old: keyShape(old), new: keyShape(new)), keyShape(new)))
    }

    @Test func aSectionThatMovesAndChangesIsDeletedAndInserted() throws {
        var old = RowObjectList(base: Self.base)
        for s in 0..<3 { try old.addSection(ListSection(key: "s\(s)", rows: (0..<2).map { Self.row("s\(s)r\($0)") })) }
        var new = old
        try new.exchangeSections(0, 2)                                  // s2 s1 s0
        try new.addRow(Self.row("extra"), toSectionKey: "s0")
        let changes = new.changes(since: old)
        #expect(changes.moveSections.count == 1)
        #expect(changes.deleteSections.count == 1 && changes.insertSections.count == 1)
        #expect(sameShape(try replayLikeUIKit(changes, old: keyShape(old), new: keyShape(new)), keyShape(new)))
    }

    @Test func rowsMovingBetweenSectionsAreMoves() throws {
        var old = RowObjectList(base: Self.base)
        for s in 0..<2 { try old.addSection(ListSection(key: "s\(s)", rows: (0..<4).map { Self.row("s\(s)r\($0)") })) }
        var new = old
        try new.exchangeRows(IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 1))
        let changes = new.changes(since: old)
        #expect(changes.moveRows.count == 2)
        #expect(changes.insertRows.isEmpty && changes.deleteRows.isEmpty)
        #expect(sameShape(try replayLikeUIKit(changes, old: keyShape(old), new: keyShape(new)), keyShape(new)))
    }

    /// WBListKit's auto-differ example: all sections deleted, then a section keyed "fangyuxi"
    /// with fifteen 60-point rows added; the cache ends up with the fixed heights.
    @Test func autoDifferExampleKeepsTheCacheRight() throws {
        let old = try Self.readmeList()
        let source = ListHeightSource(document: old.document(), measure: contentDerivedMeasure)
        let cache = try HeightCache(source: source, width: 375)
        _ = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
        var new = old
        try new.deleteSection(at: 0)
        try new.addSection(ListSection(key: "fangyuxi", rows: (0..<15).map { Self.row("f\($0)", "\($0)", height: .fixed(60)) }))
        let changes = new.changes(since: old)
        #expect(changes.deleteSections == [0] && changes.insertSections == [0])
        source.update(new.document())
        try cache.performBatchUpdates(changes)
        let heights = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
        #expect(heights.cached == [Double](repeating: 60, count: 15))
    }

    /// Long random sequences of every kind of change, each diffed as one batch: the batch is
    /// one UIKit accepts and that turns the old keys into the new, and the cache fed the batch
    /// answers what measuring everything afresh answers.
    @Test func randomChangesGiveValidBatchesAndKeepTheCacheRight() throws {
        var random = SplitMix64(seed: 0x5EED_F00D)
        var list = RowObjectList(base: Self.base)
        var next = 0
        func freshRow() -> ListRow {
            next += 1
            return Self.row("k\(next)", "title \(next % 7)", height: next % 5 == 0 ? .fixed(Double(30 + next % 40)) : .automatic)
        }
        for s in 0..<3 { try list.addSection(ListSection(key: "s\(s)", rows: (0..<4).map { _ in freshRow() })) }
        let source = ListHeightSource(document: list.document(), measure: contentDerivedMeasure)
        let cache = try HeightCache(source: source, width: 320)
        for round in 0..<150 {
            _ = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)   // fill the cache
            let old = list
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let sections = list.sections.count
                switch Int.random(in: 0..<11, using: &random) {
                case 0: try list.insertSection(ListSection(key: "s\(round)-\(next)", rows: (0..<Int.random(in: 0...3, using: &random)).map { _ in freshRow() }),
                                               at: Int.random(in: 0...sections, using: &random))
                case 1 where sections > 1: try list.deleteSection(at: Int.random(in: 0..<sections, using: &random))
                case 2 where sections > 1: try list.exchangeSections(Int.random(in: 0..<sections, using: &random), Int.random(in: 0..<sections, using: &random))
                case 3 where sections > 0:
                    let s = Int.random(in: 0..<sections, using: &random)
                    var section = list.sections[s]
                    section.header = Bool.random(using: &random) ? .title("h\(round)") : nil
                    try list.replaceSection(at: s, with: section)
                case 4, 5 where sections > 0:
                    let s = Int.random(in: 0..<sections, using: &random)
                    try list.insertRow(freshRow(), at: IndexPath(row: Int.random(in: 0...list.sections[s].rows.count, using: &random), section: s))
                case 6, 7, 8, 9, 10 where sections > 0:
                    let s = Int.random(in: 0..<sections, using: &random)
                    let count = list.sections[s].rows.count
                    guard count > 0 else { continue }
                    let at = IndexPath(row: Int.random(in: 0..<count, using: &random), section: s)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: try list.deleteRow(at: at)
                    case 1:
                        var row = try #require(list.row(at: at))
                        row.data = .object(["title": .string("edited \(round)")])
                        try list.replaceRow(at: at, with: row)
                    case 2:
                        let t = Int.random(in: 0..<sections, using: &random)
                        let tCount = list.sections[t].rows.count
                        guard tCount > 0 else { continue }
                        try list.exchangeRows(at, IndexPath(row: Int.random(in: 0..<tCount, using: &random), section: t))
                    default: try list.replaceRow(at: at, with: freshRow())
                    }
                default: break
                }
            }
            let changes = list.changes(since: old)
            let replayed = try replayLikeUIKit(changes, old: keyShape(old), new: keyShape(list))
            #expect(sameShape(replayed, keyShape(list)), "round \(round)")
            source.update(list.document())
            try cache.performBatchUpdates(changes)
            let heights = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
            #expect(heights.cached == heights.fresh, "round \(round)")
        }
    }
}

/// Row-object heights measured for real, and the cache kept right through diffs.
@Suite struct FrontEndRowObjectsHeightTests {
    /// WBListKit's demo cell: a centred title, with a rounded-corner spacer on the bottom row only.
    static let demoCell = Template(name: "WBDemosCell", views: [
        labelView("title", "${title}", lines: 0),
        ViewSpec(id: "foot", kind: .view(width: nil, height: .fixed(8)), hidden: .whenFalse("_position.bottom")),
        ViewSpec(id: "stack", kind: .stack(StackSpec(axis: .vertical, spacing: 0, arranged: ["title", "foot"]))),
    ], constraints: [
        "stack.leading == super.leading + 16", "stack.trailing == super.trailing - 16",
        "stack.top == super.top + 12", "super.bottom >= stack.bottom + 12",
    ])
    static let base = Document(fonts: Fixtures.fonts, templates: ["WBDemosCell": demoCell])
    static let titles = ["Simple List", "Expanding Cell List", "Reformer List", "FooterHeader List", "MVC Demos",
                         "Multi DataSource", "CollectionView", "Nested", "Custom Layout", "WaterFall Layout",
                         "Empty Kit Swift ", "Empty Kit OC "]

    /// The README's demo list: twelve rows, measured (the bottom one 8 points taller).
    @Test func demoListHeightsMatchTheTemplateMeasuredDirectly() throws {
        var list = RowObjectList(base: Self.base)
        try list.addSection(ListSection(key: "DemoIdentifier", rows: Self.titles.enumerated().map {
            ListRow(template: "WBDemosCell", data: .object(["title": .string($1)]), key: "demo\($0)")
        }))
        let heights = try expectHeightsMatchDirectMeasuring(list.document())[0]
        #expect(heights[0] == 12 + 20 + 12 + 0.5)
        #expect(heights[11] == heights[0] + 8)
    }

    @Test func diffsKeepTheCacheRightWithRealMeasuring() throws {
        var random = SplitMix64(seed: 42)
        var list = RowObjectList(base: Self.base)
        try list.addSection(ListSection(key: "a", rows: Self.titles.prefix(6).enumerated().map {
            ListRow(template: "WBDemosCell", data: .object(["title": .string($1)]), key: "a\($0)")
        }))
        try list.addSection(ListSection(key: "b", rows: Self.titles.suffix(6).enumerated().map {
            ListRow(template: "WBDemosCell", data: .object(["title": .string($1)]), key: "b\($0)", height: $0 == 2 ? .fixed(60) : .automatic)
        }))
        let pool = try MeasurerPool(base: Self.base, baseDirectory: Fixtures.root)
        let source = ListHeightSource(document: list.document(), measure: pool.measure)
        let cache = try HeightCache(source: source, width: 375)
        var next = 0
        for round in 0..<25 {
            _ = try cachedAndFresh(cache, source, measure: pool.measure)
            let old = list
            let s = Int.random(in: 0..<list.sections.count, using: &random)
            let count = list.sections[s].rows.count
            switch round % 4 {
            case 0:
                next += 1
                try list.insertRow(ListRow(template: "WBDemosCell", data: .object(["title": .string("Inserted \(next) " + String(repeating: "long ", count: next % 9))]),
                                           key: "n\(next)"), at: IndexPath(row: Int.random(in: 0...count, using: &random), section: s))
            case 1 where count > 1: try list.deleteRow(at: IndexPath(row: Int.random(in: 0..<count, using: &random), section: s))
            case 2 where count > 1: try list.exchangeRows(IndexPath(row: 0, section: s), IndexPath(row: count - 1, section: s))
            default:
                try list.exchangeSections(0, list.sections.count - 1)
            }
            let changes = list.changes(since: old)
            source.update(list.document())
            try cache.performBatchUpdates(changes)
            let heights = try cachedAndFresh(cache, source, measure: pool.measure)
            #expect(heights.cached == heights.fresh, "round \(round)")
        }
        try cache.setWidth(320)
        let narrow = try cachedAndFresh(cache, source, measure: pool.measure)
        #expect(narrow.cached == narrow.fresh)
    }
}
