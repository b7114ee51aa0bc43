/// A row's identity inside the cache: a token that changes whenever its content may have
/// changed (so a measurement started before the change is never stored after it), the id
/// of the key its height was cached under (-1: none), and whether it was reloaded since it was
/// last measured (then its key's cached height is not trusted: the content changed under it).
struct RowIdentity: Sendable, Equatable {
    var token: UInt64
    var keyID: Int
    var remeasure = false
}

/// Heights measured at one width and content size category, shaped like the list: NaN marks a
/// row not measured.
struct HeightsAtWidth: Sendable {
    var setting: HeightSetting
    var heights: [[Double]]
    var lastUse: UInt64

    /// The height of `row` in `section`: NaN when not measured, -1 outside the list.
    @inline(__always)
    func height(section sectionIndex: Int, row: Int) -> Double {
        heights.withUnsafeBufferPointer { sections in
            guard sectionIndex >= 0, sectionIndex < sections.count else { return -1 }
            return sections[sectionIndex].withUnsafeBufferPointer { section in
                row >= 0 && row < section.count ? section[row] : -1
            }
        }
    }

    /// Sets the height of `row` in `section` and returns the one it replaces: one access to the
    /// nested arrays, where a read and a write would check both levels' uniqueness twice.
    @inline(__always)
    mutating func replace(section: Int, row: Int, with height: Double) -> Double {
        heights[section].withUnsafeMutableBufferPointer { rows in
            precondition(row >= 0 && row < rows.count, "row outside the store")
            let old = rows[row]
            rows[row] = height
            return old
        }
    }

    /// An empty store shaped like `rows`.
    init(setting: HeightSetting, shapedLike rows: [[RowIdentity]], lastUse: UInt64) {
        self.setting = setting
        self.heights = rows.map { [Double](repeating: .nan, count: $0.count) }
        self.lastUse = lastUse
    }
}

/// A miss answered outside the lock, waiting to be stored. The row's place is two integers, not
/// an `IndexPath`: every read of a path's indexes is a call into Foundation. The row's key
/// travels beside it, so that an answer is plain data, copied without retains (precache keeps a
/// chunk's answers in an array and most rows have no key).
struct RowAnswer: Sendable {
    var section: Int
    var row: Int
    var token: UInt64
    var setting: HeightSetting
    var height: Double
    /// Measured by the source (false: answered by the keyed cache).
    var measured: Bool
    /// Nanoseconds the measurement took (0 when not timed or not measured).
    var nanoseconds: UInt64

    var logLine: String {
        "miss \(IndexPath(row: row, section: section)) width \(setting): \(measured ? "measured" : "keyed") \(height)"
    }
}

/// A row a miss is measuring (by token), and the event misses waiting for it sleep on: made
/// by the first waiter, so a miss nobody waits for allocates nothing.
struct RowInFlight: Sendable {
    var token: UInt64
    var waiters: OneShotEvent?
}

/// Everything a `HeightCache` guards with its lock. The current width's store is kept apart
/// from the others so that a hit under the lock is two array loads.
struct CacheState: Sendable {
    var rows: [[RowIdentity]]
    /// Changed only here, so that `hitTable` follows every change of it.
    private(set) var current: HeightsAtWidth
    /// The copy of `current` hits read without the lock.
    let hitTable: HitTable
    var others: [HeightsAtWidth] = []
    var offsets = OffsetIndex()
    var estimatedRowHeight: Double
    var maxRetainedWidths: Int
    /// Bumped by every change of the list's shape or content (updates, `invalidateAll`,
    /// `reloadData`, and the start and end of a data change made through the cache): a
    /// measurement is stored only if the revision it started in is still current, so no
    /// height measured against one state of the data is stored for another.
    var revision: UInt64 = 0
    /// Whether the user's data is being changed through the cache right now (misses wait).
    var changing = false
    /// The thread changing the data, which must not ask the cache for a height meanwhile.
    var changer: UInt = 0
    /// A `reloadData(_:)` ran inside the change under way: it ends by re-reading the whole list.
    var reloadWhenChanged = false
    /// Rows being measured by a miss: other misses on them wait instead of measuring. At most
    /// one per measuring thread, so a short array searched linearly (cheaper than hashing).
    var flights: [RowInFlight] = []
    var nextToken: UInt64 = 0
    var clock: UInt64 = 0
    var keyIDs: [String: Int] = [:]
    /// The token of the row each key id's height is stored for: a second row with that key is
    /// a duplicate (released when the row is deleted, reloaded or invalidated).
    var keyHolders: [Int: UInt64] = [:]
    var nextKeyID = 0
    /// Hits are counted under the lock, so while counting, none is answered without it.
    var statisticsEnabled = false {
        didSet { if statisticsEnabled { hitTable.markOutOfDate(slots: tableSlots) } }
    }
    var statistics = HeightCacheStatistics()
    var log: (@Sendable (String) -> Void)?
    /// The list widths rows keep height curves over (nil: no curves); see `CurvesAtCategory`.
    var curveWidths: ClosedRange<Double>?
    /// The rows' curves, one store per content size category, least recently used first.
    var curveStores: [CurvesAtCategory] = []

