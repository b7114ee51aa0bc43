import DynamicType
import Locking
import Synchronization

/// Row heights of a list by index path, measured through a `HeightSource` on a miss and kept
/// right through every UITableView-style update, with heights at different widths and Dynamic
/// Type content size categories kept apart.
///
/// Safe from any thread: state sits behind one lock (`Mutex`), held only for array work (never while
/// measuring); a hit takes no lock, reading a copy of the current width's heights kept as a
/// sequence lock (`HitTable`), and falls back to the lock when that copy is out of date. Change the data through
/// `performBatchUpdates(_:)` (the data change and the cache update as one step) and no height
/// measured against one state of the data is ever stored or returned for another.
public final class HeightCache: Sendable {
    package let source: any HeightSource
    let state: _Guarded<CacheState>
    /// The current width's heights as hits read them without the lock (written under it).
    @usableFromInline let hitTable = HitTable()
    /// The keyed cache beside the index-path cache; rows with a key are looked up here on a miss.
    public let keyed: KeyedHeightCache
    /// Mirrors `statisticsEnabled` so that measuring skips the clock without taking the lock.
    let timesMeasurements = Atomic<Bool>(false)
    /// Held for the whole of a data change made through the cache, so misses can wait for it.
    let gate = BlockingLock()

    /// A cache over `source` measuring at `width` and `contentSizeCategory`, counting
    /// `estimatedRowHeight` for rows not measured yet in offsets, keeping up to
    /// `maxRetainedWidths` (width, category) pairs and up to `keyedCapacity` keyed heights
    /// (nil: unbounded), and with `curveWidths` each row's height curve over them (see
    /// `setCurveWidths(_:)`).
    public init(source: some HeightSource, width: Double, contentSizeCategory: ContentSizeCategory = .large,
                estimatedRowHeight: Double = 44, maxRetainedWidths: Int = 4,
                keyedCapacity: Int? = nil, curveWidths: ClosedRange<Double>? = nil) throws(HeightCacheError) {
        guard width.isFinite, width >= 0, source.measures(atWidth: width) else { throw .invalidWidth(width) }
        if let curveWidths { try HeightCache.check(curveWidths, source: source) }
        guard estimatedRowHeight.isFinite, estimatedRowHeight >= 0 else {
            throw .invalidEstimatedRowHeight(estimatedRowHeight)
        }
        self.source = source
        self.keyed = KeyedHeightCache(capacity: keyedCapacity)
        let counts = HeightCache.counts(of: source)
        state = _Guarded(CacheState(counts: counts, setting: HeightSetting(width: width, contentSize: contentSizeCategory),
                                    estimatedRowHeight: estimatedRowHeight,
                                  maxRetainedWidths: max(maxRetainedWidths, 1), hitTable: hitTable))
        state.withLock { $0.curveWidths = curveWidths }
    }

    /// The source's rows per section, read outside the lock.
    static func counts(of source: some HeightSource) -> [Int] {
        (0..<max(source.numberOfSections(), 0)).map { max(source.numberOfRows(inSection: $0), 0) }
    }

    /// The height of the row at `indexPath` at the current width: cached, else from the keyed
    /// cache when the row has a key (and was not reloaded since), else measured and stored.
    /// Concurrent misses on one row measure it once; a miss while the data is being changed
    /// through `performBatchUpdates(_:)` waits for the change to finish.
    @inlinable @inline(__always)
    public func height(for indexPath: IndexPath) throws(HeightCacheError) -> Double {
        // Inlinable, so a hit makes no call into this module. The path's indexes are read once.
        let (section, row) = indexPath.sectionAndRow
        let height = hitTable.height(section: section, row: row)
        if !height.isNaN { return height }
        return try lockedHeight(for: indexPath, section: section, row: row, key: nil)
    }

