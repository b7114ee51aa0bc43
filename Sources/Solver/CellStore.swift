/// The cells of every row of one tableau (its rows, its objective levels and the artificial
/// objective) in one buffer, each row a block of it: building a template's tableau costs one
/// allocation instead of one per row, and freeing it one instead of dozens.
///
/// Shared between tableau values (a solver and its snapshots) until one of them writes: the
/// tableau copies it first (`Tableau.ownCells()`), so a shared store is never written and may be
/// read from any thread. Pointers into it stay valid until the next `allocate`.
final class CellStore: @unchecked Sendable {
    /// The first cell; moves when the store grows.
    private(set) var base: UnsafeMutablePointer<Term>
    /// Cells the buffer has room for.
    private(set) var capacity: Int
    /// Cells handed out so far (blocks of live rows and abandoned ones).
    private(set) var used = 0
    /// Cells in blocks no row uses any more (a row that moved to a bigger block, a removed row).
    var garbage = 0

    /// An empty store with room for `capacity` cells (at least 16).
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A store with the same cells at the same places (so every row's block stays valid).
    func copy() -> CellStore {
        let other = CellStore(capacity: capacity)
        other.base.initialize(from: base, count: used)
        other.used = used
        other.garbage = garbage
        return other
    }

    /// Makes room for `extra` more cells past `used` without moving later (may move `base`).
    func reserve(_ extra: Int) {
        let needed = used + extra
        if needed <= capacity { return }
        let grown = Swift.max(needed, 2 * capacity)
        let fresh = UnsafeMutablePointer<Term>.allocate(capacity: grown)
        fresh.moveInitialize(from: base, count: used)
        base.deallocate()
        base = fresh
        capacity = grown
    }

    /// A new block of `count` cells at the end; returns its start (may move `base`).
    func allocate(_ count: Int) -> Int {
        reserve(count)
        let start = used
        used += count
        return start
    }

    /// Grows the block that ends at `used` by `extra` cells in place, when it is the last one
    /// and there is room: the common case while a build appends to its newest row.
    func extendLast(blockEnd: Int, by extra: Int) -> Bool {
        guard blockEnd == used && used + extra <= capacity else { return false }
        used += extra
        return true
    }
}