    init(counts: [Int], setting: HeightSetting, estimatedRowHeight: Double, maxRetainedWidths: Int, hitTable: HitTable) {
        rows = []
        current = HeightsAtWidth(setting: setting, shapedLike: [], lastUse: 0)
        self.hitTable = hitTable
        self.estimatedRowHeight = estimatedRowHeight
        self.maxRetainedWidths = maxRetainedWidths
        reset(counts: counts)
    }

    /// Fresh rows for `counts`, nothing measured at any width.
    mutating func reset(counts: [Int]) {
        rows = counts.map { count in (0..<max(count, 0)).map { _ in freshMeta() } }
        current = HeightsAtWidth(setting: current.setting, shapedLike: rows, lastUse: current.lastUse)
        others = []
        revision &+= 1
        offsets.reset()
        curveStores = []
        keyIDs = [:]  // no row holds an id any more; ids are never reused, so none can match
        keyHolders = [:]
        hitTable.markOutOfDate(slots: tableSlots)
    }

    /// Forgets every height at every width; rows keep their places.
    mutating func clearHeights() {
        current = HeightsAtWidth(setting: current.setting, shapedLike: rows, lastUse: current.lastUse)
        others = []
        curveStores = []
        hitTable.markOutOfDate(slots: tableSlots)
    }

    /// The size of the hit table for the list as it is: one slot per row and per section.
    var tableSlots: Int { rows.reduce(rows.count) { $0 + $1.count } }

    /// Books a hit answered under the lock: counted when statistics are on, else towards
    /// rebuilding the hit table (when it is out of date) so later hits need no lock.
    @inline(__always)
    mutating func lockedHit(section: Int, row: Int, height: Double) {
        assert(hitTable.mirrors(height, section: section, row: row), "hit table differs from the store")
        if statisticsEnabled {
            statistics.hits += 1
        } else if hitTable.shouldRebuild() {
            hitTable.rebuild(from: current.heights)
        }
    }

    /// Every row not measured at the current width, in list order, with its token (what a
    /// precache run sets out to measure).
    func unmeasuredRows() -> [PrecacheItem] {
        var count = 0
        for heights in current.heights { for height in heights where height.isNaN { count += 1 } }
        var work: [PrecacheItem] = []
        work.reserveCapacity(count)
        for section in rows.indices {
            current.heights[section].withUnsafeBufferPointer { heights in
                rows[section].withUnsafeBufferPointer { rows in
                    for row in heights.indices where heights[row].isNaN {
                        work.append(PrecacheItem(section: section, row: row, token: rows[row].token,
                                                 remeasure: rows[row].remeasure))
                    }
                }
            }
        }
        return work
    }

    /// The event to wait on for the miss measuring the row with `token`, made by the first
    /// waiter; nil when no miss is measuring it.
    mutating func waitForFlight(_ token: UInt64) -> OneShotEvent? {
        guard let index = flights.firstIndex(where: { $0.token == token }) else { return nil }
        if let event = flights[index].waiters { return event }
        let event = OneShotEvent()
        flights[index].waiters = event
        return event
    }

    /// Starts the flight of `row` of `section` (in the list) and returns its miss's ticket; nil
    /// when another thread is measuring that row.
    mutating func startFlight(section: Int, row: Int) -> HeightCache.MissTicket? {
        let meta = rows[section][row]
        guard !flights.contains(where: { $0.token == meta.token }) else { return nil }
        flights.append(RowInFlight(token: meta.token, waiters: nil))
        let curves = curveWidths.map {
            HeightCache.MissCurves(widths: $0, kept: curve(section: section, row: row, contentSize: current.setting.contentSize))
        }
        return HeightCache.MissTicket(token: meta.token, remeasure: meta.remeasure, revision: revision,
                                      setting: current.setting, curves: curves)
    }

    /// Ends the flight of the row with `token`; returns the event to signal once the lock is
    /// released, if anyone waits.
    mutating func land(_ token: UInt64) -> OneShotEvent? {
        guard let index = flights.firstIndex(where: { $0.token == token }) else { return nil }
        // Most often the only flight: no swap, whose generic body retains and releases both events.
        let last = flights.count - 1
        if index != last { flights.swapAt(index, last) }
        return flights.removeLast().waiters
    }

