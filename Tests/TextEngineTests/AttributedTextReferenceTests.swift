import Foundation
import Synchronization
import Testing
import TestCommons
@testable import TextEngine

/// Why a reference's layout of an attributed label differs from ours (the first differing line
/// decides).
enum AttributedDifference: String, CaseIterable {
    /// The contested line is within 1/32 pt of its width (Blink's 1/64 px units, Pango's
    /// 1/1024 pt glyph positions).
    case precision = "rounding: the line is within 1/32 pt of its width"
    /// Pango breaks Thai at the words of libthai's dictionary, we (and Chromium) at ICU's.
    case libthai = "Pango: Thai words from libthai's dictionary"
    /// Blink rounds a bitmap (CBDT) emoji's advance to whole pixels.
    case emojiAdvance = "Blink: bitmap emoji advance in whole pixels"
    /// Blink adds no letter-spacing inside Arabic (a cursive script); kern adds after every
    /// character here, as UIKit's kern does.
    case blinkCursiveSpacing = "Blink: no letter-spacing in Arabic"
    /// Blink adds letter-spacing once per shaped cluster, so a Devanagari conjunct that shapes
    /// as one (`क्ष`) takes it once; here after every grapheme cluster (UAX #29 of Unicode 15.0:
    /// `क्|ष`).
    case blinkClusterSpacing = "Blink: letter-spacing once per Devanagari conjunct"
    /// The breaks agree and the height does not: our height is not SPEC's formula over them.
    case height = "height: not SPEC's formula over the reference's lines"
    /// None of the above: a defect on one side.
    case unexplained = "unexplained"
}

/// A reference's agreement with our layouts of the generated labels.
struct AttributedComparison {
    var agree = 0, breaksAgree = 0, heightsAgree = 0
    var counts: [AttributedDifference: Int] = [:]
    var details: [String] = []
    var total: Int { agree + counts.values.reduce(0, +) }
    var agreement: Double { total == 0 ? 0 : Double(agree) / Double(total) }

    var summary: String {
        let rules = AttributedDifference.allCases.compactMap { rule in counts[rule].map { "\(rule.rawValue): \($0)" } }
        return "\(agree) of \(total) agree (\(String(format: "%.2f", 100 * agreement))%; breaks \(breaksAgree), heights \(heightsAgree))"
            + (rules.isEmpty ? "" : "; " + rules.joined(separator: "; "))
    }

    /// Records `label` laid out by us (`ours`: line starts and height) and by a reference
    /// (its line starts, and SPEC's height over them).
    mutating func compare(_ label: AttributedLabel, ours: (starts: [Int], height: Double), theirs: [Int], expected: Double?,
                          faces: [String], blink: Bool, measurer: TextMeasurer) {
        let sameBreaks = ours.starts == theirs
        let sameHeight = expected.map { abs($0 - ours.height) <= 1e-9 * max(1, $0) } ?? false
        if sameBreaks { breaksAgree += 1 }
        if sameHeight { heightsAgree += 1 }
        if sameBreaks && sameHeight {
            agree += 1
            return
        }
        let rule = sameBreaks ? .height : Self.classify(label, ours: ours.starts, theirs: theirs, faces: faces, blink: blink, measurer: measurer)
        counts[rule, default: 0] += 1
        if rule == .unexplained || rule == .height {
            details.append("\(label.runs) width \(label.width) \(label.paragraph) lineSpacing \(label.lineSpacing) x\(label.lineHeightMultiple): "
                + "ours \(ours.starts) \(ours.height), reference \(theirs) \(expected.map(String.init(describing:)) ?? "?")")
        }
    }

