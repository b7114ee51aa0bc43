import Testing
@testable import TextEngine

/// The ICU-free line breaking of plain English text against ICU itself.
@Suite struct SimpleLineBreakTests {
    /// Characters of each class the ICU-free path knows (AL, ID, SP, IS, EX, CL, QU, LF).
    static let alphabet: [UInt16] = Array("aZ中 .;!'\"\n，。？".utf16)

    /// Every character the ICU-free path knows.
    static let known: [UInt16] = Array("azAZ\u{4E00}中\u{9FFF} .,:;!?'\"\n、。，！？".utf16)

    /// Compares both on every string of up to `length` characters of `alphabet`; returns the
    /// number of strings checked.
    static func compareAll(_ alphabet: [UInt16], upTo length: Int) -> Int {
        var checked = 0
        var text: [UInt16] = []
        func visit(_ length: Int) {
            if length == 0 { return }
            for unit in alphabet {
                text.append(unit)
                let simple = BreakOpportunities.simpleLines(text)
                let icu = BreakOpportunities.lines(text)
                #expect(simple != nil && icu != nil)
                if let simple, let icu, !simple.elementsEqual(icu, by: { $0 == $1 }) {
                    Issue.record("\(String(decoding: text, as: UTF16.self).debugDescription): \(simple) vs ICU \(icu)")
                }
                checked += 1
                visit(length - 1)
                text.removeLast()
            }
        }
        visit(length)
        return checked
    }

    @Test func everyShortStringBreaksAsICUBreaksIt() throws {
        // Every known character up to 3 long; one of each class up to 5 long.
        #expect(Self.compareAll(Self.known, upTo: 3) == (1...3).reduce(0) { $0 + power(Self.known.count, $1) })
        #expect(Self.compareAll(Self.alphabet, upTo: 5) == (1...5).reduce(0) { $0 + power(Self.alphabet.count, $1) })
    }

    @Test func randomSentencesBreakAsICUBreaksThem() {
        // Words, spaces and punctuation in the proportions of real text, deterministic.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["the", "Can", "t", "a", "Q", " ", " ", "  ", ".", "...", ",", ":", ";", "!", "?", "'", "\"", "\n", "\n\n",
                      "今天", "天气", "很", "好", "，", "。", "！", "？", "、", "Swift"]
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

    @Test func anyOtherCharacterLeavesTheTextToICU() {
        for text in ["café", "a-b", "12", "(a)", "a\tb", "a\r\nb", "中～", "「中」", "ぁ", "a/b", "😀", "a\u{00A0}b", "a\u{3000}b"] {
            #expect(BreakOpportunities.simpleLines(Array(text.utf16)) == nil, "\(text)")
        }
    }
}

private func power(_ base: Int, _ n: Int) -> Int { (0..<n).reduce(1) { r, _ in r * base } }
