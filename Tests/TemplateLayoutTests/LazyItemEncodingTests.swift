import Dispatch
import Foundation
import Synchronization
import Testing
import TemplateLayout
import TestSupport

/// A cache over `Sendable` items reads each item (its own settings with its content) when its
/// row is first measured: the same heights as items read when the cache is made, an error at the
/// measurement, and nothing read of a row never measured.
@Suite struct LazyItemEncodingTests {
    /// Counts the encodings of the members that carry it.
    final class Counter: Sendable {
        let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// One slot of heights a thread, each written by its own thread and read after all of them
    /// end: no lock of the test's own (ThreadSanitizer cannot see a Synchronization.Mutex on Linux).
    final class PerThread: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<[Double]>

        init(_ count: Int) {
            slots = .allocate(capacity: count)
            _ = slots.initialize(from: repeatElement([], count: count))
        }

        deinit {
            _ = slots.deinitialize()
            slots.deallocate()
        }
    }

    /// A text member that counts its encodings.
    struct CountedText: Encodable, Sendable {
        var text: String
        var counter: Counter
        func encode(to encoder: any Encoder) throws {
            counter.count.add(1, ordering: .relaxed)
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    struct CountedPost: Encodable, Sendable {
        var key: String?
        var height: Double?
        var name: String
        var detail: CountedText
    }

    /// A row with every setting a row object may carry, as an app's value.
    struct Row: Encodable, Sendable {
        var key: String?
        var height: Double?
        var accessory: String?
        var name: String
        var detail: String
        var unread: Bool
    }

    /// `item` behind a class with state: not `Sendable`, so the cache encodes it when made.
    final class Eagerly<Item: Encodable>: Encodable {
        let item: Item
        var reads = 0
        init(_ item: Item) { self.item = item }
        func encode(to encoder: any Encoder) throws { try item.encode(to: encoder) }
    }

    static let template = SwiftTemplateTests.feedWithOperators

    /// The benchmarks' feed: names "Ada 0"... and details of 1 to 5 sentences.
    static func feed(_ count: Int) -> [Row] {
        (0..<count).map { i in
            Row(name: "Ada \(i)", detail: String(repeating: "The engine weaves algebra. ", count: 1 + i % 5), unread: i % 2 == 0)
        }
    }

    /// Random rows: scripts mixed, some keyed, some of a fixed height, some with an accessory.
    static func random(_ count: Int, seed: UInt64) -> [Row] {
        var rng = SplitMix64(seed: seed)
        let words = ["short", "a longer word", "text", "that wraps", "李白", "مرحبا", "สวัสดี", "नमस्ते", "🌙", "and"]
        let accessories = [nil, "disclosure", "checkmark", "detailDisclosure"]
        return (0..<count).map { i in
            let detail = (0..<Int(rng.next() % 40)).map { _ in words[Int(rng.next() % UInt64(words.count))] }
            return Row(key: rng.next() % 3 == 0 ? "k\(i)" : nil, height: rng.next() % 7 == 0 ? 30 + Double(i % 5) : nil,
                       accessory: accessories[Int(rng.next() % 4)], name: "Author \(i)",
                       detail: detail.joined(separator: " "), unread: rng.next() % 2 == 0)
        }
    }

    /// Every height of a cache over `items` equals that of a cache that encoded them when made,
    /// at two widths and two content sizes, the lazy cache's rows read from the last.
    func expectEagerHeights(_ items: [Row], _ comment: Comment) throws {
        let lazy = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items, width: 375)
        let eager = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items.map(Eagerly.init), width: 375)
        for (width, category) in [(375.0, ContentSizeCategory.large), (320.0, ContentSizeCategory.AX2)] {
            try lazy.setWidth(width)
            try eager.setWidth(width)
            lazy.setContentSizeCategory(category)
            eager.setContentSizeCategory(category)
            for row in items.indices.reversed() {
                let path = IndexPath(row: row, section: 0)
                #expect(try lazy.height(for: path) == eager.height(for: path), comment)
            }
        }
    }

    @Test func itemsEncodedAtTheirMeasurementGiveTheHeightsOfItemsEncodedUpFront() throws {
        try expectEagerHeights(Self.feed(100), "feed items")
        try expectEagerHeights(Self.random(300, seed: 5), "random items")
    }

