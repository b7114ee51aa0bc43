import Foundation
import Testing
@testable import CellLayout
import TestSupport

/// Seeded random strings made of the grammar's own tokens (and some noise) never crash the
/// parsers: each one either parses or gives an error that names its path and a column inside the
/// text (or just past its end).
@Suite struct ParserRobustnessTests {
    static let tokens = ["a", "b", "super", ".", "top", "width", "firstBaseline", "centerX", "==", "<=", ">=",
                         "=", "*", "+", "-", "@", "2", "0.5", ".5", "1000", "1e9", "high", " ", "(", ")", "[",
                         "]", "|", "H:", "V:", ",", "é", "名", "\u{0}", "9999999999999999999999999999999999999"]

    private func columnOf(_ error: LayoutError) -> Int? {
        guard let range = error.message.range(of: "at column ", options: .backwards) else { return nil }
        return Int(error.message[range.upperBound...])
    }

    @Test func randomTokenStringsParseOrFailWithAColumn() {
        var random = SplitMix64(state: 42)
        for i in 0..<3_000 {
            let count = Int.random(in: 0...12, using: &random)
            let text = (0..<count).map { _ in Self.tokens.randomElement(using: &random) ?? "" }.joined()
            let length = text.unicodeScalars.count
            for visual in [false, true] {
                do {
                    if visual {
                        _ = try VisualFormatParser.parse(text, path: "p[\(i)]")
                    } else {
                        let c = try ConstraintParser.parse(text, path: "p[\(i)]")
                        #expect(c.constant.isFinite && c.multiplier.isFinite && (1...1000).contains(c.priority))
                    }
                } catch {
                    #expect(error.path == "p[\(i)]")
                    let column = columnOf(error)
                    #expect(column.map { $0 >= 1 && $0 <= length + 1 } ?? false, "\(error)")
                }
            }
        }
    }
}
