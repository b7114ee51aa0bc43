import Synchronization

/// A copy of the current width's heights that a hit reads without taking the cache's lock, kept
/// as a sequence lock: `version` is even while the table matches the store and odd while it is
/// being rewritten or is out of date, and a reader that sees it odd, or sees it move while
/// reading, asks under the lock instead.
///
/// Writers hold the cache's state lock (only `CacheState` calls the mutating side). A stored or
/// forgotten height is written into its slot as it is stored; anything that moves rows or
/// replaces the store (an update, `reloadData`, `invalidateAll`, a width change) marks the table
/// out of date, and it is rebuilt from the store once hits under the lock have paid for it (a
/// quarter as many hits as the table has slots), so a run of updates copies nothing
/// and a rebuild is never more than a small fraction of the locked hits it saves.
///
/// Every slot is an `Atomic<UInt64>` (a height's bit pattern), so ThreadSanitizer sees no race:
/// readers load with acquiring order and the rewrite stores with releasing order, so a reader
/// that loads any value written after `version` went odd then also sees `version` changed.
///
/// Memory: a reader may be inside a buffer while the table is rebuilt, so a buffer is never
/// freed before the cache. A rebuild rewrites the buffer in place when it fits and otherwise
/// replaces it with one at least twice as large, so the buffers retired (kept until the cache's
/// deinit) always total less than the live one: at most 4 slots of 8 bytes per row and section
/// of the largest list the cache has held, against the store's 8 bytes per row.
///
/// The read side is inlinable so that `height(for:)` inlines into the caller's module: a hit is
/// then no call into this module at all, only Foundation's calls that read the index path.
@usableFromInline
final class HitTable: @unchecked Sendable {
    // @unchecked: `capacity`, `retired` and the rebuild counters are written only with the
    // cache's state lock held; readers touch only `version`, `live` and the slots, all atomic.

    /// Even: the slots answer for the store; odd: ask under the lock. Starts odd (nothing built).
    @usableFromInline let version = Atomic<UInt64>(1)
    /// The buffer readers use: slot 0 holds the number of sections S, slots 1...S+1 the slot
    /// where each section's rows start (the last one: where the rows end), then the heights.
    /// A buffer is only ever written while it is `live`; the first one is all zeros (no section).
    @usableFromInline let live: Atomic<UnsafeMutableRawPointer>
    /// `live`'s capacity in slots, and the buffers it replaced (and their slots), freed with the cache.
    private var capacity: Int
    private var retired: [UnsafeMutableRawPointer] = []
    private(set) var retiredSlots = 0
    /// Hits answered under the lock since the table went out of date, and how many pay a rebuild.
    private var lockedHits = 0
    private var rebuildAfter = 0

    init() {
        capacity = 64
        live = Atomic(Self.allocate(slots: capacity))
    }

    deinit {
        live.load(ordering: .relaxed).deallocate()
        for buffer in retired { buffer.deallocate() }
    }