    /// The rule behind the first line where the breaks differ.
    static func classify(_ label: AttributedLabel, ours: [Int], theirs: [Int], faces: [String], blink: Bool,
                         measurer: TextMeasurer) -> AttributedDifference {
        let units = Array(label.text.utf16)
        var k = 0
        while k < ours.count && k < theirs.count && ours[k] == theirs[k] { k += 1 }
        let start = k > 0 ? ours[k - 1] : 0
        let late = max(k < ours.count ? ours[k] : units.count, k < theirs.count ? theirs[k] : units.count)
        var end = late
        while end > start, LineWidthAgainstHBShapeTests.hangs(units[end - 1]) { end -= 1 }
        let contested = start..<end
        var line = label
        line.runs = label.runs(in: contested)
        line.paragraph = ParagraphStyle()
        let width = measurer.layout(line.textRuns, style: line.style, width: .infinity).width
        let available = label.available(firstOfParagraph: start == 0 || units[start - 1] == 0x0A)
        if abs(width - available) <= 1.0 / 32 { return .precision }
        if !blink && units[contested].contains(where: { (0x0E00...0x0E7F).contains($0) }) { return .libthai }
        if blink {
            let kerned = line.runs.filter { $0.kern != 0 }.flatMap(\.text.unicodeScalars)
            if kerned.contains(where: { (0x0600...0x06FF).contains($0.value) }) { return .blinkCursiveSpacing }
            if kerned.contains(where: { $0.value == 0x094D }) { return .blinkClusterSpacing }
            // Each emoji of the line: its advance here (2550/2048 em) against Blink's whole pixels.
            var slack = 1.0 / 32
            var at = 0
            for character in label.text {
                defer { at += character.utf16.count }
                guard contested.contains(at), faces[at].hasPrefix("Noto Color Emoji") else { continue }
                let size = label.runs(in: at..<at + 1)[0].size
                slack += abs(2550.0 / 2048 * size - (2550.0 / 2048 * size).rounded())
            }
            if slack > 1.0 / 32 && abs(width - available) <= slack { return .emojiAdvance }
        }
        return .unexplained
    }

    /// Every difference named by a rule (none unexplained, no height off SPEC's formula), and
    /// at least `bar` of the labels identical.
    func expect(_ name: String, atLeast bar: Double = 0) {
        print("\(name): \(summary)")
        #expect(total > 0)
        #expect(counts[.unexplained] == nil && counts[.height] == nil, "\(name): \(summary)\n\(details.prefix(20).joined(separator: "\n"))")
        #expect(agreement >= bar, "\(name): \(summary)")
    }
}

/// Attributed labels (runs of fonts, sizes, kern, baseline offsets and features; paragraphs
/// with spacing and indents) against Pango markup and headless Chromium's inline spans: the
/// line breaks are the reference's, and the height is SPEC's formula over the reference's
/// lines with each character in the face Pango chose for it, the metrics read from the font
/// files. Pango cannot add kern after each character (its letter_spacing is split around
/// each grapheme), so its labels are compared without kern and kern is judged by Chromium's
/// `letter-spacing`. Labels with Thai are judged by Chromium: Pango breaks Thai at libthai's
/// words (ScriptCorpusTests does the same).
@Suite struct AttributedTextReferenceTests {
    static let labels = AttributedLabels.generate(count: 500, seed: 0xA77_2026)

    /// Pango's layout of each label without kern: its line starts and the face of every unit.
    static let pango: Result<[PangoReference.Result], Error> = Result {
        try OutsideReference.pango.require()
        if (try? ExternalTool.run("/usr/bin/python3", ["-c", "import gi, cairo; gi.require_version('PangoCairo', '1.0'); "
            + "from gi.repository import PangoCairo; PangoCairo.context_set_font_options(PangoCairo.FontMap.new().create_context(), cairo.FontOptions())"],
            input: "")) == nil {
            try OutsideReference.skip("needs Pango's cairo font options (python3-gi-cairo): bash scripts/install-deps.sh installs it")
        }
        return try PangoReference.layout(labels.map(\.withoutKern.pangoQuery), extraFonts: AttributedLabels.extraFonts)
    }

    /// Chromium's line starts of each label, its paragraphs' blocks put back together.
    static let chromium: Result<[[Int]], Error> = Result {
        let queries = labels.map(\.chromiumQueries)
        let starts = try ChromiumReference.lineStarts(queries.flatMap { $0 },
                                                      families: AttributedLabels.families.map { "\"\($0)\"" }.joined(separator: ", "),
                                                      extraFonts: AttributedLabels.extraFonts)
        var next = 0
        return zip(labels, queries).map { label, blocks in
            defer { next += blocks.count }
            return zip(label.paragraphStarts, starts[next..<next + blocks.count]).flatMap { offset, lines in lines.map { $0 + offset } }
        }
    }

