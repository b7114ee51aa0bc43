import Testing
@testable import TextEngine

/// Shaping promises, checked against hb-shape (HarfBuzz's own command line, OpenType funcs).
@Suite struct ShapingTests {
    let measurer = TextMeasurer()

    /// Every break segment of every corpus text: each run of clusters shaped by one face has
    /// exactly the advance hb-shape gives that run with that face, in font units.
    @Test func segmentAdvancesEqualHBShapeForEachFontRun() throws {
        let faces = Bundled.stack.faces
        var runs: [[(text: String, advance: Double)]] = Array(repeating: [], count: faces.count)
        for text in TestCorpus.all {
            let shaped = measurer.shapedText(text, stack: Bundled.stack)
            let units = Array(text.utf16)
            for segment in shaped.segments {
                guard let graphemes = shaped.graphemes(of: segment) else { continue }
                var offset = segment.start, i = 0
                while i < graphemes.count {
                    let font = Int(graphemes[i].font)
                    var advance = 0.0, end = offset
                    while i < graphemes.count && Int(graphemes[i].font) == font {
                        advance += graphemes[i].advance
                        end += Int(graphemes[i].length)
                        i += 1
                    }
                    runs[font].append((String(decoding: units[offset..<end], as: UTF16.self), advance))
                    offset = end
                }
            }
        }
        var checked = 0
        for (index, face) in faces.enumerated() where !runs[index].isEmpty {
            let expected = try HBShape.advances(font: face.path, texts: runs[index].map(\.text))
            for (run, units) in zip(runs[index], expected) {
                #expect(run.advance * Double(face.unitsPerEm) == Double(units), "\(run.text) with \(face)")
                checked += 1
            }
        }
        #expect(checked > 150)
    }

    @Test func advancesScaleLinearlyWithThePointSizeUnrounded() throws {
        let text = "Your order has shipped"
        let units = try HBShape.advances(font: fontPath("DejaVuSans.ttf"), texts: [text])[0]
        for size in [7.0, 11, 13.5, 17, 23.25, 64] {
            let style = TextStyle(fonts: FontStack(primary: Bundled.dejaVu), size: size)
            let width = measurer.layout(text, style: style, width: .infinity).width
            #expect(abs(width - Double(units) * size / 2048) < 1e-9, "size \(size)")
        }
    }

    @Test func charactersThePrimaryLacksUseTheFirstFallbackThatHasThem() {
        let shaped = measurer.shapedText("Hi 世界 👍", stack: Bundled.stack)
        let fonts = shaped.segments.flatMap { shaped.graphemes(of: $0)?.map(\.font) ?? [] }
        // H i space | 世 | 界 space | 👍: DejaVu has the spaces, so both are DejaVu's.
        #expect(fonts == [0, 0, 0, 1, 1, 0, 2])
    }

