import Benchmark
import FeedFixture
import TemplateLayout

/// `count` index paths spread over a section of `rows` rows, in a fixed scattered order.
func scattered(_ count: Int, rows: Int, salt: Int) -> [IndexPath] {
    (0..<count).map { IndexPath(row: ($0 &* 7919 &+ salt) % rows, section: 0) }
}

/// A cache over one section of `rows` synthetic rows, every row measured.
func measuredCache(rows: Int) throws -> HeightCache {
    let cache = try HeightCache(source: SyntheticFeedSource(counts: [rows]), width: 375)
    for row in 0..<rows { _ = try cache.height(for: .init(row: row, section: 0)) }
    return cache
}

/// Each iteration forgets every height of a `rows`-row feed (not timed) and precaches it on
/// `concurrency` workers (nil: all cores).
func precacheFeed(_ benchmark: Benchmark, rows: Int, concurrency: Int?) async throws {
    let cache = FeedCaches.shared.cache(rows: rows)
    cache.invalidateAll()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(await cache.precache(concurrency: concurrency))
    }
}

/// One cache over the first `rows` feed rows per size, made once: making its source copies the
/// rows, no part of a precache, and would count in the process's CPU time (`perf stat`) on
/// every iteration. The benchmarks run one at a time, so the dictionary needs no lock.
final class FeedCaches: @unchecked Sendable {
    static let shared = FeedCaches()
    private var caches: [Int: HeightCache] = [:]

    func cache(rows: Int) -> HeightCache {
        if let cache = caches[rows] { return cache }
        let cache = try! HeightCache(source: Feed.source(rows: rows), width: 375)
        caches[rows] = cache
        return cache
    }
}

/// Each iteration measures a `rows`-row feed on the calling thread, no cache.
func measureFeed(_ benchmark: Benchmark, rows: Int) {
    _ = Feed.section  // made, and its texts measured, before the timing starts
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(Feed.measureOnOneThread(rows: rows))
    }
}

/// Each iteration measures a `rows`-row feed on two threads sharing the measurer, no cache:
/// each thread takes the next 64 rows from a shared counter until none are left.
func measureFeedOnTwoThreads(_ benchmark: Benchmark, rows: Int) {
    _ = Feed.section  // made, and its texts measured, before the timing starts
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(Feed.measureOnTwoThreads(rows: rows))
    }
}

/// The 1,000 feed rows one iteration of the miss benchmarks uses: each iteration the next window
/// of the 10,000, so every row is new to the cache (forgotten, untimed, when the windows wrap)
/// and its text was measured before. The benchmark closure runs once per iteration, so the
/// windows live here.
final class MissWindows: @unchecked Sendable {
    static let shared = MissWindows()
    let cache = try! HeightCache(source: Feed.source(rows: Feed.rows), width: 375)
    var nextMiss = 0
    var nextPeer = 0

    /// The first row of the cache's next window, its rows not cached.
    func missWindow() -> Int {
        let start = nextMiss
        nextMiss = (nextMiss + 1_000) % Feed.rows
        if start == 0 { cache.invalidateAll() }
        return start
    }

