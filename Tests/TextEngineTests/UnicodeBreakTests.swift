import Foundation
import Testing
@testable import TextEngine

/// The ICU wrapper against Unicode's own test files (Debian's unicode-data, installed by
/// scripts/install-deps.sh), used only when their Unicode version is ICU's.
@Suite struct UnicodeBreakTests {
    static let directory = "/usr/share/unicode/auxiliary"

    struct Case {
        var line: Int
        var units: [UInt16]
        var breaks: [Int]   // UTF-16 offsets after 0 where the file has ÷
    }

    /// Parses a UAX #14 / #29 test file: `÷ 0023 × 0020 ÷ # comment`.
    static func cases(_ name: String) throws -> (version: String, cases: [Case]) {
        let text = try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)
        var version = ""
        var cases: [Case] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index == 0, let range = raw.range(of: #"\d+\.\d+"#, options: .regularExpression) {
                version = String(raw[range])
            }
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = body.split(whereSeparator: \.isWhitespace)
            guard !tokens.isEmpty else { continue }
            var units: [UInt16] = []
            var breaks: [Int] = []
            for token in tokens {
                if token == "÷" {
                    if !units.isEmpty { breaks.append(units.count) }
                } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    units.append(contentsOf: String(Character(scalar)).utf16)
                }
            }
            cases.append(Case(line: index + 1, units: units, breaks: breaks))
        }
        return (version, cases)
    }

    @Test func theTestFilesAreForICUsUnicodeVersion() throws {
        let (version, _) = try Self.cases("LineBreakTest.txt")
        #expect(version == TextEngineInfo.unicodeVersion)
    }

    @Test func lineBreakOpportunitiesPassLineBreakTest() throws {
        let (version, cases) = try Self.cases("LineBreakTest.txt")
        try #require(version == TextEngineInfo.unicodeVersion)
        #expect(cases.count > 7000)
        let failures = cases.filter { BreakOpportunities.lines($0.units)?.map(\.offset) != $0.breaks }
        // ICU's default rules keep its documented tailoring of LB25 (numbers): no break after a
        // hyphen-minus, comma or full stop before what follows (`-#`, `,0`, `a.2`), and a
        // number may start with a full stop (`equals .35`: the break moves before the `.`).
        // Those 22 cases are the only differences.
        #expect(failures.count == 22, "lines \(failures.map(\.line))")
        for failure in failures {
            let found = Set(BreakOpportunities.lines(failure.units)?.map(\.offset) ?? [])
            let missing = Set(failure.breaks).subtracting(found)
            for offset in found.subtracting(failure.breaks) {
                #expect(failure.units[offset] == 0x2E, "line \(failure.line): extra break at \(offset)")
            }
            for offset in missing {
                var before = offset - 1
                while before > 0 && (0x300...0x36F).contains(failure.units[before]) { before -= 1 }
                #expect([0x2D, 0x2C, 0x2E].contains(failure.units[before]), "line \(failure.line): missing break at \(offset)")
            }
        }
    }

    @Test func graphemeBoundariesPassGraphemeBreakTest() throws {
        let (version, cases) = try Self.cases("GraphemeBreakTest.txt")
        try #require(version == TextEngineInfo.unicodeVersion)
        #expect(cases.count > 600)
        let failures = cases.filter { BreakOpportunities.graphemes($0.units) != $0.breaks }
        #expect(failures.isEmpty, "lines \(failures.prefix(20).map(\.line))")
    }

    /// Shaping finds clusters with a shortcut for text whose characters are each a cluster;
    /// its clusters are ICU's graphemes on every corpus text and on Unicode's test strings.
    @Test func shapingClustersAreICUGraphemes() throws {
        let measurer = TextMeasurer()
        let (_, unicodeCases) = try Self.cases("GraphemeBreakTest.txt")
        let texts = TestCorpus.all + ["a\u{00AD}b\u{3000}c\u{302A}d", "“Quoted” — ‘x’…", "ｆｕｌｌ，ｗｉｄｔｈ！"]
            + unicodeCases.map { String(decoding: $0.units, as: UTF16.self) }
        for text in texts {
            let units = Array(text.utf16)
            guard !units.contains(where: { TextMeasurer.isMandatoryBreak($0) }) else { continue }
            let shaped = measurer.shapedText(text, stack: Bundled.stack)
            // Each segment is cut into clusters on its own (a line break can fall inside a
            // degenerate cluster such as space + combining mark).
            for segment in shaped.segments {
                guard let graphemes = shaped.graphemes(of: segment) else { continue }
                var offset = 0, boundaries: [Int] = []
                for g in graphemes {
                    offset += Int(g.length)
                    boundaries.append(offset)
                }
                let content = Array(units[segment.start..<(segment.start + offset)])
                #expect(boundaries == BreakOpportunities.graphemes(content), "\(text.debugDescription)")
            }
        }
    }

    @Test func mandatoryBreaksAreMarkedMandatory() {
        let units = Array("a b\nc\r\nd\u{2028}e\u{2029}f".utf16)
        let breaks = BreakOpportunities.lines(units) ?? []
        #expect(breaks.filter(\.isMandatory).map(\.offset) == [4, 7, 9, 11])
        // The end of the text is always a break (LB3), not a mandatory one.
        #expect(breaks.filter { !$0.isMandatory }.map(\.offset) == [2, 12])
    }
}
