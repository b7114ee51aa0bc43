import Dispatch
import Foundation
import Synchronization

/// The cores precache uses by default, read once: on Linux, `activeProcessorCount` reads the
/// cgroup's CPU quota and CPU set from files on every call, which a short precache would pay
/// each time.
private let processorCount = ProcessInfo.processInfo.activeProcessorCount

extension HeightCache {
    /// How many passes one precache makes at most: a pass after a change of the list measures
    /// the rows that change moved, and a list changing faster than passes end is left to misses.
    static let maximumPrecachePasses = 4

    /// Measures every row not yet cached at the current width, on `concurrency` threads (all
    /// cores by default), as FDTemplateLayoutCell once did on idle run-loop turns. With curve
    /// widths holding the current width (`setCurveWidths(_:)`), it builds the curve of every row
    /// without one instead, answering the current width from it. When the list
    /// changes during the run (an insert, a move), the rows it moved are measured by one more
    /// pass over the rows then unmeasured, up to `maximumPrecachePasses` passes.
    /// `progress(done, total)` is called from worker threads about a hundred times a pass (a
    /// later pass adds its rows to `total`); cancelling the calling task stops the run after
    /// the rows in flight.
    public func precache(concurrency: Int? = nil,
                         progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) async -> PrecacheSummary {
        var summary: PrecacheSummary?
        // Rows the earlier passes went through: progress counts a later pass's rows after them.
        var passed = 0
        // Rows (by token) an earlier pass reported as failed: a later pass leaves them alone, so
        // no failure is counted twice.
        var failed: Set<UInt64> = []
        for _ in 0..<Self.maximumPrecachePasses {
            var (work, setting, startRevision, curveWidths) = state.withLock { state in
                (state.precacheRows(), state.current.setting, state.revision, state.curveWidths)
            }
            if !failed.isEmpty { work.removeAll { failed.contains($0.token) } }
            let base = passed
            let offset = progress.map { report in { @Sendable (done: Int, total: Int) in report(base + done, base + total) } }
            let (pass, failedTokens) = await precachePass(work, setting: setting, since: startRevision,
                                                          curveWidths: curveWidths, concurrency: concurrency,
                                                          progress: offset)
            failed.formUnion(failedTokens)
            if var total = summary {
                total.measured += pass.measured
                total.skipped = pass.skipped
                total.failed += pass.failed
                total.failures = Array((total.failures + pass.failures).prefix(10))
                total.cancelled = pass.cancelled
                summary = total
            } else {
                summary = pass
            }
            passed += work.count
            // Another pass only for rows a change left behind, at the setting the run measured.
            let changed = state.withLock { $0.revision != startRevision && $0.current.setting == setting }
            if pass.cancelled || pass.skipped == 0 || !changed { break }
        }
        return summary!
    }

