import Foundation
import Testing
@testable import TextEngine

/// Real UI strings in ten languages (Tests/Fixtures/script-corpus.json: Debian's GTK and GLib
/// translations, made by scripts/make-script-corpus.py) break into the lines Pango and headless
/// Chromium give them, with DejaVu Sans first, then Lohit Devanagari, Garuda (TLWG), Droid Sans
/// Fallback and NanumGothic (fonts-lohit-deva, fonts-thai-tlwg and fonts-nanum, from
/// scripts/install-deps.sh).
/// Each language is judged against Pango, but Thai and Korean against Chromium (see
/// `judgedByChromium`). Each agrees on 99% of its layouts or more;
/// docs/text.md names the differences that remain.
@Suite struct ScriptCorpusTests {
    static let extraFonts = ["/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf",
                             "/usr/share/fonts/truetype/tlwg/Garuda.ttf"]
    /// NanumGothic (fonts-nanum) for Hangul, which Droid Sans Fallback lacks.
    static let nanum = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
    static let families = ["DejaVu Sans", "Lohit Devanagari", "Garuda", "Droid Sans Fallback", "NanumGothic"]
    static let sizes = [13.0, 17]
    static let widths = [110.0, 200, 320]

    static let stack: FontStack = {
        let extra = extraFonts.map { try! FontFace(path: $0) }
        return FontStack(primary: Bundled.dejaVu, fallbacks: extra + [Bundled.droid, try! FontFace(path: nanum)])
    }()

    struct Corpus: Decodable {
        var source: String
        var languages: [String: [String]]
    }

    static let corpus: Corpus = {
        let url = packageRoot.appendingPathComponent("Tests/Fixtures/script-corpus.json")
        return try! JSONDecoder().decode(Corpus.self, from: Data(contentsOf: url))
    }()

    struct Case {
        var language: String
        var text: String
        var size: Double
        var width: Double
    }

    /// Every language's layouts, with our line starts, Pango's and Chromium's.
    static let results: Result<[(Case, ours: [Int], pango: [Int], chromium: [Int])], Error> = Result {
        let cases = corpus.languages.keys.sorted().flatMap { language in
            corpus.languages[language]!.flatMap { text in
                sizes.flatMap { size in widths.map { Case(language: language, text: text, size: size, width: $0) } }
            }
        }
        let pango = try PangoReference.layout(cases.map {
            .init(text: $0.text, size: $0.size, width: $0.width, families: families.joined(separator: ", "))
        }, extraFonts: extraFonts + [nanum])
        let chromium = try ChromiumReference.lineStarts(cases.map { .init(text: $0.text, size: $0.size, width: $0.width) },
                                                        families: families.map { "\"\($0)\"" }.joined(separator: ", "),
                                                        extraFonts: extraFonts + [nanum])
        let measurer = TextMeasurer()
        return zip(cases, zip(pango, chromium)).map { c, references in
            let style = TextStyle(fonts: stack, size: c.size, lines: 0)
            let ours = measurer.layout(c.text, style: style, width: c.width).lines.map(\.range.lowerBound)
            return (c, ours, references.0.starts, references.1)
        }
    }

    /// Thai, which Pango breaks with libthai's dictionary (Chromium, as we do, with ICU's), is
    /// judged against Chromium.
    static let judgedByChromium: Set = ["th"]

    /// The share of `language`'s layouts whose line starts equal its judge's, and the others.
    static func agreement(_ language: String) throws -> (share: Double, pango: Int, chromium: Int, count: Int, misses: [String]) {
        let mine = try results.get().filter { $0.0.language == language }
        var agree = 0, pango = 0, chromium = 0
        var misses: [String] = []
        for (c, ours, p, b) in mine {
            if ours == p { pango += 1 }
            if ours == b { chromium += 1 }
            if ours == (judgedByChromium.contains(language) ? b : p) {
                agree += 1
            } else {
                misses.append("\(c.text.debugDescription) size \(c.size) width \(c.width): ours \(ours), Pango \(p), Chromium \(b)")
            }
        }
        return (Double(agree) / Double(max(1, mine.count)), pango, chromium, mine.count, misses)
    }

    @Test(arguments: ["ar", "he", "fa", "ru", "el", "vi", "hi", "th", "ja", "ko"])
    func eachLanguageBreaksAsItsReferenceDoes(language: String) throws {
        let found = try Self.agreement(language)
        #expect(found.count == 150 * Self.sizes.count * Self.widths.count)
        print("\(language): \(found.count) layouts, Pango \(found.pango), Chromium \(found.chromium)")
        #expect(found.share >= 0.99, "\(language): \(found.share)\n\(found.misses.joined(separator: "\n"))")
    }
}
