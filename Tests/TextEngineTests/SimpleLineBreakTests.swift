import CTextKernels
import Foundation
import Testing
@testable import TextEngine

/// The ICU-free line breaking of plain English text against ICU itself.
@Suite struct SimpleLineBreakTests {
    /// Characters of each class the ICU-free path knows (AL, ID, SP, IS, EX, CL, QU, LF, NU).
    static let alphabet: [UInt16] = Array("aZ中 .;!'\"\n，。？5".utf16)

    /// Characters of every kind the ICU-free path knows: ASCII, CJK and its punctuation, and
    /// ideographs (ID) and emoji bases (EB) found by ICU's Line_Break property, in and out of
    /// the BMP (`☕` ID, `～` ID, `😀` ID, `👍` EB, `𠀀` ID).
    static let known: [[UInt16]] = ["a", "z", "A", "Z", "\u{4E00}", "中", "\u{9FFF}", " ", ".", ",", ":", ";", "!",
                                    "?", "'", "\"", "\n", "、", "。", "，", "！", "？", "～", "☕", "😀", "👍", "𠀀",
                                    "0", "9"]
        .map { Array($0.utf16) }

    /// Compares both on every string of up to `length` characters of `alphabet`; returns the
    /// number of strings checked.
    static func compareAll(_ alphabet: [[UInt16]], upTo length: Int) -> Int {
        var checked = 0
        var text: [UInt16] = []
        func visit(_ length: Int) {
            if length == 0 { return }
            for character in alphabet {
                text.append(contentsOf: character)
                let simple = BreakOpportunities.simpleLines(text)
                let icu = BreakOpportunities.lines(text)
                #expect(simple != nil && icu != nil)
                if let simple, let icu, !simple.elementsEqual(icu, by: { $0 == $1 }) {
                    Issue.record("\(String(decoding: text, as: UTF16.self).debugDescription): \(simple) vs ICU \(icu)")
                }
                checked += 1
                visit(length - 1)
                text.removeLast(character.count)
            }
        }
        visit(length)
        return checked
    }

    @Test func everyShortStringBreaksAsICUBreaksIt() throws {
        // Every known character up to 3 long; one of each class up to 5 long.
        #expect(Self.compareAll(Self.known, upTo: 3) == (1...3).reduce(0) { $0 + power(Self.known.count, $1) })
        #expect(Self.compareAll(Self.alphabet.map { [$0] }, upTo: 5) == (1...5).reduce(0) { $0 + power(Self.alphabet.count, $1) })
    }