    /// One pass of `precache` over `work`, measured against the list at `startRevision`, and the
    /// tokens of the rows whose failures it reported.
    private func precachePass(_ work: [PrecacheItem], setting: HeightSetting, since startRevision: UInt64,
                              curveWidths: ClosedRange<Double>?, concurrency: Int?,
                              progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) async -> (PrecacheSummary, Set<UInt64>) {
        let run = PrecacheRun(total: work.count)
        if work.isEmpty { return (run.summary(cancelled: false), []) }
        let workers = max(1, min(concurrency ?? processorCount, work.count))
        // Chunks amortize the lock: one check and one store per chunk, not per row.
        let chunk = max(1, min(64, work.count / (workers * 8)))
        let reportEvery = max(1, work.count / 100)
        let placed = source as? any PlacedBatchSource
        let measure = { @Sendable in
            while !run.cancelled.load(ordering: .relaxed) {
                let start = run.next.add(chunk, ordering: .relaxed).oldValue
                guard start < work.count else { break }
                let items = work[start..<min(start + chunk, work.count)]
                if let curveWidths, items.contains(where: \.curve) {
                    self.precacheCurves(items.filter(\.curve)[...], setting: setting, since: startRevision,
                                        widths: curveWidths, run: run)
                    let rest = items.filter { !$0.curve }
                    if !rest.isEmpty {
                        self.precacheChunk(rest[...], setting: setting, since: startRevision, run: run, placed: placed)
                    }
                } else {
                    self.precacheChunk(items, setting: setting, since: startRevision, run: run, placed: placed)
                }
                let done = run.done.add(items.count, ordering: .relaxed).newValue
                if let progress, done / reportEvery != (done - items.count) / reportEvery || done == work.count {
                    progress(done, work.count)
                }
            }
        }
        // The workers are threads of their own, not tasks: measuring is long CPU work, and on the
        // cooperative pool (one thread per core) it would hold threads every other task of the
        // app needs, and share them with whatever already holds one.
        await withTaskCancellationHandler {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                let group = DispatchGroup()
                for _ in 0..<workers {
                    DispatchQueue.global(qos: .utility).async(group: group, execute: measure)
                }
                group.notify(queue: .global(qos: .utility)) { finished.resume() }
            }
        } onCancel: {
            run.cancelled.store(true, ordering: .relaxed)
        }
        return (run.summary(cancelled: run.cancelled.load(ordering: .relaxed)), run.failures.withLock { $0.tokens })
    }

    /// Answers the rows of one chunk outside the lock, through one batch call to the source
    /// (which reads them under one lock of its own), then stores those still unmeasured under one
    /// lock if the list did not change meanwhile (else they are counted as skipped: they may
    /// belong to either state). While the list is as it was when the run began (`since`), the
    /// rows are not checked before they are measured: a row measured since (by a miss, rarely)
    /// costs one measurement more, where a check would cost a pass under the lock on every chunk.
    /// Once the list has changed, rows that were moved, changed or measured meanwhile are
    /// dropped first, so that an insert at the top does not leave the rest of the run measuring
    /// rows it cannot store.
    func precacheChunk(_ items: ArraySlice<PrecacheItem>, setting: HeightSetting, since startRevision: UInt64,
                       run: PrecacheRun, placed: (any PlacedBatchSource)?) {
        guard let (wanted, revision) = rowsToAnswer(items, setting: setting, since: startRevision, run: run,
                                                    unanswered: { state, item in
            state.current.height(section: item.section, row: item.row).isNaN
        }) else { return }
        // Closure literals, not local functions: a local function capturing these vars and
        // passed as a closure costs a dynamic exclusivity check on every access.
        var collected = ChunkAnswers(capacity: wanted.count, timed: timesMeasurements.load(ordering: .relaxed))
        let first = wanted.startIndex
        let (width, contentSize) = (setting.width, setting.contentSize)
        if let placed {
            placed.answers(at: wanted.map { ($0.section, $0.row) }, width: width, contentSize: contentSize,
                           known: { position, key in
                wanted[first + position].remeasure ? nil : keyed.height(forKey: key, width: width, contentSize: contentSize)
            }, answer: { position, key, height, measured in
                collected.answer(wanted[first + position], key: key, height: height, measured: measured,
                                 setting: setting, cache: self)
                return !run.cancelled.load(ordering: .relaxed)
            }, failure: { position, error in
                collected.fail(wanted[first + position], error)
                return !run.cancelled.load(ordering: .relaxed)
            })
        } else {
            let paths = wanted.map { IndexPath(row: $0.row, section: $0.section) }
            source.keysAndHeights(at: paths, width: width, contentSize: contentSize, known: { position, key in
                wanted[first + position].remeasure ? nil : keyed.height(forKey: key, width: width, contentSize: contentSize)
            }, answer: { position, result in
                switch result {
                case let .success(value):
                    collected.answer(wanted[first + position], key: value.key, height: value.height,
                                     measured: value.measured, setting: setting, cache: self)
                case let .failure(error):
                    collected.fail(wanted[first + position], error)
                }
                return !run.cancelled.load(ordering: .relaxed)
            })
        }
        let (answers, keys, failures) = (collected.answers, collected.keys, collected.failures)
        let failedTokens = collected.failedTokens
        // Failures against data that changed meanwhile (a row gone) are skipped, not reported.
        let (stored, duplicates, current) = state.withLock { state in
            var stored = 0
            var duplicates: [(error: HeightCacheError, token: UInt64)] = []
            var nextKey = keys.startIndex
            for index in answers.indices {
                var key: String?
                if nextKey < keys.endIndex, keys[nextKey].answer == index {
                    key = keys[nextKey].key
                    nextKey += 1
                }
                do throws(HeightCacheError) {
                    if try state.accept(answers[index], key: key, revision: revision, onlyIfUnmeasured: true) {
                        stored += 1
                        rememberKeyed(answers[index], key: key)
                    }
                } catch {
                    duplicates.append((error, answers[index].token))
                }
            }
            return (stored, duplicates, state.revision == revision)
        }
        for duplicate in duplicates { run.fail(duplicate.error, token: duplicate.token) }
        if current {
            for (error, token) in zip(failures, failedTokens) { run.fail(error, token: token) }
        }
        run.measured.add(stored, ordering: .relaxed)
        let skippedFailures = current ? 0 : failures.count
        // Rows a cancelled run left unanswered are neither measured nor skipped.
        run.skipped.add(answers.count - stored - duplicates.count + skippedFailures, ordering: .relaxed)
    }

    /// The rows of a precache chunk still to answer and the revision they are answered against;
    /// nil when none is (a cancelled run's rows are neither answered nor skipped; rows left out
    /// otherwise are counted as skipped). While the list is as it was when the run began
    /// (`since`) every row is kept; once it changed, rows moved or changed meanwhile, or no
    /// longer `unanswered` (answered by a miss meanwhile), are dropped under one lock.
    func rowsToAnswer(_ items: ArraySlice<PrecacheItem>, setting: HeightSetting, since startRevision: UInt64,
                      run: PrecacheRun, unanswered: (inout CacheState, PrecacheItem) -> Bool)
                      -> (rows: ArraySlice<PrecacheItem>, revision: UInt64)? {
        if run.cancelled.load(ordering: .relaxed) { return nil }
        guard let revision = revisionToMeasure(at: setting) else {
            run.skipped.add(items.count, ordering: .relaxed)
            return nil
        }
        if revision == startRevision { return (items, revision) }
        let wanted = ArraySlice(state.withLock { state in
            items.filter { item in
                state.isRow(section: item.section, row: item.row, token: item.token) && unanswered(&state, item)
            }
        })
        run.skipped.add(items.count - wanted.count, ordering: .relaxed)
        return wanted.isEmpty ? nil : (wanted, revision)
    }

    /// The revision a precache chunk measures against, once no change of the data through the
    /// cache is under way (measuring during one would be for nothing); nil when the current
    /// setting is no longer `setting`.
    func revisionToMeasure(at setting: HeightSetting) -> UInt64? {
        while true {
            let (changing, revision) = state.withLock { state in
                (state.changing, state.current.setting == setting ? state.revision : nil)
            }
            if !changing { return revision }
            gate.waitUntilFree()
        }
    }
}

