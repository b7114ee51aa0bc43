import Foundation
import Synchronization
import Locking
import Testing
import DynamicType
@testable import RowHeightCache
import TestSupport

/// Precache on all cores with progress and cancellation, and many threads on one cache.
/// Run under ThreadSanitizer with `swift test --sanitize=thread --filter CacheConcurrencyTests`.
@Suite("HeightCache from many threads")
struct CacheConcurrencyTests {
    @Test func precacheMeasuresEveryUncachedRowOnceAndReportsProgress() async throws {
        let source = TableSource(consecutiveIdentities([300, 0, 200]))
        let cache = try HeightCache(source: source, width: 375)
        _ = try cache.height(for: ip(0, 5))
        let reported = _Guarded<[Int]>([])
        let summary = await cache.precache(concurrency: 4) { done, total in
            #expect(total == 499)
            reported.withLock { $0.append(done) }
        }
        #expect(summary.total == 499)
        #expect(summary.measured == 499)
        #expect(summary.failed == 0)
        #expect(!summary.cancelled)
        #expect(source.measures == 500)
        #expect(source.contents.withLock { $0.measuresByRow.values.allSatisfy { $0 == 1 } })
        #expect(reported.withLock { $0.max() } == 499)
        let expected = source.sections.map { $0.map { Optional(TableSource.height($0, 375)) } }
        #expect(cachedHeights(cache) == expected)
    }

    @Test func precacheWithEveryRowCachedMeasuresNothing() async throws {
        let source = TableSource(consecutiveIdentities([20, 0, 5]))
        let cache = try HeightCache(source: source, width: 375)
        #expect(await cache.precache().measured == 25)
        let summary = await cache.precache { _, _ in Issue.record("no progress to report") }
        #expect(summary.total == 0 && summary.measured == 0 && summary.skipped == 0 && summary.failed == 0)
        #expect(summary.failures.isEmpty && !summary.cancelled)
        #expect(source.measures == 25)
    }

    /// A source that answers precache's batches itself, counting them, and refuses single-row reads.
    final class BatchSource: HeightSource {
        let inner = TableSource(consecutiveIdentities([700, 300]))
        let batches = _Guarded<[Int]>([])
        let singleReads = _Guarded(0)

