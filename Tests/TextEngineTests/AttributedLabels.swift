import Foundation
import TestCommons
@testable import TextEngine

/// A run of a generated attributed label, in the terms every side understands: DejaVu Sans or
/// DejaVu Sans Bold first in the fallback list of `AttributedLabels.families`.
struct GeneratedRun: Hashable {
    var text: String
    var bold = false
    var size: Double
    var kern = 0.0
    var baselineOffset = 0.0
    var features: [String] = []
}

/// A generated attributed label: its runs, paragraph style and line spacing, and the width it
/// is measured at.
struct AttributedLabel {
    /// The script of its sentences (besides Latin names, numbers and emoji).
    var script: AttributedLabels.Script
    var runs: [GeneratedRun]
    var width: Double
    var lineSpacing = 0.0
    var lineHeightMultiple = 1.0
    var paragraph = ParagraphStyle()

    var text: String { runs.map(\.text).joined() }

    /// The label as TextEngine measures it.
    var textRuns: [TextRun] {
        runs.map { TextRun($0.text, fonts: AttributedLabels.stack(bold: $0.bold, features: $0.features), size: $0.size,
                           kern: $0.kern, baselineOffset: $0.baselineOffset) }
    }

    var style: TextStyle {
        TextStyle(fonts: AttributedLabels.stack(bold: false, features: []), size: 17, lines: 0, lineBreak: .word,
                  lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, paragraph: paragraph)
    }

    /// The same label with no kern: Pango spaces letters around each grapheme, not after it.
    var withoutKern: AttributedLabel {
        var copy = self
        for i in copy.runs.indices { copy.runs[i].kern = 0 }
        return copy
    }

    /// Where a line's trailing edge is (NSParagraphStyle's tailIndent).
    var rightEdge: Double { paragraph.tailIndent > 0 ? paragraph.tailIndent : width + paragraph.tailIndent }

    /// The width available to a line, the first of its paragraph or not.
    func available(firstOfParagraph: Bool) -> Double {
        rightEdge - (firstOfParagraph ? paragraph.firstLineHeadIndent : paragraph.headIndent)
    }

    /// The runs cut to the UTF-16 range `range` (a run left empty is dropped).
    func runs(in range: Range<Int>) -> [GeneratedRun] {
        var out: [GeneratedRun] = []
        var at = 0
        for run in runs {
            let units = Array(run.text.utf16)
            let from = max(range.lowerBound, at), to = min(range.upperBound, at + units.count)
            if from < to {
                var piece = run
                piece.text = String(decoding: units[(from - at)..<(to - at)], as: UTF16.self)
                out.append(piece)
            }
            at += units.count
        }
        return out
    }

    /// Pango markup: one `<span>` per run with its family list, size and weight, `rise` (Pango
    /// units, 1/1024 pt) and `font_features` (HarfBuzz's syntax, which Pango reads).
    var pangoMarkup: String {
        runs.map { run in
            var attributes = ["font_family=\"\(AttributedLabels.families.joined(separator: ", "))\"",
                              "size=\"\(Int((run.size * 1024).rounded()))\""]
            if run.bold { attributes.append("weight=\"bold\"") }
            if run.baselineOffset != 0 { attributes.append("rise=\"\(Int((run.baselineOffset * 1024).rounded()))\"") }
            if !run.features.isEmpty { attributes.append("font_features=\"\(run.features.joined(separator: ","))\"") }
            let escaped = run.text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            return "<span \(attributes.joined(separator: " "))>\(escaped)</span>"
        }.joined()
    }

    /// The Pango query: Pango's width and indent carry the head indents (a negative indent
    /// indents every line but the first), its width the tail indent, its spacing lineSpacing;
    /// line heights from unrounded metrics.
    var pangoQuery: PangoReference.Query {
        let head = paragraph.headIndent, first = paragraph.firstLineHeadIndent
        return .init(text: text, size: 17, width: rightEdge - min(first, head),
                     families: AttributedLabels.families.joined(separator: ", "), markup: pangoMarkup,
                     indent: first - head, faces: true, spacing: lineSpacing, exactMetrics: true)
    }

    /// Whether Pango's own height is SPEC's: no line height multiple or bounds and no
    /// paragraph spacing, which Pango has no equivalent of.
    var pangoHasItsHeight: Bool {
        lineHeightMultiple == 1 && paragraph.minimumLineHeight == 0 && paragraph.maximumLineHeight == 0
            && paragraph.paragraphSpacing == 0 && paragraph.paragraphSpacingBefore == 0
    }