    /// `height(for:)` (or `height(forKey:at:)` with `key`) when the hit table cannot answer
    /// (`section` and `row` are `indexPath`'s): a hit under the lock, booked towards rebuilding
    /// the table, else a miss. Kept out of line so that a hit without the lock runs in a small
    /// function.
    @usableFromInline @inline(never)
    func lockedHeight(for indexPath: IndexPath, section: Int, row: Int, key: String?) throws(HeightCacheError) -> Double {
        // The hit paths return a plain Double (under the lock -1: outside the list or anything
        // else the full miss sorts out, NaN: a miss whose flight this round registered, with its
        // ticket), so a hit returns in one register. A plain miss starts in this same lock round,
        // so it takes the lock once less.
        var ticket = MissTicket(token: 0, remeasure: false, revision: 0, setting: HeightSetting(width: 0, contentSize: .large),
                                curves: nil)
        let height = state.withLock { state -> Double in
            let height = state.current.height(section: section, row: row)
            if height >= 0 {
                state.lockedHit(section: section, row: row, height: height)
                return height
            }
            guard height.isNaN, !state.changing, let started = state.startFlight(section: section, row: row) else {
                return -1
            }
            ticket = started
            return height
        }
        if height >= 0 { return height }
        if height.isNaN, let measured = try measureMiss(indexPath, section: section, row: row, key: key, ticket: ticket) {
            return measured
        }
        return try miss(indexPath, key: key, overlaps: height.isNaN ? 1 : 0)
    }

    /// What a miss found under the lock, and what it does next.
    enum MissStep: Sendable {
        /// Filled meanwhile by another thread.
        case hit(Double)
        /// Outside the list, or asked from inside an update's closure.
        case invalid(HeightCacheError)
        /// The data is being changed: wait for the change, then look again.
        case waitForChange
        /// Another thread is measuring the row: wait for its event, then look again.
        case waitForFlight(OneShotEvent?)
        /// This thread measures the row; its flight ends when the result is stored.
        case measure(MissTicket)
    }

    /// A miss as the lock saw it: the row's token, whether its key must be ignored, the
    /// revision, the setting to measure at and the curve widths; a measurement is stored only
    /// if they still hold.
    struct MissTicket: Sendable {
        var token: UInt64
        var remeasure: Bool
        var revision: UInt64
        var setting: HeightSetting
        /// With curve widths set, those and the row's kept curve (nil without: a plain miss's
        /// ticket holds a nil pointer, not an existential copied through its value witnesses).
        var curves: MissCurves?
    }

    /// The curve widths a miss saw and the curve the row keeps at the setting's category.
    final class MissCurves: Sendable {
        let widths: ClosedRange<Double>
        let kept: (any RowCurve)?

        init(widths: ClosedRange<Double>, kept: (any RowCurve)?) {
            self.widths = widths
            self.kept = kept
        }
    }

    /// Answers a miss at `path` (under `key` when given) so that the height returned and stored
    /// belongs to one state of the data: a measurement that overlapped any change of the list is
    /// thrown away and taken again. After two such overlaps the measurement holds the update gate,
    /// so a stream of updates cannot starve it. A miss nobody waits for allocates nothing beyond
    /// what the source does; only a second thread waiting on the same row makes an event.
    @inline(never)
    func miss(_ path: IndexPath, key: String?, overlaps start: Int = 0) throws(HeightCacheError) -> Double {
        // Out of line, as is `failedMiss`: between two rows' layouts, the code a miss runs evicts
        // the engine's from the instruction cache, and inlined into `lockedHeight` these two
        // spread a plain miss's path over more of it (BENCHMARKS.md, Height cache:
        // `CACHE_SIM=1 Benchmarks/scripts/cache-instructions.sh one miss`).
        let (section, row) = path.sectionAndRow
        var overlaps = start
        while true {
            let holdsGate = overlaps >= 2
            if holdsGate { gate.lock() }
            defer { if holdsGate { gate.unlock() } }
            let step = state.withLock { state -> MissStep in
                guard state.contains(section: section, row: row) else { return .invalid(state.outOfRange(path)) }
                let height = state.current.heights[section][row]
                if !height.isNaN { return .hit(height) }
                if state.changing {
                    return state.changer == BlockingLock.currentThread ? .invalid(.calledDuringUpdate(path)) : .waitForChange
                }
                if let ticket = state.startFlight(section: section, row: row) { return .measure(ticket) }
                return .waitForFlight(state.waitForFlight(state.rows[section][row].token))
            }
            switch step {
            case let .hit(height):
                return height
            case let .invalid(error):
                throw error
            case .waitForChange:
                gate.waitUntilFree()
            case let .waitForFlight(event):
                event?.wait()
            case let .measure(ticket):
                if let height = try measureMiss(path, section: section, row: row, key: key, ticket: ticket) {
                    return height
                }
                overlaps += 1
            }
        }
    }

