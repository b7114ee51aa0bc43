/// The coefficients of every row of one tableau (its rows, its objective levels and the
/// artificial objective) in one buffer, each row a block of it: building a template's tableau
/// costs one allocation instead of one per row, and freeing it one instead of dozens.
///
/// A value with copy-on-write storage: tableau copies (a solver and its snapshots) share the
/// buffer, and every way to write it (`mutableTerms`, `allocate`, `reserve`, `extendLast`,
/// `discard`) is `mutating` and first makes the buffer this value's own, so a shared buffer is
/// never written and may be read from any thread. A copy keeps every block at its place, so
/// rows stay valid across it. Pointers into the buffer stay valid until the next write.
struct CoefficientArena: Sendable {
    /// The buffer; private, so nothing writes it without going through `makeUnique()`.
    private var buffer: Buffer

    /// An empty arena with room for `capacity` terms (at least 16).
    init(capacity: Int) {
        buffer = Buffer(capacity: capacity)
    }

    /// The first term, for reading.
    var terms: UnsafePointer<Term> { UnsafePointer(buffer.base) }
    /// Terms handed out so far (blocks of live rows and abandoned ones).
    var used: Int { buffer.used }
    /// Terms the buffer has room for.
    var capacity: Int { buffer.capacity }
    /// Terms in blocks no row uses any more (a row that moved to a bigger block, a removed row).
    var garbage: Int { buffer.garbage }

    /// Whether another value (a snapshot, a copied solver) shares the buffer.
    var isShared: Bool {
        mutating get { !isKnownUniquelyReferenced(&buffer) }
    }

    /// The first term, for writing: the buffer is made this value's own first.
    var mutableTerms: UnsafeMutablePointer<Term> {
        @inline(__always) mutating get {
            makeUnique()
            return buffer.base
        }
    }

    /// Makes room for `extra` more terms past `used` without moving the blocks' places (may
    /// move the buffer).
    mutating func reserve(_ extra: Int) {
        makeUnique()
        buffer.reserve(extra)
    }

    /// A new block of `count` terms at the end; returns its start (may move the buffer).
    mutating func allocate(_ count: Int) -> Int {
        makeUnique()
        buffer.reserve(count)
        let start = buffer.used
        buffer.used += count
        return start
    }

    /// Grows the block that ends at `used` by `extra` terms in place, when it is the last one
    /// and there is room: the common case while a build appends to its newest row.
    mutating func extendLast(blockEnd: Int, by extra: Int) -> Bool {
        guard blockEnd == buffer.used && buffer.used + extra <= buffer.capacity else { return false }
        makeUnique()
        buffer.used += extra
        return true
    }

    /// Records that a block of `count` terms is no longer used by any row.
    mutating func discard(_ count: Int) {
        makeUnique()
        buffer.garbage += count
    }

    /// Copies the buffer (every block at its place) when another value shares it.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    }

    /// The storage: one allocation of terms, grown by doubling.
    private final class Buffer: @unchecked Sendable {
        var base: UnsafeMutablePointer<Term>
        var capacity: Int
        var used = 0
        var garbage = 0

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        /// A buffer with the same terms at the same places.
        func copy() -> Buffer {
            let other = Buffer(capacity: capacity)
            other.base.initialize(from: base, count: used)
            other.used = used
            other.garbage = garbage
            return other
        }

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
    }
}