    /// The UTF-16 offsets where paragraphs start (after each `\n`).
    var paragraphStarts: [Int] {
        [0] + text.utf16.enumerated().filter { $0.element == 0x0A }.map { $0.offset + 1 }
    }

    /// One Chromium block per paragraph (CSS's text-indent indents only a block's first line):
    /// `padding-left` is the head indent, `text-indent` the first line's difference from it,
    /// the content width reaches the tail indent; one span per run with its size, weight,
    /// `letter-spacing` (added after every character, as kern) and `font-feature-settings`.
    var chromiumQueries: [ChromiumReference.Query] {
        let units = Array(text.utf16)
        let starts = paragraphStarts
        return starts.indices.map { k in
            let end = k + 1 < starts.count ? starts[k + 1] - 1 : units.count
            let spans = runs(in: starts[k]..<end).map { run in
                ChromiumReference.Span(text: run.text, css: "font-size: \(run.size)px; font-weight: \(run.bold ? "bold" : "normal"); "
                    + "letter-spacing: \(run.kern)px; font-feature-settings: \(AttributedLabels.css(features: run.features))")
            }
            return .init(text: String(decoding: units[starts[k]..<end], as: UTF16.self), size: 17,
                         width: rightEdge - paragraph.headIndent, spans: spans,
                         css: "padding-left: \(paragraph.headIndent)px; text-indent: \(paragraph.firstLineHeadIndent - paragraph.headIndent)px")
        }
    }
}

/// Realistic attributed labels from a seed (feed rows with bold names and a smaller time, chat
/// bubbles, titles with letter spacing over paragraphs, counters with tabular digits, posts
/// with paragraph spacing and indents, superscripts), in Latin, CJK, Arabic, Thai and
/// Devanagari, with emoji; and what the references need to lay them out as we do.
enum AttributedLabels {
    enum Script: String, CaseIterable {
        case latin, cjk, arabic, thai, devanagari
    }

    /// The fallback list after DejaVu Sans: ScriptCorpusTests' fonts and the emoji font.
    static let families = ["DejaVu Sans", "Lohit Devanagari", "Garuda", "Droid Sans Fallback", "NanumGothic", "Noto Color Emoji"]
    static let extraFonts = ScriptCorpusTests.extraFonts + [ScriptCorpusTests.nanum]

    static let fallbacks: [FontFace] = {
        ScriptCorpusTests.extraFonts.map { try! FontFace(path: $0) } + [Bundled.droid, try! FontFace(path: ScriptCorpusTests.nanum), Bundled.emoji]
    }()

    static func stack(bold: Bool, features: [String]) -> FontStack {
        let stack = FontStack(primary: bold ? Bundled.dejaVuBold : Bundled.dejaVu, fallbacks: fallbacks)
        return features.isEmpty ? stack : try! stack.withFeatures(features)
    }

    /// The files behind Pango's `family|weight` face names.
    static let files: [String: String] = {
        var files = ["DejaVu Sans|400": fontPath("DejaVuSans.ttf"), "DejaVu Sans|700": fontPath("DejaVuSans-Bold.ttf"),
                     "Droid Sans Fallback|400": fontPath("DroidSansFallbackFull.ttf"),
                     "Noto Color Emoji|400": fontPath("NotoColorEmoji.ttf"), "NanumGothic|400": ScriptCorpusTests.nanum]
        files["Lohit Devanagari|400"] = ScriptCorpusTests.extraFonts[0]
        files["Garuda|400"] = ScriptCorpusTests.extraFonts[1]
        return files
    }()

    /// Each face's (ascender, descender, line gap) per point of size, read from the file's own
    /// tables (FontFile), not through TextEngine.
    static let metrics: [String: (ascender: Double, descender: Double, lineGap: Double)] = files.mapValues { path in
        let file = try! FontFile(path: path)
        let extents = file.horizontalExtents, em = Double(file.unitsPerEm)
        return (Double(extents.ascender) / em, Double(extents.descender) / em, Double(extents.lineGap) / em)
    }

    /// HarfBuzz feature settings as CSS `font-feature-settings`.
    static func css(features: [String]) -> String {
        guard !features.isEmpty else { return "normal" }
        return features.map { feature in
            if feature.hasPrefix("-") { return "\"\(feature.dropFirst())\" 0" }
            let parts = feature.split(separator: "=")
            return "\"\(parts[0])\" \(parts.count > 1 ? String(parts[1]) : "1")"
        }.joined(separator: ", ")
    }

    // MARK: Text pools

