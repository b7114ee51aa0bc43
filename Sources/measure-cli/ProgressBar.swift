import Dispatch
import ListSources
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress bar on stderr for long runs: nothing for the first second, then a bar (or, with
/// no known total, a count) redrawn ten times a second, erased when the run ends.
final class ProgressBar: @unchecked Sendable {
    /// Items finished, bumped by the workers.
    let done = ProgressCounter()
    /// Items in all; 0 while unknown (a count is drawn instead of a bar).
    private let total: Atomic<Int>
    private let start = DispatchTime.now().uptimeNanoseconds
    private let stop = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var drew = false

    /// A bar for `total` items (nil: unknown, as in `--stream`, or told later by `report`),
    /// drawn by a background thread.
    init(total: Int?) {
        self.total = Atomic(total ?? 0)
        // A serial queue of its own runs on an overcommit thread, never taking a worker's place.
        DispatchQueue(label: "measure-cli.progress").async { [self] in self.loop() }
    }

    /// A progress handler for the library's measuring: adds the items just finished and takes
    /// the total it reports.
    var report: @Sendable (Int, Int) -> Void {
        { [self] finished, total in
            self.total.store(total, ordering: .relaxed)
            done.add(finished)
        }
    }

    /// Whether standard error is a terminal, the only place a bar belongs.
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Stops drawing and erases the bar.
    func finish() {
        stop.signal()
        finished.wait()
    }

    private func loop() {
        // Waking on the stop signal, not a fixed sleep, so a short run never waits for the bar.
        while stop.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if elapsed > 1 { draw(elapsed: elapsed) }
        }
        if drew { writeRaw("\r\u{1B}[K") }
        finished.signal()
    }

    private func draw(elapsed: Double) {
        drew = true
        let count = done.current
        let rate = Int(Double(count) / elapsed)
        let total = self.total.load(ordering: .relaxed)
        if total > 0 {
            let fraction = min(1, Double(count) / Double(total))
            let filled = Int(fraction * 30)
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
            writeRaw("\r[\(bar)] \(Int(fraction * 100))% \(count)/\(total) rows, \(rate) rows/s\u{1B}[K")
        } else {
            writeRaw("\r\(count) rows, \(rate) rows/s\u{1B}[K")
        }
    }

    private func writeRaw(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress!, $0.count) }
    }
}