    /// A row identity never used before.
    mutating func freshMeta() -> RowIdentity {
        nextToken &+= 1
        return RowIdentity(token: nextToken, keyID: -1)
    }

    /// Whether `path` names a row of the list (a path without exactly two indexes never does).
    func contains(_ path: IndexPath) -> Bool {
        let (section, row) = path.sectionAndRow
        return contains(section: section, row: row)
    }

    /// Whether `row` of `section` is a row of the list.
    @inline(__always)
    func contains(section: Int, row: Int) -> Bool {
        section >= 0 && section < rows.count && row >= 0 && row < rows[section].count
    }

    /// Whether `row` of `section` is a row of the list whose identity is still `token`.
    @inline(__always)
    func isRow(section: Int, row: Int, token: UInt64) -> Bool {
        contains(section: section, row: row) && rows[section][row].token == token
    }

    /// The error for an index path outside the list.
    func outOfRange(_ path: IndexPath) -> HeightCacheError {
        let section = path.sectionAndRow.section
        let rowCount = section >= 0 && section < rows.count ? rows[section].count : nil
        return .invalidIndexPath(path, sections: rows.count, rows: rowCount)
    }

    /// The height offsets count for a row: measured, or the estimate.
    func effective(_ height: Double) -> Double { height.isNaN ? estimatedRowHeight : height }

    /// Sets the height at `path` in the store for `setting`, if that store is kept; keeps the
    /// offset index in step when it is the current setting.
    mutating func store(_ height: Double, at path: IndexPath, setting: HeightSetting) {
        let (section, row) = path.sectionAndRow
        store(height, section: section, row: row, setting: setting)
    }

    /// `store(_:at:setting:)` for `row` of `section`.
    mutating func store(_ height: Double, section: Int, row: Int, setting: HeightSetting) {
        if current.setting == setting {
            let old = current.replace(section: section, row: row, with: height)
            hitTable.store(height, section: section, row: row)
            if offsets.isBuilt, effective(height) != effective(old) {
                offsets.set(section: section, row: row, to: effective(height))
            }
        } else if let index = others.firstIndex(where: { $0.setting == setting }) {
            others[index].heights[section][row] = height
        }
    }

    /// Stores a height answered outside the lock (the row's key, if any, beside it), unless the
    /// list or the row changed meanwhile (the revision moved on, or the row's token differs) or,
    /// with `onlyIfUnmeasured`, the row was measured meanwhile at the current width; counts it
    /// either way. A `curve` built with the answer is kept for the row (at the answer's
    /// category) on the same conditions, measured meanwhile or not. Returns whether anything was
    /// stored; throws, storing nothing, when another row of the list holds the same key.
    @discardableResult
    mutating func accept(_ filled: RowAnswer, key: String?, curve: (any RowCurve)?, revision: UInt64,
                         onlyIfUnmeasured: Bool = false) throws(HeightCacheError) -> Bool {
        guard try accept(filled, key: key, keepsCurve: curve != nil, revision: revision,
                         onlyIfUnmeasured: onlyIfUnmeasured) else { return false }
        if let curve { keep(curve, section: filled.section, row: filled.row, contentSize: filled.setting.contentSize) }
        return true
    }

    /// `accept(_:key:curve:revision:onlyIfUnmeasured:)` but for keeping the curve, which the
    /// caller does (with `keepsCurve`, when this returns true): a miss without a curve passes
    /// no existential through.
    @discardableResult
    mutating func accept(_ filled: RowAnswer, key: String?, keepsCurve: Bool = false, revision: UInt64,
                         onlyIfUnmeasured: Bool = false) throws(HeightCacheError) -> Bool {
        if statisticsEnabled {
            statistics.misses += 1
            if filled.measured {
                statistics.measurements += 1
                statistics.measuringTime += .nanoseconds(Int64(clamping: filled.nanoseconds))
            } else {
                statistics.keyedHits += 1
            }
        }
        let (section, row) = (filled.section, filled.row)
        guard self.revision == revision, isRow(section: section, row: row, token: filled.token) else { return false }
        let storesHeight = !onlyIfUnmeasured || current.setting != filled.setting
            || current.height(section: section, row: row).isNaN
        if !storesHeight && !keepsCurve { return false }
        let token = filled.token
        if let key {
            let id: Int
            if let known = keyIDs[key] {
                id = known
                if let holder = keyHolders[id], holder != token, let other = find(token: holder) {
                    throw .duplicateKey(key, other, IndexPath(row: row, section: section))
                }
            } else {
                id = nextKeyID
                nextKeyID += 1
                keyIDs[key] = id
            }
            keyHolders[id] = token
            rows[section][row].keyID = id
        }
        guard storesHeight else { return true }
        store(filled.height, section: section, row: row, setting: filled.setting)
        // Written only when set: a write into the nested array checks both levels' uniqueness.
        if filled.measured && rows[section][row].remeasure { rows[section][row].remeasure = false }
        return true
    }

