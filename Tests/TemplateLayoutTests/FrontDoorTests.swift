import Dispatch
import Foundation
import Synchronization
import Testing
import TemplateLayout
import TestSupport

/// The front door: bundled fonts, a template, a cache over the user's own values, a height; data
/// changes through the cache, each checked against a fresh cache over the changed data.
@Suite struct FrontDoorTests {
    struct Post: Encodable, Sendable {
        var key: String?
        var name: String
        var detail: String
        var unread: Bool
    }

    static func posts(_ count: Int, seed: UInt64 = 7) -> [Post] {
        var rng = SplitMix64(seed: seed)
        let words = ["short", "a longer word", "text", "that wraps", "over lines", "李白", "🌙", "and"]
        return (0..<count).map { i in
            let n = Int(rng.next() % 40)
            let detail = (0..<n).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
            return Post(key: nil, name: "Author \(i)", detail: detail, unread: rng.next() % 2 == 0)
        }
    }

    static let template = SwiftTemplateTests.feedWithOperators

    /// `item` behind a class with state: not `Sendable`, so a cache reads it whole when handed it.
    final class Eagerly<Item: Encodable>: Encodable {
        let item: Item
        var reads = 0
        init(_ item: Item) { self.item = item }
        func encode(to encoder: any Encoder) throws { try item.encode(to: encoder) }
    }

