extension _JSONScanner {
    /// Powers of ten Double holds exactly, for Clinger's fast path.
    static let exactPowersOfTen: [Double] = (0...22).map { k in
        var value = 1.0
        for _ in 0..<k { value *= 10 }
        return value
    }

    /// Reads a number by RFC 8259's grammar. Up to 15 significant digits with a small exponent
    /// convert exactly by one multiplication or division; anything else goes through the
    /// standard library's correctly rounded conversion. Overflow to infinity is an error.
    mutating func parseNumber() throws(DocumentError) -> Double {
        let start = index
        var negative = false
        if base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard index < count, isDigit(base[index]) else {
            throw error("invalid number: expected a digit after '-'")
        }
        if base[index] == UInt8(ascii: "0") {
            index += 1
            if index < count, isDigit(base[index]) { throw error("invalid number: leading zeros are not allowed", at: start) }
        } else {
            while index < count, isDigit(base[index]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(base[index] - UInt8(ascii: "0"))
                    digits += 1
                } else {
                    exponent += 1
                    digits += 1
                }
                index += 1
            }
        }
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count, isDigit(base[index]) else {
                throw error("invalid number: expected a digit after '.'")
            }
            while index < count, isDigit(base[index]) {
                if digits < 19 {
                    if mantissa != 0 || base[index] != UInt8(ascii: "0") { digits += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(base[index] - UInt8(ascii: "0"))
                    exponent -= 1
                } else {
                    digits += 1
                }
                index += 1
            }
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                exponentNegative = base[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < count, isDigit(base[index]) else {
                throw error("invalid number: expected a digit in the exponent")
            }
            var written = 0
            while index < count, isDigit(base[index]) {
                if written < 100_000 { written = written * 10 + Int(base[index] - UInt8(ascii: "0")) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        let value: Double
        if digits <= 15, mantissa < (1 << 53), abs(exponent) <= 22 {
            let m = Double(mantissa)
            value = exponent >= 0 ? m * _JSONScanner.exactPowersOfTen[exponent] : m / _JSONScanner.exactPowersOfTen[-exponent]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        guard let parsed = Double(text) else { throw error("invalid number \(text)", at: start) }
        if parsed.isInfinite { throw error("number \(text) is out of range", at: start) }
        return parsed
    }

    @inline(__always) func isDigit(_ b: UInt8) -> Bool {
        b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
    }
}