    @Test func randomSentencesBreakAsICUBreaksThem() {
        // Words, spaces and punctuation in the proportions of real text, deterministic.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["the", "Can", "t", "a", "Q", " ", " ", "  ", ".", "...", ",", ":", ";", "!", "?", "'", "\"", "\n", "\n\n",
                      "今天", "天气", "很", "好", "，", "。", "！", "？", "、", "Swift", "6.5.5", "11:45", "2", " .35", "100,000",
                      "3D", "😀", "～"]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<(1 + next(30)) { text += pieces[next(pieces.count)] }
            let units = Array(text.utf16)
            let simple = BreakOpportunities.simpleLines(units)
            let icu = BreakOpportunities.lines(units)
            #expect(simple.map { $0.map(\.offset) } == icu.map { $0.map(\.offset) }, "\(text.debugDescription)")
            #expect(simple.map { $0.map(\.isMandatory) } == icu.map { $0.map(\.isMandatory) }, "\(text.debugDescription)")
        }
    }

    @Test func theUTF8PassGivesTheUnitsAndBreaksOfTheTwoPasses() {
        // tl_simple_line_breaks_utf8 (what measuring a new text runs) against tl_utf8_to_utf16
        // followed by tl_simple_line_breaks: every string of up to 3 known characters, plus
        // texts the path must leave to ICU.
        var checked = 0, taken = 0
        func compare(_ text: String) {
            let bytes = Array(text.utf8)
            let n = bytes.count
            var units = [UInt16](repeating: 0, count: n + 1), count: Int32 = -1
            var positions = [Int32](repeating: 0, count: n + 1), hard = [UInt8](repeating: 0, count: n + 1)
            let found = tl_simple_line_breaks_utf8(bytes, Int64(n), &units, &count, &positions, &hard)
            let expected = BreakOpportunities.simpleLines(Array(text.utf16))
            checked += 1
            guard let expected else {
                #expect(found == -1, "\(text.debugDescription)")
                return
            }
            taken += 1
            #expect(Int(count) == text.utf16.count && Array(units.prefix(Int(count))) == Array(text.utf16),
                    "\(text.debugDescription)")
            #expect(Int(found) == expected.count, "\(text.debugDescription)")
            for (i, b) in expected.enumerated() where i < Int(found) {
                #expect(Int(positions[i]) == b.offset && (hard[i] != 0) == b.isMandatory, "\(text.debugDescription)")
            }
        }
        let characters = Self.known.map { String(decoding: $0, as: UTF16.self) }
        for a in characters {
            compare(a)
            for b in characters {
                compare(a + b)
                for c in characters { compare(a + b + c) }
            }
        }
        for text in ["café", "a-b", "1/2", "(a)", "50%", "$5", "-5", "#1", "5\u{FF05}", "a\r\nb", "中〜", "😀\u{1F3FB}", "❤️", "가", "Swift 🚀 今天～"] { compare(text) }
        #expect(checked == 29 + 29 * 29 + 29 * 29 * 29 + 15)
        #expect(taken == 29 + 29 * 29 + 29 * 29 * 29 + 1)
    }

    @Test func anyOtherCharacterLeavesTheTextToICU() {
        for text in ["café", "a-b", "1/2", "(a)", "50%", "$5", "-5", "#1", "5\u{FF05}", "a\tb", "a\r\nb", "中〜", "「中」", "ぁ", "a/b", "😀\u{1F3FB}", "❤️",
                     "a\u{00A0}b", "a\u{3000}b", "\u{1F1FA}\u{1F1F8}", "가"] {
            #expect(BreakOpportunities.simpleLines(Array(text.utf16)) == nil, "\(text)")
        }
        // Lone surrogates too.
        #expect(BreakOpportunities.simpleLines([0x61, 0xD83D]) == nil)
        #expect(BreakOpportunities.simpleLines([0xDE00, 0x61]) == nil)
    }

    @Test func itTakesExactlyTheCharactersOfItsClassesInLineBreakTxt() throws {
        // Unicode's own Line_Break data (Debian's unicode-data, ICU's Unicode version): the
        // path takes a character alone iff it is ID or EB there, or one of the listed others.
        let file = try String(contentsOfFile: "/usr/share/unicode/LineBreak.txt", encoding: .utf8)
        #expect(file.contains("LineBreak-\(TextEngineInfo.unicodeVersion).0.txt"))
        var ideographic = [Bool](repeating: false, count: 0x110000)
        for line in file.split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2, fields[1] == "ID" || fields[1] == "EB" else { continue }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true).compactMap { Int($0, radix: 16) }
            guard let low = bounds.first, let high = bounds.last else { continue }
            for c in low...high { ideographic[c] = true }
        }
        let others = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;!?'\"\n、。，！？".unicodeScalars.map { Int($0.value) })
        var positions = [Int32](repeating: 0, count: 64)
        var hard = [UInt8](repeating: 0, count: 64)
        var taken = 0, wrong: [Int] = []
        for c in 0..<0x110000 where !(0xD800...0xDFFF).contains(c) {
            let units = utf16(c)
            let found = tl_simple_line_breaks(units, Int32(units.count), &positions, &hard, 64)
            if (found >= 0) != (ideographic[c] || others.contains(c)) { wrong.append(c) }
            if found >= 0 { taken += 1 }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
        #expect(taken == ideographic.filter { $0 }.count + others.count)
    }

    @Test func everyIdeographItTakesBreaksAsICUBreaksItNextToEveryClass() {
        // Each non-ASCII character the path takes (ID, EB, CJK punctuation), next to each class
        // on both sides, as ICU breaks it: AL, SP, IS, EX, QU, CL, LF and ID.
        var positions = [Int32](repeating: 0, count: 128)
        var hard = [UInt8](repeating: 0, count: 128)
        var icuPositions = [Int32](repeating: 0, count: 128)
        var icuHard = [UInt8](repeating: 0, count: 128)
        var checked = 0, differing: [Int] = []
        for c in 0x80..<0x110000 where !(0xD800...0xDFFF).contains(c) {
            let character = utf16(c)
            guard tl_simple_line_breaks(character, Int32(character.count), &positions, &hard, 128) >= 0 else { continue }
            var probe: [UInt16] = []
            for piece in ["a", "#", "a ", "# ", "#. ", "#!", "#'", "#、", "#\n", "##", "？", "#\"", "#,", "中#。", "\"", "5#", "#5"] {
                for unit in piece.utf16 {
                    if unit == UInt16(UInt8(ascii: "#")) { probe.append(contentsOf: character) } else { probe.append(unit) }
                }
            }
            let n = Int32(probe.count)
            let simple = tl_simple_line_breaks(probe, n, &positions, &hard, 128)
            let icu = tl_line_breaks(probe, n, &icuPositions, &icuHard, 128)
            if simple != icu || simple < 0 || positions.prefix(Int(simple)) != icuPositions.prefix(Int(icu))
                || hard.prefix(Int(simple)) != icuHard.prefix(Int(icu)) {
                differing.append(c)
            }
            checked += 1
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0, radix: 16) })")
        #expect(checked > 100_000)
    }
}

/// The UTF-16 form of code point `c` (not a surrogate).
private func utf16(_ c: Int) -> [UInt16] {
    c < 0x10000 ? [UInt16(c)] : [UInt16(0xD800 + ((c - 0x10000) >> 10)), UInt16(0xDC00 + ((c - 0x10000) & 0x3FF))]
}

private func power(_ base: Int, _ n: Int) -> Int { (0..<n).reduce(1) { r, _ in r * base } }
