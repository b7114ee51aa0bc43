import Foundation
import Synchronization
import Testing
import TemplateLayout
import TestSupport

/// The snapshot route: a `ListSnapshot` of identifiers, `ItemCells` saying how each item is
/// measured (typed key-path templates, `Encodable` items with `${path}`, fixed heights, headers
/// and footers), `HeightCache(snapshot:cells:fonts:width:)` and `apply`.
@Suite struct SnapshotFrontDoorTests {
    typealias Post = FrontDoorTests.Post

    /// The feed cell with its views bound to `Post`'s properties by key path.
    static let typedFeedCell = ItemTemplate<Post>("FeedCell") { content in
        let avatar = ItemView<Post>.image("avatar", width: 40, height: 40)
        let name = ItemView<Post>.label("name", text: \.name, font: "bold", size: 15)
        let detail = ItemView<Post>.label("detail", text: \.detail, size: 14, lines: 0)
        let dot = ItemView<Post>.view("dot", width: 8, height: 8, hidden: .unless(\.unread))
        avatar; name; detail; dot
        Fixtures.feedConstraints(avatar: avatar, name: name, detail: detail, content: content)
    }

    static func snapshot(_ ids: some Sequence<Int>, section: String = "main") throws -> ListSnapshot<String, Int> {
        var snapshot = ListSnapshot<String, Int>()
        try snapshot.appendSections([section])
        try snapshot.appendItems(Array(ids), toSection: section)
        return snapshot
    }

    @Test func aTypedTemplateGivesTheHeightsOfTheSameTemplateReadingPathStrings() throws {
        let posts = FrontDoorTests.posts(40)
        let expected = try HeightCache(template: FrontDoorTests.template, fonts: Fonts.bundled, items: posts, width: 375)
        let cells = ItemCells<String, Int>(item: { posts.indices.contains($0) ? posts[$0] : nil }, template: Self.typedFeedCell)
        let cache = try HeightCache(snapshot: try Self.snapshot(posts.indices), cells: cells, fonts: Fonts.bundled, width: 375)
        for row in posts.indices {
            let path = IndexPath(row: row, section: 0)
            #expect(try cache.height(for: path) == expected.height(for: path), "row \(row)")
        }
        // The row holds the bound values only (fixed sizes are the template's own).
        let row: JSONValue = ["name:text": "Author 0", "detail:text": .string(posts[0].detail),
                              "dot:hidden": .bool(!posts[0].unread)]
        #expect(Self.typedFeedCell.row(for: posts[0]) == row)
    }

    /// Counts its encodings, so a test can see when items are encoded.
    struct CountedPost: Encodable, Sendable {
        static let encodings = Atomic<Int>(0)
        var post: Post
        func encode(to encoder: any Encoder) throws {
            Self.encodings.add(1, ordering: .relaxed)
            try post.encode(to: encoder)
        }
    }

    @Test func encodableItemsAreEncodedWhenFirstMeasuredAndNotBefore() throws {
        let posts = FrontDoorTests.posts(1_000)
        let counted = posts.map { CountedPost(post: $0) }
        let cells = ItemCells<String, Int>(item: { counted.indices.contains($0) ? counted[$0] : nil },
                                           template: FrontDoorTests.template)
        let before = CountedPost.encodings.load(ordering: .relaxed)
        let cache = try HeightCache(snapshot: try Self.snapshot(posts.indices), cells: cells, fonts: Fonts.bundled, width: 375)
        #expect(CountedPost.encodings.load(ordering: .relaxed) == before)
        let expected = try HeightCache(template: FrontDoorTests.template, fonts: Fonts.bundled, items: Array(posts[0..<3]), width: 375)
        for row in 0..<3 {
            #expect(try cache.height(for: IndexPath(row: row, section: 0)) == expected.height(for: IndexPath(row: row, section: 0)))
        }
        _ = try cache.height(for: IndexPath(row: 1, section: 0))  // a hit: not encoded again
        #expect(CountedPost.encodings.load(ordering: .relaxed) == before + 3)
    }

    struct Ad: Sendable { var headline: String }
    struct Divider: Sendable {}

