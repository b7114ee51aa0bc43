import Benchmark
import Dispatch
import Foundation
import TemplateLayout

// Run: cd Benchmarks && swift package benchmark --target CLIBenchmarks
// Figures and their peers: BENCHMARKS.md ("measure-cli"). Each iteration is measure-cli's
// whole pipeline on a 100,000-row feed: read the file, parse the JSON, decode the document,
// load fonts and compile templates (cold text caches), measure every row with 1 or 2 threads
// in order.

/// The package root, where Fonts/ and scripts/ live.
let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    return parts.joined(separator: "/")
}()

/// The 100,000-row feed, generated once per run by the same script as Examples/feed.json.
let feedPath: String = {
    let path = NSTemporaryDirectory() + "templatelayout-feed-100k.json"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [packageRoot + "/scripts/make-examples.py", "--feed-rows", "100000", "--out", path]
    try? process.run()
    process.waitUntilExit()
    return path
}()

/// Rows measured by one end-to-end pass with `jobs` threads (headers and footers included).
func measureFeed(jobs: Int) throws -> Int {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: feedPath)))
    let fonts = BundledFonts.fonts(in: packageRoot + "/Fonts")
    let document = try DocumentDecoder(fontDefaults: fonts).decode(try JSONParser().parse(bytes))
    let measurer = try ListMeasurer(document: document, baseDirectory: packageRoot)
    var work: [(section: Int, row: Int)] = []
    for (s, section) in document.sections.enumerated() {
        for r in section.rows.indices { work.append((s, r)) }
    }
    let heights = UnsafeMutableBufferPointer<Double>.allocate(capacity: work.count)
    defer { heights.deallocate() }
    let slots = Slots(heights: heights)
    let chunk = 64
    let next = Counter()
    let rows = work
    DispatchQueue.concurrentPerform(iterations: jobs) { _ in
        while true {
            let start = next.claim(chunk)
            if start >= rows.count { return }
            for i in start..<min(start + chunk, rows.count) {
                let section = document.sections[rows[i].section]
                slots.heights[i] = (try? measurer.measureRow(section.rows[rows[i].row], in: section, frames: false).height) ?? -1
            }
        }
    }
    blackHole(heights.reduce(0, +))
    return work.count
}

/// The release measure-cli of the package root.
let binaryPath = packageRoot + "/.build/release/measure-cli"

struct BinaryMissing: Error, CustomStringConvertible {
    var description: String {
        "\(binaryPath) not found: run `swift build -c release --product measure-cli` in the package root first"
    }
}

struct BinaryFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "measure-cli exited with status \(status)" }
}

/// One run of the release binary over the feed, stdout to /dev/null.
func runBinary(jobs: Int) throws {
    guard FileManager.default.isExecutableFile(atPath: binaryPath) else { throw BinaryMissing() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaryPath)
    process.arguments = ["--jobs", String(jobs), "--quiet", feedPath]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw BinaryFailed(status: process.terminationStatus) }
}

struct Slots: @unchecked Sendable { let heights: UnsafeMutableBufferPointer<Double> }

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func claim(_ n: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let old = value
        value += n
        return old
    }
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds,
                                           maxDuration: .seconds(60), maxIterations: 5)
    _ = feedPath
    Benchmark("Parse the 100,000-row feed JSON (24 MB, one thread)") { benchmark in
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: feedPath)))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try JSONParser().parse(bytes))
        }
    }
    // The shipped command itself, output to /dev/null: build it first with
    // `swift build -c release --product measure-cli` in the package root.
    for jobs in [1, 2] {
        Benchmark("measure-cli binary, 100,000-row feed, \(jobs) job\(jobs == 1 ? "" : "s")") { benchmark in
            for _ in benchmark.scaledIterations {
                try runBinary(jobs: jobs)
            }
        }
    }
    for jobs in [1, 2] {
        Benchmark("measure-cli pipeline, 100,000-row feed, \(jobs) job\(jobs == 1 ? "" : "s")") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try measureFeed(jobs: jobs))
            }
        }
    }
}
