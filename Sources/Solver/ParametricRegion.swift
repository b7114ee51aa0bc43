// Parametric regions: a solved basis kept as a map from parameter values to the solution.
//
// With the constraints fixed and only parameters moving, a basis that is optimal for one set of
// parameter values stays optimal for every set at which it is still feasible: the parameters
// only move the rows' constants, never the objective's costs, so the optimality test (no
// symbol with a lexicographically negative cost) does not depend on them. A basis is therefore
// checked at new values with one affine map per constrained row, without a single pivot; rows of
// a template cell fall into a handful of such regions (which `footer.top >= tileN.bottom + 8`
// is tight, which labels wrap), so after the first rows almost every row is answered by one.

/// One optimal basis, as the values its rows take at given parameter values: each row's value is
/// its value when captured plus `Σ coefficient · (parameter - parameter when captured)` over the
/// row's parameter terms, the same sum (same terms, same order) that brings a tableau row up to
/// new parameter values, so a region answers exactly as its tableau would without pivoting.
struct ParametricRegion: Sendable {
    /// Per symbol, its row in this region, or -1 when non-basic (0, or a parameter's own value).
    var rowOfSymbol: [Int32] = []
    /// Per row, its value when the region was captured.
    var constants: [Double] = []
    /// Per row, its basic symbol.
    var basics: [Int32] = []
    /// Row `r`'s parameter terms are `terms[starts[r] ..< starts[r + 1]]`.
    var starts: [Int32] = []
    var terms: [ParameterTerm] = []
    /// The rows whose basic symbol is restricted and whose value moves with a parameter: the
    /// only rows that can leave the region (the others keep the feasible value they had).
    var checkedRows: [Int32] = []
    /// Per checked row: true when its basic symbol is a dummy (a required equality over
    /// parameters, which must stay zero), false for a slack or error (which must stay >= 0).
    var checkedIsDummy: [Bool] = []
    /// The region clock's value when this region last answered (the least recent is replaced).
    var lastUse = 0
    /// The external symbols another optimal solution may give other values, at any parameter
    /// values this basis answers (`Tableau.movableExternals`), ascending.
    var movable: [Int] = []

    /// Empties the region for a new capture, keeping its storage.
    mutating func reset(symbolCount: Int, rowCount: Int) {
        rowOfSymbol.clear()
        rowOfSymbol.append(contentsOf: repeatElement(-1, count: symbolCount))
        constants.clear()
        constants.reserveCapacity(rowCount)
        basics.clear()
        basics.reserveCapacity(rowCount)
        starts.clear()
        starts.reserveCapacity(rowCount + 1)
        starts.append(0)
        terms.clear()
        checkedRows.clear()
        checkedIsDummy.clear()
        movable.clear()
    }

    /// The rows' constants and parameter terms, read through buffers: every solve asks a region
    /// for row values over every checked row, and a height curve for slopes at every layout.
    struct Rows {
        let constants: UnsafeBufferPointer<Double>
        let starts: UnsafeBufferPointer<Int32>
        let terms: UnsafeBufferPointer<ParameterTerm>

        /// Row `r`'s value at the parameter values `values` (indexed by symbol).
        @inline(__always)
        func value(_ r: Int, _ values: UnsafeBufferPointer<Double>) -> Double {
            var shift = 0.0
            for k in Int(starts[r]) ..< Int(starts[r + 1]) {
                shift += terms[k].coefficient * (values[terms[k].symbol] - terms[k].captured)
            }
            return constants[r] + shift
        }

        /// The coefficient of `parameter` in row `r`.
        @inline(__always)
        func coefficient(of parameter: Int, row r: Int) -> Double {
            var c = 0.0
            for k in Int(starts[r]) ..< Int(starts[r + 1]) where terms[k].symbol == parameter { c += terms[k].coefficient }
            return c
        }
    }

    /// `body` with the rows lent as buffers.
    @inline(__always)
    func withRows<Result>(_ body: (Rows) -> Result) -> Result {
        constants.withUnsafeBufferPointer { constants in
            starts.withUnsafeBufferPointer { starts in
                terms.withUnsafeBufferPointer { terms in
                    body(Rows(constants: constants, starts: starts, terms: terms))
                }
            }
        }
    }

    /// Row `r`'s value at the parameter values `values` (indexed by symbol).
    @inline(__always)
    func value(row r: Int, _ values: UnsafeBufferPointer<Double>) -> Double {
        withRows { $0.value(r, values) }
    }

    /// Whether this basis is still feasible at `values`: every checked slack or error is
    /// non-negative and every checked dummy zero, within the tolerances the dual simplex uses.
    func isFeasible(at values: UnsafeBufferPointer<Double>) -> Bool {
        withRows { rows in
            checkedRows.withUnsafeBufferPointer { checkedRows in
                checkedIsDummy.withUnsafeBufferPointer { checkedIsDummy in
                    for k in checkedRows.indices {
                        let v = rows.value(Int(checkedRows[k]), values)
                        if checkedIsDummy[k] {
                            if abs(v) > conflictTolerance { return false }
                        } else if v < 0 && !nearZero(v) {
                            return false
                        }
                    }
                    return true
                }
            }
        }
    }

    /// The value of `symbol` at `values`: its row's when basic here, else its own parameter
    /// value (0 for a non-basic variable, slack or error).
    @inline(__always)
    func value(of symbol: Int, _ values: UnsafeBufferPointer<Double>) -> Double {
        let r = symbol < rowOfSymbol.count ? Int(rowOfSymbol[symbol]) : -1
        return r >= 0 ? value(row: r, values) : values[symbol]
    }
}

extension ParametricRegion {
    /// The coefficient of `parameter` in `symbol`'s value: 0 when `symbol` is not basic here.
    func slope(of symbol: Int, along parameter: Int) -> Double {
        let r = symbol < rowOfSymbol.count ? Int(rowOfSymbol[symbol]) : -1
        return r >= 0 ? coefficient(of: parameter, row: r) : 0
    }

    /// The coefficient of `parameter` in row `r`.
    @inline(__always)
    func coefficient(of parameter: Int, row r: Int) -> Double {
        withRows { $0.coefficient(of: parameter, row: r) }
    }

    /// The values of `parameter` around its value in `values` (others held) at which every
    /// checked row stays feasible (see `Solver.parametricRange(of:)`), leaving out the rows
    /// whose basic symbol `ignored` names; either bound may be the current value.
    func range(of parameter: Int, _ values: UnsafeBufferPointer<Double>,
               ignoring ignored: (Int) -> Bool) -> (lower: Double, upper: Double) {
        let now = values[parameter]
        var lower = -Double.infinity, upper = Double.infinity
        withRows { rows in
            checkedRows.withUnsafeBufferPointer { checkedRows in
                for k in checkedRows.indices {
                    let r = Int(checkedRows[k])
                    let c = rows.coefficient(of: parameter, row: r)
                    if c == 0 || ignored(Int(basics[r])) { continue }
                    if checkedIsDummy[k] {
                        lower = now
                        upper = now
                        continue
                    }
                    // value + c * (p - now) >= 0; a value the solve took as 0 within its tolerance is 0.
                    let value = Swift.max(0, rows.value(r, values))
                    if c > 0 { lower = Swift.max(lower, now - value / c) } else { upper = Swift.min(upper, now + value / -c) }
                }
            }
        }
        return (lower, upper)
    }
}

/// A parameter's coefficient in a region's row, with the parameter's value at capture.
struct ParameterTerm: Sendable {
    var symbol: Int
    var coefficient: Double
    var captured: Double
}