    /// Sentences without the characters whose break rules Blink changes (`/`, `-`, quotation
    /// marks: ChromiumLineBreakTests measures those), without small kana and the prolonged
    /// sound mark (Blink breaks before them), without VS16 (Pango ignores it choosing a font)
    /// and without forced breaks.
    static func usable(_ text: String) -> Bool {
        let excluded: Set<Character> = ["/", "-", "\"", "'", "“", "”", "‘", "’", "«", "»", "„", "「", "」", "…", "ー", "・",
                                        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ"]
        return text.count <= 110 && !text.contains(where: { excluded.contains($0) || $0.isNewline })
            && !text.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x200B }
    }

    static let sentences: [Script: [String]] = {
        let corpus = ScriptCorpusTests.corpus.languages
        let pools: [Script: [String]] = [
            .latin: TestCorpus.english + ReferenceCorpus.uiStrings.filter { $0.unicodeScalars.allSatisfy { $0.value < 0x2000 } },
            .cjk: TestCorpus.chinese + corpus["ja", default: []],
            .arabic: corpus["ar", default: []] + corpus["fa", default: []],
            .thai: corpus["th", default: []],
            .devanagari: corpus["hi", default: []],
        ]
        return pools.mapValues { $0.filter(usable) }
    }()

    static let names = ["Ada", "Grace", "Linus", "Margaret Hamilton", "Alan Turing", "Katherine", "Dennis", "Barbara Liskov",
                        "Ken", "Hedy", "Анна", "Σοφία", "Édouard", "Zoë", "Frances Allen", "Tim"]
    static let emoji = ["🎉", "👍🏽", "😂", "🥳", "🚀", "👨‍👩‍👧", "🇯🇵", "🌙", "☕", "😍"]
    static let times = ["2h", "10:42", "now", "3d", "Yesterday", "12:05 PM", "Mar 14", "1w"]
    static let verbs = [" replied to ", " mentioned ", " liked a post by ", " and ", " invited "]
    static let ligatureWords = ["office", "affirm", "fluffy", "the final flight", "shuffle", "official"]

    // MARK: Generation

