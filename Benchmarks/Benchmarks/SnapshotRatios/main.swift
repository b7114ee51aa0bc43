// The snapshot route against its peers, in one process: each round runs every mode once, in an
// order that rotates from round to round, and prints each mode's median wall-clock time and its
// ratio against its peer.
//
//   swift run -c release SnapshotRatios [ROUNDS] [MODE,MODE,...]
//
// Modes (the feed's 10,000 rows as `Post` values: a name and a detail of 1 to 5 sentences):
//   one       measureRow over every feed row on the calling thread, no cache (the peer of the misses)
//   typed     every row a miss through a snapshot cache whose template binds \.name and \.detail
//             (heights forgotten first, untimed)
//   encoded   every row a miss through a snapshot cache of the same items as `Encodable` values
//             with a `${path}` template, each encoded at its miss
//   items     HeightCache(template:fonts:items:width:) over the 10,000 items: nothing of an item
//             read, each encoded whole when first measured (the peer of `apply10k` and `make10k`)
//   eager     the same over the items behind a type that is not Sendable: every item encoded up
//             front (the peer of `items`)
//   apply10k  apply of a 10,000-item snapshot to a snapshot cache holding none (emptied first, untimed)
//   make10k   HeightCache(snapshot:cells:fonts:width:) over those 10,000 items: the template
//             compiled, the snapshot applied, the fonts' faces shared with the process's live caches
//   cold10k   the same with fonts no live cache holds (fresh copies of the files, made untimed):
//             every face read and parsed, as for the first cache of a process
//   diff100k  Swift's CollectionDifference (with inferred moves) from 100,000 identifiers to the
//             same with 1,000 moved: the peer of `move1k`
//   move1k    apply of that move to a cache over the 100,000 items, every row measured (the
//             unmoved snapshot applied first, untimed); the run checks it measured nothing
import Dispatch
import FeedFixture
import Foundation
import TemplateLayout

struct Post: Encodable, Sendable {
    var name: String
    var detail: String
}

let posts: [Post] = Feed.section.rows.map { row in
    Post(name: row.data["name"]?.interpolationText ?? "", detail: row.data["detail"]?.interpolationText ?? "")
}

/// A post behind a class with state: not `Sendable`, so the item cache encodes it when made.
final class EagerPost: Encodable {
    let post: Post
    var reads = 0
    init(_ post: Post) { self.post = post }
    func encode(to encoder: any Encoder) throws { try post.encode(to: encoder) }
}
nonisolated(unsafe) let eagerPosts = posts.map(EagerPost.init)
/// The feed's fonts by absolute path (the snapshot cache reads paths against the working directory).
let fonts = Fonts(files: FeedCell.fonts.files.mapValues { FeedCell.root + "/" + $0 },
                      fallback: FeedCell.fonts.fallback.map { FeedCell.root + "/" + $0 })

let typedCell = ItemTemplate<Post>("FeedCell") { content in
    let avatar = ItemView<Post>.image("avatar", width: 40, height: 40)
    let name = ItemView<Post>.label("name", text: \.name, font: "bold", size: 15)
    let detail = ItemView<Post>.label("detail", text: \.detail, size: 14, lines: 0)
    avatar; name; detail
    avatar.leading == content.leading + 16
    avatar.top == content.top + 12
    avatar.width == 40
    avatar.height == avatar.width
    name.leading == avatar.trailing + 10
    name.trailing <= content.trailing - 16
    name.top == avatar.top
    detail.leading == name.leading
    detail.trailing == content.trailing - 16
    detail.top == name.bottom + 6
    content.bottom >= avatar.bottom + 12
    content.bottom >= detail.bottom + 12
}

let feedSnapshot = ListSnapshot<Int, Int>.single(Array(0..<Feed.rows))
/// Made in a function, as an app makes its cells (top-level code is not specialized).
func makeTypedCells() -> ItemCells<Int, Int> { ItemCells(item: { posts[$0] }, template: typedCell) }
let typedCells = makeTypedCells()
let encodedCells = ItemCells<Int, Int>(item: { posts[$0] }, template: FeedCell.template)
let typedCache = try HeightCache(snapshot: feedSnapshot, cells: typedCells, fonts: fonts, width: 375)
let encodedCache = try HeightCache(snapshot: feedSnapshot, cells: encodedCells, fonts: fonts, width: 375)
let applyCache = try HeightCache(snapshot: ListSnapshot(), cells: typedCells, fonts: fonts, width: 375)
let feedPaths = (0..<Feed.rows).map { IndexPath(row: $0, section: 0) }

/// 100,000 items (the feed's values repeated) and the same with 1,000 of them moved, made on
/// first use (static members), so that modes run without them do not pay for them.
enum Big {
    static let count = 100_000
    static let ids = Array(0..<count)
    static let movedIDs: [Int] = {
        var ids = Self.ids
        var next: UInt64 = 12_345
        func random(_ bound: Int) -> Int {
            next = next &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((next >> 33) % UInt64(bound))
        }
        for _ in 0..<1_000 {
            let item = ids.remove(at: random(count))
            ids.insert(item, at: random(count))
        }
        return ids
    }()
    static let snapshot = ListSnapshot<Int, Int>.single(ids)
    static let moved = ListSnapshot<Int, Int>.single(movedIDs)
    static let cells = ItemCells<Int, Int>(item: { posts[$0 % Feed.rows] }, template: typedCell)
    /// A cache over the 100,000 items with every row measured, counting measurements.
    static let cache: HeightCache = {
        let cache = try! HeightCache(snapshot: snapshot, cells: cells, fonts: fonts, width: 375)
        let group = DispatchGroup()
        group.enter()
        Task {
            _ = await cache.precache()
            group.leave()
        }
        group.wait()
        cache.setStatisticsEnabled(true)
        return cache
    }()
}

