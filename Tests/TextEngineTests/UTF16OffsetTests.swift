import Testing
@testable import TextEngine

/// Text arrives as Swift's UTF-8 strings and is measured in UTF-16 (ICU and HarfBuzz); line
/// ranges are UTF-16 offsets, exactly as Swift's own `utf16` view counts them.
@Suite struct UTF16OffsetTests {
    /// Characters of every UTF-8 length (1 to 4 bytes, a 4-byte one a surrogate pair in UTF-16),
    /// alone and mixed, with mandatory breaks between them.
    static let texts = [
        "a\né\n中\n😀\nx",
        "ab 😀😀 ü 中文 z\n\nend",
        "👩‍👩‍👧 🇯🇵 1️⃣ ok\r\nnext\u{2028}last",
        "ß\u{0301}\u{10FFFF}\u{E000}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}",
    ] + TestCorpus.all

    @Test func lineRangesCountUTF16UnitsAsSwiftDoes() {
        let measurer = TextMeasurer()
        let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)
        for text in Self.texts {
            let shaped = measurer.shapedText(text, stack: Bundled.stack)
            #expect(shaped.utf16Count == text.utf16.count, "\(text)")
            // Each line ends where a mandatory break character (or the text) ends in Swift's
            // own UTF-16 offsets.
            let layout = measurer.layout(text, style: style, width: .infinity)
            let units = Array(text.utf16)
            var expectedEnds: [Int] = []
            var i = 0
            while i < units.count {
                let unit = units[i]
                i += 1
                if unit == 0x0D, i < units.count, units[i] == 0x0A { i += 1 }
                if TextMeasurer.isMandatoryBreak(unit) { expectedEnds.append(i) }
            }
            if expectedEnds.last != units.count { expectedEnds.append(units.count) }
            #expect(layout.lines.map(\.range.upperBound) == expectedEnds, "\(text)")
        }
    }
}