    /// SPEC: a character goes to a fallback font only when the primary lacks it, spaces
    /// included (as Chromium, Skia and CoreText choose), wherever they stand: inside a segment
    /// (before `.`), at its end, next to Chinese or after an emoji.
    @Test func spacesTakeTheFirstFontThatHasThem() throws {
        let measurer = TextMeasurer()
        for text in ["于 9 月", "下载 the app", "🎂 祝", "设置 .data", "中   ", "设置\t/ 中"] {
            let shaped = measurer.shapedText(text, stack: Bundled.stack)
            let units = Array(text.utf16)
            for segment in shaped.segments {
                guard let graphemes = shaped.graphemes(of: segment) else { continue }
                var at = segment.start
                for g in graphemes {
                    if units[at] == 0x20 { #expect(g.font == 0, "\(text): space at \(at)") }
                    at += Int(g.length)
                }
            }
        }
    }

    /// A label's width is the sum of its font runs as hb-shape shapes each, spaces in the run
    /// of the first font that has them.
    @Test func widthOfTextWithSpacesNextToChineseIsHBShapesFontRuns() throws {
        let dejaVu = try HBShape.advances(font: fontPath("DejaVuSans-Bold.ttf"), texts: [" .data"])[0]
        let droid = try HBShape.advances(font: fontPath("DroidSansFallbackFull.ttf"), texts: ["设置"])[0]
        let stack = FontStack(primary: Bundled.dejaVuBold, fallbacks: [Bundled.droid, Bundled.emoji])
        let width = measurer.layout("设置 .data", style: TextStyle(fonts: stack, size: 16), width: .infinity).width
        let expected = (Double(dejaVu) / Double(Bundled.dejaVuBold.unitsPerEm) + Double(droid) / Double(Bundled.droid.unitsPerEm)) * 16
        #expect(abs(width - expected) < 1e-9)
    }

    /// Issue 16's reproducer: bold 16 at width 84, `设置 .data` is wider than the line with
    /// DejaVu's space, so `.data` wraps: two lines.
    @Test func spaceBeforeAPeriodAfterChineseIsThePrimarysAndWraps() {
        let stack = FontStack(primary: Bundled.dejaVuBold, fallbacks: [Bundled.droid, Bundled.emoji])
        let layout = measurer.layout("设置 .data", style: TextStyle(fonts: stack, size: 16, lines: 0), width: 84)
        #expect(layout.lineCount == 2)
        #expect(layout.roundedSize(scale: 2).height == 42)
    }

    /// A line's height comes from the fonts its characters use: a line of spaces between
    /// Chinese lines is as tall as DejaVu's line, not Droid's.
    @Test func lineOfSpacesHasThePrimarysLineHeight() {
        let layout = measurer.layout("中\n   \n中", style: TextStyle(fonts: Bundled.stack, size: 16, lines: 0), width: 300)
        let dejaVu = Bundled.dejaVu.metrics(size: 16).lineHeight
        let droid = Bundled.droid.metrics(size: 16).lineHeight
        #expect(dejaVu != droid)
        #expect(layout.lines.map(\.height) == [droid, dejaVu, droid])
    }

    /// Pango, told not to fall back for spaces (the tests' rule for SPEC's first font), gives
    /// the same widths.
    @Test func widthsOfSpacesNextToChineseAgreeWithPango() throws {
        let texts = ["于 9 月", "下载 the app", "🎂 祝", "a 中 b", "设置 .data"]
        let pango = try PangoReference.layout(texts.map { .init(text: $0, size: 17, width: nil) })
        for (text, reference) in zip(texts, pango) {
            let ours = measurer.layout(text, style: TextStyle(fonts: Bundled.stack, size: 17), width: .infinity).width
            #expect(abs(ours - reference.width) < 0.01, "\(text): ours \(ours), Pango \(reference.width)")
        }
    }

    @Test func characterNoFontHasIsShapedWithThePrimaryNotdef() throws {
        // U+0F00 (Tibetan) is in none of the bundled fonts: DejaVu's .notdef, 1229 units.
        let notdef = try HBShape.advances(font: fontPath("DejaVuSans.ttf"), texts: ["\u{0F00}"])[0]
        let shaped = measurer.shapedText("\u{0F00}", stack: Bundled.stack)
        let g = try #require(shaped.segments.first.flatMap { shaped.graphemes(of: $0)?.first })
        #expect(g.font == 0)
        #expect(g.advance * 2048 == Double(notdef))
    }

    /// ZWJ sequences, skin-tone modifiers, flags, keycaps and VS16 sequences are one grapheme
    /// each, shaped by the emoji font into one glyph whose advance is hmtx's 2550 units.
    @Test func emojiSequencesStayOneClusterShapedByOneFont() throws {
        let sequences = ["👍🏽", "👨‍👩‍👧", "🇫🇷", "1️⃣", "#️⃣", "❤️", "☺️", "🏳️‍🌈", "👩🏻‍💻", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"]
        let reference = try HBShape.glyphs(font: fontPath("NotoColorEmoji.ttf"), texts: sequences)
        for (sequence, glyphs) in zip(sequences, reference) {
            let shaped = measurer.shapedText(sequence, stack: Bundled.stack)
            let graphemes = shaped.segments.flatMap { shaped.graphemes(of: $0).map(Array.init) ?? [] }
            #expect(graphemes.count == 1, "\(sequence)")
            #expect(graphemes.first?.font == 2, "\(sequence)")
            #expect(glyphs.count == 1, "hb-shape: \(sequence) is one glyph")
            #expect(graphemes.first.map { $0.advance * 2048 } == Double(glyphs.reduce(0) { $0 + $1.advance }), "\(sequence)")
        }
    }

    @Test func bitmapEmojiAdvancesScaleToAnySize() {
        let style = { (size: Double) in TextStyle(fonts: Bundled.stack, size: size) }
        for size in [8.0, 12, 17, 33, 109, 200] {
            #expect(measurer.layout("👍", style: style(size), width: .infinity).width == 2550 * size / 2048)
        }
    }

    @Test func textPresentationCharactersThePrimaryHasStayInThePrimary() {
        // ☕ (U+2615) without VS16 is in DejaVu Sans: the first font that has it.
        let shaped = measurer.shapedText("☕", stack: Bundled.stack)
        #expect(shaped.segments.first.flatMap { shaped.graphemes(of: $0)?.first?.font } == 0)
    }
}
