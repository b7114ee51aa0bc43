import Foundation
import Synchronization

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
        // Chunks amortize the lock: one check and one store per chunk, not per row.
        let chunk = max(1, min(64, work.count / (workers * 8)))
        let reportEvery = max(1, work.count / 100)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    while !Task.isCancelled {
                        let start = run.next.add(chunk, ordering: .relaxed).oldValue
                        guard start < work.count else { break }
                        let items = work[start..<min(start + chunk, work.count)]
                        self.precacheChunk(items, generation: generation, width: width, run: run)
                        let done = run.done.add(items.count, ordering: .relaxed).newValue
                        if let progress, done / reportEvery != (done - items.count) / reportEvery || done == work.count {
                            progress(done, work.count)
                        }
                    }
                }
            }
        }
        return run.summary(cancelled: Task.isCancelled)
    }

    /// Answers the rows of one chunk that are still uncached and unchanged, outside the lock,
    /// then stores them under one lock.
    func precacheChunk(_ items: ArraySlice<(IndexPath, UInt64)>, generation: UInt64, width: Double,
                       run: _PrecacheRun) {
        let wanted = state.withLock { state in
            items.filter { path, token in
                state.generation == generation && state.current.width == width && state.contains(path)
                    && state.rows[path.section][path.row].token == token
                    && state.current.heights[path.section][path.row].isNaN
            }
        }
        run.skipped.add(items.count - wanted.count, ordering: .relaxed)
        var answers: [_Filled] = []
        answers.reserveCapacity(wanted.count)
        for (path, token) in wanted {
            if Task.isCancelled { break }
            do {
                answers.append(try answer(path, token: token, width: width, key: nil))
            } catch {
                run.fail(error)
            }
        }
        state.withLock { state in
            for filled in answers { state.accept(filled, generation: generation) }
        }
        run.measured.add(answers.count, ordering: .relaxed)
    }
}
