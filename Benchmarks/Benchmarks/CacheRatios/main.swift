// The height cache against measureRow alone, on the 10,000-row feed, in one process: each round
// runs every mode once, in an order that rotates from round to round, so a host that moves
// between a fast and a slow state moves both sides of a ratio alike. Prints each mode's median
// wall-clock and CPU time and its ratio against its peer (`one`; `cheap` and `few` for their modes).
//
//   swift run -c release CacheRatios [ROUNDS] [MODE,MODE,...]
//   swift run -c release CacheRatios --once MODE N     (N passes, no timing: for callgrind)
//
// Modes:
//   one    measureRow over every row on the calling thread, no cache (the peer)
//   two    measureRow on two threads sharing the measurer, 64-row chunks, no cache (the most
//          two threads give on this host, and so the ceiling for `pre2`)
//   procs  measureRow on two processes, this one and a partner started once, each measuring
//          one half of the feed with its own measurer: they share nothing but the host, so this
//          is the most its two cores give to any program (its CPU column is this process's half)
//   miss   every row a miss through HeightCache.height(for:) on index paths made beforehand, as a
//          table view hands them over (heights forgotten first, untimed)
//   pre1   HeightCache.precache on one worker (heights forgotten first, untimed)
//   pre2   HeightCache.precache on two workers (heights forgotten first, untimed)
//   pool2  the same through a MeasurerPool's `measure`, as the front door measures (its own
//          measurer, warmed on every row once, untimed)
//   hit    1,000,000 height(for:) hits on index paths made beforehand, as a table view hands
//          them over (every row measured first, untimed): its ms are ns a hit
//   path   the same 1,000,000 given paths only read (endIndex and both indexes, as the cache
//          reads them), no cache: the floor under `hit`
//   cheap  20,000 synthetic rows (SyntheticFeedSource, about 0.2 us each) measured on the calling
//          thread, no cache: the peer of the two modes below, which are read against it
//   cheap1 HeightCache.precache of those rows on one worker (heights forgotten first, untimed)
//   cheap2 the same on two workers
//   few    measureRow over the first 200 feed rows on the calling thread, no cache: the peer of
//          the two modes below, which are read against it
//   fewtwo those rows on two threads sharing the measurer, no cache (as `two`)
//   fewpre HeightCache.precache of those 200 rows on all cores (heights forgotten first, untimed)
import Dispatch
import FeedFixture
import Foundation
import TemplateLayout

_ = Feed.section  // made, and its texts measured, before any round
let cache = try HeightCache(source: Feed.source(rows: Feed.rows), width: 375)
/// Every feed row's index path, in order: the paths `miss` asks.
let feedPaths = (0..<Feed.rows).map { IndexPath(row: $0, section: 0) }
/// The paths `hit` and `path` ask, scattered over the feed.
let givenPaths = (0..<4_096).map { IndexPath(row: ($0 &* 7_919) % Feed.rows, section: 0) }
let lookups = 1_000_000
let pooledCache = try HeightCache(source: Feed.pooledSource(), width: 375)
let fewRows = 200
let fewCache = try HeightCache(source: Feed.source(rows: fewRows), width: 375)
let cheapRows = 20_000
let cheapCache = try HeightCache(source: SyntheticFeedSource(counts: [cheapRows]), width: 375)

/// A second process of this benchmark (`--partner`) that measures the feed's second half each
/// time it is asked, for `procs`: it answers a line "go" with the sum of its heights.
final class Partner {
    let process = Process()
    let requests = Pipe()
    let answers = Pipe()

    /// Starts the partner and waits until its feed is made and measured once.
    init() throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["--partner"]
        process.standardInput = requests
        process.standardOutput = answers
        try process.run()
        _ = answerLine()
    }

    /// Asks the partner to measure its half.
    func start() { requests.fileHandleForWriting.write(Data("go\n".utf8)) }

    /// The sum of heights the partner answers with, once it has measured its half.
    func answerLine() -> Double {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(answers.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        return Double(String(decoding: line, as: UTF8.self)) ?? .nan
    }
}

/// The partner of `procs`, made on first use.
nonisolated(unsafe) var partner: Partner?

