import ArgumentParser
import CellsFormat
import CellLayout

/// A number given on the command line, kept as typed until `validate()` checks it: only plain
/// decimal numbers (`375`, `-2`, `0.5`, `.5`, `1e3`) are numbers. Swift's `Double(String)` would
/// also take `0x10` (as 16), `inf`, `nan`, hex floats and `1e999` (as infinity), none of which a
/// user means as a width.
struct DecimalArgument: ExpressibleByArgument {
    /// The text as given.
    let text: String

    /// Keeps any text: the option's own check says what is wrong with it, naming the option.
    init(argument: String) {
        text = argument
    }

    /// The value when the text is a finite decimal number, nil otherwise.
    var value: Double? {
        guard DecimalArgument.isDecimal(text.utf8), let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// The value when it is a decimal number inside `range`; otherwise a usage error that names
    /// the option, what it takes and what was given (quoted as JSON, so no text can break the
    /// line).
    func value(in range: ClosedRange<Double>, excludingLowerBound: Bool = false, option: String,
               meaning: String) throws(ValidationError) -> Double {
        let lower = JSONText.number(range.lowerBound), upper = JSONText.number(range.upperBound)
        let bounds = excludingLowerBound ? "greater than \(lower) and at most \(upper)" : "from \(lower) to \(upper)"
        guard let number = value, range.contains(number), !(excludingLowerBound && number == range.lowerBound) else {
            throw ValidationError("\(option) must be a decimal number of \(meaning), \(bounds), got \(JSONText.excerpt(text))")
        }
        return number
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, nothing else.
    static func isDecimal(_ bytes: String.UTF8View) -> Bool {
        var i = bytes.startIndex
        func digits() -> Int {
            var n = 0
            while i < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                i = bytes.index(after: i)
                n += 1
            }
            return n
        }
        func skip(_ allowed: UInt8...) -> Bool {
            guard i < bytes.endIndex, allowed.contains(bytes[i]) else { return false }
            i = bytes.index(after: i)
            return true
        }
        _ = skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
        var mantissa = digits()
        if skip(UInt8(ascii: ".")) { mantissa += digits() }
        guard mantissa > 0 else { return false }
        if skip(UInt8(ascii: "e"), UInt8(ascii: "E")) {
            _ = skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
            guard digits() > 0 else { return false }
        }
        return i == bytes.endIndex
    }
}

/// The ranges the command line accepts, documented in docs/cli.md.
enum ArgumentRanges {
    /// `--width`: more than 0 and at most a million points (wider than any screen by far; the
    /// bound keeps every product of a width and a coefficient well inside a double).
    static let width: ClosedRange<Double> = 0...1_000_000
    /// `--scale`: 0.01 to 1000 pixels per point. Rounding divides by the scale, so a scale near
    /// zero (such as 5e-324) would turn every height into infinity.
    static let scale: ClosedRange<Double> = 0.01...1000
    /// `--jobs`.
    static let jobs: ClosedRange<Int> = 1...1024
}