    static func ours(_ label: AttributedLabel, measurer: TextMeasurer) -> (starts: [Int], height: Double) {
        let layout = measurer.layout(label.textRuns, style: label.style, width: label.width)
        return (layout.lines.map(\.range.lowerBound), layout.height)
    }

    static func comparison(blink: Bool, scripts: Set<AttributedLabels.Script> = Set(AttributedLabels.Script.allCases)) throws -> AttributedComparison {
        let pango = try Self.pango.get()
        let chromium = blink ? try Self.chromium.get() : []
        let measurer = TextMeasurer()
        var comparison = AttributedComparison()
        for (i, label) in labels.enumerated() where scripts.contains(label.script) {
            let faces = pango[i].faces ?? []
            let measured = blink ? label : label.withoutKern
            let theirs = blink ? chromium[i] : pango[i].starts
            comparison.compare(measured, ours: ours(measured, measurer: measurer), theirs: theirs,
                               expected: AttributedLabels.expectedHeight(measured, starts: theirs, faces: faces),
                               faces: faces, blink: blink, measurer: measurer)
        }
        return comparison
    }

    @Test func generatedLabelsCoverWhatTheIssueNames() {
        let runs = Self.labels.flatMap(\.runs)
        #expect(Self.labels.count == 500)
        #expect(Set(Self.labels.map(\.script)).count == AttributedLabels.Script.allCases.count)
        #expect(Set(runs.map(\.size)).isSuperset(of: [11, 24]))
        #expect(runs.contains { $0.bold } && runs.contains { $0.kern > 0 } && runs.contains { $0.kern < 0 })
        #expect(runs.contains { $0.baselineOffset > 0 } && runs.contains { $0.baselineOffset < 0 })
        #expect(runs.contains { $0.features == ["tnum"] } && runs.contains { $0.features == ["-liga"] })
        #expect(Self.labels.contains { $0.paragraphStarts.count > 2 && $0.paragraph.firstLineHeadIndent > 0 && $0.paragraph.headIndent > 0 })
        #expect(Self.labels.contains { $0.paragraph.tailIndent > 0 } && Self.labels.contains { $0.paragraph.tailIndent < 0 })
        #expect(Self.labels.contains { $0.text.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
    }

    @Test func attributedLabelsBreakAndStandAsPangoLaysThemOut() throws {
        try Self.comparison(blink: false, scripts: Set(AttributedLabels.Script.allCases).subtracting([.thai])).expect("Pango", atLeast: 0.99)
    }

    @Test func attributedLabelsBreakAndStandAsChromiumLaysThemOut() throws {
        try Self.comparison(blink: true).expect("Chromium", atLeast: 0.99)
    }

    /// Kern, indents and sizes decide breaks in the generated labels, so agreeing on breaks
    /// checks them: enough labels break elsewhere without their kern, without their indents, or
    /// with every run at one size, and Chromium breaks 95% of those as we do (the others by
    /// the named rules of the test above).
    @Test func kernIndentsAndSizesMoveBreaksWhereChromiumMovesThem() throws {
        let chromium = try Self.chromium.get()
        let measurer = TextMeasurer()
        let variants: [(String, (AttributedLabel) -> AttributedLabel)] = [
            ("kern", \.withoutKern),
            ("indents", { var l = $0; l.paragraph.firstLineHeadIndent = 0; l.paragraph.headIndent = 0; l.paragraph.tailIndent = 0; return l }),
            ("sizes", { var l = $0; for i in l.runs.indices { l.runs[i].size = 17 }; return l }),
        ]
        for (name, variant) in variants {
            let moved = Self.labels.indices.filter {
                Self.ours(Self.labels[$0], measurer: measurer).starts != Self.ours(variant(Self.labels[$0]), measurer: measurer).starts
            }
            let agree = moved.filter { chromium[$0] == Self.ours(Self.labels[$0], measurer: measurer).starts }
            print("\(name) moves the breaks of \(moved.count) labels; Chromium agrees on \(agree.count)")
            #expect(moved.count >= 20, "\(name)")
            #expect(Double(agree.count) >= 0.95 * Double(moved.count), "\(name)")
        }
    }