    /// Measures the row of a miss whose flight `ticket` holds, stores the height and ends the
    /// flight; nil when the list changed meanwhile (the height may belong to either state, so it
    /// was not stored and the miss looks again).
    private func measureMiss(_ path: IndexPath, section: Int, row: Int, key: String?,
                             ticket: MissTicket) throws(HeightCacheError) -> Double? {
        if let curves = ticket.curves, curves.widths.contains(ticket.setting.width) {
            return try measureCurveMiss(path, section: section, row: row, key: key, ticket: ticket, curves: curves)
        }
        let filled: (answer: RowAnswer, key: String?)
        do throws(HeightCacheError) {
            filled = try answer(path, section: section, row: row, token: ticket.token, setting: ticket.setting,
                                key: key, remeasure: ticket.remeasure)
        } catch {
            try failedMiss(error, ticket: ticket)
            return nil
        }
        return try land(filled.answer, key: filled.key, curve: nil, ticket: ticket)
    }

    /// A curve a miss built or read, to keep with its height (in an object, so that a miss
    /// without one passes a nil pointer, not an existential).
    final class BuiltCurve: Sendable {
        let curve: any RowCurve

        init(_ curve: any RowCurve) { self.curve = curve }
    }

    /// `measureMiss` where the row keeps a curve over `curves.widths`: the curve is built (or
    /// the kept one read) and kept with the height. Out of line, so that a plain miss does not
    /// carry the curve's existential.
    @inline(never)
    private func measureCurveMiss(_ path: IndexPath, section: Int, row: Int, key: String?,
                                  ticket: MissTicket, curves: MissCurves) throws(HeightCacheError) -> Double? {
        let built: (answer: RowAnswer, key: String?, curve: (any RowCurve)?)
        do throws(HeightCacheError) {
            built = try curveAnswer(path, section: section, row: row, token: ticket.token, setting: ticket.setting,
                                    key: key, remeasure: ticket.remeasure, widths: curves.widths, kept: curves.kept)
        } catch {
            try failedMiss(error, ticket: ticket)
            return nil
        }
        return try land(built.answer, key: built.key, curve: built.curve.map(BuiltCurve.init), ticket: ticket)
    }

    /// Stores a miss's answer (with its key and curve) and ends its flight: the height, or nil
    /// when the list changed meanwhile (the height may belong to either state, so it was not
    /// stored and the miss looks again).
    private func land(_ answer: RowAnswer, key: String?, curve: BuiltCurve?,
                      ticket: MissTicket) throws(HeightCacheError) -> Double? {
        var waiters: OneShotEvent?
        defer { waiters?.signal() }
        let (current, log) = try state.withLock { state throws(HeightCacheError) in
            waiters = state.land(ticket.token)
            if try state.accept(answer, key: key, keepsCurve: curve != nil, revision: ticket.revision) {
                if let curve {
                    state.keep(curve.curve, section: answer.section, row: answer.row, contentSize: answer.setting.contentSize)
                    rememberKeyed(answer, key: key, curve: curve.curve)
                } else {
                    rememberKeyed(answer, key: key)
                }
            }
            return (state.revision == ticket.revision, state.log)
        }
        log?(answer.logLine)
        // Unchanged but not stored: the row was invalidated meanwhile; the height is right for
        // the state the call saw.
        return current ? answer.height : nil
    }

