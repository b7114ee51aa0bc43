import Foundation
import Testing
@testable import TextEngine

/// A layout case shared by the Chromium and Skia comparisons.
struct ReferenceCase {
    var text: String
    var size: Double
    var width: Double
}

/// The texts the outside references see: the test corpus by kind, and the benchmark's 1,000
/// UI strings.
enum ReferenceCorpus {
    static let sizes = [12.0, 15, 17, 22]
    static let widths = [37.0, 64, 100.5, 150, 223, 287.5, 343]

    static func cases(_ texts: [String]) -> [ReferenceCase] {
        texts.flatMap { text in sizes.flatMap { size in widths.map { ReferenceCase(text: text, size: size, width: $0) } } }
    }

    static let uiStrings: [String] = {
        let url = packageRoot.appendingPathComponent("Benchmarks/TextData/ui-strings.jsonl")
        guard let data = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return data.split(separator: "\n").compactMap { try? JSONDecoder().decode(String.self, from: Data($0.utf8)) }
    }()

    static func uiCases() -> [ReferenceCase] {
        uiStrings.flatMap { text in [(15.0, 343.0), (15, 288), (17, 200)].map { ReferenceCase(text: text, size: $0.0, width: $0.1) } }
    }

    static let kinds: [(name: String, cases: [ReferenceCase])] = [
        ("english", cases(TestCorpus.english)), ("chinese", cases(TestCorpus.chinese)),
        ("mixed", cases(TestCorpus.mixed)), ("emoji", cases(TestCorpus.emoji)), ("ui", uiCases()),
    ]
}

/// Why a reference's line breaks differ from ours, by rule (the first differing line decides).
enum BreakDifference: String, CaseIterable {
    /// Blink does not break after `/` before a letter or digit (UAX #14 allows it).
    case blinkSlash = "Blink: no break after / before a letter"
    /// Blink's own rules around `-` (no break after a hyphen before a digit or after a space;
    /// a break before a hyphen after a closing bracket).
    case blinkHyphen = "Blink: its hyphen rules"
    /// Blink breaks next to a quotation mark beside East Asian text, as Unicode 15.1's LB19a
    /// allows (ICU 72, Unicode 15.0, keeps a quotation mark with both neighbours).
    case blinkQuotes = "Blink: quotation marks next to East Asian text (LB19a)"
    /// Blink and Skia break after any space, also where UAX #14 forbids it (before `/`, `!`,
    /// `)`, `」`, ...).
    case breakAfterSpace = "Blink and Skia: a break after any space"
    /// The contested line is within 1/32 pt of the width: Blink rounds widths to 1/64 px,
    /// Skia sums in 32-bit floats.
    case precision = "rounding: the line is within 1/32 pt of the width"
    /// Skia floors the layout width to whole pixels (its "rounding hack"): a line wider than
    /// the floor but within the width wraps there.
    case skiaFloor = "Skia: the width floored to whole pixels"
    /// Skia draws a VS16 sequence (`❤️`) with the first font that has its base character
    /// (DejaVu's text heart), as Pango does; here the emoji font has the sequence.
    case skiaVariationSelector = "Skia: VS16 ignored in font choice"
    /// Bitmap (CBDT) emoji: Blink rounds their advance to whole pixels, Skia takes the 109 ppem
    /// strike's (136/109 em); here hmtx's 2550/2048 em (SPEC).
    case emojiAdvance = "bitmap emoji advance (Blink: whole pixels; Skia: the strike's)"
    /// Skia shapes a character with the fallback face of the character before it when that face
    /// has it, before trying the primary (SPEC and Blink take the first face that has it).
    case skiaStickyFallback = "Skia: a fallback face kept for the next character"
    /// None of the above: a defect on one side.
    case unexplained = "unexplained"
}

/// Sorts the cases whose line starts differ from a reference's into BreakDifference rules.
struct BreakComparison {
    let measurer = TextMeasurer()
    var agree = 0
    var counts: [BreakDifference: Int] = [:]
    var unexplained: [String] = []
    var total: Int { agree + counts.values.reduce(0, +) }

    /// Our line starts for `c`.
    func starts(_ c: ReferenceCase) -> [Int] {
        measurer.layout(c.text, style: TextStyle(fonts: Bundled.stack, size: c.size, lines: 0), width: c.width)
            .lines.map(\.range.lowerBound)
    }

