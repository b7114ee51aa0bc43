/// A row's identity inside the cache: a token that changes whenever its content may have
/// changed (so a measurement started before the change is never stored after it), and the id
/// of the key its height was cached under (-1: none).
struct _RowMeta: Sendable, Equatable {
    var token: UInt64
    var keyID: Int
}

/// Heights measured at one width, shaped like the list: NaN marks a row not measured.
struct _WidthStore: Sendable {
    var width: Double
    var heights: [[Double]]
    var lastUse: UInt64

    /// The height at `path`: NaN when not measured, -1 outside the list.
    @inline(__always)
    func height(at path: IndexPath) -> Double {
        guard path.section >= 0, path.section < heights.count else { return -1 }
        return heights[path.section].withUnsafeBufferPointer { section in
            path.row >= 0 && path.row < section.count ? section[path.row] : -1
        }
    }

    /// An empty store shaped like `rows`.
    init(width: Double, shapedLike rows: [[_RowMeta]], lastUse: UInt64) {
        self.width = width
        self.heights = rows.map { [Double](repeating: .nan, count: $0.count) }
        self.lastUse = lastUse
    }
}

/// A miss answered outside the lock, waiting to be stored.
struct _Filled: Sendable {
    var path: IndexPath
    var token: UInt64
    var width: Double
    var height: Double
    var key: String?
    /// Measured by the source (false: answered by the keyed cache).
    var measured: Bool
    var time: Duration

    var logLine: String {
        "miss \(path) width \(width): \(measured ? "measured" : "keyed") \(height)"
    }
}

/// Everything a `HeightCache` guards with its lock. The current width's store is kept apart
/// from the others so that a hit is two array loads.
struct _CacheState: Sendable {
    var rows: [[_RowMeta]]
    var current: _WidthStore
    var others: [_WidthStore] = []
    var offsets = _OffsetIndex()
    var estimatedRowHeight: Double
    var maxRetainedWidths: Int
    /// Bumped by `invalidateAll` and `reloadData`: measurements started before are dropped.
    var generation: UInt64 = 0
    var nextToken: UInt64 = 0
    var clock: UInt64 = 0
    var keyIDs: [String: Int] = [:]
    var nextKeyID = 0
    var statisticsEnabled = false
    var statistics = HeightCacheStatistics()
    var log: (@Sendable (String) -> Void)?

    init(counts: [Int], width: Double, estimatedRowHeight: Double, maxRetainedWidths: Int) {
        rows = []
        current = _WidthStore(width: width, shapedLike: [], lastUse: 0)
        self.estimatedRowHeight = estimatedRowHeight
        self.maxRetainedWidths = maxRetainedWidths
        reset(counts: counts)
    }

    /// Fresh rows for `counts`, nothing measured at any width.
    mutating func reset(counts: [Int]) {
        rows = counts.map { count in (0..<max(count, 0)).map { _ in freshMeta() } }
        current = _WidthStore(width: current.width, shapedLike: rows, lastUse: current.lastUse)
        others = []
        generation &+= 1
        offsets.reset()
        keyIDs = [:]  // no row holds an id any more; ids are never reused, so none can match
    }

    /// A row identity never used before.
    mutating func freshMeta() -> _RowMeta {
        nextToken &+= 1
        return _RowMeta(token: nextToken, keyID: -1)
    }

    /// Whether `path` names a row of the list.
    func contains(_ path: IndexPath) -> Bool {
        path.section >= 0 && path.section < rows.count && path.row >= 0 && path.row < rows[path.section].count
    }

    /// The error for an index path outside the list.
    func outOfRange(_ path: IndexPath) -> HeightCacheError {
        let rowCount = path.section >= 0 && path.section < rows.count ? rows[path.section].count : nil
        return .invalidIndexPath(path, sections: rows.count, rows: rowCount)
    }

    /// The height offsets count for a row: measured, or the estimate.
    func effective(_ height: Double) -> Double { height.isNaN ? estimatedRowHeight : height }

    /// Sets the height at `path` in the store for `width`, if that store is kept; keeps the
    /// offset index in step when it is the current width.
    mutating func store(_ height: Double, at path: IndexPath, width: Double) {
        if current.width == width {
            let old = current.heights[path.section][path.row]
            current.heights[path.section][path.row] = height
            if effective(height) != effective(old) {
                offsets.set(section: path.section, row: path.row, to: effective(height))
            }
        } else if let index = others.firstIndex(where: { $0.width == width }) {
            others[index].heights[path.section][path.row] = height
        }
    }

    /// Stores a height answered outside the lock, unless the row changed meanwhile (its token
    /// differs, or the whole list was cleared since `generation`); counts it either way.
    mutating func accept(_ filled: _Filled, generation: UInt64) {
        if statisticsEnabled {
            statistics.misses += 1
            if filled.measured {
                statistics.measurements += 1
                statistics.measuringTime += filled.time
            } else {
                statistics.keyedHits += 1
            }
        }
        let path = filled.path
        guard self.generation == generation, contains(path), rows[path.section][path.row].token == filled.token else {
            return
        }
        store(filled.height, at: path, width: filled.width)
        if let key = filled.key {
            let id: Int
            if let known = keyIDs[key] {
                id = known
            } else {
                id = nextKeyID
                nextKeyID += 1
                keyIDs[key] = id
            }
            rows[path.section][path.row].keyID = id
        }
    }

    /// Forgets the row's heights at every width and gives it a new identity.
    mutating func forget(_ path: IndexPath) {
        store(.nan, at: path, width: current.width)
        for index in others.indices { others[index].heights[path.section][path.row] = .nan }
        rows[path.section][path.row] = freshMeta()
        if statisticsEnabled { statistics.invalidations += 1 }
    }

    /// Rewrites rows and every width's heights as `plan` says.
    mutating func apply(_ plan: _UpdatePlan) {
        var next = nextToken
        plan.apply(&rows) {
            next &+= 1
            return _RowMeta(token: next, keyID: -1)
        }
        nextToken = next
        plan.apply(&current.heights) { .nan }
        for index in others.indices { plan.apply(&others[index].heights) { .nan } }
        offsets.follow(plan, heights: current.heights, estimate: estimatedRowHeight)
    }

    /// Makes `width` current, keeping at most `maxRetainedWidths` widths (least recently used go).
    mutating func switchWidth(to width: Double) {
        guard current.width != width else { return }
        clock &+= 1
        current.lastUse = clock
        var next: _WidthStore
        if let index = others.firstIndex(where: { $0.width == width }) {
            next = others.remove(at: index)
        } else {
            next = _WidthStore(width: width, shapedLike: rows, lastUse: clock)
        }
        next.lastUse = clock
        others.append(current)
        current = next
        while others.count > max(maxRetainedWidths - 1, 0),
              let oldest = others.indices.min(by: { others[$0].lastUse < others[$1].lastUse }) {
            others.remove(at: oldest)
        }
        offsets.reset()
    }
}