    /// Ends the flight of a miss whose measurement failed and throws `error`, unless the list
    /// changed meanwhile (a row gone): then the failure is no answer for the state the call saw,
    /// and the miss looks again.
    @inline(never)
    private func failedMiss(_ error: HeightCacheError, ticket: MissTicket) throws(HeightCacheError) {
        let (current, waiters) = state.withLock { state in
            (state.revision == ticket.revision, state.land(ticket.token))
        }
        waiters?.signal()
        if current { throw error }
    }

    /// The cached height at `indexPath` and the current width, or nil when it is not cached or
    /// the index path is outside the list; never measures.
    public func cachedHeight(for indexPath: IndexPath) -> Double? {
        state.withLock { state in
            guard state.contains(indexPath) else { return nil }
            let height = state.current.heights[indexPath.section][indexPath.row]
            return height.isNaN ? nil : height
        }
    }

    /// Whether a height is cached for `indexPath` at the current width (false outside the list).
    public func exists(at indexPath: IndexPath) -> Bool {
        cachedHeight(for: indexPath) != nil
    }

    /// A miss answered outside the lock, with the row's key: from the keyed cache (unless the row
    /// was reloaded), else measured (and then also stored under its key). `section` and `row`
    /// are `path`'s.
    func answer(_ path: IndexPath, section: Int, row: Int, token: UInt64, setting: HeightSetting,
                key givenKey: String?, remeasure: Bool) throws(HeightCacheError) -> (answer: RowAnswer, key: String?) {
        let (width, contentSize) = (setting.width, setting.contentSize)
        if let givenKey, !remeasure, let height = keyed.height(forKey: givenKey, width: width, contentSize: contentSize) {
            return (RowAnswer(section: section, row: row, token: token, setting: setting, height: height,
                              measured: false, nanoseconds: 0), givenKey)
        }
        let start = MeasureStart.now(timed: timesMeasurements.load(ordering: .relaxed))
        // A do/catch, not a `Result` of the tuple: that is copied and destroyed through generic
        // value witnesses on every miss.
        let key: String?
        let height: Double
        let measured: Bool
        do {
            if let givenKey {
                (key, height, measured) = (givenKey, try source.measureHeight(at: path, width: width, contentSize: contentSize), true)
            } else {
                // One call reads the row once for both its key and its height (one lock in the source).
                (key, height, measured) = try source.keyAndHeight(at: path, width: width, contentSize: contentSize) { key in
                    remeasure ? nil : keyed.height(forKey: key, width: width, contentSize: contentSize)
                }
            }
        } catch {
            throw .measurementFailed(IndexPath(row: row, section: section), underlying: error)
        }
        return (try rowAnswer(height: height, measured: measured, section: section, row: row, token: token,
                              setting: setting, since: start), key)
    }

    /// A source's answer for row `row` of `section` as the cache stores it: a height that is not
    /// finite and non-negative is an error naming the row's index path; `start` (when
    /// measurements are timed) gives a measured row its time.
    func rowAnswer(height: Double, measured: Bool, section: Int, row: Int, token: UInt64,
                   setting: HeightSetting, since start: MeasureStart) throws(HeightCacheError) -> RowAnswer {
        guard height.isFinite, height >= 0 else { throw .invalidHeight(IndexPath(row: row, section: section), height) }
        let nanoseconds = measured ? start.elapsedNanoseconds : 0
        return RowAnswer(section: section, row: row, token: token, setting: setting, height: height,
                         measured: measured, nanoseconds: nanoseconds)
    }

