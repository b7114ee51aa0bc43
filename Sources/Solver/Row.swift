/// One tableau row, `basic = constant + Σ coefficient·symbol`, over non-basic symbols.
///
/// Before a subject is chosen (while a constraint is being added) the same storage means
/// `0 = constant + Σ coefficient·symbol`. The cells are the block `start ..< start + count` of
/// the tableau's `CoefficientArena` (room for `capacity`), kept sorted by symbol id with no zero
/// coefficients, so lookups are binary searches and merges are linear. Every method that reads
/// or writes cells takes that arena (writers `inout`: only a `mutating` access may write it).
///
/// `mask` has bit `symbol % 64` set for every symbol in the row, so most "is this symbol here?"
/// questions (a pivot asks every row) are answered without touching the cells.
@usableFromInline
struct Row: Sendable {
    /// The basic symbol (-1 while a new row has no subject yet, and for objective rows).
    var basic: Int
    /// The row's value when every non-basic symbol is 0.
    @usableFromInline var constant: Double
    /// Where the row's block begins in the store.
    private(set) var start: Int
    /// The number of cells.
    private(set) var count: Int
    /// The block's size: cells the row can hold before it moves.
    private(set) var capacity: Int
    /// Bit `symbol % 64` for every symbol in the row (see the type's note).
    private(set) var mask: UInt64 = 0

    /// An empty row with room for `capacity` cells in `store`.
    init(basic: Int = -1, constant: Double, capacity: Int, in store: inout CoefficientArena) {
        self.basic = basic
        self.constant = constant
        self.capacity = capacity
        count = 0
        start = store.allocate(capacity)
    }

    /// A copy of `other`'s cells in a block of its own (basic -1).
    init(copying other: Row, in store: inout CoefficientArena) {
        self.init(constant: other.constant, capacity: Swift.max(other.count, 4), in: &store)
        let terms = store.mutableTerms
        (terms + start).initialize(from: terms + other.start, count: other.count)
        count = other.count
        mask = other.mask
    }