/// A row precache means to measure: its place, the token it had when the run started (a row
/// whose token changed since is skipped), and whether its key's height is not trusted (read
/// with the token: a reload gives the row a new token).
struct PrecacheItem: Sendable {
    var section: Int
    var row: Int
    var token: UInt64
    var remeasure = false
    /// The row's curve is to be built (curve widths hold the run's width and it has none).
    var curve = false
}

/// What a chunk's rows answered, in order: the answers to store, the keys of those that have
/// one (by index in `answers`: most rows have none, and an answer without its key is plain
/// data) and the errors to report.
struct ChunkAnswers {
    var answers: [RowAnswer] = []
    var keys: [(answer: Int, key: String)] = []
    var failures: [HeightCacheError] = []
    /// The token of each failure's row, in the same order.
    var failedTokens: [UInt64] = []
    /// Whether measurements are timed, and when the row being answered started.
    let timed: Bool
    var start: MeasureStart

    init(capacity: Int, timed: Bool) {
        answers.reserveCapacity(capacity)
        self.timed = timed
        start = .now(timed: timed)
    }

    /// Keeps `item`'s answer, or the error a height that is no height gives.
    mutating func answer(_ item: PrecacheItem, key: String?, height: Double, measured: Bool, setting: HeightSetting,
                         cache: HeightCache) {
        do throws(HeightCacheError) {
            let answer = try cache.rowAnswer(height: height, measured: measured, section: item.section,
                                             row: item.row, token: item.token, setting: setting, since: start)
            if let key { keys.append((answers.count, key)) }
            answers.append(answer)
        } catch {
            failures.append(error)
            failedTokens.append(item.token)
        }
        if timed { start = .now(timed: true) }
    }

    /// Keeps the error `item`'s row gave.
    mutating func fail(_ item: PrecacheItem, _ error: any Error) {
        failures.append(.measurementFailed(IndexPath(row: item.row, section: item.section), underlying: error))
        failedTokens.append(item.token)
        if timed { start = .now(timed: true) }
    }
}