    /// Keeps a measured height under its key. Called under the state lock and only for a height
    /// `accept` stored: a key and a height read while the list changed may belong to different
    /// rows, and a change that starts later must not find the old height under a key it forgot.
    func rememberKeyed(_ filled: RowAnswer, key: String?, curve: (any RowCurve)?) {
        rememberKeyed(filled, key: key)
        guard filled.measured, let key, let curve else { return }
        keyed.setCurve(curve, forKey: key, contentSize: filled.setting.contentSize)
    }

    /// `rememberKeyed(_:key:curve:)` without a curve.
    func rememberKeyed(_ filled: RowAnswer, key: String?) {
        guard filled.measured, let key else { return }
        keyed.setHeight(filled.height, forKey: key, width: filled.setting.width, contentSize: filled.setting.contentSize)
    }

    /// Forgets the height of the row at `indexPath` at every width and category (not its key's height).
    public func invalidate(at indexPath: IndexPath) throws(HeightCacheError) {
        let log = try state.withLock { state throws(HeightCacheError) in
            guard state.contains(indexPath) else { throw state.outOfRange(indexPath) }
            state.forget(indexPath)
            return state.log
        }
        log?("invalidate \(indexPath)")
    }

    /// Forgets every index-path height at every width; the keyed cache is kept.
    public func invalidateAll() {
        let log = state.withLock { state in
            state.revision &+= 1
            state.clearHeights()
            state.offsets.reset()
            // Rows keep stale key ids, but ids are never reused and every height is gone.
            state.keyIDs = [:]
            state.keyHolders = [:]
            if state.statisticsEnabled { state.statistics.clears += 1 }
            return state.log
        }
        log?("invalidateAll")
    }

    /// UITableView's `reloadData`: re-reads the list's shape from the source and forgets every
    /// index-path height; the keyed cache is kept, so keyed rows come back without measuring.
    public func reloadData() {
        let counts = HeightCache.counts(of: source)
        let log = state.withLock { state in
            state.reset(counts: counts)
            if state.statisticsEnabled { state.statistics.clears += 1 }
            return state.log
        }
        log?("reloadData: \(counts.count) sections, \(counts.reduce(0, +)) rows")
    }

    /// The width heights are measured and answered at.
    public var width: Double { state.withLock { $0.current.setting.width } }

    /// The Dynamic Type content size category heights are measured and answered at.
    public var contentSizeCategory: ContentSizeCategory { state.withLock { $0.current.setting.contentSize } }

    /// Makes `width` current (at the current category). Heights already taken at it (if still
    /// retained) come back; others are measured at it; heights at other widths are never returned.
    public func setWidth(_ width: Double) throws(HeightCacheError) {
        try setWidth(width, contentSizeCategory: nil)
    }

    /// Makes `category` current (at the current width), as a trait collection change would: the
    /// heights taken at it (if still retained) come back, others are measured at it; heights at
    /// other categories are never returned.
    public func setContentSizeCategory(_ category: ContentSizeCategory) {
        let log = state.withLock { state in
            state.switchSetting(to: HeightSetting(width: state.current.setting.width, contentSize: category))
            return state.log
        }
        log?("content size \(category.rawValue)")
    }

    /// Makes `width` and `category` (nil: the current one) current in one step: a rotation and
    /// a text size change together re-measure once, not twice.
    public func setWidth(_ width: Double, contentSizeCategory category: ContentSizeCategory?) throws(HeightCacheError) {
        guard width.isFinite, width >= 0, source.measures(atWidth: width) else { throw .invalidWidth(width) }
        let log = state.withLock { state in
            state.switchSetting(to: HeightSetting(width: width, contentSize: category ?? state.current.setting.contentSize))
            return state.log
        }
        log?("width \(width)\(category.map { " content size \($0.rawValue)" } ?? "")")
    }

    /// The number of sections the cache holds.
    public var numberOfSections: Int { state.withLock { $0.rows.count } }

    /// The number of rows the cache holds in `section` (nil outside the list).
    public func numberOfRows(inSection section: Int) -> Int? {
        state.withLock { state in
            section >= 0 && section < state.rows.count ? state.rows[section].count : nil
        }
    }
}
