import Synchronization

/// Row heights of a list by index path, measured through a `HeightSource` on a miss and kept
/// right through every UITableView-style update, with heights at different widths kept apart.
///
/// Safe from any thread: state sits behind one lock (`Mutex`), held only for array work (never while
/// measuring), so a hit is a lock, two array loads and an unlock.
public final class HeightCache: Sendable {
    package let source: any HeightSource
    let state: _Guarded<_CacheState>
    /// The keyed cache beside the index-path cache; rows with a key are looked up here on a miss.
    public let keyed: KeyedHeightCache
    /// Mirrors `statisticsEnabled` so that measuring skips the clock without taking the lock.
    let timesMeasurements = Atomic<Bool>(false)

    /// A cache over `source` measuring at `width`, counting `estimatedRowHeight` for rows not
    /// measured yet in offsets, keeping up to `maxRetainedWidths` widths and up to
    /// `keyedCapacity` keyed heights (nil: unbounded).
    public init(source: some HeightSource, width: Double, estimatedRowHeight: Double = 44,
                maxRetainedWidths: Int = 4, keyedCapacity: Int? = nil) throws(HeightCacheError) {
        guard width.isFinite, width >= 0 else { throw .invalidWidth(width) }
        guard estimatedRowHeight.isFinite, estimatedRowHeight >= 0 else {
            throw .invalidEstimatedRowHeight(estimatedRowHeight)
        }
        self.source = source
        self.keyed = KeyedHeightCache(capacity: keyedCapacity)
        let counts = HeightCache.counts(of: source)
        state = _Guarded(_CacheState(counts: counts, width: width, estimatedRowHeight: estimatedRowHeight,
                                  maxRetainedWidths: max(maxRetainedWidths, 1)))
    }

    /// The source's rows per section, read outside the lock.
    static func counts(of source: some HeightSource) -> [Int] {
        (0..<max(source.numberOfSections(), 0)).map { max(source.numberOfRows(inSection: $0), 0) }
    }

    /// What a locked lookup found.
    enum _Lookup: Sendable {
        case hit(Double)
        case miss(token: UInt64, generation: UInt64, width: Double)
        case invalid(HeightCacheError)
    }

    /// The height of the row at `indexPath` at the current width: cached, else from the keyed
    /// cache when the row has a key, else measured and stored.
    public func height(for indexPath: IndexPath) throws(HeightCacheError) -> Double {
        // The hit path returns a plain Double (-1: outside the list, NaN: a miss); a wider
        // result costs a hit about 4 ns more, so a miss takes the lock again instead.
        let height = state.withLock { state -> Double in
            let height = state.current.height(at: indexPath)
            if state.statisticsEnabled, height >= 0 { state.statistics.hits += 1 }
            return height
        }
        if height >= 0 { return height }
        let probe = state.withLock { state -> _Probe? in
            guard state.contains(indexPath) else { return nil }
            return _Probe(height: state.current.heights[indexPath.section][indexPath.row],
                          token: state.rows[indexPath.section][indexPath.row].token,
                          generation: state.generation, width: state.current.width)
        }
        guard let probe else { throw state.withLock { $0.outOfRange(indexPath) } }
        if probe.height >= 0 { return probe.height }  // filled meanwhile by another thread
        return try fill(indexPath, token: probe.token, generation: probe.generation, width: probe.width, key: nil)
    }

    /// A miss as the lock saw it: the height (NaN unless filled meanwhile), the row's token, the
    /// generation and the width to measure at; a measurement is stored only if they still hold.
    struct _Probe: Sendable {
        var height: Double
        var token: UInt64
        var generation: UInt64
        var width: Double
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

    /// Answers a miss: by key when the row has one, else by measuring; stores the result if the
    /// row is still the one looked up.
    func fill(_ path: IndexPath, token: UInt64, generation: UInt64, width: Double,
              key: String?) throws(HeightCacheError) -> Double {
        let filled = try answer(path, token: token, width: width, key: key)
        let log = state.withLock { state in
            state.accept(filled, generation: generation)
            return state.log
        }
        log?(filled.logLine)
        return filled.height
    }

    /// A miss answered outside the lock: from the keyed cache, else measured (and then also
    /// stored under its key).
    func answer(_ path: IndexPath, token: UInt64, width: Double,
                key givenKey: String?) throws(HeightCacheError) -> _Filled {
        let key = givenKey ?? source.key(at: path)
        if let key, let height = keyed.height(forKey: key, width: width) {
            return _Filled(path: path, token: token, width: width, height: height, key: key,
                           measured: false, time: .zero)
        }
        let height: Double
        var time = Duration.zero
        do {
            if timesMeasurements.load(ordering: .relaxed) {
                let clock = ContinuousClock()
                let start = clock.now
                height = try source.measureHeight(at: path, width: width)
                time = clock.now - start
            } else {
                height = try source.measureHeight(at: path, width: width)
            }
        } catch {
            throw .measurementFailed(path, underlying: error)
        }
        guard height.isFinite, height >= 0 else { throw .invalidHeight(path, height) }
        if let key { keyed.setHeight(height, forKey: key, width: width) }
        return _Filled(path: path, token: token, width: width, height: height, key: key,
                       measured: true, time: time)
    }

    /// Forgets the height of the row at `indexPath` at every width (not its key's height).
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
            state.generation &+= 1
            state.current = _WidthStore(width: state.current.width, shapedLike: state.rows,
                                        lastUse: state.current.lastUse)
            state.others = []
            state.offsets.reset()
            // Rows keep stale key ids, but ids are never reused and every height is gone.
            state.keyIDs = [:]
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
    public var width: Double { state.withLock { $0.current.width } }

    /// Makes `width` current. Heights already taken at it (if still retained) come back; others
    /// are measured at it; heights at other widths are never returned.
    public func setWidth(_ width: Double) throws(HeightCacheError) {
        guard width.isFinite, width >= 0 else { throw .invalidWidth(width) }
        let log = state.withLock { state in
            state.switchWidth(to: width)
            return state.log
        }
        log?("width \(width)")
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