    mutating func compare(_ c: ReferenceCase, ours: [Int], theirs: [Int], blink: Bool) {
        if ours == theirs {
            agree += 1
            return
        }
        let rule = classify(c, ours: ours, theirs: theirs, blink: blink)
        counts[rule, default: 0] += 1
        if rule == .unexplained {
            // The width of the contested first lines, to tell rounding from a rule.
            let first = String(decoding: Array(c.text.utf16)[0..<min(c.text.utf16.count, max(ours.dropFirst().first ?? 0, theirs.dropFirst().first ?? 0))], as: UTF16.self)
            let width = measurer.layout(first, style: TextStyle(fonts: Bundled.stack, size: c.size, lines: 0), width: .infinity).width
            unexplained.append("\(c.text.debugDescription) size \(c.size) width \(c.width): ours \(ours), reference \(theirs) (first lines together \(width))")
        }
    }

    func classify(_ c: ReferenceCase, ours: [Int], theirs: [Int], blink: Bool) -> BreakDifference {
        let units = Array(c.text.utf16)
        var k = 0
        while k < ours.count && k < theirs.count && ours[k] == theirs[k] { k += 1 }
        let lineStart = k > 0 ? ours[k - 1] : 0
        let a = k < ours.count ? ours[k] : units.count, b = k < theirs.count ? theirs[k] : units.count
        let early = min(a, b), late = max(a, b)
        func unit(_ i: Int) -> UInt16? { i >= 0 && i < units.count ? units[i] : nil }
        let isLetterOrDigit = { (u: UInt16?) in u.map { $0 < 0x80 ? (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) : false } ?? false }
        if blink {
            if unit(a - 1) == 0x2F && isLetterOrDigit(unit(a)) { return .blinkSlash }
            if unit(a - 1) == 0x2D || unit(b - 1) == 0x2D || unit(early) == 0x2D { return .blinkHyphen }
            if [a - 1, a, b - 1, b].contains(where: { unit($0).map(Self.isQuotationMark) ?? false }) { return .blinkQuotes }
            if let before = unit(b - 1), LineWidthAgainstHBShapeTests.hangs(before),
               !measurer.shapedText(c.text, stack: Bundled.stack).segments.contains(where: { $0.start == b }) {
                return .breakAfterSpace
            }
        }
        return classifyLine(c, from: lineStart, to: late, blink: true)
    }

    /// Whether a cluster in text[from, to) shaped here with the primary face follows one in a
    /// fallback face that also has it (Skia then keeps the fallback face).
    func stickyFallback(_ units: [UInt16], faces: (face: [Int], startsCluster: [Bool]), from: Int, to: Int) -> Bool {
        var previous: Int?
        for at in from..<to where faces.startsCluster[at] {
            defer { previous = faces.face[at] }
            guard faces.face[at] == 0, let fallback = previous, fallback != 0 else { continue }
            var end = at + 1
            while end < to && !faces.startsCluster[end] { end += 1 }
            let cluster = String(decoding: units[at..<end], as: UTF16.self)
            let stack = FontStack(primary: Bundled.stack.faces[fallback], fallbacks: [Bundled.dejaVu])
            let shaped = measurer.shapedText(cluster, stack: stack)
            if shaped.segments.first.flatMap({ shaped.graphemes(of: $0)?.first?.font }) == 0 && !LineWidthAgainstHBShapeTests.hangs(units[at]) {
                return true
            }
        }
        return false
    }

    /// Quotation marks (UAX #14 class QU).
    static func isQuotationMark(_ unit: UInt16) -> Bool {
        [0x22, 0x27, 0xAB, 0xBB, 0x2018, 0x2019, 0x201B, 0x201C, 0x201D, 0x201F, 0x2039, 0x203A].contains(unit)
    }

