import Foundation
import Synchronization

/// What a precache run did.
public struct PrecacheSummary: Sendable {
    /// Rows that were unmeasured at the start.
    public var total: Int
    /// Rows measured (or answered by key) and stored by this run.
    public var measured: Int
    /// Rows skipped because someone else measured, moved or invalidated them meanwhile.
    public var skipped: Int
    /// Rows whose measurement failed, with the first few errors.
    public var failed: Int
    /// Up to ten of the failures.
    public var failures: [HeightCacheError]
    /// Whether the run stopped early because its task was cancelled.
    public var cancelled: Bool
}

extension HeightCache {
    /// Measures every row not yet cached at the current width, on `concurrency` threads (all
    /// cores by default), as FDTemplateLayoutCell once did on idle run-loop turns.
    /// `progress(done, total)` is called from worker threads about a hundred times; cancelling
    /// the calling task stops the run after the rows in flight.
    public func precache(concurrency: Int? = nil,
                         progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) async -> PrecacheSummary {
        let (work, generation, width) = state.withLock { state in
            var work: [(IndexPath, UInt64)] = []
            for section in state.rows.indices {
                let heights = state.current.heights[section]
                for row in heights.indices where heights[row].isNaN {
                    work.append((IndexPath(row: row, section: section), state.rows[section][row].token))
                }
            }
            return (work, state.generation, state.current.width)
        }
        let run = _PrecacheRun(total: work.count)
        let workers = max(1, min(concurrency ?? ProcessInfo.processInfo.activeProcessorCount, work.count))
        let reportEvery = max(1, work.count / 100)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    while !Task.isCancelled {
                        let index = run.next.add(1, ordering: .relaxed).oldValue
                        guard index < work.count else { break }
                        let (path, token) = work[index]
                        self.precacheRow(path, token: token, generation: generation, width: width, run: run)
                        let done = run.done.add(1, ordering: .relaxed).newValue
                        if let progress, done % reportEvery == 0 || done == work.count { progress(done, work.count) }
                    }
                }
            }
        }
        return run.summary(cancelled: Task.isCancelled)
    }

    /// Measures one row of a precache run unless it is already cached or no longer the same row.
    func precacheRow(_ path: IndexPath, token: UInt64, generation: UInt64, width: Double, run: _PrecacheRun) {
        let stillWanted = state.withLock { state in
            state.generation == generation && state.current.width == width && state.contains(path)
                && state.rows[path.section][path.row].token == token
                && state.current.heights[path.section][path.row].isNaN
        }
        guard stillWanted else {
            run.skipped.add(1, ordering: .relaxed)
            return
        }
        do {
            _ = try fill(path, token: token, generation: generation, width: width, key: nil)
            run.measured.add(1, ordering: .relaxed)
        } catch {
            run.fail(error)
        }
    }
}

/// Shared counters of one precache run.
final class _PrecacheRun: Sendable {
    let total: Int
    let next = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    let measured = Atomic<Int>(0)
    let skipped = Atomic<Int>(0)
    let failures = _Guarded<_Failures>(_Failures())

    init(total: Int) {
        self.total = total
    }

    struct _Failures: Sendable {
        var count = 0
        var first: [HeightCacheError] = []
    }

    func fail(_ error: HeightCacheError) {
        failures.withLock { failures in
            failures.count += 1
            if failures.first.count < 10 { failures.first.append(error) }
        }
    }

    func summary(cancelled: Bool) -> PrecacheSummary {
        let (failed, first) = failures.withLock { ($0.count, $0.first) }
        return PrecacheSummary(total: total, measured: measured.load(ordering: .relaxed),
                               skipped: skipped.load(ordering: .relaxed), failed: failed,
                               failures: first, cancelled: cancelled)
    }
}