    /// Pango's own layout height (unrounded metrics, its spacing as lineSpacing) is ours
    /// wherever SPEC's height has a Pango equivalent (no line height multiple or bounds, no
    /// paragraph spacing) and the breaks agree, to Pango's unit (1/1024 pt) per line; except
    /// where Pango moves a run with `rise` after text in a fallback face by more than its rise.
    @Test func heightsAreThoseOfPangosOwnLines() throws {
        let pango = try Self.pango.get()
        let measurer = TextMeasurer()
        var checked = 0, agree = 0, riseAfterFallback = 0
        var unexplained: [String] = []
        for (i, label) in Self.labels.map(\.withoutKern).enumerated() where label.pangoHasItsHeight {
            let ours = Self.ours(label, measurer: measurer)
            guard ours.starts == pango[i].starts else { continue }
            checked += 1
            if abs(ours.height - pango[i].height) <= Double(ours.starts.count) / 1024 {
                agree += 1
            } else if Self.hasRiseAfterFallback(label, faces: pango[i].faces ?? []) {
                riseAfterFallback += 1
            } else {
                unexplained.append("\(label.runs): ours \(ours.height), Pango \(pango[i].height)")
            }
        }
        print("Pango's own heights: \(agree) of \(checked) agree; rise after a fallback face: \(riseAfterFallback)")
        #expect(checked >= 250)
        #expect(unexplained.isEmpty, "\(unexplained.prefix(10).joined(separator: "\n"))")
        #expect(Double(agree) >= 0.97 * Double(checked))
    }

    /// Whether a run with a baseline offset follows text that Pango shaped in a face other
    /// than DejaVu Sans.
    static func hasRiseAfterFallback(_ label: AttributedLabel, faces: [String]) -> Bool {
        var at = 0
        for run in label.runs {
            defer { at += run.text.utf16.count }
            if run.baselineOffset != 0 && faces[..<at].contains(where: { !$0.isEmpty && !$0.hasPrefix("DejaVu Sans|") }) { return true }
        }
        return false
    }

    /// Each script agrees with its judge (Chromium for Thai, Pango for the others) on 99% of
    /// its labels, and every difference from either reference is named.
    @Test(arguments: AttributedLabels.Script.allCases)
    func eachScriptAgreesWithItsReference(script: AttributedLabels.Script) throws {
        let pango = try Self.comparison(blink: false, scripts: [script]), chromium = try Self.comparison(blink: true, scripts: [script])
        #expect(pango.total == 100 && chromium.total == 100)
        pango.expect("\(script) Pango", atLeast: script == .thai ? 0 : 0.99)
        chromium.expect("\(script) Chromium", atLeast: script == .thai ? 0.99 : 0)
    }
}

/// A label of one run is the label it was before runs existed: the same lines, widths,
/// heights and baselines, exactly; split into runs of the same font and size after spaces, it
/// is still the same label.
@Suite struct OneRunAttributedTextTests {
    static let widths = [90.0, 157.5, 240, 343]

    /// The test corpus with its stack, and the ten languages' strings with theirs.
    static let texts: [(text: String, fonts: FontStack, size: Double)] =
        TestCorpus.all.flatMap { text in [13.0, 17].map { (text, Bundled.stack, $0) } }
        + ScriptCorpusTests.corpus.languages.keys.sorted().flatMap { language in
            ScriptCorpusTests.corpus.languages[language]!.enumerated().map { i, text in (text, ScriptCorpusTests.stack, i % 2 == 0 ? 13.0 : 17) }
        }

    static func same(_ a: TextLayout, _ b: TextLayout) -> Bool { a.lines == b.lines && a.measurement == b.measurement }

