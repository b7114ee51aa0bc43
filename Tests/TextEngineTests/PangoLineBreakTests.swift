import Foundation
import Testing
@testable import TextEngine

/// Line breaks agree with Pango's on the corpus at many widths and sizes (Pango through gi,
/// seeing only the bundled fonts). Pango's heights leave out the line gap, so only the breaks
/// (each line's start) are compared.
@Suite struct PangoLineBreakTests {
    static let sizes = [12.0, 15, 17, 22]
    static let widths = [37.0, 64, 100.5, 150, 223, 287.5, 343, .infinity]

    struct Case {
        var text: String
        var size: Double
        var width: Double
        var mode: LineBreakMode
    }

    static func cases(_ texts: [String], mode: LineBreakMode) -> [Case] {
        texts.flatMap { text in sizes.flatMap { size in widths.map { Case(text: text, size: size, width: $0, mode: mode) } } }
    }

    static func mismatches(_ cases: [Case]) throws -> [String] {
        let pango = try PangoReference.layout(cases.map {
            .init(text: $0.text, size: $0.size, width: $0.width.isFinite ? $0.width : nil, char: $0.mode == .char)
        })
        let measurer = TextMeasurer()
        var found: [String] = []
        for (c, reference) in zip(cases, pango) {
            let style = TextStyle(fonts: Bundled.stack, size: c.size, lines: 0, lineBreak: c.mode)
            let starts = measurer.layout(c.text, style: style, width: c.width).lines.map(\.range.lowerBound)
            if starts != reference.starts {
                found.append("\(c.text.debugDescription) size \(c.size) width \(c.width): ours \(starts), Pango \(reference.starts)")
            }
        }
        return found
    }

    @Test func englishBreaksLikePango() throws {
        let found = try Self.mismatches(Self.cases(TestCorpus.english, mode: .word))
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func chineseBreaksLikePango() throws {
        let found = try Self.mismatches(Self.cases(TestCorpus.chinese, mode: .word))
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func mixedScriptsBreakLikePango() throws {
        let found = try Self.mismatches(Self.cases(TestCorpus.mixed, mode: .word))
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func emojiTextBreaksLikePango() throws {
        let found = try Self.mismatches(Self.cases(TestCorpus.emoji, mode: .word))
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func charModeBreaksLikePangosCharWrapping() throws {
        let texts = [TestCorpus.english[1], TestCorpus.english[6], TestCorpus.chinese[4], TestCorpus.mixed[1], TestCorpus.emoji[1]]
        let found = try Self.mismatches(Self.cases(texts, mode: .char))
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}

/// The benchmark's 1,000 UI strings (Benchmarks/TextData/ui-strings.jsonl) at three widths:
/// line counts agree with Pango's on at least 99% of them, the bar the project is held to.
@Suite struct PangoAgreementTests {
    static func uiStrings() throws -> [String] {
        let path = packageRoot.appendingPathComponent("Benchmarks/TextData/ui-strings.jsonl").path
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(String.self, from: Data($0.utf8))
        }
    }

    @Test func lineCountsAgreeWithPangoOnAtLeast99PercentOfUIStrings() throws {
        let texts = try Self.uiStrings()
        #expect(texts.count == 1000)
        let cases: [(String, Double, Double)] = texts.flatMap { text -> [(String, Double, Double)] in
            [(text, 17, 343), (text, 15, 250), (text, 14, 160)]
        }
        let pango = try PangoReference.layout(cases.map { .init(text: $0.0, size: $0.1, width: $0.2) })
        let measurer = TextMeasurer()
        var countAgree = 0, breaksAgree = 0
        var disagreements: [String] = []
        for (c, reference) in zip(cases, pango) {
            let style = TextStyle(fonts: Bundled.stack, size: c.1, lines: 0)
            let starts = measurer.layout(c.0, style: style, width: c.2).lines.map(\.range.lowerBound)
            if starts.count == reference.starts.count { countAgree += 1 }
            if starts == reference.starts { breaksAgree += 1 } else if disagreements.count < 10 {
                disagreements.append("\(c.0.debugDescription) \(c.1)pt \(c.2)pt: ours \(starts), Pango \(reference.starts)")
            }
        }
        let share = Double(countAgree) / Double(cases.count)
        #expect(share >= 0.99, "line counts agree on \(countAgree)/\(cases.count); breaks on \(breaksAgree)\n\(disagreements.joined(separator: "\n"))")
        // The figures docs/text.md quotes.
        print("Pango agreement: line counts \(countAgree)/\(cases.count), breaks \(breaksAgree)/\(cases.count)\n\(disagreements.joined(separator: "\n"))")
    }
}
