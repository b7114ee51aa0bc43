// The height cache against measureRow alone, on the 10,000-row feed, in one process: each round
// runs every mode once, in an order that rotates from round to round, so a host that moves
// between a fast and a slow state moves both sides of a ratio alike. Prints each mode's median
// wall-clock and CPU time and its ratio against `one`.
//
//   swift run -c release CacheRatios [ROUNDS] [MODE,MODE,...]
//   swift run -c release CacheRatios --once MODE N     (N passes, no timing: for callgrind)
//
// Modes:
//   one    measureRow over every row on the calling thread, no cache (the peer)
//   two    measureRow on two threads sharing the measurer, 64-row chunks, no cache (the most
//          two threads give on this host, and so the ceiling for `pre2`)
//   miss   every row a miss through HeightCache.height(for:) (heights forgotten first, untimed)
//   pre1   HeightCache.precache on one worker (heights forgotten first, untimed)
//   pre2   HeightCache.precache on two workers (heights forgotten first, untimed)
import Dispatch
import FeedFixture
import Foundation
import Synchronization
import TemplateLayout

let section = Feed.section
let measurer = Feed.measurer
let cache = try HeightCache(source: Feed.source(rows: Feed.rows), width: 375)

/// One pass of `mode` over the feed; returns a sum of heights so nothing is optimized away.
func pass(_ mode: String) async -> Double {
    switch mode {
    case "one":
        var sum = 0.0
        for row in section.rows { sum += (try? measurer.measureRow(row, in: section, frames: false).height) ?? 0 }
        return sum
    case "two":
        let next = Atomic<Int>(0)
        let sums = Mutex<Double>(0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            var sum = 0.0
            while true {
                let start = next.add(64, ordering: .relaxed).oldValue
                guard start < Feed.rows else { break }
                for row in start..<min(start + 64, Feed.rows) {
                    sum += (try? measurer.measureRow(section.rows[row], in: section, frames: false).height) ?? 0
                }
            }
            sums.withLock { $0 += sum }
        }
        return sums.withLock { $0 }
    case "miss":
        var sum = 0.0
        for row in 0..<Feed.rows { sum += (try? cache.height(for: IndexPath(row: row, section: 0))) ?? 0 }
        return sum
    case "pre1":
        return Double(await cache.precache(concurrency: 1).measured)
    case "pre2":
        return Double(await cache.precache(concurrency: 2).measured)
    default:
        fatalError("unknown mode \(mode): one, two, miss, pre1 or pre2")
    }
}

/// Forgets the cached heights before a mode that measures through the cache.
func prepare(_ mode: String) {
    if mode == "miss" || mode.hasPrefix("pre") { cache.invalidateAll() }
}

/// The process's CPU time so far, in milliseconds (every thread's).
func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--once" {
    guard arguments.count == 3, let passes = Int(arguments[2]) else { fatalError("--once MODE N") }
    var sum = 0.0
    for _ in 0..<passes {
        prepare(arguments[1])
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
        prepare(mode)
        let (cpuStart, start) = (cpuMilliseconds(), DispatchTime.now().uptimeNanoseconds)
        let sum = await pass(mode)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        cpu[mode, default: []].append(cpuMilliseconds() - cpuStart)
        wall[mode, default: []].append(elapsed)
        if sum.isNaN { print(sum) }
    }
}
print("mode   wall ms  cpu ms  wall vs one  cpu vs one  (medians of \(rounds) rounds, \(Feed.rows) rows)")
for mode in modes {
    let (w, c) = (median(wall[mode]!), median(cpu[mode]!))
    let (oneWall, oneCPU) = (wall["one"].map(median), cpu["one"].map(median))
    let speed = oneWall.map { String(format: "%10.2fx", $0 / w) } ?? "          -"
    let cost = oneCPU.map { String(format: "%10.2fx", c / $0) } ?? "          -"
    let name = mode.padding(toLength: 5, withPad: " ", startingAt: 0)
    print(name + String(format: " %8.2f %7.2f", w, c) + " " + speed + "  " + cost)
}
print("wall vs one: how many times faster than `one`; cpu vs one: CPU time over `one`'s.")
