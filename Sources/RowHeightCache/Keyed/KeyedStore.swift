import DynamicType

/// A height curve kept for a key: its category, its widths and when it was stored.
struct KeyedCurve: Sendable {
    var contentSize: ContentSizeCategory
    var widths: ClosedRange<Double>
    var curve: any RowCurve
    var stamp: UInt64
}

/// The keyed cache's storage: slots in a doubly linked recency list (head: most recent), found
/// through a key → [(setting, slot)] map, since a key has few widths and categories.
struct KeyedStore: Sendable {
    struct Slot: Sendable {
        var key: String
        var setting: HeightSetting
        var height: Double
        var newer: Int
        var older: Int
    }

    let capacity: Int?
    var slots: [Slot] = []
    var freeSlots: [Int] = []
    var index: [String: [(setting: HeightSetting, slot: Int)]] = [:]
    var newest = -1
    var oldest = -1
    var count = 0
    /// Height curves by key: one per (category, widths) a key was measured over.
    var curves: [String: [KeyedCurve]] = [:]
    /// Curves in the order they were stored (entries of curves since removed or replaced are
    /// skipped), so that a bounded store lets the oldest go; `curveQueueStart` is the first
    /// still queued. At most twice the curves kept, plus 64.
    var curveQueue: [(key: String, stamp: UInt64)] = []
    var curveQueueStart = 0
    var curveCount = 0
    var curveClock: UInt64 = 0

    init(capacity: Int?) {
        self.capacity = capacity
    }

    func find(_ key: String, _ setting: HeightSetting) -> Int? {
        index[key]?.first { $0.setting == setting }?.slot
    }

    mutating func lookup(_ key: String, _ setting: HeightSetting) -> Double? {
        guard let slot = find(key, setting) else { return nil }
        unlink(slot)
        linkNewest(slot)
        return slots[slot].height
    }

    mutating func insert(_ height: Double, _ key: String, _ setting: HeightSetting) {
        if let slot = find(key, setting) {
            slots[slot].height = height
            unlink(slot)
            linkNewest(slot)
            return
        }
        if let capacity {
            if capacity == 0 { return }
            while count >= capacity, oldest >= 0 { evict(oldest) }
        }
        let entry = Slot(key: key, setting: setting, height: height, newer: -1, older: -1)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        index[key, default: []].append((setting, slot))
        linkNewest(slot)
        count += 1
    }

    mutating func remove(_ key: String) {
        if let removed = curves.removeValue(forKey: key) { curveCount -= removed.count }
        guard let entries = index.removeValue(forKey: key) else { return }
        for entry in entries { release(entry.slot) }
    }

    /// The curve kept for `key` at `contentSize` over `widths`.
    func curve(_ key: String, _ contentSize: ContentSizeCategory, _ widths: ClosedRange<Double>) -> (any RowCurve)? {
        curves[key]?.first { $0.contentSize == contentSize && $0.widths == widths }?.curve
    }

    /// Keeps `curve` for `key` at `contentSize` (replacing one over the same widths); when full,
    /// the curve stored first goes.
    mutating func insert(_ curve: any RowCurve, _ key: String, _ contentSize: ContentSizeCategory) {
        let widths = curve.widths
        curveClock &+= 1
        let entry = KeyedCurve(contentSize: contentSize, widths: widths, curve: curve, stamp: curveClock)
        if let at = curves[key]?.firstIndex(where: { $0.contentSize == contentSize && $0.widths == widths }) {
            curves[key]![at] = entry
        } else {
            if let capacity {
                if capacity == 0 { return }
                while curveCount >= capacity, evictOldestCurve() {}
            }
            curves[key, default: []].append(entry)
            curveCount += 1
        }
        // Only a bounded store evicts, so only it keeps the order.
        guard capacity != nil else { return }
        curveQueue.append((key, curveClock))
        // Replaced curves leave stale entries behind: past twice the curves kept, start afresh.
        if curveQueue.count - curveQueueStart > 2 * curveCount + 64 {
            curveQueue = curves.flatMap { key, kept in kept.map { (key: key, stamp: $0.stamp) } }.sorted { $0.stamp < $1.stamp }
            curveQueueStart = 0
        }
    }

    /// Drops the oldest curve still kept; false when none is.
    private mutating func evictOldestCurve() -> Bool {
        while curveQueueStart < curveQueue.count {
            let (key, stamp) = curveQueue[curveQueueStart]
            curveQueueStart += 1
            if let at = curves[key]?.firstIndex(where: { $0.stamp == stamp }) {
                curves[key]!.remove(at: at)
                if curves[key]!.isEmpty { curves[key] = nil }
                curveCount -= 1
                compactCurveQueue()
                return true
            }
        }
        compactCurveQueue()
        return false
    }

    /// Drops the queue's spent front once it is most of the queue, so the queue stays within
    /// twice the curves stored since it was last compacted.
    private mutating func compactCurveQueue() {
        if curveQueueStart > 64, curveQueueStart * 2 > curveQueue.count {
            curveQueue.removeFirst(curveQueueStart)
            curveQueueStart = 0
        }
    }

    mutating func removeAll() {
        self = KeyedStore(capacity: capacity)
    }

    /// Drops the slot from the map, the recency list and the count.
    mutating func evict(_ slot: Int) {
        let key = slots[slot].key
        let setting = slots[slot].setting
        index[key]?.removeAll { $0.setting == setting }
        if index[key]?.isEmpty == true { index[key] = nil }
        release(slot)
    }

    mutating func release(_ slot: Int) {
        unlink(slot)
        slots[slot].key = ""
        freeSlots.append(slot)
        count -= 1
    }

    mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer
        let older = slots[slot].older
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }

    mutating func linkNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