    @Test func severalTypesTemplatesByClosureFixedHeightsHeadersAndFooters() throws {
        let posts = FrontDoorTests.posts(6)
        let adCell = ItemTemplate<Ad>("AdCell") { content in
            let headline = ItemView<Ad>.label("headline", text: \.headline, lines: 0)
            headline
            headline.leading == content.leading + 16
            headline.trailing == content.trailing - 16
            headline.top == content.top + 8
            content.bottom == headline.bottom + 8
        }
        let values: [Int: any Sendable] = [
            0: posts[0], 1: Ad(headline: "Buy one"), 2: Divider(), 3: posts[1], 4: posts[2], 5: "unregistered",
        ]
        var cells = ItemCells<String, Int>(item: { values[$0] })
        // Posts without an unread mark get a fixed height, chosen by a closure.
        cells.register([Self.typedFeedCell]) { post in post.unread ? .template("FeedCell") : .height(30) }
        cells.register(adCell)
        cells.register(Divider.self, height: 1)
        let title = Template("Title") { content in
            let text = ViewSpec.label("text", text: "${title}", font: "bold")
            text
            text.leading == content.leading + 16
            text.top == content.top + 4
            content.bottom == text.bottom + 4
        }
        cells.header(templates: [title]) { section in
            section == "today" ? .template("Title", data: ["title": "Today"]) : .title(section)
        }
        cells.footer { section in section == "today" ? .height(12) : nil }
        var snapshot = ListSnapshot<String, Int>()
        try snapshot.appendSections(["today", "older"])
        try snapshot.appendItems([0, 1, 2], toSection: "today")
        try snapshot.appendItems([3, 4, 5], toSection: "older")
        let cache = try HeightCache(snapshot: snapshot, cells: cells, fonts: Fonts.bundled, width: 375)

        let measurer = try ListMeasurer(document: Document(fonts: Fonts.bundled, templates: [
            "FeedCell": Self.typedFeedCell.template, "AdCell": adCell.template, "Title": title,
        ]), baseDirectory: ".")
        func measured(_ data: JSONValue, _ template: String) throws -> Double {
            try measurer.measureRow(RowSpec(data: data, template: template), in: SectionSpec(autoHeight: true), frames: false).height
        }
        for (row, post) in [(0, posts[0]), (3, posts[1]), (4, posts[2])] {
            let path = IndexPath(row: row % 3, section: row / 3)
            let expected = post.unread ? try measured(Self.typedFeedCell.row(for: post), "FeedCell") : 30
            #expect(try cache.height(for: path) == expected)
        }
        #expect(try cache.height(for: IndexPath(row: 1, section: 0)) == measured(["headline:text": "Buy one"], "AdCell"))
        #expect(try cache.height(for: IndexPath(row: 2, section: 0)) == 1)
        #expect(throws: HeightCacheError.self) { try cache.height(for: IndexPath(row: 2, section: 1)) }
        do {
            _ = try cache.height(for: IndexPath(row: 2, section: 1))
        } catch {
            #expect("\(error)" == "measuring row [1, 2] failed: item 5: no cell is registered for values of type String")
        }
        let header = try measurer.measureHeader(of: SectionSpec(header: .template("Title", data: ["title": "Today"])), frames: false)
        #expect(try cache.headerHeight(inSection: 0) == header?.height)
        #expect(try cache.headerHeight(inSection: 1) == measurer.list.headerHeight)
        #expect(try cache.footerHeight(inSection: 0) == 12)
        #expect(try cache.footerHeight(inSection: 1) == nil)
        #expect { try cache.headerHeight(inSection: 2) } throws: { ($0 as? HeightCacheError)?.kind == .invalidSection }
    }

    struct Note: Hashable, Encodable, Sendable { var text: String }

    @Test func itemsThatAreTheirOwnIdentifiersNeedNoProvider() throws {
        let typed = ItemTemplate<Note>("Note") { content in
            let text = ItemView<Note>.label("text", text: \.text, lines: 0)
            text
            text.leading == content.leading + 16
            text.trailing == content.trailing - 16
            text.top == content.top + 11
            content.bottom == text.bottom + 11
        }
        var snapshot = ListSnapshot<Int, Note>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([Note(text: "One line"), Note(text: String(repeating: "Wraps over lines. ", count: 12))])
        let byKeyPath = try HeightCache(snapshot: snapshot, cells: ItemCells(template: typed), fonts: Fonts.bundled, width: 320)
        let byPath = try HeightCache(snapshot: snapshot, cells: ItemCells(template: Template(name: "Note", views: [
            .label("text", text: "${text}", lines: 0),
        ], constraints: typed.template.constraints)), fonts: Fonts.bundled, width: 320)
        let single = try byKeyPath.height(for: IndexPath(row: 0, section: 0))
        let wrapped = try byKeyPath.height(for: IndexPath(row: 1, section: 0))
        #expect(wrapped > single)
        #expect(try byPath.height(for: IndexPath(row: 0, section: 0)) == single)
        #expect(try byPath.height(for: IndexPath(row: 1, section: 0)) == wrapped)
    }