/// One pass of `mode` over the feed; returns a sum of heights so nothing is optimized away.
func pass(_ mode: String) async -> Double {
    switch mode {
    case "one":
        return Feed.measureOnOneThread(rows: Feed.rows)
    case "two":
        return Feed.measureOnTwoThreads(rows: Feed.rows)
    case "procs":
        if partner == nil { partner = try! Partner() }
        partner!.start()
        let mine = Feed.measureOnOneThread(rowsIn: 0..<Feed.rows / 2)
        return mine + partner!.answerLine()
    case "miss":
        var sum = 0.0
        for path in feedPaths { sum += (try? cache.height(for: path)) ?? 0 }
        return sum
    case "pre1":
        return Double(await cache.precache(concurrency: 1).measured)
    case "pre2":
        return Double(await cache.precache(concurrency: 2).measured)
    case "hit":
        var sum = 0.0
        for index in 0..<lookups { sum += (try? cache.height(for: givenPaths[index & 4_095])) ?? 0 }
        return sum
    case "path":
        var sum = 0
        for index in 0..<lookups {
            let path = givenPaths[index & 4_095]
            sum &+= path.endIndex == 2 ? path[0] &+ path[1] : -1
        }
        return Double(sum)
    case "pool2":
        return Double(await pooledCache.precache(concurrency: 2).measured)
    case "few":
        return Feed.measureOnOneThread(rows: fewRows)
    case "fewtwo":
        return Feed.measureOnTwoThreads(rows: fewRows)
    case "fewpre":
        return Double(await fewCache.precache().measured)
    case "cheap":
        var sum = 0.0
        for row in 0..<cheapRows { sum += SyntheticFeedSource.measure(seed: row &* 31, width: 375) }
        return sum
    case "cheap1":
        return Double(await cheapCache.precache(concurrency: 1).measured)
    case "cheap2":
        return Double(await cheapCache.precache(concurrency: 2).measured)
    default:
        fatalError("unknown mode \(mode): one, two, procs, miss, pre1, pre2, pool2, hit, path, cheap, cheap1, cheap2, few, fewtwo or fewpre")
    }
}

/// Forgets the cached heights before a mode that measures through the cache, and measures every
/// row before `hit`.
func prepare(_ mode: String) async {
    if mode == "miss" || mode.hasPrefix("pre") { cache.invalidateAll() }
    if mode.hasPrefix("cheap") { cheapCache.invalidateAll() }
    if mode == "fewpre" { fewCache.invalidateAll() }
    if mode == "pool2" { pooledCache.invalidateAll() }
    if mode == "hit" { _ = await cache.precache() }
}

/// The process's CPU time so far, in milliseconds (every thread's).
func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--partner" {
    // Written unbuffered: the parent waits for each line.
    _ = Feed.measureOnOneThread(rowsIn: Feed.rows / 2..<Feed.rows)
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    while readLine() != nil {
        FileHandle.standardOutput.write(Data("\(Feed.measureOnOneThread(rowsIn: Feed.rows / 2..<Feed.rows))\n".utf8))
    }
    exit(0)
}
if arguments.first == "--once" {
    guard arguments.count == 3, let passes = Int(arguments[2]) else { fatalError("--once MODE N") }
    var sum = 0.0
    for _ in 0..<passes {
        await prepare(arguments[1])
        sum += await pass(arguments[1])
    }
    print(sum)
    exit(0)
}
let rounds = arguments.first.flatMap(Int.init) ?? 15
let modes = arguments.count > 1 ? arguments[1].split(separator: ",").map(String.init) : ["one", "two", "miss", "pre1", "pre2"]
var wall: [String: [Double]] = [:]
var cpu: [String: [Double]] = [:]
for mode in modes { _ = await pass(mode) }
for round in 0..<rounds {
    for index in modes.indices {
        let mode = modes[(index + round) % modes.count]
        await prepare(mode)
        let (cpuStart, start) = (cpuMilliseconds(), DispatchTime.now().uptimeNanoseconds)
        let sum = await pass(mode)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        cpu[mode, default: []].append(cpuMilliseconds() - cpuStart)
        wall[mode, default: []].append(elapsed)
        if sum.isNaN { print(sum) }
    }
}
print("mode    wall ms  cpu ms  wall vs peer  cpu vs peer  paired  (medians of \(rounds) rounds)")
for mode in modes {
    let (w, c) = (median(wall[mode]!), median(cpu[mode]!))
    let peer = mode.hasPrefix("cheap") ? "cheap" : mode.hasPrefix("few") ? "few" : "one"
    let (oneWall, oneCPU) = (wall[peer].map(median), cpu[peer].map(median))
    let speed = oneWall.map { String(format: "%10.2fx", $0 / w) } ?? "          -"
    let cost = oneCPU.map { String(format: "%10.2fx", c / $0) } ?? "          -"
    // Each round's own ratio, so a host that changes state between rounds moves both sides.
    let paired = wall[peer].map { peerWall in
        String(format: "%6.2fx", median(zip(peerWall, wall[mode]!).map { $0 / $1 }))
    } ?? "      -"
    let name = mode.padding(toLength: 6, withPad: " ", startingAt: 0)
    print(name + String(format: " %8.2f %7.2f", w, c) + " " + speed + "  " + cost + "  " + paired)
}
print("wall vs peer: how many times faster than the peer (`cheap` and `few` for the modes named after")
print("them, else `one`), from the two medians; paired: the median of each round's own ratio;")
print("cpu vs peer: CPU time over the peer's.")