extension ListSnapshot<Int, Int> {
    /// One section holding `ids`.
    static func single(_ ids: [Int]) -> ListSnapshot<Int, Int> {
        var snapshot = ListSnapshot<Int, Int>()
        try! snapshot.appendSections([0])
        try! snapshot.appendItems(ids, toSection: 0)
        return snapshot
    }
}

/// One pass of `mode`; returns a number so nothing is optimized away.
func pass(_ mode: String) async -> Double {
    switch mode {
    case "one":
        return Feed.measureOnOneThread(rows: Feed.rows)
    case "typed", "encoded":
        let cache = mode == "typed" ? typedCache : encodedCache
        var sum = 0.0
        for path in feedPaths { sum += (try? cache.height(for: path)) ?? 0 }
        return sum
    case "items":
        let cache = try! HeightCache(template: FeedCell.template, fonts: fonts, items: posts, width: 375)
        return Double(cache.numberOfRows(inSection: 0) ?? 0)
    case "eager":
        let cache = try! HeightCache(template: FeedCell.template, fonts: fonts, items: eagerPosts, width: 375)
        return Double(cache.numberOfRows(inSection: 0) ?? 0)
    case "apply10k":
        try! applyCache.apply(feedSnapshot)
        return Double(applyCache.numberOfRows(inSection: 0) ?? 0)
    case "make10k", "cold10k":
        let cache = try! HeightCache(snapshot: feedSnapshot, cells: typedCells, fonts: mode == "make10k" ? fonts : Cold.fonts,
                                     width: 375)
        return Double(cache.numberOfRows(inSection: 0) ?? 0)
    case "diff100k":
        return Double(Big.movedIDs.difference(from: Big.ids).inferringMoves().count)
    case "move1k":
        let before = Big.cache.statistics.measurements
        try! Big.cache.apply(Big.moved)
        precondition(Big.cache.statistics.measurements == before, "move1k measured")
        return 1
    default:
        fatalError("unknown mode \(mode)")
    }
}

/// Untimed set-up before a mode.
func prepare(_ mode: String) async {
    switch mode {
    case "typed": typedCache.invalidateAll()
    case "encoded": encodedCache.invalidateAll()
    case "apply10k": try! applyCache.apply(ListSnapshot<Int, Int>())
    case "move1k": try! Big.cache.apply(Big.snapshot)
    case "cold10k": Cold.copy()
    default: break
    }
}

/// Fonts no live cache holds: the feed's files copied afresh before each `cold10k` pass (a new
/// file on disk, so its faces are read and parsed again).
enum Cold {
    nonisolated(unsafe) static var fonts = Fonts()
    nonisolated(unsafe) static var copies = 0

    static func folder(_ copy: Int) -> String { NSTemporaryDirectory() + "snapshot-ratios-\(getpid())-\(copy)" }

    /// Deletes the last copy (each copy deletes the one before).
    static func removeCopies() { try? FileManager.default.removeItem(atPath: folder(copies)) }

    static func copy() {
        copies += 1
        let folder = folder(copies)
        try? FileManager.default.removeItem(atPath: Self.folder(copies - 1))
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func copied(_ file: String) -> String {
            let target = folder + "/" + (file as NSString).lastPathComponent
            if !FileManager.default.fileExists(atPath: target) { try! FileManager.default.copyItem(atPath: file, toPath: target) }
            return target
        }
        Cold.fonts = Fonts(files: SnapshotRatios.fonts.files.mapValues(copied),
                           fallback: SnapshotRatios.fonts.fallback.map(copied))
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let arguments = Array(CommandLine.arguments.dropFirst())
let rounds = arguments.first.flatMap(Int.init) ?? 11
let modes = arguments.count > 1 ? arguments[1].split(separator: ",").map(String.init)
    : ["one", "typed", "encoded", "items", "eager", "apply10k", "make10k", "cold10k", "diff100k", "move1k"]
let peers = ["typed": "one", "encoded": "one", "items": "eager", "apply10k": "items", "make10k": "items", "cold10k": "items",
             "move1k": "diff100k"]
var wall: [String: [Double]] = [:]
for mode in modes {
    await prepare(mode)
    _ = await pass(mode)
}
for round in 0..<rounds {
    for index in modes.indices {
        let mode = modes[(index + round) % modes.count]
        await prepare(mode)
        let start = DispatchTime.now().uptimeNanoseconds
        let result = await pass(mode)
        wall[mode, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        if result.isNaN { print(result) }
    }
}
Cold.removeCopies()
print("mode       wall ms  vs peer  paired  peer  (medians of \(rounds) rounds)")
for mode in modes {
    let w = median(wall[mode]!)
    let peer = peers[mode]
    let ratio = peer.flatMap { wall[$0] }.map { String(format: "%6.3fx", w / median($0)) } ?? "      -"
    let paired = peer.flatMap { wall[$0] }.map { peerWall in
        String(format: "%6.3fx", median(zip(wall[mode]!, peerWall).map { $0 / $1 }))
    } ?? "      -"
    let name = mode.padding(toLength: 9, withPad: " ", startingAt: 0)
    print(name + String(format: " %9.3f", w) + "  " + ratio + " " + paired + "  " + (peer ?? "-"))
}
print("vs peer: the mode's median wall time over its peer's (below 1: faster); paired: the median")
print("of each round's own ratio.")