    /// The rules that do not depend on the reference, for the contested line text[from, to)
    /// (from its start to the later of the two breaks).
    func classifyLine(_ c: ReferenceCase, from: Int, to: Int, blink: Bool) -> BreakDifference {
        let units = Array(c.text.utf16)
        let line = String(decoding: units[from..<to], as: UTF16.self)
        let width = measurer.layout(line, style: TextStyle(fonts: Bundled.stack, size: c.size, lines: 0), width: .infinity).width
        if abs(width - c.width) <= 1.0 / 32 { return .precision }
        if !blink && width > c.width.rounded(.down) && width <= c.width { return .skiaFloor }
        let faces = LineWidthAgainstHBShapeTests.faces(measurer.shapedText(c.text, stack: Bundled.stack), count: units.count)
        let emoji = (from..<to).filter { faces.startsCluster[$0] && faces.face[$0] == 2 }
        if !blink && emoji.contains(where: { at in (at + 1..<min(to, at + 3)).contains { units[$0] == 0xFE0F } }) {
            return .skiaVariationSelector
        }
        if !blink && stickyFallback(units, faces: faces, from: from, to: to) { return .skiaStickyFallback }
        let hmtx = 2550.0 / 2048 * c.size, theirs = blink ? hmtx.rounded() : 136.0 / 109 * c.size
        if !emoji.isEmpty && abs(width - c.width) <= Double(emoji.count) * abs(hmtx - theirs) + 1.0 / 32 { return .emojiAdvance }
        return .unexplained
    }

    /// Records a difference found another way (Skia's line counts) under `rule`.
    mutating func record(_ c: ReferenceCase, _ rule: BreakDifference, detail: String) {
        counts[rule, default: 0] += 1
        if rule == .unexplained { unexplained.append("\(c.text.debugDescription) size \(c.size) width \(c.width): \(detail)") }
    }

    /// Every difference explained by a rule, and at least `bar` of the cases identical.
    func expect(_ name: String, atLeast bar: Double) {
        print("\(name): \(summary)")
        #expect(total > 0)
        #expect(unexplained.isEmpty, "\(summary)")
        #expect(agreement >= bar, "\(summary)")
    }

    var agreement: Double { total == 0 ? 0 : Double(agree) / Double(total) }

    var summary: String {
        let rules = BreakDifference.allCases.compactMap { rule in counts[rule].map { "\(rule.rawValue): \($0)" } }
        return "\(agree) of \(total) agree (\(String(format: "%.2f", 100 * agreement))%); "
            + rules.joined(separator: "; ") + (unexplained.isEmpty ? "" : "\n" + unexplained.prefix(30).joined(separator: "\n"))
    }
}

/// Line breaks against headless Chromium (one launch for every case): each difference is one
/// of Blink's own rules or rounding.
@Suite struct ChromiumLineBreakTests {
    static let results: Result<[[Int]], Error> = Result {
        try ChromiumReference.lineStarts(ReferenceCorpus.kinds.flatMap(\.cases).map { .init(text: $0.text, size: $0.size, width: $0.width) })
    }

    static func comparison(_ kind: String) throws -> BreakComparison {
        let all = try results.get()
        var offset = 0
        var comparison = BreakComparison()
        for (name, cases) in ReferenceCorpus.kinds {
            defer { offset += cases.count }
            guard name == kind else { continue }
            for (i, c) in cases.enumerated() {
                comparison.compare(c, ours: comparison.starts(c), theirs: all[offset + i], blink: true)
            }
        }
        return comparison
    }

    static func check(_ kind: String, atLeast bar: Double) throws { try comparison(kind).expect("\(Self.self) \(kind)", atLeast: bar) }

    @Test func englishBreaksAsChromiumDoes() throws { try Self.check("english", atLeast: 0.88) }
    @Test func chineseBreaksAsChromiumDoes() throws { try Self.check("chinese", atLeast: 0.955) }
    @Test func mixedScriptsBreakAsChromiumDoes() throws { try Self.check("mixed", atLeast: 0.87) }
    @Test func emojiTextBreaksAsChromiumDoes() throws { try Self.check("emoji", atLeast: 0.97) }
    @Test func uiStringsBreakAsChromiumDoes() throws { try Self.check("ui", atLeast: 0.94) }
}

/// Line breaks against Skia's paragraph layout (one Python process for every case), on the
/// cases without a word wider than the line (Skia starts such a word on the current line by
/// design). Skia tells only line counts, so each of our breaks is checked by two prefixes: the
/// text up to a line's start fills exactly the lines before it, and one more segment makes
/// one line more.
@Suite struct SkiaLineBreakTests {
    /// Per case: our line starts, and for each line after the first the end of its first segment.
    struct Plan {
        var c: ReferenceCase
        var starts: [Int]
        var firstSegmentEnds: [Int]
    }

