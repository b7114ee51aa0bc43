import Dispatch
import Synchronization

/// Ordered parallel work: `jobs` threads take chunks of indices from a shared counter and store
/// each result at its index, so the output order is the input order whatever finishes first.
package enum ParallelMap {
    /// `body(i)` for every i in `0..<count`, in index order; `done` is told how many items just
    /// finished (from the workers), for a progress bar. With one job everything runs on the
    /// calling thread.
    package static func map<T>(count: Int, jobs: Int, chunk: Int = 64, done: (@Sendable (Int) -> Void)? = nil,
                               _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        if jobs <= 1 || count <= chunk {
            var results: [T] = []
            results.reserveCapacity(count)
            for i in 0..<count {
                results.append(body(i))
                if i % chunk == chunk - 1 { done?(chunk) }
            }
            return results
        }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let shared = SharedSlots(slots: buffer)
            let next = ProgressCounter()
            DispatchQueue.concurrentPerform(iterations: min(jobs, (count + chunk - 1) / chunk)) { _ in
                while true {
                    let start = next.claim(chunk)
                    if start >= count { return }
                    let end = min(start + chunk, count)
                    for i in start..<end { (shared.slots.baseAddress! + i).initialize(to: body(i)) }
                    done?(end - start)
                }
            }
            initialized = count
        }
    }
}

/// The result slots, shared by the workers; each index is written by exactly one of them.
private struct SharedSlots<T>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<T>
}

/// A thread-safe counter: work claimed by workers, or items done for the progress bar.
package final class ProgressCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// A counter at 0.
    package init() {}

    /// Adds `n` and returns the value before.
    @discardableResult package func claim(_ n: Int) -> Int {
        value.wrappingAdd(n, ordering: .relaxed).oldValue
    }

    /// Adds `n`.
    package func add(_ n: Int) { value.wrappingAdd(n, ordering: .relaxed) }

    /// The current value.
    package var current: Int { value.load(ordering: .relaxed) }
}
