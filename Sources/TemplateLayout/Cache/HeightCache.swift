/// Row heights of a list by index path, measured through a `HeightSource` on a miss and kept
/// right through every UITableView-style update, with heights at different widths kept apart.
///
/// Safe from any thread: state sits behind one lock (`Mutex`), held only for array work (never while
/// measuring), so a hit is a lock, two array loads and an unlock.
public final class HeightCache: Sendable {
    let source: any HeightSource
    let state: _Guarded<_CacheState>
    /// The keyed cache beside the index-path cache; rows with a key are looked up here on a miss.
    public let keyed: KeyedHeightCache

    /// A cache over `source` measuring at `width`, counting `estimatedRowHeight` for rows not
    /// measured yet in offsets, keeping up to `maxRetainedWidths` widths and up to
    /// `keyedCapacity` keyed heights (nil: unbounded).
    public init(source: some HeightSource, width: Double, estimatedRowHeight: Double = 44,
                maxRetainedWidths: Int = 4, keyedCapacity: Int? = nil) throws(HeightCacheError) {
        guard width.isFinite, width >= 0 else { throw .invalidWidth(width) }
        guard estimatedRowHeight.isFinite, estimatedRowHeight >= 0 else {
            throw .invalidHeight(IndexPath(row: -1, section: -1), estimatedRowHeight)
        }
        self.source = source
        self.keyed = KeyedHeightCache(capacity: keyedCapacity)
        let counts = HeightCache.counts(of: source)
        state = _Guarded(_CacheState(counts: counts, width: width, estimatedRowHeight: estimatedRowHeight,
                                  maxRetainedWidths: max(maxRetainedWidths, 1)))
    }

    /// The source's rows per section, read outside the lock.
    static func counts(of source: some HeightSource) -> [Int] {
        (0..<max(source.numberOfSections(), 0)).map { source.numberOfRows(inSection: $0) }
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
        let lookup = state.withLock { state -> _Lookup in
            guard state.contains(indexPath) else { return .invalid(state.outOfRange(indexPath)) }
            let height = state.current.heights[indexPath.section][indexPath.row]
            if !height.isNaN {
                if state.statisticsEnabled { state.statistics.hits += 1 }
                return .hit(height)
            }
            return .miss(token: state.rows[indexPath.section][indexPath.row].token,
                         generation: state.generation, width: state.current.width)
        }
        switch lookup {
        case let .hit(height):
            return height
        case let .invalid(error):
            throw error
        case let .miss(token, generation, width):
            return try fill(indexPath, token: token, generation: generation, width: width, key: nil)
        }
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
              key givenKey: String?) throws(HeightCacheError) -> Double {
        let key = givenKey ?? source.key(at: path)
        if let key, let height = keyed.height(forKey: key, width: width) {
            store(height, at: path, token: token, generation: generation, width: width, key: key,
                  event: .keyedHit, time: .zero)
            return height
        }
        let clock = ContinuousClock()
        let start = clock.now
        let height: Double
        do {
            height = try source.measureHeight(at: path, width: width)
        } catch {
            throw .measurementFailed(path, underlying: error)
        }
        let time = clock.now - start
        guard height.isFinite, height >= 0 else { throw .invalidHeight(path, height) }
        if let key { keyed.setHeight(height, forKey: key, width: width) }
        store(height, at: path, token: token, generation: generation, width: width, key: key,
              event: .measured, time: time)
        return height
    }

    /// How a miss was answered, for statistics and the log.
    enum _FillEvent { case keyedHit, measured }

    /// Stores a height taken outside the lock, unless the row changed meanwhile.
    func store(_ height: Double, at path: IndexPath, token: UInt64, generation: UInt64,
               width: Double, key: String?, event: _FillEvent, time: Duration) {
        let log = state.withLock { state -> (@Sendable (String) -> Void)? in
            if state.statisticsEnabled {
                state.statistics.misses += 1
                switch event {
                case .keyedHit: state.statistics.keyedHits += 1
                case .measured:
                    state.statistics.measurements += 1
                    state.statistics.measuringTime += time
                }
            }
            guard state.generation == generation, state.contains(path),
                  state.rows[path.section][path.row].token == token else { return state.log }
            state.store(height, at: path, width: width)
            if let key {
                let id: Int
                if let known = state.keyIDs[key] {
                    id = known
                } else {
                    id = state.nextKeyID
                    state.nextKeyID += 1
                    state.keyIDs[key] = id
                }
                state.rows[path.section][path.row].keyID = id
            }
            return state.log
        }
        log?("miss \(path) width \(width): \(event == .measured ? "measured" : "keyed") \(height)")
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
            state.offsets.reset(sectionCount: state.rows.count)
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
