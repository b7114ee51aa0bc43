import CTextKernels

/// ICU's UAX #14 and UAX #29 boundaries over UTF-16 text, as TextEngine uses them.
enum BreakOpportunities {
    /// Line break opportunities of `units`: offsets after which a line may end (the last is the
    /// length) and whether each is mandatory; nil when ICU fails.
    static func lines(_ units: [UInt16]) -> [(offset: Int, isMandatory: Bool)]? {
        var positions = [Int32](repeating: 0, count: units.count + 1)
        var hard = [UInt8](repeating: 0, count: units.count + 1)
        let count = tl_line_breaks(units, Int32(units.count), &positions, &hard, Int32(units.count + 1))
        guard count >= 0 else { return nil }
        return (0..<Int(count)).map { (Int(positions[$0]), hard[$0] != 0) }
    }

    /// `lines` by TextEngine's ICU-free path for plain English text; nil when the text has a
    /// character that path does not know.
    static func simpleLines(_ units: [UInt16]) -> [(offset: Int, isMandatory: Bool)]? {
        var positions = [Int32](repeating: 0, count: units.count + 1)
        var hard = [UInt8](repeating: 0, count: units.count + 1)
        let count = tl_simple_line_breaks(units, Int32(units.count), &positions, &hard, Int32(units.count + 1))
        guard count >= 0 else { return nil }
        return (0..<Int(count)).map { (Int(positions[$0]), hard[$0] != 0) }
    }

    /// Extended grapheme cluster boundaries of `units` after offset 0 (the last is the length);
    /// nil when ICU fails.
    static func graphemes(_ units: [UInt16]) -> [Int]? {
        var positions = [Int32](repeating: 0, count: units.count + 1)
        let count = tl_grapheme_breaks(units, Int32(units.count), &positions, Int32(units.count + 1))
        guard count >= 0 else { return nil }
        return positions.prefix(Int(count)).map(Int.init)
    }
}
