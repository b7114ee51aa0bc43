import Foundation
import Testing
import TemplateLayout
import TestSupport

/// A typed template's row measured from the item's values (no row object built) gives the
/// height of the row object `ItemTemplate.row(for:)` makes, measured as cells.json rows are:
/// over stored, optional, computed and class properties, sizes, hidden views, stacks, a static
/// label reading a member by its `${name}`, and five scripts.
@Suite struct TypedValuesTests {
    final class Author: Sendable {
        let name: String
        init(name: String) { self.name = name }
    }

    struct Card: Sendable {
        var title: String
        var subtitle: String?
        var author: Author
        var width: Double
        var height: Double?
        var pinned: Bool
        var shout: String { title.uppercased() }
    }

    /// Views reading every kind of property: stored at an offset, optional, computed, through
    /// a class, sizes plain and optional, `hidden` both ways, a stack, and a static label.
    static let cardCell = ItemTemplate<Card>("Card") { content in
        let title = ItemView<Card>.label("title", text: \.title, font: "bold", size: 16, lines: 0)
        let subtitle = ItemView<Card>.label("subtitle", text: \.subtitle, size: 13, lines: 2)
        let shout = ItemView<Card>.label("shout", text: \.shout, size: 11)
        let author = ItemView<Card>.label("author", text: \.author.name, size: 12, hidden: .when(\.pinned))
        let photo = ItemView<Card>.image("photo", width: .from(\.width), height: .from(\.height))
        let pin = ItemView<Card>.view("pin", width: 10, height: 10, hidden: .unless(\.pinned))
        let stack = ItemView<Card>.stack("stack", axis: .vertical, spacing: 4, arranged: [subtitle, shout, author])
        let echo = ViewSpec.label("echo", text: "again: ${title:text}", size: 10, lines: 0)
        photo; title; subtitle; shout; author; stack; pin; echo
        photo.leading == content.leading + 16
        photo.top == content.top + 8
        title.leading == photo.trailing + 8
        title.top == content.top + 8
        title.trailing == content.trailing - 30
        pin.trailing == content.trailing - 8
        pin.top == title.top
        stack.leading == title.leading
        stack.trailing == title.trailing
        stack.top == title.bottom + 4
        echo.leading == title.leading
        echo.trailing == title.trailing
        echo.top == stack.bottom + 4
        content.bottom >= echo.bottom + 8
        content.bottom >= photo.bottom + 8
    }

    static let texts = ["Hello there, a title that wraps on a narrow phone screen", "李白乘舟将欲行，忽闻岸上踏歌声",
                        "مرحبا بالعالم، هذا نص عربي طويل", "สวัสดีครับ นี่คือข้อความภาษาไทย", "नमस्ते दुनिया, यह हिंदी पाठ है", ""]

    static func cards(_ count: Int) -> [Card] {
        var rng = SplitMix64(seed: 34)
        func text() -> String {
            let n = Int(rng.next() % 4)
            return (0..<n).map { _ in texts[Int(rng.next() % UInt64(texts.count))] }.joined(separator: " ")
        }
        return (0..<count).map { i in
            Card(title: text(), subtitle: rng.next() % 3 == 0 ? nil : text(), author: Author(name: "Author \(i)"),
                 width: Double(rng.next() % 80), height: rng.next() % 4 == 0 ? nil : Double(rng.next() % 120),
                 pinned: rng.next() % 2 == 0)
        }
    }

    /// One section of the items 0..<count.
    static func snapshot(_ count: Int) throws -> ListSnapshot<Int, Int> {
        var snapshot = ListSnapshot<Int, Int>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(Array(0..<count), toSection: 0)
        return snapshot
    }

    /// Every row of `cache` against the row objects of `cards` measured as cells.json rows.
    func expectRowObjectHeights(_ cache: HeightCache, _ cards: [Card], template: ItemTemplate<Card>,
                                width: Double = 375) throws {
        let rows = cards.map { template.row(for: $0) }
        let expected = try HeightCache(template: template.template, fonts: Fonts.bundled, items: rows, width: width)
        for row in cards.indices {
            let path = IndexPath(row: row, section: 0)
            #expect(try cache.height(for: path) == expected.height(for: path), "row \(row)")
        }
    }

    @Test func valuesReadInPlaceMeasureAsTheRowObject() throws {
        let cards = Self.cards(120)
        let cells = ItemCells<Int, Int>(item: { cards[$0] }, template: Self.cardCell)
        let snapshot = try Self.snapshot(cards.count)
        let cache = try HeightCache(snapshot: snapshot, cells: cells, fonts: Fonts.bundled, width: 375)
        try expectRowObjectHeights(cache, cards, template: Self.cardCell)
        // Exact numbers for the first rows, so a change in both routes at once shows too.
        let first = try (0..<3).map { try cache.height(for: IndexPath(row: $0, section: 0)) }
        #expect(first == [121.5, 109.0, 91.0])
    }

