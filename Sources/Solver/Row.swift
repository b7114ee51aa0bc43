/// One tableau row, `basic = constant + Σ coefficient·symbol`, over non-basic symbols.
///
/// Before a subject is chosen (while a constraint is being added) the same storage means
/// `0 = constant + Σ coefficient·symbol`. Terms are kept sorted by symbol id with no zero
/// coefficients, so lookups are binary searches and merges are linear and allocation-free once
/// the array's capacity has grown to the row's working size.
///
/// `mask` has bit `symbol % 64` set for every symbol in the row, so most "is this symbol here?"
/// questions (a pivot asks every row) are answered without touching the terms' storage.
@usableFromInline
struct Row: Sendable {
    var basic: Int
    @usableFromInline var constant: Double
    private(set) var terms: [Term]
    private(set) var mask: UInt64 = 0

    init(basic: Int = -1, constant: Double, terms: [Term] = []) {
        self.basic = basic
        self.constant = constant
        self.terms = terms
        recomputeMask()
    }

    @inline(__always)
    static func bit(_ symbol: Int) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: symbol & 63) }

    /// False only when `symbol` is certainly absent.
    @inline(__always)
    func mayContain(_ symbol: Int) -> Bool { mask & Row.bit(symbol) != 0 }

    private mutating func recomputeMask() {
        var m: UInt64 = 0
        terms.withUnsafeBufferPointer { cells in
            for t in cells { m |= Row.bit(t.symbol) }
        }
        mask = m
    }

    /// The position of `symbol` in `terms`, or where it would be inserted (negative: `-(slot + 1)`).
    @inline(__always)
    func position(of symbol: Int) -> Int {
        terms.withUnsafeBufferPointer { cells in
            var low = 0
            var high = cells.count
            while low < high {
                let mid = (low + high) >> 1
                let s = cells[mid].symbol
                if s == symbol { return mid }
                if s < symbol { low = mid + 1 } else { high = mid }
            }
            return -(low + 1)
        }
    }

    /// The coefficient of `symbol` (0 when absent).
    @inline(__always)
    func coefficient(for symbol: Int) -> Double {
        if !mayContain(symbol) { return 0 }
        let p = position(of: symbol)
        return p >= 0 ? terms[p].coefficient : 0
    }

    /// Adds `coefficient * symbol`, dropping the cell if the sum is near zero.
    mutating func add(_ symbol: Int, _ coefficient: Double) {
        // A symbol above every cell (a constraint's new marker and errors): no search.
        if terms.isEmpty || terms[terms.count - 1].symbol < symbol {
            if !nearZero(coefficient) {
                terms.append(Term(symbol: symbol, coefficient: coefficient))
                mask |= Row.bit(symbol)
            }
            return
        }
        let p = position(of: symbol)
        if p >= 0 {
            let sum = terms[p].coefficient + coefficient
            if nearZero(sum) {
                terms.remove(at: p)
                recomputeMask()
            } else {
                terms[p].coefficient = sum
            }
        } else if !nearZero(coefficient) {
            let at = -(p + 1)
            // New symbols have the highest ids so far: appending is the common case.
            if at == terms.count {
                terms.append(Term(symbol: symbol, coefficient: coefficient))
            } else {
                terms.insert(Term(symbol: symbol, coefficient: coefficient), at: at)
            }
            mask |= Row.bit(symbol)
        }
    }

    /// Makes room for `count` terms.
    mutating func reserve(_ count: Int) {
        terms.reserveCapacity(count)
    }

    /// Removes `symbol`'s cell, if any.
    mutating func remove(_ symbol: Int) {
        if !mayContain(symbol) { return }
        let p = position(of: symbol)
        if p >= 0 {
            terms.remove(at: p)
            recomputeMask()
        }
    }

    /// Adds `factor * (other + otherConstant)`, dropping `skip`'s cell (-1: none) and cells that
    /// cancel. The cells before the first symbol either side changes stay where they are; the
    /// rest is merged forward into `scratch` (room for both rows' cells), the row's mask built
    /// on the way, then copied back into the row's storage (which only grows).
    mutating func add(_ other: UnsafeBufferPointer<Term>, constant otherConstant: Double, times factor: Double,
                      skipping skip: Int = -1, scratch: UnsafeMutablePointer<Term>) {
        constant += otherConstant * factor
        let m = other.count
        if m == 0 && skip < 0 { return }
        var first = m > 0 ? other[0].symbol : skip
        if skip >= 0 && skip < first { first = skip }
        let n = terms.count
        let (start, k, bits) = terms.withUnsafeBufferPointer { cells in
            Row.mergeTail(cells.baseAddress, n, from: first, other, times: factor, skipping: skip, into: scratch)
        }
        // Overwrite the cells past the prefix, then append or drop the difference.
        let total = start + k
        let common = Swift.min(n, total) - start
        if common > 0 {
            terms.withUnsafeMutableBufferPointer { cells in
                (cells.baseAddress! + start).update(from: scratch, count: common)
            }
        }
        if total > n {
            terms.append(contentsOf: UnsafeBufferPointer(start: scratch + common, count: total - n))
        } else if total < n {
            terms.removeLast(n - total)
        }
        mask = bits
    }

    /// The merge behind `add(_:constant:times:skipping:scratch:)`: finds the first cell at or
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
    func dot(_ values: UnsafeBufferPointer<Double>) -> Double {
        terms.withUnsafeBufferPointer { cells in
            var sum = 0.0
            for t in cells { sum += t.coefficient * values[t.symbol] }
            return sum
        }
    }

    /// Multiplies the whole row by -1.
    mutating func reverseSign() {
        constant = -constant
        terms.withUnsafeMutableBufferPointer { cells in
            for k in 0..<cells.count { cells[k].coefficient = -cells[k].coefficient }
        }
    }

    /// Rewrites `0 = constant + Σ…` as `symbol = …`: the row is then expressed in terms of the
    /// other symbols, and `symbol` becomes its basic symbol.
    mutating func solve(for symbol: Int) {
        let p = position(of: symbol)
        // Callers only solve for a symbol that is in the row.
        let factor = -1.0 / terms[p].coefficient
        constant *= factor
        // One pass scales the cells, closes the gap `symbol` leaves and rebuilds the mask.
        var bits: UInt64 = 0
        terms.withUnsafeMutableBufferPointer { cells in
            for k in 0..<cells.count where k != p {
                var cell = cells[k]
                cell.coefficient *= factor
                cells[k > p ? k - 1 : k] = cell
                bits |= Row.bit(cell.symbol)
            }
        }
        terms.removeLast()
        mask = bits
        basic = symbol
    }

    /// Pivots `basic = …entering…` into `entering = …basic…`.
    mutating func solve(leaving: Int, entering: Int) {
        add(leaving, -1.0)
        solve(for: entering)
    }

    /// Replaces `symbol` by `other + otherConstant`; returns the coefficient `symbol` had (0 when
    /// the row did not contain it and is unchanged). `scratch` has room for both rows' cells.
    @inline(__always)
    mutating func substitute(_ symbol: Int, _ other: UnsafeBufferPointer<Term>, constant otherConstant: Double,
                             scratch: UnsafeMutablePointer<Term>) -> Double {
        if !mayContain(symbol) { return 0 }
        let p = position(of: symbol)
        if p < 0 { return 0 }
        let factor = terms[p].coefficient
        add(other, constant: otherConstant, times: factor, skipping: symbol, scratch: scratch)
        return factor
    }
}
