/// Rows taken in order, each answered with the first row filed in its `KeyedCacheSlot`: the one
/// place where rows with equal slots are found to share a measurement, for whole documents and
/// for each batch of a stream alike.
///
/// An open-addressing table of row numbers, sized once, probed with hashes the caller worked
/// out beforehand (on the workers, where hashing is most of the cost), so filing a row hashes
/// nothing and allocates nothing.
package struct KeyedRepeats {
    private var entries: [Int32]
    private var hashes: [Int]
    private let mask: Int

    /// A table for up to `capacity` rows (kept at most half full).
    package init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        entries = [Int32](repeating: -1, count: size)
        hashes = [Int](repeating: 0, count: size)
        mask = size - 1
    }

    /// The first row filed earlier in `slot` (whose hash is `hash`), or `row` itself, which is
    /// then filed. Rows are numbered from 0 and filed in order; `slotOf` gives an earlier
    /// row's slot.
    package mutating func first(of row: Int, in slot: KeyedCacheSlot, hash: Int,
                                slotOf: (Int) -> KeyedCacheSlot?) -> Int {
        var i = Int(UInt(bitPattern: hash) >> 7) & mask
        while entries[i] >= 0 {
            if hashes[i] == hash, slotOf(Int(entries[i])) == slot { return Int(entries[i]) }
            i = (i + 1) & mask
        }
        entries[i] = Int32(row)
        hashes[i] = hash
        return row
    }
}