    /// A buffer of `slots` zeroed atomic slots.
    private static func allocate(slots: Int) -> UnsafeMutableRawPointer {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: slots * MemoryLayout<Atomic<UInt64>>.stride,
                                                      alignment: MemoryLayout<Atomic<UInt64>>.alignment)
        let typed = buffer.bindMemory(to: Atomic<UInt64>.self, capacity: slots)
        for index in 0..<slots { (typed + index).initialize(to: Atomic(0)) }
        return buffer
    }

    /// Slot `index` of `buffer`.
    @inlinable @inline(__always)
    static func slot(_ buffer: UnsafeMutableRawPointer, _ index: Int) -> UnsafePointer<Atomic<UInt64>> {
        UnsafePointer((buffer + index &* MemoryLayout<Atomic<UInt64>>.stride).assumingMemoryBound(to: Atomic<UInt64>.self))
    }

    // MARK: Reading, from any thread without a lock

    /// The cached height of `row` in `section`, or NaN when the lock must answer: the table is
    /// out of date or changed while being read, the row is not measured, or it is outside the list.
    @inlinable @inline(__always)
    func height(section: Int, row: Int) -> Double {
        let before = version.load(ordering: .acquiring)
        guard before & 1 == 0 else { return .nan }
        let buffer = live.load(ordering: .acquiring)
        // Every index is checked against values a writer wrote into this very buffer (a section
        // count and row starts that fit it), so even a reading torn by a rewrite stays inside
        // it; the version check below then throws that reading away.
        let sections = UInt(Self.slot(buffer, 0).pointee.load(ordering: .acquiring))
        guard UInt(bitPattern: section) < sections else { return .nan }
        guard row >= 0 else { return .nan }
        let start = UInt(Self.slot(buffer, 1 &+ section).pointee.load(ordering: .acquiring))
        let end = UInt(Self.slot(buffer, 2 &+ section).pointee.load(ordering: .acquiring))
        let index = start &+ UInt(bitPattern: row)
        guard index < end else { return .nan }
        let bits = Self.slot(buffer, Int(bitPattern: index)).pointee.load(ordering: .acquiring)
        // Loads after acquiring loads stay after them, so this sees any rewrite they saw.
        guard version.load(ordering: .relaxed) == before else { return .nan }
        return Double(bitPattern: bits)
    }

    // MARK: Writing, with the cache's state lock held

    /// Whether the slots answer for the store (false: out of date, hits take the lock).
    var isCurrent: Bool { version.load(ordering: .relaxed) & 1 == 0 }

    /// The slots of every buffer held, the live one and those retired.
    var slotsHeld: Int { capacity + retiredSlots }

    /// Writes a height just stored (NaN: forgotten) for `row` of `section` into its slot.
    func store(_ height: Double, section: Int, row: Int) {
        guard isCurrent else { return }
        guard let index = slotIndex(section: section, row: row) else {
            // Shaped unlike the store: a change that forgot to mark it. Never write outside it.
            assertionFailure("hit table shaped unlike the store")
            _ = makeOdd()
            return
        }
        Self.slot(live.load(ordering: .relaxed), index).pointee.store(height.bitPattern, ordering: .releasing)
    }

    /// The slot of `row` in `section` in the live buffer, nil outside the table's shape.
    private func slotIndex(section: Int, row: Int) -> Int? {
        let buffer = live.load(ordering: .relaxed)
        guard section >= 0, section < Int(Self.slot(buffer, 0).pointee.load(ordering: .relaxed)), row >= 0 else { return nil }
        let start = Int(Self.slot(buffer, 1 + section).pointee.load(ordering: .relaxed))
        let end = Int(Self.slot(buffer, 2 + section).pointee.load(ordering: .relaxed))
        return start + row < end ? start + row : nil
    }

    /// Marks the table out of date: hits take the lock until `shouldRebuild` says a rebuild has
    /// been paid for. `slots` is the size of the store (rows plus sections) it would copy.
    func markOutOfDate(slots: Int) {
        _ = makeOdd()
        lockedHits = 0
        rebuildAfter = slots / 4
    }

    /// Counts a hit answered under the lock; true once the table is out of date and enough such
    /// hits have been served that copying the store is a small part of what they cost.
    func shouldRebuild() -> Bool {
        guard !isCurrent else { return false }
        lockedHits += 1
        return lockedHits > rebuildAfter
    }

    /// Copies `heights` (the current width's store) into the table and makes it current.
    func rebuild(from heights: [[Double]]) {
        let odd = makeOdd()
        let sections = heights.count
        let needed = 2 + sections + heights.reduce(0) { $0 + $1.count }
        var buffer = live.load(ordering: .relaxed)
        if needed > capacity {
            retired.append(buffer)
            retiredSlots += capacity
            capacity = max(needed, 2 * capacity)
            buffer = Self.allocate(slots: capacity)
            live.store(buffer, ordering: .releasing)
        }
        Self.slot(buffer, 0).pointee.store(UInt64(sections), ordering: .releasing)
        var start = 2 + sections
        for (section, rows) in heights.enumerated() {
            Self.slot(buffer, 1 + section).pointee.store(UInt64(start), ordering: .releasing)
            for (row, height) in rows.enumerated() {
                Self.slot(buffer, start + row).pointee.store(height.bitPattern, ordering: .releasing)
            }
            start += rows.count
        }
        Self.slot(buffer, 1 + sections).pointee.store(UInt64(start), ordering: .releasing)
        version.store(odd &+ 1, ordering: .releasing)
    }

    /// Makes `version` odd if it is not (relaxed: every slot written after it is written with
    /// releasing order, which publishes this store too); returns it.
    private func makeOdd() -> UInt64 {
        let now = version.load(ordering: .relaxed)
        if now & 1 == 1 { return now }
        version.store(now &+ 1, ordering: .relaxed)
        return now &+ 1
    }

    /// Whether the table, when current, holds exactly `height` for `row` of `section` (checked
    /// by debug builds on every hit answered under the lock).
    func mirrors(_ height: Double, section: Int, row: Int) -> Bool {
        guard isCurrent else { return true }
        guard let index = slotIndex(section: section, row: row) else { return false }
        return Self.slot(live.load(ordering: .relaxed), index).pointee.load(ordering: .relaxed) == height.bitPattern
    }
}