        func numberOfSections() -> Int { inner.numberOfSections() }
        func numberOfRows(inSection section: Int) -> Int { inner.numberOfRows(inSection: section) }
        func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
            singleReads.withLock { $0 += 1 }
            return try inner.measureHeight(at: indexPath, width: width)
        }
        func keysAndHeights(at indexPaths: [IndexPath], width: Double, contentSize: ContentSizeCategory,
                            known: (_ position: Int, _ key: String) -> Double?,
                            answer: (_ position: Int, _ result: Result<(key: String?, height: Double, measured: Bool), any Error>) -> Bool) {
            batches.withLock { $0.append(indexPaths.count) }
            for (position, path) in indexPaths.enumerated() {
                let result = Result { () throws -> (key: String?, height: Double, measured: Bool) in
                    try (nil, inner.measureHeight(at: path, width: width), true)
                }
                if !answer(position, result) { return }
            }
        }
    }

    @Test func precacheReadsRowsThroughTheSourcesBatchCallAChunkAtATime() async throws {
        let source = BatchSource()
        let cache = try HeightCache(source: source, width: 375)
        let summary = await cache.precache(concurrency: 2)
        #expect(summary.measured == 1_000)
        #expect(source.singleReads.withLock { $0 } == 0)
        let batches = source.batches.withLock { $0 }
        #expect(batches.reduce(0, +) == 1_000)
        #expect(batches.count * 8 <= 1_000)
        let expected = source.inner.sections.map { $0.map { Optional(TableSource.height($0, 375)) } }
        #expect(cachedHeights(cache) == expected)
    }

    /// A source that stops at its `gateAt`-th measurement until the gate opens.
    final class GatedSource: HeightSource {
        let inner = TableSource(consecutiveIdentities([1000]))
        let state: _Guarded<(reached: Bool, open: Bool, gateAt: Int)>
        /// A row identity whose measurement fails.
        let failing: Int?

        init(gateAt: Int, failing: Int? = nil) {
            state = _Guarded((reached: false, open: false, gateAt: gateAt))
            self.failing = failing
        }

        struct Failure: Error {}

        /// Lets the measurement waiting at the gate go on and closes the gate again at the
        /// `measure`th measurement.
        func rearm(at measure: Int) {
            state.withLock { $0 = (reached: false, open: false, gateAt: measure) }
        }

        func numberOfSections() -> Int { inner.numberOfSections() }
        func numberOfRows(inSection section: Int) -> Int { inner.numberOfRows(inSection: section) }
        func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
            let height = try inner.measureHeight(at: indexPath, width: width)
            if let failing, inner.identity(at: indexPath) == failing { throw Failure() }
            let gate = state.withLock { $0.gateAt }
            if inner.measures == gate {
                state.withLock { $0.reached = true }
                while state.withLock({ !$0.open && $0.gateAt == gate }) { usleep(1000) }
            }
            return height
        }
    }

    @Test func cancellingThePrecacheTaskStopsIt() async throws {
        let source = GatedSource(gateAt: 10)
        let cache = try HeightCache(source: source, width: 375)
        let task = Task { await cache.precache(concurrency: 1) }
        while !source.state.withLock({ $0.reached }) { await Task.yield(); usleep(1000) }
        task.cancel()
        source.state.withLock { $0.open = true }
        let summary = await task.value
        #expect(summary.cancelled)
        #expect(summary.measured == 10)
        #expect(source.inner.measures == 10)
    }

    /// A row a miss measures while precache runs is measured twice (precache does not look
    /// before measuring) but stored once: precache counts it as skipped.
    @Test func aRowAMissMeasuresDuringPrecacheIsSkippedByPrecache() async throws {
        let source = GatedSource(gateAt: 10)
        let cache = try HeightCache(source: source, width: 375)
        let task = Task { await cache.precache(concurrency: 1) }
        while !source.state.withLock({ $0.reached }) { await Task.yield(); usleep(1000) }
        let missed = try cache.height(for: ip(0, 20))
        source.state.withLock { $0.open = true }
        let summary = await task.value
        #expect(missed == TableSource.height(20, 375))
        #expect(summary.total == 1_000)
        #expect(summary.measured == 999)
        #expect(summary.skipped == 1)
        #expect(source.inner.measures == 1_001)
        let expected = source.inner.sections.map { $0.map { Optional(TableSource.height($0, 375)) } }
        #expect(cachedHeights(cache) == expected)
    }

    /// Precaches `cache` on one worker, inserting a row at the top of `source` while the run
    /// waits at its gate; returns the run's summary.
    static func precacheWithAnInsertAtTheGate(_ source: GatedSource, _ cache: HeightCache) async throws -> PrecacheSummary {
        let task = Task { await cache.precache(concurrency: 1) }
        while !source.state.withLock({ $0.reached }) { await Task.yield(); usleep(1000) }
        try cache.performBatchUpdates {
            source.inner.sections = [[5_000] + source.inner.sections[0]]
            return BatchUpdate(insertRows: [ip(0, 0)])
        }
        source.state.withLock { $0.open = true }
        return await task.value
    }

    /// After an insert at the top, the rest of a pass drops the rows it set out to measure (they
    /// moved) instead of measuring them and throwing the heights away; a second pass then
    /// measures the list where it now is.
    @Test func aRunSkipsTheRowsAnInsertMovedAndMeasuresThemWhereTheyWent() async throws {
        let source = GatedSource(gateAt: 10)
        let cache = try HeightCache(source: source, width: 375)
        let summary = try await Self.precacheWithAnInsertAtTheGate(source, cache)
        // The gated chunk of 64 rows is measured (and not stored); every later row of that pass
        // is skipped unmeasured; the second pass measures all 1,001 rows once.
        #expect(source.inner.measures == 64 + 1_001)
        #expect(summary.total == 1_000)
        #expect(summary.measured == 1_001)
        #expect(summary.skipped == 0)
        let expected = source.inner.sections.map { $0.map { Optional(TableSource.height($0, 375)) } }
        #expect(cachedHeights(cache) == expected)
        let summaryAfter = await cache.precache(concurrency: 2)
        #expect(summaryAfter.total == 0 && summaryAfter.measured == 0)
    }

    /// A row whose failure a pass reported before the list changed is not measured (nor counted)
    /// again by the next pass.
    @Test func aFailureIsReportedOnceAcrossPasses() async throws {
        let source = GatedSource(gateAt: 70, failing: 3)
        let cache = try HeightCache(source: source, width: 375)
        let summary = try await Self.precacheWithAnInsertAtTheGate(source, cache)
        #expect(summary.failed == 1)
        #expect(summary.failures.count == 1)
        // The first chunk was stored; the second pass measured the rest, less the failed row.
        #expect(summary.measured == 63 + (1_001 - 63 - 1))
        #expect(summary.skipped == 0)
    }

    /// A list that keeps changing under the run gets at most `maximumPrecachePasses` passes, and
    /// the progress reported only grows.
    @Test func aListChangingUnderEveryPassEndsTheRunAfterItsLastPass() async throws {
        let source = GatedSource(gateAt: 10)
        let cache = try HeightCache(source: source, width: 375)
        let reports = _Guarded<[(Int, Int)]>([])
        let task = Task { await cache.precache(concurrency: 1) { done, total in reports.withLock { $0.append((done, total)) } } }
        for pass in 0..<HeightCache.maximumPrecachePasses {
            while !source.state.withLock({ $0.reached }) { await Task.yield(); usleep(1000) }
            try cache.performBatchUpdates {
                source.inner.sections = [[5_000 + pass] + source.inner.sections[0]]
                return BatchUpdate(insertRows: [ip(0, 0)])
            }
            // The blocked chunk of 64 ends the pass (its other chunks are skipped unmeasured):
            // the next pass's 10th measurement is 64 further on.
            if pass < HeightCache.maximumPrecachePasses - 1 {
                source.rearm(at: source.state.withLock { $0.gateAt } + 64)
            }
        }
        source.state.withLock { $0.open = true }
        let summary = await task.value
        #expect(summary.measured == 0)
        #expect(summary.skipped == 1_000 + HeightCache.maximumPrecachePasses - 1)
        let done = reports.withLock { $0.map(\.0) }
        #expect(zip(done, done.dropFirst()).allSatisfy { $0 <= $1 })
        // Misses measure what the run left.
        for row in 0..<1_004 { _ = try cache.height(for: ip(0, row)) }
        let expected = source.inner.sections.map { $0.map { Optional(TableSource.height($0, 375)) } }
        #expect(cachedHeights(cache) == expected)
    }

    @Test func precacheFailuresAreReportedAndTheRestIsMeasured() async throws {
        let cache = try HeightCache(source: CacheErrorTests.Broken(height: 12), width: 375)
        let summary = await cache.precache()
        #expect(summary.failed == 1)
        #expect(summary.measured == 1)
        #expect(summary.failures.first?.description.hasPrefix("measuring row [0, 0] failed") == true)
    }

    @Test func manyThreadsReadingWhileOthersUpdateSeeOnlyRightHeights() throws {
        let widths: [Double] = [320, 375]
        let source = TableSource(consecutiveIdentities([200, 50]))
        let cache = try HeightCache(source: source, width: 375)
        let wrong = _Guarded<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            var rng = SplitMix64(seed: UInt64(worker))
            for step in 0..<20_000 {
                switch worker {
                case 0:  // invalidations and width changes
                    if step % 3 == 0 { try? cache.setWidth(widths[step % 2]) }
                    try? cache.invalidate(at: ip(0, Int.random(in: 0..<200, using: &rng)))
                    if step % 500 == 0 { cache.invalidateAll() }
                case 1:  // section 1 grows and shrinks at its end; readers stay in section 0
                    var rows = source.sections[1]
                    if step % 2 == 0 {
                        rows.append(10_000 + step)
                        source.sections = [source.sections[0], rows]
                        if (try? cache.insertRows(at: [ip(1, rows.count - 1)])) == nil {
                            wrong.withLock { $0.append("insert refused at step \(step)") }
                        }
                    } else {
                        rows.removeLast()
                        source.sections = [source.sections[0], rows]
                        if (try? cache.deleteRows(at: [ip(1, rows.count)])) == nil {
                            wrong.withLock { $0.append("delete refused at step \(step)") }
                        }
                    }
                default:  // readers
                    let row = Int.random(in: 0..<200, using: &rng)
                    guard let height = try? cache.height(for: ip(0, row)) else {
                        wrong.withLock { $0.append("height(for: [0, \(row)]) threw") }
                        continue
                    }
                    if !widths.contains(where: { TableSource.height(row, $0) == height }) {
                        wrong.withLock { $0.append("row \(row): \(height)") }
                    }
                }
            }
        }
        #expect(wrong.withLock { $0 } == [])
        // Whatever is cached now was measured at the current width for the row now there.
        let width = cache.width
        let cached = cachedHeights(cache)
        for (section, rows) in source.sections.enumerated() {
            for (row, identity) in rows.enumerated() {
                if let height = cached[section][row] { #expect(height == TableSource.height(identity, width)) }
            }
        }
    }
}
