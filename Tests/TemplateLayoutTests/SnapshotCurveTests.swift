import Foundation
import Synchronization
import Testing
import TemplateLayout
import TestSupport

/// The snapshot route keeping height curves: `apply` moves curves with their items, and a width
/// change inside the curve widths answers every item from its curve, without reading (so without
/// measuring) a single item, exactly as a fresh cache measures at that width.
@Suite struct SnapshotCurveTests {
    typealias Post = FrontDoorTests.Post

    /// A post that counts its encodings: an item is encoded each time it is measured or its
    /// curve built.
    struct ReadPost: Encodable, Sendable {
        static let reads = Atomic<Int>(0)
        var post: Post
        func encode(to encoder: any Encoder) throws {
            Self.reads.add(1, ordering: .relaxed)
            try post.encode(to: encoder)
        }
    }

    @Test func applyMovesCurvesAndAWidthChangeAnswersEveryItemFromItsCurve() async throws {
        let posts = FrontDoorTests.posts(60, seed: 37)
        let read = posts.map { ReadPost(post: $0) }
        let cells = ItemCells<String, Int>(item: { read.indices.contains($0) ? read[$0] : nil }, template: FrontDoorTests.template)
        let cache = try HeightCache(snapshot: try SnapshotFrontDoorTests.snapshot(0..<40), cells: cells, fonts: Fonts.bundled,
                                    width: 375)
        try cache.setCurveWidths(320...1024)
        #expect(await cache.precache().measured == 40)
        // Ten items inserted at the top, the first ten deleted, item 20 moved to the end.
        let next = try SnapshotFrontDoorTests.snapshot([Array(40..<50), Array(10..<20), Array(21..<40), [20]].joined())
        try cache.apply(next)
        #expect(await cache.precache().measured == 10)
        let reads = ReadPost.reads.load(ordering: .relaxed)
        for width in [320.0, 414, 768.5, 1024] {
            try cache.setWidth(width)
            let expected = try HeightCache(template: FrontDoorTests.template, fonts: Fonts.bundled,
                                           items: next.itemIdentifiers.map { posts[$0] }, width: width)
            for row in next.itemIdentifiers.indices {
                let path = IndexPath(row: row, section: 0)
                #expect(cache.cachedHeight(for: path) == (try expected.height(for: path)), "row \(row) at \(width)")
            }
        }
        // No item was read (the fresh caches read their own copies).
        #expect(reads == 50)
        #expect(ReadPost.reads.load(ordering: .relaxed) == reads)
    }
}