    /// The first row of the peer's next window.
    func peerWindow() -> Int {
        let start = nextPeer
        nextPeer = (nextPeer + 1_000) % Feed.rows
        return start
    }
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    // CPU time beside wall clock: the machine is shared, and CPU time is what a call costs.
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal], warmupIterations: 3,
                                           maxDuration: .seconds(2), maxIterations: 1_000)
    let hitConfiguration = Benchmark.Configuration(metrics: [.wallClock, .cpuTotal], scalingFactor: .mega)

    // A hit: one million height(for:) calls on a measured 10 x 1,000 list.
    Benchmark("Cache hit (1M lookups)", configuration: hitConfiguration) { benchmark in
        let cache = try HeightCache(source: SyntheticFeedSource(counts: Array(repeating: 1_000, count: 10)), width: 375)
        for section in 0..<10 {
            for row in 0..<1_000 { _ = try cache.height(for: .init(row: row, section: section)) }
        }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try cache.height(for: .init(row: index & 511, section: index & 7)))
        }
    }

    // A hit as a list's delegate asks it: the table view hands over the path
    // (`heightForRowAt indexPath`), so the caller made it and only reading it is the hit's.
    Benchmark("Cache hit, path given (1M lookups)", configuration: hitConfiguration) { benchmark in
        let cache = try HeightCache(source: SyntheticFeedSource(counts: Array(repeating: 1_000, count: 10)), width: 375)
        for section in 0..<10 {
            for row in 0..<1_000 { _ = try cache.height(for: .init(row: row, section: section)) }
        }
        let paths = (0..<4_096).map { IndexPath(row: $0 & 511, section: $0 & 7) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try cache.height(for: paths[index & 4_095]))
        }
    }

    // The floor of a hit on a given path: copying the path out of the array and reading its
    // two indexes as the cache does (three calls into FoundationEssentials), no cache.
    Benchmark("Peer: IndexPath given, read (1M lookups)", configuration: hitConfiguration) { benchmark in
        let paths = (0..<4_096).map { IndexPath(row: $0 & 511, section: $0 & 7) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let path = paths[index & 4_095]
            blackHole(path.endIndex == 2 ? path[0] &+ path[1] : -1)
        }
    }

    // The peer: the same reads from a plain array, no lock, no checks beyond bounds.
    Benchmark("Peer: plain [[Double]] read (1M lookups)", configuration: hitConfiguration) { benchmark in
        let heights = Array(repeating: Array(repeating: 44.0, count: 1_000), count: 10)
        for index in benchmark.scaledIterations {
            blackHole(heights[index & 7][index & 511])
        }
    }

    // The floor of a hit through Foundation's IndexPath: making the path as the hit benchmark
    // does and reading its two indexes as the cache does (five calls into FoundationEssentials).
    Benchmark("Peer: IndexPath made and read (1M lookups)", configuration: hitConfiguration) { benchmark in
        for index in benchmark.scaledIterations {
            let path = IndexPath(row: index & 511, section: index & 7)
            blackHole(path.endIndex == 2 ? path[0] &+ path[1] : -1)
        }
    }

    // A miss: forget one row, then measure it again through the synthetic feed cell.
    Benchmark("Cache miss + synthetic measure (1K rows)", configuration: .init(metrics: [.wallClock, .cpuTotal], scalingFactor: .kilo)) { benchmark in
        let cache = try HeightCache(source: SyntheticFeedSource(counts: [1_000]), width: 375)
        for index in benchmark.scaledIterations {
            let path = IndexPath(row: index % 1_000, section: 0)
            try cache.invalidate(at: path)
            blackHole(try cache.height(for: path))
        }
    }

    // A miss measured by the real engine (ListMeasurer on SPEC's feed cell): 1,000 misses on rows
    // the cache never measured, through ListHeightSource, text caches warm.
    let missConfiguration = Benchmark.Configuration(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], warmupIterations: 1,
                                                    scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 200)
    Benchmark("Cache miss, ListMeasurer feed cell (1K new rows)", configuration: missConfiguration) { benchmark in
        let windows = MissWindows.shared
        let start = windows.missWindow()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try windows.cache.height(for: IndexPath(row: start + index, section: 0)))
        }
    }

    Benchmark("Peer: ListMeasurer feed cell alone (the same 1K rows)", configuration: missConfiguration) { benchmark in
        let section = Feed.section
        let measurer = Feed.measurer
        let start = MissWindows.shared.peerWindow()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try measurer.measureRow(section.rows[start + index], in: section, frames: false).height)
        }
    }

    Benchmark("Peer: synthetic measure alone (1K rows)", configuration: .init(metrics: [.wallClock, .cpuTotal], scalingFactor: .kilo)) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(SyntheticFeedSource.measure(seed: index, width: 375))
        }
    }

    // The update benchmarks below run on a cache that has taken one update already (untimed): the
    // first update after the rows were measured is slower than later ones ("First update after
    // measuring" times it apart). Each stops the clock before its cache is freed: freeing
    // 100,000 rows' arrays and offset trees takes longer than the update.
    let insertAndDelete = BatchUpdate(deleteRows: [.init(row: 50_000, section: 0)], insertRows: [.init(row: 10, section: 0)])

    Benchmark("First update after measuring 100,000 rows (insert one, delete one)") { benchmark in
        let cache = try measuredCache(rows: 100_000)
        benchmark.startMeasurement()
        try cache.performBatchUpdates(insertAndDelete)
        benchmark.stopMeasurement()
    }

    // A batch on a measured 100,000-row section: 10 deletes, 10 unsorted inserts, 5 reloads,
    // 5 moves (the row count stays, so the same source stays consistent).
    Benchmark("Batch update on 100,000 rows") { benchmark in
        let rows = 100_000
        let cache = try measuredCache(rows: rows)
        let moves = zip(scattered(5, rows: rows, salt: 77), scattered(5, rows: rows, salt: 91_000))
            .map { BatchUpdate.RowMove(from: $0, to: $1) }
        let update = BatchUpdate(deleteRows: scattered(10, rows: rows, salt: 13),
                                 insertRows: scattered(10, rows: rows, salt: 5_000).reversed(),
                                 reloadRows: scattered(5, rows: rows, salt: 40_001), moveRows: moves)
        try cache.performBatchUpdates(update)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try cache.performBatchUpdates(update) }
        benchmark.stopMeasurement()
    }

    Benchmark("Insert one row into 100,000 rows, then delete it") { benchmark in
        let cache = try measuredCache(rows: 100_000)
        try cache.performBatchUpdates(insertAndDelete)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try cache.performBatchUpdates(insertAndDelete) }
        benchmark.stopMeasurement()
    }

    // A structural update followed by an offset query: the offset index has to follow the
    // insert and the delete before it can answer.
    Benchmark("Insert + delete one row in 100,000 rows, then offset(of:)") { benchmark in
        let cache = try measuredCache(rows: 100_000)
        blackHole(cache.totalHeight)
        try cache.performBatchUpdates(insertAndDelete)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try cache.performBatchUpdates(insertAndDelete)
            blackHole(try cache.offset(of: .init(row: 75_000, section: 0)))
        }
        benchmark.stopMeasurement()
    }

    // Offsets on 100 x 1,000 rows, half measured: 1,000 offset(of:) and 1,000 indexPath(atOffset:).
    Benchmark("Offset lookups on 100,000 rows (1K each way)", configuration: .init(metrics: [.wallClock, .cpuTotal], scalingFactor: .kilo)) { benchmark in
        let cache = try HeightCache(source: SyntheticFeedSource(counts: Array(repeating: 1_000, count: 100)), width: 375)
        for section in 0..<100 {
            for row in stride(from: 0, to: 1_000, by: 2) { _ = try cache.height(for: .init(row: row, section: section)) }
        }
        let total = cache.totalHeight
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try cache.offset(of: .init(row: (index &* 7) % 1_000, section: (index &* 13) % 100)))
            blackHole(cache.indexPath(atOffset: Double((index &* 7919) % 100_000) / 100_000 * total))
        }
    }

    // Precache of 20,000 unmeasured rows on all cores (invalidateAll before the clock starts).
    Benchmark("Precache 20,000 rows, all cores") { benchmark in
        let cache = try HeightCache(source: SyntheticFeedSource(counts: [20_000]), width: 375)
        cache.invalidateAll()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(await cache.precache())
        }
    }

    // Precache with real cells: 200 ListMeasurer feed cells, all cores, against one thread.
    Benchmark("Precache 200 ListMeasurer feed cells, all cores") { benchmark in
        try await precacheFeed(benchmark, rows: 200, concurrency: nil)
    }

    Benchmark("Peer: 200 ListMeasurer feed cells on one thread") { benchmark in
        measureFeed(benchmark, rows: 200)
    }

    // The feed of 10,000 rows precached on 2 cores, against measuring it on one thread.
    Benchmark("Precache 10,000 ListMeasurer feed cells, 2 cores") { benchmark in
        try await precacheFeed(benchmark, rows: 10_000, concurrency: 2)
    }

    // One worker: the cache's and the source's own cost a row, without two threads sharing the measurer.
    Benchmark("Precache 10,000 ListMeasurer feed cells, 1 worker") { benchmark in
        try await precacheFeed(benchmark, rows: 10_000, concurrency: 1)
    }

    Benchmark("Peer: 10,000 ListMeasurer feed cells on one thread") { benchmark in
        measureFeed(benchmark, rows: 10_000)
    }

    // What two threads give on this host with no cache at all: the same rows through
    // measureRow, 64-row chunks taken from a shared counter as precache takes them. The
    // ceiling for the 2-core precache, measured in the same run.
    Benchmark("Peer: 10,000 ListMeasurer feed cells on 2 threads, no cache") { benchmark in
        measureFeedOnTwoThreads(benchmark, rows: 10_000)
    }

    Benchmark("Peer: measure 20,000 rows on one thread, no cache") { benchmark in
        for _ in benchmark.scaledIterations {
            for row in 0..<20_000 { blackHole(SyntheticFeedSource.measure(seed: row &* 31, width: 375)) }
        }
    }
}