    @Test func aTemplateFollowingDynamicTypeMeasuresTheRowObjectAtEveryCategory() throws {
        // A label sized by a text style makes the template follow the category: a typed row at
        // another category is measured by that category's compiled template.
        let cell = ItemTemplate<Card>("Styled") { content in
            let title = ItemView<Card>.label("title", text: \.title, size: 15, lines: 0)
            let echo = ViewSpec.label("echo", text: "${title:text}", textStyle: .body, lines: 0)
            title; echo
            title.leading == content.leading + 16
            title.trailing == content.trailing - 16
            title.top == content.top + 8
            echo.leading == title.leading
            echo.trailing == title.trailing
            echo.top == title.bottom + 4
            content.bottom == echo.bottom + 8
        }
        let cards = Self.cards(40)
        let rows = cards.map { cell.row(for: $0) }
        let cache = try HeightCache(snapshot: try Self.snapshot(cards.count), cells: ItemCells(item: { cards[$0] }, template: cell),
                                    fonts: Fonts.bundled, width: 375)
        var sizes: [ContentSizeCategory: [Double]] = [:]
        for category in [ContentSizeCategory.large, .xSmall, .AX5] {
            cache.setContentSizeCategory(category)
            let expected = try HeightCache(template: cell.template, fonts: Fonts.bundled, items: rows, width: 375,
                                           contentSizeCategory: category)
            sizes[category] = try cards.indices.map { try cache.height(for: IndexPath(row: $0, section: 0)) }
            for row in cards.indices {
                #expect(sizes[category]![row] == (try expected.height(for: IndexPath(row: row, section: 0))), "row \(row) at \(category)")
            }
        }
        // The category reaches the layout: the largest text makes some row taller.
        #expect(zip(sizes[.large]!, sizes[.AX5]!).contains { $0 < $1 })
    }

    @Test func aTemplateReadingDeeperPathsMeasuresTheRowObjectItBuilds() throws {
        // `${title:text.0}` is no one-member path: the row is laid out as its object.
        let cell = ItemTemplate<Card>("Deep") { content in
            let title = ItemView<Card>.label("title", text: \.title, lines: 0)
            let deep = ViewSpec.label("deep", text: "${title:text.0}", lines: 0)
            title; deep
            title.leading == content.leading + 16
            title.trailing == content.trailing - 16
            title.top == content.top + 8
            deep.leading == title.leading
            deep.top == title.bottom
            content.bottom == deep.bottom + 8
        }
        let cards = Self.cards(30)
        let snapshot = try Self.snapshot(cards.count)
        let cache = try HeightCache(snapshot: snapshot, cells: ItemCells(item: { cards[$0] }, template: cell),
                                    fonts: Fonts.bundled, width: 320)
        try expectRowObjectHeights(cache, cards, template: cell, width: 320)
    }

    @Test func textsLentToTheLayoutStayTheItemsWhetherItKeepsThemOrNot() throws {
        // A stored `String` is lent to the layout uncopied: items the provider makes afresh on
        // each call (their texts freed after the row) and items an array keeps both measure as
        // their row objects, twice over, and the kept items' texts are unchanged after.
        let cards = Self.cards(150)
        let kept = ItemCells<Int, Int>(item: { cards[$0] }, template: Self.cardCell)
        let fresh = ItemCells<Int, Int>(item: { index in
            var card = cards[index]
            card.title = String(card.title.unicodeScalars.map(Character.init))
            return card
        }, template: Self.cardCell)
        let snapshot = try Self.snapshot(cards.count)
        for cells in [kept, fresh] {
            let cache = try HeightCache(snapshot: snapshot, cells: cells, fonts: Fonts.bundled, width: 375)
            try expectRowObjectHeights(cache, cards, template: Self.cardCell)
            cache.invalidateAll()
            try expectRowObjectHeights(cache, cards, template: Self.cardCell)
        }
        #expect(cards.map(\.title) == Self.cards(150).map(\.title))
    }

    @Test func valuesFromSeveralThreadsAndInAnotherOrderGiveTheSameHeights() async throws {
        let cards = Self.cards(200)
        let cells = ItemCells<Int, Int>(item: { cards[$0] }, template: Self.cardCell)
        let snapshot = try Self.snapshot(cards.count)
        let forward = try HeightCache(snapshot: snapshot, cells: cells, fonts: Fonts.bundled, width: 375)
        let heights = try cards.indices.map { try forward.height(for: IndexPath(row: $0, section: 0)) }
        let parallel = try HeightCache(snapshot: snapshot, cells: cells, fonts: Fonts.bundled, width: 375)
        _ = await parallel.precache()
        for row in cards.indices.reversed() {
            #expect(try parallel.height(for: IndexPath(row: row, section: 0)) == heights[row], "row \(row)")
        }
    }
}