    /// `count` labels from `seed`, every script in turn.
    static func generate(count: Int, seed: UInt64) -> [AttributedLabel] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { i in label(script: Script.allCases[i % Script.allCases.count], random: &random) }
    }

    static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T { values[Int(random.next() % UInt64(values.count))] }

    static func chance(_ p: Double, _ random: inout SplitMix64) -> Bool { Double(random.next() % 1000) < p * 1000 }

    static func size(_ range: ClosedRange<Int>, _ random: inout SplitMix64) -> Double {
        Double(Int.random(in: range, using: &random)) + (chance(0.2, &random) ? 0.5 : 0)
    }

    static func sentence(_ script: Script, _ random: inout SplitMix64) -> String {
        var text = pick(sentences[script]!, &random)
        if chance(0.3, &random) { text += " " + pick(emoji, &random) }
        return text
    }

    static func label(script: Script, random: inout SplitMix64) -> AttributedLabel {
        var label = AttributedLabel(script: script, runs: [], width: Double(Int.random(in: 150...360, using: &random)))
        if chance(0.3, &random) { label.width += 0.5 }
        let body = size(13...18, &random)
        switch random.next() % 5 {
        case 0: // A feed row: bold names inside a sentence, a smaller time at the end.
            label.runs = [GeneratedRun(text: pick(names, &random), bold: true, size: body),
                          GeneratedRun(text: pick(verbs, &random), size: body),
                          GeneratedRun(text: pick(names, &random), bold: true, size: body),
                          GeneratedRun(text: ": " + sentence(script, &random), size: body),
                          GeneratedRun(text: " · " + pick(times, &random), size: size(11...13, &random))]
        case 1: // A chat bubble: the message and its time, smaller, maybe raised a little.
            label.runs = [GeneratedRun(text: sentence(script, &random) + " ", size: size(15...17, &random),
                                       kern: chance(0.3, &random) ? pick([0.2, 0.5, -0.3], &random) : 0),
                          GeneratedRun(text: pick(times, &random), size: 11, baselineOffset: chance(0.5, &random) ? pick([-2, 1, 3], &random) : 0)]
        case 2: // A title with letter spacing over a body paragraph.
            let title = String(pick(names, &random) + " " + pick(["Weekly", "Update", "Notes", "Release"], &random)).uppercased()
            label.runs = [GeneratedRun(text: title + "\n", bold: chance(0.5, &random), size: size(20...24, &random),
                                       kern: pick([0.5, 1, 1.5, 2], &random), features: chance(0.3, &random) ? ["-kern"] : []),
                          GeneratedRun(text: sentence(script, &random), size: body)]
            label.paragraph.paragraphSpacing = pick([4, 8, 12], &random)
        case 3: // A counter with tabular digits before a sentence.
            label.runs = [GeneratedRun(text: "Followers ", size: 13),
                          GeneratedRun(text: String(Int.random(in: 1...99_999, using: &random)), bold: true, size: 17, features: ["tnum"]),
                          GeneratedRun(text: " · Following ", size: 13),
                          GeneratedRun(text: String(Int.random(in: 1...999, using: &random)), bold: true, size: 17, features: ["tnum"]),
                          GeneratedRun(text: " " + sentence(script, &random), size: body)]
        default: // A post: paragraphs with spacing and indents, ligatures off in one, a superscript.
            let paragraphs = Int.random(in: 2...3, using: &random)
            for p in 0..<paragraphs {
                let last = p == paragraphs - 1
                var words = sentence(chance(0.5, &random) ? script : .latin, &random)
                var runs: [GeneratedRun] = []
                if chance(0.4, &random) {
                    words += " " + pick(ligatureWords, &random)
                    runs.append(GeneratedRun(text: words, size: body, features: ["-liga"]))
                } else {
                    runs.append(GeneratedRun(text: words, size: body, kern: chance(0.2, &random) ? 0.4 : 0))
                }
                if chance(0.4, &random) {
                    runs.append(GeneratedRun(text: String(p + 1), size: 11, baselineOffset: 6))
                    runs.append(GeneratedRun(text: " " + pick(times, &random), size: size(11...24, &random)))
                }
                if !last { runs[runs.count - 1].text += "\n" }
                label.runs += runs
            }
            label.paragraph = ParagraphStyle(paragraphSpacing: pick([0, 6, 10], &random), paragraphSpacingBefore: pick([0, 0, 4], &random),
                                             firstLineHeadIndent: pick([0, 12, 24], &random), headIndent: pick([0, 0, 8, 16], &random),
                                             tailIndent: pick([0, -10, -24, label.width - 30], &random),
                                             minimumLineHeight: pick([0, 0, 22], &random), maximumLineHeight: pick([0, 0, 30], &random))
            label.lineSpacing = pick([0, 0, 2, 5], &random)
            label.lineHeightMultiple = pick([1, 1, 1.2, 0.9], &random)
        }
        if chance(0.15, &random) { label.lineSpacing = pick([2, 4], &random) }
        return label
    }

    // MARK: The height SPEC's formula gives

    /// The height SPEC gives `label` broken at `starts` (UTF-16 line starts), each unit in the
    /// face `faces` names (a reference's choice; empty for a line end, which counts only on an
    /// empty line, in its run's first face), from the faces' metrics read from their files: per
    /// line, the highest ascender and lowest descender of its characters at their runs' sizes
    /// moved up by their baseline offsets, plus the largest line gap,
    /// times lineHeightMultiple, within minimumLineHeight...maximumLineHeight; lineSpacing
    /// between lines, paragraphSpacing after and paragraphSpacingBefore before a paragraph
    /// break. Nil when a face is not one of `files`.
    static func expectedHeight(_ label: AttributedLabel, starts: [Int], faces: [String]) -> Double? {
        var runOf: [Int] = []
        for (i, run) in label.runs.enumerated() { runOf += Array(repeating: i, count: run.text.utf16.count) }
        let units = Array(label.text.utf16)
        guard !units.isEmpty, faces.count == units.count else { return nil }
        let multiple = label.lineHeightMultiple > 0 ? label.lineHeightMultiple : 1
        var height = 0.0
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : units.count
            var top = -Double.infinity, bottom = Double.infinity, gap = 0.0
            // A paragraph's line end has no face and no height; an empty paragraph has its run's first face.
            let shaped = (start..<end).filter { !faces[$0].isEmpty }
            for i in shaped.isEmpty ? Array(start..<end) : shaped {
                let run = label.runs[runOf[i]]
                let key = faces[i].isEmpty ? (run.bold ? "DejaVu Sans|700" : "DejaVu Sans|400") : faces[i]
                guard let m = metrics[key] else { return nil }
                top = max(top, m.ascender * run.size + run.baselineOffset)
                bottom = min(bottom, m.descender * run.size + run.baselineOffset)
                gap = max(gap, m.lineGap * run.size)
            }
            var line = (top - bottom + gap) * multiple
            if label.paragraph.minimumLineHeight > 0 { line = max(line, label.paragraph.minimumLineHeight) }
            if label.paragraph.maximumLineHeight > 0 { line = min(line, label.paragraph.maximumLineHeight) }
            height += line
            if k > 0 {
                height += label.lineSpacing
                if units[start - 1] == 0x0A { height += label.paragraph.paragraphSpacing + label.paragraph.paragraphSpacingBefore }
            }
        }
        return height
    }
}