    @Test func oneRunMeasuresAsThePlainText() {
        let measurer = TextMeasurer()
        var differ: [String] = []
        for (text, fonts, size) in Self.texts {
            let style = TextStyle(fonts: fonts, size: size, lines: 0)
            for width in Self.widths {
                let plain = measurer.layout(text, style: style, width: width)
                let runs = [TextRun(text, fonts: fonts, size: size)]
                if !Self.same(measurer.layout(runs, style: style, width: width), plain)
                    || measurer.measure(runs, style: style, width: width) != measurer.measure(text, style: style, width: width) {
                    differ.append("\(text.debugDescription) size \(size) width \(width)")
                }
            }
        }
        #expect(Self.texts.count == 30 * 2 + 1500)
        #expect(differ.isEmpty, "\(differ.count) differ: \(differ.prefix(10).joined(separator: "\n"))")
    }

    /// `text` cut into 2 or 3 runs after spaces chosen by `random` (nil: it has no space
    /// followed by something else).
    static func split(_ text: String, random: inout SplitMix64) -> [String]? {
        let units = Array(text.utf16)
        let points = (1..<max(1, units.count)).filter { units[$0 - 1] == 0x20 && units[$0] != 0x20 }
        guard !points.isEmpty else { return nil }
        let cuts = Set((0..<Int.random(in: 1...2, using: &random)).map { _ in points[Int(random.next() % UInt64(points.count))] }).sorted()
        return zip([0] + cuts, cuts + [units.count]).map { String(decoding: units[$0.0..<$0.1], as: UTF16.self) }
    }

    @Test func runsOfOneFontSplitAfterSpacesMeasureAsOneRun() {
        let measurer = TextMeasurer()
        var random = SplitMix64(seed: 32)
        var checked = 0
        var differ: [String] = []
        for (text, fonts, size) in Self.texts {
            guard let pieces = Self.split(text, random: &random) else { continue }
            let style = TextStyle(fonts: fonts, size: size, lines: 0)
            let runs = pieces.map { TextRun($0, fonts: fonts, size: size) }
            for width in Self.widths {
                checked += 1
                if !Self.same(measurer.layout(runs, style: style, width: width), measurer.layout(text, style: style, width: width)) {
                    differ.append("\(pieces) size \(size) width \(width)")
                }
            }
        }
        print("split after spaces: \(checked - differ.count) of \(checked) layouts identical")
        #expect(checked > 4 * 1000)
        #expect(differ.isEmpty, "\(differ.count) of \(checked) differ: \(differ.prefix(10).joined(separator: "\n"))")
    }
}

/// An attributed label's height depends on nothing measured before it: the generated labels
/// of every script give the same layouts each alone, shuffled, and on four threads sharing one
/// small measurer, each thread in its own order.
@Suite struct AttributedTextOrderTests {
    @Test func attributedHeightsDoNotDependOnOrderOrThreads() {
        let labels = AttributedLabels.generate(count: 200, seed: 0x0D0E)
        #expect(Set(labels.map(\.script)).count == AttributedLabels.Script.allCases.count)
        @Sendable func measureAll(_ measurer: TextMeasurer, order: [Int]) -> [Int: [TextLine]] {
            var out: [Int: [TextLine]] = [:]
            for i in order { out[i] = measurer.layout(labels[i].textRuns, style: labels[i].style, width: labels[i].width).lines }
            return out
        }
        var alone: [Int: [TextLine]] = [:]
        for i in labels.indices { alone.merge(measureAll(TextMeasurer(), order: [i])) { $1 } }
        var random = SplitMix64(seed: 7)
        #expect(measureAll(TextMeasurer(), order: labels.indices.shuffled(using: &random)) == alone)
        let shared = TextMeasurer(cacheCapacity: 64)
        let results = Mutex<[[Int: [TextLine]]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var random = SplitMix64(seed: UInt64(100 + thread))
            let mine = measureAll(shared, order: labels.indices.shuffled(using: &random))
            results.withLock { $0.append(mine) }
        }
        #expect(results.withLock { $0.count } == 4)
        for result in results.withLock({ $0 }) { #expect(result == alone) }
    }
}