    static func plan(_ c: ReferenceCase, measurer: TextMeasurer) -> Plan? {
        let starts = BreakComparison().starts(c)
        let shaped = measurer.shapedText(c.text, stack: Bundled.stack)
        var ends: [Int] = []
        for start in starts.dropFirst() {
            // A line starting inside a segment comes from an overlong word: not comparable.
            guard let segment = shaped.segments.first(where: { $0.start == start }) else { return nil }
            ends.append(segment.end)
        }
        return Plan(c: c, starts: starts, firstSegmentEnds: ends)
    }

    static let plans: [(name: String, plans: [Plan])] = {
        let measurer = TextMeasurer()
        return ReferenceCorpus.kinds.map { kind in (kind.name, kind.cases.compactMap { plan($0, measurer: measurer) }) }
    }()

    static let results: Result<[[Int]], Error> = Result {
        let queries = plans.flatMap(\.plans).map { plan -> SkiaReference.Query in
            let units = Array(plan.c.text.utf16)
            // Trailing spaces and line ends left out: Skia gives a text's last line break a line.
            let prefix = { (end: Int) -> String in
                var end = end
                while end > 0, LineWidthAgainstHBShapeTests.hangs(units[end - 1]) { end -= 1 }
                return String(decoding: units[..<end], as: UTF16.self)
            }
            var texts = [plan.c.text]
            for (start, end) in zip(plan.starts.dropFirst(), plan.firstSegmentEnds) { texts += [prefix(start), prefix(end)] }
            return .init(texts: texts, size: plan.c.size, width: plan.c.width)
        }
        return try SkiaReference.lineCounts(queries)
    }

    static func comparison(_ kind: String) throws -> BreakComparison {
        let all = try results.get()
        var offset = 0
        var comparison = BreakComparison()
        for (name, plans) in Self.plans {
            defer { offset += plans.count }
            guard name == kind else { continue }
            for (i, plan) in plans.enumerated() {
                let counts = all[offset + i]
                var failed: (from: Int, to: Int, detail: String)?
                for k in 1..<max(1, plan.starts.count) where failed == nil {
                    let start = plan.starts[k], end = plan.firstSegmentEnds[k - 1]
                    if counts[2 * k - 1] != k {
                        failed = (plan.starts[k - 1], start, "Skia: \(counts[2 * k - 1]) lines before offset \(start), ours \(k)")
                    } else if counts[2 * k] != k + 1 {
                        failed = (plan.starts[k - 1], end, "Skia: \(counts[2 * k]) lines up to offset \(end), ours \(k + 1)")
                    }
                }

                if failed == nil && counts[0] != plan.starts.count {
                    failed = (plan.starts.last ?? 0, plan.c.text.utf16.count, "Skia has \(counts[0]) lines, ours \(plan.starts.count)")
                }
                if let failed {
                    let rule = Self.hasInnerSpace(plan.c.text, from: failed.from, to: failed.to, breaks: plan.starts + plan.firstSegmentEnds)
                        ? .breakAfterSpace : comparison.classifyLine(plan.c, from: failed.from, to: failed.to, blink: false)
                    comparison.record(plan.c, rule, detail: failed.detail)
                } else {
                    comparison.agree += 1
                }
            }
        }
        return comparison
    }

    static func check(_ kind: String, atLeast bar: Double) throws { try comparison(kind).expect("\(Self.self) \(kind)", atLeast: bar) }

    /// Whether text[from, to) has a space followed by something other than space where ICU 72
    /// has no break (`99 / €1`): Blink and Skia break after any space.
    static func hasInnerSpace(_ text: String, from: Int, to: Int, breaks: [Int]) -> Bool {
        let units = Array(text.utf16)
        let segments = TextMeasurer().shapedText(text, stack: Bundled.stack).segments.map(\.start)
        return (from..<max(from, to - 1)).contains {
            units[$0] == 0x20 && !LineWidthAgainstHBShapeTests.hangs(units[$0 + 1]) && !segments.contains($0 + 1)
        }
    }

    @Test func englishBreaksAsSkiaDoes() throws { try Self.check("english", atLeast: 0.97) }
    @Test func chineseBreaksAsSkiaDoes() throws { try Self.check("chinese", atLeast: 1.0) }
    @Test func mixedScriptsBreakAsSkiaDoes() throws { try Self.check("mixed", atLeast: 0.975) }
    @Test func emojiTextBreaksAsSkiaDoes() throws { try Self.check("emoji", atLeast: 0.96) }
    @Test func uiStringsBreakAsSkiaDoes() throws { try Self.check("ui", atLeast: 0.998) }
}