    @Test func itemsNeverMeasuredAreNeverEncoded() throws {
        let counter = Counter()
        func post(_ i: Int, key: String? = nil, height: Double? = nil) -> CountedPost {
            CountedPost(key: key, height: height, name: "Ada \(i)",
                        detail: CountedText(text: String(repeating: "Words that wrap. ", count: 1 + i % 4), counter: counter))
        }
        let items = (0..<1_000).map { post($0, key: "p\($0)") }
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items, width: 375)
        #expect(counter.value == 0)
        _ = try cache.height(for: IndexPath(row: 5, section: 0))
        #expect(counter.value == 1)
        // Measured again at another width and back: the item stays encoded.
        try cache.setWidth(320)
        _ = try cache.height(for: IndexPath(row: 5, section: 0))
        try cache.setWidth(375)
        #expect(counter.value == 1)
        // The same items again: only the item under the measured row's key is encoded, to tell
        // whether its keyed height holds (it does: answered unmeasured).
        cache.setStatisticsEnabled(true)
        try cache.setItems(items)
        #expect(counter.value == 2)
        _ = try cache.height(for: IndexPath(row: 5, section: 0))
        #expect(cache.statistics.keyedHits == 1)
        #expect(counter.value == 2)
        // Inserted, replaced and fixed-height items are encoded only when measured.
        try cache.insert(post(1_000), at: IndexPath(row: 0, section: 0))
        try cache.replaceItem(at: IndexPath(row: 1, section: 0), with: post(1_001))
        try cache.insert(post(1_002, height: 33), at: IndexPath(row: 2, section: 0))
        #expect(counter.value == 2)
        #expect(try cache.height(for: IndexPath(row: 2, section: 0)) == 33)
        #expect(counter.value == 2)
        _ = try cache.height(for: IndexPath(row: 0, section: 0))
        #expect(counter.value == 3)
    }

    /// An item that counts the calls of its own `encode(to:)`, settings and all.
    struct WholeCounted: Encodable, Sendable {
        var key: String?
        var height: Double?
        var name: String
        var detail: String
        var counter: Counter
        enum CodingKeys: String, CodingKey { case key, height, name, detail }
        func encode(to encoder: any Encoder) throws {
            counter.count.add(1, ordering: .relaxed)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(key, forKey: .key)
            try container.encodeIfPresent(height, forKey: .height)
            try container.encode(name, forKey: .name)
            try container.encode(detail, forKey: .detail)
        }
    }

    @Test func aCacheMadeFromItemsReadsEachOnceAtItsFirstHeightAndNoneBefore() throws {
        let counter = Counter()
        let items = (0..<2_000).map { i in
            WholeCounted(key: i % 2 == 0 ? "k\(i)" : nil, height: i % 5 == 0 ? 30 + Double(i % 3) : nil, name: "Ada \(i)",
                         detail: String(repeating: "Words that wrap. ", count: 1 + i % 4), counter: counter)
        }
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items, width: 375)
        #expect(counter.value == 0)
        // A fixed height is an item's own setting: read from the item, once, when asked.
        #expect(try cache.height(for: IndexPath(row: 10, section: 0)) == 31)
        #expect(counter.value == 1)
        _ = try cache.height(for: IndexPath(row: 11, section: 0))
        #expect(counter.value == 2)
        // Its key and height read, a row is not read again: at another width, moved, or asked again.
        try cache.setWidth(320)
        _ = try cache.height(for: IndexPath(row: 11, section: 0))
        try cache.moveItem(at: IndexPath(row: 11, section: 0), to: IndexPath(row: 0, section: 0))
        _ = try cache.height(for: IndexPath(row: 0, section: 0))
        #expect(counter.value == 2)
    }

    @Test func precacheOverItemsReadAtTheirMeasurementsGivesTheHeightsOfItemsReadUpFront() async throws {
        let items = Self.random(400, seed: 11)
        let lazy = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items, width: 375)
        let eager = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items.map(Eagerly.init), width: 375)
        _ = await lazy.precache()
        for row in items.indices {
            let path = IndexPath(row: row, section: 0)
            #expect(try lazy.height(for: path) == eager.height(for: path))
        }
    }

    @Test func anItemThatFailsToEncodeReportsItsErrorAtItsMeasurement() throws {
        struct Photo: Encodable, Sendable { var width: Double; var height: Double }
        struct PhotoPost: Encodable, Sendable { var name: String; var photo: Photo }
        let items = [PhotoPost(name: "ok", photo: Photo(width: 10, height: 10)),
                     PhotoPost(name: "bad", photo: Photo(width: 10, height: .nan))]
        func message(_ cache: HeightCache, _ row: Int) -> String {
            do {
                return "\(try cache.height(for: IndexPath(row: row, section: 0)))"
            } catch {
                return "\(error)"
            }
        }
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items, width: 375)
        #expect(message(cache, 0) == "64.5")
        #expect(message(cache, 1) == "measuring row [0, 1] failed: item: member photo.height: nan is not a JSON number")
        // Asked again, the same error: a failed encoding is not kept as a row.
        #expect(message(cache, 1) == "measuring row [0, 1] failed: item: member photo.height: nan is not a JSON number")
        // Encoded when the cache is made, the error comes from the init, naming the item's place.
        #expect {
            _ = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items.map(Eagerly.init), width: 375)
        } throws: { error in
            "\(error)" == "sections[0].rows[1]: member photo.height: nan is not a JSON number"
        }
        // A mistake in a row's own settings is an error of its measurement for the items a
        // cache is made with, and of the call for items handed over later.
        struct Badly: Encodable, Sendable { var height: String; var name: String }
        let badly = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: [Badly(height: "tall", name: "x")],
                                    width: 375)
        #expect(message(badly, 0) == "measuring row [0, 0] failed: item.height: expected a number, found a string")
        #expect(throws: DocumentError.self) { try badly.setItems([Badly(height: "tall", name: "y")]) }
        #expect(throws: DocumentError.self) { try cache.insert(Badly(height: "tall", name: "z"), at: IndexPath(row: 0, section: 0)) }
    }

    @Test func threadsMeasuringRowsNoneHasMeasuredEncodeEachItemOnce() throws {
        let counter = Counter()
        let items = (0..<200).map { i in
            CountedPost(name: "Ada \(i)", detail: CountedText(text: String(repeating: "Words that wrap. ", count: 1 + i % 4),
                                                             counter: counter))
        }
        let cache = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items, width: 375)
        let eager = try HeightCache(template: Self.template, fonts: Fonts.bundled, items: items.map(Eagerly.init), width: 375)
        let before = counter.value
        let heights = PerThread(4)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            // Each thread reads every row, starting at its own place, so rows meet on several threads.
            let mine = (0..<items.count).map { i in
                (try? cache.height(for: IndexPath(row: (i + thread * 50) % items.count, section: 0))) ?? -1
            }
            heights.slots[thread] = (0..<items.count).map { row in mine[(row - thread * 50 + 4 * items.count) % items.count] }
        }
        let expected = try items.indices.map { try eager.height(for: IndexPath(row: $0, section: 0)) }
        for read in heights.slots { #expect(read == expected) }
        #expect(before == items.count)
        #expect(counter.value - before == items.count)
    }
}
