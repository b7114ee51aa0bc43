import Locking
import Synchronization

/// Shared counters of one precache run.
final class PrecacheRun: Sendable {
    let total: Int
    let next = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    let measured = Atomic<Int>(0)
    let skipped = Atomic<Int>(0)
    /// Set when the task that started the run is cancelled (the workers are threads, not tasks).
    let cancelled = Atomic<Bool>(false)
    let failures = _Guarded<Failures>(Failures())

    init(total: Int) {
        self.total = total
    }

    struct Failures: Sendable {
        var count = 0
        var first: [HeightCacheError] = []
        /// The rows reported, by token (a later pass skips them).
        var tokens: Set<UInt64> = []
    }

    /// Reports the failure of the row with `token`.
    func fail(_ error: HeightCacheError, token: UInt64) {
        failures.withLock { failures in
            failures.count += 1
            if failures.first.count < 10 { failures.first.append(error) }
            failures.tokens.insert(token)
        }
    }

    func summary(cancelled: Bool) -> PrecacheSummary {
        let (failed, first) = failures.withLock { ($0.count, $0.first) }
        return PrecacheSummary(total: total, measured: measured.load(ordering: .relaxed),
                               skipped: skipped.load(ordering: .relaxed), failed: failed,
                               failures: first, cancelled: cancelled)
    }
}