    /// Where the row with `token` is, if it is still in the list: O(rows), only used to confirm
    /// a duplicate key.
    func find(token: UInt64) -> IndexPath? {
        for section in rows.indices {
            if let row = rows[section].firstIndex(where: { $0.token == token }) {
                return IndexPath(row: row, section: section)
            }
        }
        return nil
    }

    /// Frees the key held by the row at `path`, which is going away or changing content.
    mutating func releaseKey(at path: IndexPath) {
        let meta = rows[path.section][path.row]
        if meta.keyID >= 0, keyHolders[meta.keyID] == meta.token { keyHolders[meta.keyID] = nil }
    }

    /// Frees the keys of every row `update` deletes or reloads (index paths before it).
    mutating func releaseKeys(of update: BatchUpdate) {
        guard !keyHolders.isEmpty else { return }
        for path in update.deleteRows + update.reloadRows where contains(path) { releaseKey(at: path) }
        for section in update.deleteSections + update.reloadSections where section >= 0 && section < rows.count {
            for row in rows[section].indices { releaseKey(at: IndexPath(row: row, section: section)) }
        }
    }

    /// Forgets the row's heights at every width and gives it a new identity.
    mutating func forget(_ path: IndexPath) {
        releaseKey(at: path)
        store(.nan, at: path, setting: current.setting)
        for index in others.indices { others[index].heights[path.section][path.row] = .nan }
        for index in curveStores.indices { curveStores[index].curves[path.section][path.row] = nil }
        rows[path.section][path.row] = freshMeta()
        if statisticsEnabled { statistics.invalidations += 1 }
    }

    /// Rewrites rows and every width's heights as `plan` says.
    mutating func apply(_ plan: UpdatePlan) {
        var next = nextToken
        plan.apply(&rows) {
            next &+= 1
            return RowIdentity(token: next, keyID: -1)
        }
        nextToken = next
        plan.apply(&current.heights) { .nan }
        for index in others.indices { plan.apply(&others[index].heights) { .nan } }
        for index in curveStores.indices { plan.apply(&curveStores[index].curves) { nil } }
        for path in plan.reloaded { rows[path.section][path.row].remeasure = true }
        offsets.follow(plan, heights: current.heights, estimate: estimatedRowHeight)
        revision &+= 1
        hitTable.markOutOfDate(slots: tableSlots)
    }

    /// Makes `setting` current, keeping at most `maxRetainedWidths` settings (least recently used go).
    mutating func switchSetting(to setting: HeightSetting) {
        guard current.setting != setting else { return }
        clock &+= 1
        current.lastUse = clock
        var next: HeightsAtWidth
        if let index = others.firstIndex(where: { $0.setting == setting }) {
            next = others.remove(at: index)
        } else {
            next = HeightsAtWidth(setting: setting, shapedLike: rows, lastUse: clock)
        }
        next.lastUse = clock
        others.append(current)
        current = next
        while others.count > max(maxRetainedWidths - 1, 0),
              let oldest = others.indices.min(by: { others[$0].lastUse < others[$1].lastUse }) {
            others.remove(at: oldest)
        }
        offsets.reset()
        hitTable.markOutOfDate(slots: tableSlots)
        fillFromCurves()
    }

    /// Answers every row not measured at the current setting whose curve (at its category)
    /// proves a height at its width, without measuring: what makes a width change inside the
    /// curve widths free. O(rows) curve lookups; the hit table and offsets are rebuilt after.
    mutating func fillFromCurves() {
        let (width, contentSize) = (current.setting.width, current.setting.contentSize)
        guard let widths = curveWidths, widths.contains(width),
              let store = curveStores.firstIndex(where: { $0.contentSize == contentSize }) else { return }
        let curves = curveStores[store].curves
        var filled = 0
        for section in curves.indices {
            curves[section].withUnsafeBufferPointer { curves in
                current.heights[section].withUnsafeMutableBufferPointer { heights in
                    for row in heights.indices where heights[row].isNaN {
                        if let height = curves[row]?.provedHeight(at: width), height.isFinite, height >= 0 {
                            heights[row] = height
                            filled += 1
                        }
                    }
                }
            }
        }
        guard filled > 0 else { return }
        offsets.reset()
        hitTable.markOutOfDate(slots: tableSlots)
    }
}
