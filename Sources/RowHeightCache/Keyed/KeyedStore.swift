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
        guard let entries = index.removeValue(forKey: key) else { return }
        for entry in entries { release(entry.slot) }
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