    /// Every height of `cache` equals a fresh cache's over `items`.
    func expectFresh(_ cache: HeightCache, _ items: [Post], _ comment: Comment) throws {
        let fresh = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items, width: 375)
        #expect(cache.numberOfRows(inSection: 0) == items.count, comment)
        for row in items.indices {
            let path = IndexPath(row: row, section: 0)
            #expect(try cache.height(for: path) == fresh.height(for: path), comment)
        }
    }

    @Test func fiveLinesGiveTheHeightOfTheDocumentWithTheSameRows() throws {
        let posts = Self.posts(30)
        let fonts = try Fonts.bundled
        let cache = try HeightCache(template: Self.template, fonts: fonts, items: posts, width: 375)
        let document = Document(fonts: fonts, templates: ["FeedCell": Self.template])
        let measurer = try ListMeasurer(document: document, baseDirectory: "/")
        let section = SectionSpec(template: "FeedCell", autoHeight: true)
        for (i, post) in posts.enumerated() {
            let row = RowSpec(data: try JSONValue(encoding: post))
            #expect(try cache.height(for: IndexPath(row: i, section: 0))
                    == measurer.measureRow(row, in: section, frames: false).height)
        }
    }

    @Test func itemUpdatesChangeTheDataAndTheHeightsInOneStep() throws {
        var posts = Self.posts(40)
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: posts, width: 375)
        for row in stride(from: 0, to: posts.count, by: 3) { _ = try cache.height(for: IndexPath(row: row, section: 0)) }
        let extra = Self.posts(3, seed: 99)

        try cache.insert(extra[0], at: IndexPath(row: 0, section: 0))
        posts.insert(extra[0], at: 0)
        try expectFresh(cache, posts, "insert at the top")

        try cache.deleteItem(at: IndexPath(row: 5, section: 0))
        posts.remove(at: 5)
        try expectFresh(cache, posts, "delete")

        try cache.replaceItem(at: IndexPath(row: 2, section: 0), with: extra[1])
        posts[2] = extra[1]
        try expectFresh(cache, posts, "replace")

        try cache.moveItem(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 20, section: 0))
        posts.insert(posts.remove(at: 1), at: 20)
        try expectFresh(cache, posts, "move")

        try cache.insert(extra[2], at: IndexPath(row: posts.count, section: 0))
        posts.append(extra[2])
        try expectFresh(cache, posts, "append")

        posts = Self.posts(12, seed: 5)
        try cache.setItems(posts)
        try expectFresh(cache, posts, "set every item")
    }

    @Test func severalItemUpdatesApplyAsOneBatchWithUITableViewsRules() throws {
        var posts = Self.posts(30)
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: posts, width: 375)
        for row in posts.indices { _ = try cache.height(for: IndexPath(row: row, section: 0)) }
        let extra = Self.posts(3, seed: 42)
        var updates = ItemUpdates()
        // Deletes, replacements and move sources name rows before the batch; inserts and move
        // destinations name rows after it.
        updates.delete(at: IndexPath(row: 3, section: 0))
        updates.delete(at: IndexPath(row: 10, section: 0))
        updates.replace(at: IndexPath(row: 4, section: 0), with: extra[0])
        updates.move(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 20, section: 0))
        updates.insert(extra[1], at: IndexPath(row: 0, section: 0))
        updates.insert(extra[2], at: IndexPath(row: 28, section: 0))
        try cache.performItemUpdates(updates)

        posts[4] = extra[0]
        let moved = posts[0]
        for row in [10, 3, 0] { posts.remove(at: row) }
        var after: [(Int, Post)] = [(0, extra[1]), (20, moved), (28, extra[2])]
        after.sort { $0.0 < $1.0 }
        for (row, post) in after { posts.insert(post, at: row) }
        // Only the inserted rows (0, 28) and the replaced one (old row 4, now row 3) wait to be
        // measured; every other height moved with its row.
        let unmeasured = posts.indices.filter { cache.cachedHeight(for: IndexPath(row: $0, section: 0)) == nil }
        #expect(unmeasured == [0, 3, 28])
        try expectFresh(cache, posts, "one batch")
    }

    @Test func aBatchUITableViewWouldRefuseIsAnErrorThatChangesNothing() throws {
        let posts = Self.posts(5)
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: posts, width: 375)
        for row in posts.indices { _ = try cache.height(for: IndexPath(row: row, section: 0)) }
        var twoInOnePlace = ItemUpdates()
        twoInOnePlace.insert(posts[0], at: IndexPath(row: 1, section: 0))
        twoInOnePlace.move(from: IndexPath(row: 4, section: 0), to: IndexPath(row: 1, section: 0))
        #expect(throws: FrontEndError.self) { try cache.performItemUpdates(twoInOnePlace) }
        var deletedAndReplaced = ItemUpdates()
        deletedAndReplaced.delete(at: IndexPath(row: 2, section: 0))
        deletedAndReplaced.replace(at: IndexPath(row: 2, section: 0), with: posts[0])
        #expect(throws: FrontEndError.self) { try cache.performItemUpdates(deletedAndReplaced) }
        var notARow = ItemUpdates()
        notARow.delete(at: IndexPath(row: 0, section: 0))
        notARow.insert("plain text", at: IndexPath(row: 0, section: 0))
        #expect(throws: DocumentError.self) { try cache.performItemUpdates(notARow) }
        // Nothing changed, and no height was forgotten.
        #expect(posts.indices.allSatisfy { cache.cachedHeight(for: IndexPath(row: $0, section: 0)) != nil })
        try expectFresh(cache, posts, "after refused batches")
    }

    @Test func replacingAKeyedItemMeasuresItAgain() throws {
        var post = Post(key: "post-1", name: "Ada", detail: "short", unread: false)
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [post], width: 375)
        let before = try cache.height(for: IndexPath(row: 0, section: 0))
        post.detail = String(repeating: "A detail that now wraps over many lines. ", count: 8)
        try cache.replaceItem(at: IndexPath(row: 0, section: 0), with: post)
        let after = try cache.height(for: IndexPath(row: 0, section: 0))
        #expect(after > before)
        try expectFresh(cache, [post], "replaced keyed item")
    }

    @Test func anIndexPathOutsideTheListIsInvalidIndexPathFromEveryCallAndChangesNothing() throws {
        let posts = Self.posts(3)
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: posts, width: 375)
        func message(_ call: () throws -> Void) -> String {
            do {
                try call()
                return "accepted"
            } catch let error as HeightCacheError where error.kind == .invalidIndexPath {
                return error.description
            } catch {
                return "other error: \(error)"
            }
        }
        let outside = IndexPath(row: 3, section: 0)
        let expected = "index path [0, 3] out of range: section 0 has 3 rows"
        #expect(message { _ = try cache.height(for: outside) } == expected)
        #expect(message { _ = try cache.offset(of: outside) } == expected)
        #expect(message { try cache.invalidate(at: outside) } == expected)
        #expect(message { _ = try cache.height(forKey: "k", at: outside) } == expected)
        #expect(message { try cache.deleteItem(at: outside) } == expected)
        #expect(message { try cache.replaceItem(at: outside, with: posts[0]) } == expected)
        #expect(message { try cache.moveItem(at: outside, to: IndexPath(row: 0, section: 0)) } == expected)
        // After the change: inserting makes 4 rows, so row 4 is outside; a move keeps 3.
        #expect(message { try cache.insert(posts[0], at: IndexPath(row: 5, section: 0)) }
                == "index path [0, 5] out of range: section 0 has 4 rows")
        #expect(message { try cache.moveItem(at: IndexPath(row: 0, section: 0), to: outside) } == expected)
        #expect(message { try cache.moveItem(at: IndexPath(row: 0, section: 1), to: IndexPath(row: 0, section: 0)) }
                == "index path [1, 0] out of range: the list has 1 sections")
        #expect(message { try cache.replaceItem(at: IndexPath(row: 0, section: 2), with: posts[0]) }
                == "index path [2, 0] out of range: the list has 1 sections")
        // Paths that are no row's (one index, three) are refused the same way, where reading their section would trap.
        for malformed in [IndexPath(index: 0), IndexPath(indexes: [0, 0, 0])] {
            let notARow = "index path \(malformed) is not a row's: it must have two indexes, section and row"
            #expect(message { _ = try cache.height(for: malformed) } == notARow)
            #expect(message { try cache.deleteItem(at: malformed) } == notARow)
            #expect(message { try cache.insert(posts[0], at: malformed) } == notARow)
            #expect(message { try cache.moveItem(at: malformed, to: IndexPath(row: 0, section: 0)) } == notARow)
            #expect(message { try cache.moveItem(at: IndexPath(row: 0, section: 0), to: malformed) } == notARow)
            #expect(message { try cache.replaceItem(at: malformed, with: posts[0]) } == notARow)
        }
        try expectFresh(cache, posts, "after refused updates")
    }

    @Test func sectionsOfABatchAreAnIndexSetAsInUIKitOrAnArray() throws {
        let source = TableSource(consecutiveIdentities([2, 3, 1, 4]))
        let cache = try HeightCache(source: source, width: 375)
        #expect(BatchUpdate(deleteSections: IndexSet([0, 2]), reloadSections: IndexSet(integer: 1))
                == BatchUpdate(deleteSections: [0, 2], reloadSections: [1]))
        source.sections = [source.sections[1], source.sections[3]]
        try cache.deleteSections(IndexSet([0, 2]))
        #expect(cache.numberOfSections == 2 && cache.numberOfRows(inSection: 1) == 4)
    }

    @Test func aWidthNoRowCanBeMeasuredAtIsRefusedUpFront() throws {
        let posts = Self.posts(3)
        for width in [0, -1, 1e7, .nan, .infinity] {
            #expect {
                _ = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: posts, width: width)
            } throws: { error in
                guard case .invalidWidth? = error as? HeightCacheError else { return false }
                return true
            }
        }
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: posts, width: 375)
        for width in [0, 1e7, 1_000_000.5] {
            #expect {
                try cache.setWidth(width)
            } throws: { error in
                guard case .invalidWidth(let refused)? = error as? HeightCacheError else { return false }
                return refused == width
            }
        }
        try cache.setWidth(1_000_000)
        try cache.setWidth(375)
        try expectFresh(cache, posts, "after refused widths")
    }

    @Test func anItemChangeInsideAnotherChangeIsAnErrorNotAHang() throws {
        let posts = Self.posts(3)
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: posts, width: 375)
        var nested: (any Error)?
        try cache.performBatchUpdates {
            do { try cache.insert(posts[0], at: IndexPath(row: 0, section: 0)) } catch { nested = error }
            return BatchUpdate()
        }
        #expect(nested is HeightCacheError)
        try cache.setWidth(320)
        try cache.setWidth(375)
        try expectFresh(cache, posts, "after the refused nested change")
    }

    @Test func anItemThatIsNotARowObjectIsAnErrorNamingItsPlace() throws {
        // Handed over at once (a type that is not Sendable), the error comes from the call.
        final class Plain: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode("plain text")
            }
        }
        #expect {
            _ = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [Plain()], width: 375)
        } throws: { error in
            (error as? DocumentError)?.path == "sections[0].rows[0]"
        }
        // Read at its first measurement (a Sendable item), from that measurement.
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: ["plain text"], width: 375)
        #expect {
            _ = try cache.height(for: IndexPath(row: 0, section: 0))
        } throws: { error in
            "\(error)" == "measuring row [0, 0] failed: item: expected a row (an object), found a string"
        }
    }

    @Test func anItemEditedUnderItsKeyIsMeasuredAgainByEveryCall() throws {
        // An app's ids as keys: the content changes, the key does not. Each way the edited item
        // can come back (setItems, a delete and an insert, one batch) gives a fresh cache's height.
        let short = Post(key: "p1", name: "Ada", detail: "short", unread: false)
        var long = short
        long.detail = String(repeating: "A detail that now wraps over many lines. ", count: 6)
        let other = Post(key: "p2", name: "Grace", detail: "Other", unread: true)
        let first = IndexPath(row: 0, section: 0)

        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [short, other], width: 375)
        let shortHeight = try cache.height(for: first)
        try cache.setItems([long, other])
        #expect(try cache.height(for: first) > shortHeight)
        try expectFresh(cache, [long, other], "setItems with an edited keyed item")

        try cache.deleteItem(at: first)
        try cache.insert(short, at: first)
        try expectFresh(cache, [short, other], "delete, then insert under the same key")

        var updates = ItemUpdates()
        updates.delete(at: first)
        updates.insert(long, at: first)
        try cache.performItemUpdates(updates)
        try expectFresh(cache, [long, other], "one batch deleting and inserting under the same key")

        try cache.setWidth(812)
        try cache.setWidth(375)
        try expectFresh(cache, [long, other], "after rotating and back")

        // The same content under the same key is still answered by the keyed cache, unmeasured.
        cache.setStatisticsEnabled(true)
        try cache.setItems([long, other])
        _ = try cache.height(for: first)
        #expect(cache.statistics.keyedHits == 1)
        #expect(cache.statistics.measurements == 0)
    }

    @Test func twoItemsWithOneKeyAreAnErrorWhateverTheirContent() throws {
        let a = Post(key: "same", name: "Ada", detail: "one", unread: false)
        let b = Post(key: "same", name: "Grace", detail: "two", unread: false)
        let c = Post(key: "other", name: "Linus", detail: "three", unread: false)
        // Handed over at once, the call refuses them.
        #expect {
            _ = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [a, b].map(Eagerly.init), width: 375)
        } throws: { error in
            (error as? FrontEndError)?.description.contains("key \"same\" is also the key of sections[0].rows[0]") == true
        }
        // Read at their measurements, the second of the two measured is the error, in either order.
        for order in [[0, 1], [1, 0]] {
            let lazy = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [a, b], width: 375)
            let first = IndexPath(row: order[0], section: 0), second = IndexPath(row: order[1], section: 0)
            let alone = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [[a, b][order[0]]], width: 375)
            #expect(try lazy.height(for: first) == alone.height(for: IndexPath(row: 0, section: 0)))
            #expect {
                _ = try lazy.height(for: second)
            } throws: { error in
                guard case .duplicateKey(let key, let holder, let asking)? = error as? HeightCacheError else { return false }
                return key == "same" && holder == first && asking == second
            }
        }
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [a, c], width: 375)
        // Once a row is measured its key is known, and an item handed over under it is refused.
        _ = try cache.height(for: IndexPath(row: 0, section: 0))
        #expect(throws: FrontEndError.self) { try cache.insert(b, at: IndexPath(row: 2, section: 0)) }
        #expect(throws: FrontEndError.self) { try cache.setItems([a, b, c]) }
        #expect(throws: FrontEndError.self) { try cache.replaceItem(at: IndexPath(row: 1, section: 0), with: b) }
        try expectFresh(cache, [a, c], "after refused duplicates")
        // Replacing an item by an edit of itself keeps its key: no duplicate.
        try cache.replaceItem(at: IndexPath(row: 0, section: 0), with: b)
        try expectFresh(cache, [b, c], "after replacing under the same key")
    }

    @Test func sixtyFourBitIdsPast2To53AreDistinctKeys() throws {
        struct Tweet: Encodable { var key: Int64; var name: String; var detail: String }
        // Snowflake-sized ids 1 apart: one double, two items.
        let a = Tweet(key: 1_460_000_000_000_000_001, name: "Ada", detail: "short")
        let b = Tweet(key: 1_460_000_000_000_000_002, name: "Grace",
                      detail: "A longer post that wraps onto a second line on a phone")
        #expect(Double(a.key) == Double(b.key))
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [a, b], width: 375)
        cache.setStatisticsEnabled(true)
        let heights = [try cache.height(for: IndexPath(row: 0, section: 0)), try cache.height(for: IndexPath(row: 1, section: 0))]
        #expect(heights[0] != heights[1])
        #expect(cache.statistics.measurements == 2)
        #expect {
            _ = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [a, a].map(Eagerly.init), width: 375)
        } throws: { error in
            (error as? FrontEndError)?.description.contains("key 1460000000000000001 is also the key of sections[0].rows[0]") == true
        }
        let twice = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [a, a], width: 375)
        _ = try twice.height(for: IndexPath(row: 0, section: 0))
        #expect(throws: HeightCacheError.self) { try twice.height(for: IndexPath(row: 1, section: 0)) }
    }

    @Test func aCacheNotMadeFromItemsRefusesItemUpdates() throws {
        struct Empty: HeightSource {
            func numberOfSections() -> Int { 1 }
            func numberOfRows(inSection section: Int) -> Int { 0 }
            func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double { 44 }
        }
        let cache = try HeightCache(source: Empty(), width: 375)
        #expect(throws: FrontEndError.self) { try cache.insert(["name": "x"] as JSONValue, at: IndexPath(row: 0, section: 0)) }
    }

    @Test func literalRowsAreItemsToo() throws {
        let rows: [JSONValue] = [["name": "Ada", "detail": "First post", "unread": true], ["name": "Grace", "detail": ""]]
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: rows, width: 375)
        let typed = try HeightCache(template: Self.template, fonts: Fonts.bundled,
                                    items: [Post(name: "Ada", detail: "First post", unread: true),
                                            Post(name: "Grace", detail: "", unread: false)], width: 375)
        for row in 0..<2 {
            #expect(try cache.height(for: IndexPath(row: row, section: 0)) == typed.height(for: IndexPath(row: row, section: 0)))
        }
    }

    @Test func itemUpdatesWhileOtherThreadsReadHeightsLeaveNoStaleHeight() throws {
        var posts = Self.posts(1_000, seed: 11)
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: posts, width: 375)
        let extra = Self.posts(400, seed: 12)
        let done = Atomic<Bool>(false)
        let readers = DispatchGroup()
        // Threads of their own, so the readers run during the inserts whatever holds the
        // dispatch pool (as wide as the cores).
        for reader in 0..<2 {
            readers.enter()
            Thread.detachNewThread {
                defer { readers.leave() }
                var rng = SplitMix64(seed: UInt64(reader))
                while !done.load(ordering: .relaxed) {
                    let rows = cache.numberOfRows(inSection: 0) ?? 0
                    guard rows > 0 else { continue }
                    _ = try? cache.height(for: IndexPath(row: Int(rng.next() % UInt64(min(rows, 8))), section: 0))
                }
            }
        }
        for post in extra {
            try cache.insert(post, at: IndexPath(row: 0, section: 0))
            posts.insert(post, at: 0)
        }
        done.store(true, ordering: .relaxed)
        readers.wait()
        try expectFresh(cache, posts, "after inserts at the top with readers")
    }
}