    struct Photo: Encodable, Sendable { var width: Double; var height: Double }
    struct PhotoPost: Encodable, Sendable { var caption: String; var photo: Photo? }

    @Test func aNaNInAnItemIsAnErrorNamingTheItemAndTheMember() throws {
        let items = [PhotoPost(caption: "ok", photo: Photo(width: 10, height: 10)),
                     PhotoPost(caption: "bad", photo: Photo(width: 10, height: .nan))]
        let encoded = Template("Photo") { content in
            let photo = ViewSpec.image("photo", width: .path("photo.width"), height: .path("photo.height"))
            photo
            photo.leading == content.leading
            photo.top == content.top
            content.bottom == photo.bottom
        }
        let typed = ItemTemplate<PhotoPost>("Photo") { content in
            let photo = ItemView<PhotoPost>.image("photo", width: .from(\.photo?.width), height: .from(\.photo?.height))
            photo
            photo.leading == content.leading
            photo.top == content.top
            content.bottom == photo.bottom
        }
        let snapshot = try Self.snapshot(items.indices)
        let byEncoding = try HeightCache(snapshot: snapshot, cells: ItemCells(item: { items[$0] }, template: encoded),
                                         fonts: Fonts.bundled, width: 375)
        let byKeyPath = try HeightCache(snapshot: snapshot, cells: ItemCells(item: { items[$0] }, template: typed),
                                        fonts: Fonts.bundled, width: 375)
        #expect(try byEncoding.height(for: IndexPath(row: 0, section: 0)) == 10.5)
        #expect(try byKeyPath.height(for: IndexPath(row: 0, section: 0)) == 10.5)
        func message(_ cache: HeightCache) -> String {
            do {
                _ = try cache.height(for: IndexPath(row: 1, section: 0))
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message(byEncoding) == "measuring row [0, 1] failed: item 1: member photo.height: nan is not a JSON number")
        #expect(message(byKeyPath).hasPrefix("measuring row [0, 1] failed: item 1: photo:height: "))
        // The item route encodes a `Sendable` item at its measurement too.
        let byItems = try HeightCache(template: encoded, fonts: Fonts.bundled, items: items, width: 375)
        #expect(message(byItems) == "measuring row [0, 1] failed: item: member photo.height: nan is not a JSON number")
    }

    @Test func applyMovesHeightsWithoutMeasuringAndAMissingItemNamesItsIdentifier() throws {
        let posts = FrontDoorTests.posts(50)
        let cells = ItemCells<String, Int>(item: { posts.indices.contains($0) ? posts[$0] : nil }, template: Self.typedFeedCell)
        var snapshot = try Self.snapshot(posts.indices)
        let cache = try HeightCache(snapshot: snapshot, cells: cells, fonts: Fonts.bundled, width: 375)
        let heights = try posts.indices.map { try cache.height(for: IndexPath(row: $0, section: 0)) }
        cache.setStatisticsEnabled(true)
        try snapshot.moveItem(0, afterItem: 49)
        try snapshot.moveItem(10, beforeItem: 3)
        try snapshot.deleteItems([20])
        try snapshot.appendSections(["more"])
        try snapshot.moveItem(30, afterItem: 49)
        try snapshot.appendItems([99], toSection: "more")
        try cache.apply(snapshot)
        for item in posts.indices where item != 20 {
            let path = try #require(snapshot.indexPath(for: item))
            #expect(try cache.height(for: path) == heights[item], "item \(item)")
        }
        #expect(cache.statistics.measurements == 0)
        do {
            _ = try cache.height(for: try #require(snapshot.indexPath(for: 99)))
            Issue.record("a missing item was measured")
        } catch {
            #expect("\(error)" == "measuring row [1, 0] failed: item 99: the item provider has no value for this identifier")
        }
    }
}