    @inline(__always)
    static func bit(_ symbol: Int) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: symbol & 63) }

    /// False only when `symbol` is certainly absent.
    @inline(__always)
    func mayContain(_ symbol: Int) -> Bool { mask & Row.bit(symbol) != 0 }

    /// The cells, valid until `store` is next written.
    @inline(__always)
    func terms(_ store: CoefficientArena) -> UnsafeBufferPointer<Term> {
        UnsafeBufferPointer(start: store.terms + start, count: count)
    }

    /// The cells, for writing (the arena made the tableau's own first).
    @inline(__always)
    private func mutableTerms(_ store: inout CoefficientArena) -> UnsafeMutableBufferPointer<Term> {
        UnsafeMutableBufferPointer(start: store.mutableTerms + start, count: count)
    }

    /// Gives the row's block back (the row must not be used after).
    func release(in store: inout CoefficientArena) {
        store.discard(capacity)
    }

    /// Moves the cells to the block `newStart` (of `newCapacity` cells), for a compaction.
    mutating func relocate(to newStart: Int, capacity newCapacity: Int) {
        start = newStart
        capacity = newCapacity
    }

    /// Makes room for `needed` cells: in place when the block is the store's last, else in a new
    /// block at the end (the old one becomes garbage). May move the store's buffer.
    @inline(__always)
    mutating func reserve(_ needed: Int, in store: inout CoefficientArena) {
        if needed > capacity { grow(needed, &store) }
    }

    /// `reserve`'s slow path, out of line so the check stays small where it is inlined.
    @inline(never)
    private mutating func grow(_ needed: Int, _ store: inout CoefficientArena) {
        let grown = Swift.max(needed, 2 * capacity, 8)
        if store.extendLast(blockEnd: start + capacity, by: grown - capacity) {
            capacity = grown
            return
        }
        let fresh = store.allocate(grown)
        let terms = store.mutableTerms
        (terms + fresh).moveInitialize(from: terms + start, count: count)
        store.discard(capacity)
        start = fresh
        capacity = grown
    }

    /// Rebuilds `mask` from the cells (after a cell left the row).
    private mutating func recomputeMask(_ store: CoefficientArena) {
        var m: UInt64 = 0
        for t in terms(store) { m |= Row.bit(t.symbol) }
        mask = m
    }

    /// The position of `symbol` among the cells, or where it would be inserted
    /// (negative: `-(slot + 1)`).
    @inline(__always)
    func position(of symbol: Int, _ store: CoefficientArena) -> Int {
        let cells = store.terms + start
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) >> 1
            let s = cells[mid].symbol
            if s == symbol { return mid }
            if s < symbol { low = mid + 1 } else { high = mid }
        }
        return -(low + 1)
    }

    /// The coefficient of `symbol` (0 when absent).
    @inline(__always)
    func coefficient(for symbol: Int, _ store: CoefficientArena) -> Double {
        if !mayContain(symbol) { return 0 }
        let p = position(of: symbol, store)
        return p >= 0 ? store.terms[start + p].coefficient : 0
    }

    /// Adds `coefficient * symbol`, dropping the cell if the sum is near zero.
    @inline(__always)
    mutating func add(_ symbol: Int, _ coefficient: Double, _ store: inout CoefficientArena) {
        // A symbol above every cell (a constraint's new marker and errors) with room left: an
        // append, inlined where a build makes its rows.
        if count < capacity && (count == 0 || store.terms[start + count - 1].symbol < symbol) {
            if !nearZero(coefficient) { appendCell(symbol, coefficient, &store) }
            return
        }
        addSearching(symbol, coefficient, &store)
    }

    /// Appends a cell for a symbol above every cell the row has, in a block with room for it.
    @inline(__always)
    private mutating func appendCell(_ symbol: Int, _ coefficient: Double, _ store: inout CoefficientArena) {
        (store.mutableTerms + start + count).initialize(to: Term(symbol: symbol, coefficient: coefficient))
        count += 1
        mask |= Row.bit(symbol)
    }

    /// Takes out the cell at position `p`, closing the gap.
    private mutating func removeCell(at p: Int, _ store: inout CoefficientArena) {
        let cells = store.mutableTerms + start
        (cells + p).moveInitialize(from: cells + p + 1, count: count - p - 1)
        count -= 1
        recomputeMask(store)
    }

    /// `add(_:_:_:)` when the cell may exist or belongs inside the row, or the block is full.
    @inline(never)
    private mutating func addSearching(_ symbol: Int, _ coefficient: Double, _ store: inout CoefficientArena) {
        if count == 0 || store.terms[start + count - 1].symbol < symbol {
            if !nearZero(coefficient) {
                reserve(count + 1, in: &store)
                appendCell(symbol, coefficient, &store)
            }
            return
        }
        let p = position(of: symbol, store)
        if p >= 0 {
            let cell = store.mutableTerms + start + p
            let sum = cell.pointee.coefficient + coefficient
            if nearZero(sum) {
                removeCell(at: p, &store)
            } else {
                cell.pointee.coefficient = sum
            }
        } else if !nearZero(coefficient) {
            let at = -(p + 1)
            reserve(count + 1, in: &store)
            let cells = store.mutableTerms + start
            (cells + at + 1).moveInitialize(from: cells + at, count: count - at)
            (cells + at).initialize(to: Term(symbol: symbol, coefficient: coefficient))
            count += 1
            mask |= Row.bit(symbol)
        }
    }

    /// Removes `symbol`'s cell, if any.
    mutating func remove(_ symbol: Int, _ store: inout CoefficientArena) {
        if !mayContain(symbol) { return }
        let p = position(of: symbol, store)
        if p >= 0 { removeCell(at: p, &store) }
    }

    /// Adds `factor * (other + otherConstant)`, dropping `skip`'s cell (-1: none) and cells that
    /// cancel. The cells before the first symbol either side changes stay where they are; the
    /// rest is merged forward into `scratch` (room for both rows' cells), the row's mask built
    /// on the way, then copied back into the row's block. `other` may lie in `store`: it is only
    /// read before the block grows.
    mutating func add(_ other: UnsafeBufferPointer<Term>, constant otherConstant: Double, times factor: Double,
                      skipping skip: Int = -1, scratch: UnsafeMutablePointer<Term>, _ store: inout CoefficientArena) {
        constant += otherConstant * factor
        let m = other.count
        if m == 0 && skip < 0 { return }
        var first = m > 0 ? other[0].symbol : skip
        if skip >= 0 && skip < first { first = skip }
        let n = count
        let (prefix, k, bits) = Row.mergeTail(n > 0 ? store.terms + start : nil, n, from: first, other,
                                              times: factor, skipping: skip, into: scratch)
        let total = prefix + k
        reserve(total, in: &store)
        (store.mutableTerms + start + prefix).update(from: scratch, count: k)
        count = total
        mask = bits
    }

    /// The merge behind `add(_:constant:times:skipping:scratch:_:)`: finds the first cell at or
    /// past `first`, writes the merged cells from there on into `out`, and returns that position,
    /// how many cells were written and the whole row's mask. Kept out of line and written with
    /// moving pointers so that its loop runs in registers (inlined into a caller's loop its
    /// running values spilled to the stack on every cell).
    @inline(never)
    static func mergeTail(_ cells: UnsafePointer<Term>?, _ n: Int, from first: Int, _ other: UnsafeBufferPointer<Term>,
                          times factor: Double, skipping skip: Int,
                          into out: UnsafeMutablePointer<Term>) -> (start: Int, count: Int, mask: UInt64) {
        var start = 0
        if let a = cells {
            // The untouched prefix: cells below `first` (a binary search; they keep their places).
            var high = n
            while start < high {
                let mid = (start &+ high) &>> 1
                if a[mid].symbol < first { start = mid &+ 1 } else { high = mid }
            }
        }
        var w = out
        if let a = cells, let b = other.baseAddress {
            var pa = a + start
            let ea = a + n
            var pb = b
            let eb = b + other.count
            while pa < ea && pb < eb {
                let s = pa.pointee.symbol
                let o = pb.pointee.symbol
                if s < o {
                    if s != skip {
                        w.pointee = pa.pointee
                        w += 1
                    }
                    pa += 1
                } else if s > o {
                    let c = pb.pointee.coefficient * factor
                    if !nearZero(c) {
                        w.pointee = Term(symbol: o, coefficient: c)
                        w += 1
                    }
                    pb += 1
                } else {
                    let sum = pa.pointee.coefficient + pb.pointee.coefficient * factor
                    if !nearZero(sum) {
                        w.pointee = Term(symbol: s, coefficient: sum)
                        w += 1
                    }
                    pa += 1
                    pb += 1
                }
            }
            while pa < ea {
                if pa.pointee.symbol != skip {
                    w.pointee = pa.pointee
                    w += 1
                }
                pa += 1
            }
            while pb < eb {
                let c = pb.pointee.coefficient * factor
                if !nearZero(c) {
                    w.pointee = Term(symbol: pb.pointee.symbol, coefficient: c)
                    w += 1
                }
                pb += 1
            }
        } else if let a = cells {
            for p in start..<n where a[p].symbol != skip {
                w.pointee = a[p]
                w += 1
            }
        } else if let b = other.baseAddress {
            for p in 0..<other.count {
                let c = b[p].coefficient * factor
                if !nearZero(c) {
                    w.pointee = Term(symbol: b[p].symbol, coefficient: c)
                    w += 1
                }
            }
        }
        let k = w - out
        // The mask in a pass of its own: one more live value in the merge loop cost a spill.
        var bits: UInt64 = 0
        if let a = cells {
            for p in 0..<start { bits |= Row.bit(a[p].symbol) }
        }
        for p in 0..<k { bits |= Row.bit(out[p].symbol) }
        return (start, k, bits)
    }

    /// `Σ coefficient · values[symbol]` over the row's cells.
    @inline(__always)
    func dot(_ values: UnsafeBufferPointer<Double>, _ store: CoefficientArena) -> Double {
        var sum = 0.0
        for t in terms(store) { sum += t.coefficient * values[t.symbol] }
        return sum
    }

    /// Multiplies the whole row by -1.
    mutating func reverseSign(_ store: inout CoefficientArena) {
        constant = -constant
        let cells = mutableTerms(&store)
        for k in 0..<cells.count { cells[k].coefficient = -cells[k].coefficient }
    }

    /// Rewrites `0 = constant + Σ…` as `symbol = …`: the row is then expressed in terms of the
    /// other symbols, and `symbol` becomes its basic symbol.
    mutating func solve(for symbol: Int, _ store: inout CoefficientArena) {
        let p = position(of: symbol, store)
        let cells = mutableTerms(&store)
        // Callers only solve for a symbol that is in the row.
        let factor = -1.0 / cells[p].coefficient
        constant *= factor
        // One pass scales the cells, closes the gap `symbol` leaves and rebuilds the mask.
        var bits: UInt64 = 0
        for k in 0..<cells.count where k != p {
            var cell = cells[k]
            cell.coefficient *= factor
            cells[k > p ? k - 1 : k] = cell
            bits |= Row.bit(cell.symbol)
        }
        count -= 1
        mask = bits
        basic = symbol
    }

    /// Pivots `basic = …entering…` into `entering = …basic…`.
    mutating func solve(leaving: Int, entering: Int, _ store: inout CoefficientArena) {
        add(leaving, -1.0, &store)
        solve(for: entering, &store)
    }

    /// Replaces `symbol` by `other + otherConstant`; returns the coefficient `symbol` had (0 when
    /// the row did not contain it and is unchanged). `scratch` has room for both rows' cells.
    @inline(__always)
    mutating func substitute(_ symbol: Int, _ other: UnsafeBufferPointer<Term>, constant otherConstant: Double,
                             scratch: UnsafeMutablePointer<Term>, _ store: inout CoefficientArena) -> Double {
        if !mayContain(symbol) { return 0 }
        let p = position(of: symbol, store)
        if p < 0 { return 0 }
        let factor = store.terms[start + p].coefficient
        add(other, constant: otherConstant, times: factor, skipping: symbol, scratch: scratch, &store)
        return factor
    }
}
