import Dispatch
import Foundation
import Synchronization
import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport
import TextEngine

/// Attributed labels in templates (SPEC, "Attributed text" and "Paragraph style"): each row's
/// runs measured as the text engine measures them, `${path}` inside runs, empty runs, the
/// paragraph members, and one-run labels measuring exactly as strings.
@Suite struct AttributedLabelTests {
    static let regular = stack("DejaVuSans.ttf")
    static let bold = stack("DejaVuSans-Bold.ttf")

    static func stack(_ file: String) -> FontStack {
        // swiftlint:disable:next force_try
        FontStack(primary: try! FontFace(path: Fixtures.root + "/Fonts/" + file),
                  fallbacks: [try! FontFace(path: Fixtures.root + "/Fonts/DroidSansFallbackFull.ttf")])
    }

    /// One wrapping label pinned 16 points from each side and 10 from the top and bottom.
    static func cell(_ label: LabelSpec, name: String = "T") -> Template {
        Template(name: name, views: [ViewSpec(id: "l", kind: .label(label))], constraints: [
            "l.leading == super.leading + 16", "l.trailing == super.trailing - 16",
            "l.top == super.top + 10", "super.bottom >= l.bottom + 10",
        ])
    }

    /// The row height such a cell gets for a label measuring `m` (content 20 more, a 0.5 separator).
    static func height(of m: TextMeasurement) -> Double {
        TextMeasurement.roundUp(m.roundedSize(scale: 2).height + 20.5, scale: 2)
    }

    static let feedLine = LabelSpec(runs: [
        TextRunSpec("${name}", font: "bold"), " replied to your post about ", TextRunSpec("${topic}", font: "bold"),
        TextRunSpec(" 2h", size: 12, baselineOffset: 2),
    ], size: 15, lines: 0)

    func measure(_ template: Template, _ rows: [JSONObject]) throws -> [Double] {
        let measurer = try Fixtures.measurer([template], list: ListSettings(width: 375))
        return try rows.map { try measurer.measureRow(Fixtures.row($0, template: template.name), in: SectionSpec(), frames: false).height }
    }

    @Test func aBoldNameInsideASentenceMeasuresAsTheTextEngineMeasuresItsRuns() throws {
        let rows: [JSONObject] = [["name": "Ada Lovelace", "topic": "the Analytical Engine and its notes"],
                                  ["name": "Grace", "topic": "compilers"], ["name": "王小明", "topic": "今天天气很好，我们去公园散步"]]
        let heights = try measure(Self.cell(Self.feedLine), rows)
        let engine = TextMeasurer()
        let style = TextStyle(fonts: Self.regular, size: 15, lines: 0)
        for (row, height) in zip(rows, heights) {
            let runs = [TextRun(row["name"]!.interpolationText, fonts: Self.bold, size: 15),
                        TextRun(" replied to your post about ", fonts: Self.regular, size: 15),
                        TextRun(row["topic"]!.interpolationText, fonts: Self.bold, size: 15),
                        TextRun(" 2h", fonts: Self.regular, size: 12, baselineOffset: 2)]
            #expect(height == Self.height(of: engine.measure(runs, style: style, width: 343)))
        }
        #expect(heights == [55.5, 52, 60])
    }

    @Test func placeholdersInsideRunsAreFilledFromEachRow() throws {
        let label = LabelSpec(runs: [TextRunSpec("${who.name}: ", font: "bold", size: 24), "${text}"], size: 15, lines: 0)
        let rows: [JSONObject] = [["who": ["name": "Ada"], "text": "short"],
                                  ["who": ["name": "Ada"], "text": .array(Array(repeating: "word", count: 40).map { .string($0) })]]
        let heights = try measure(Self.cell(label), rows)
        let engine = TextMeasurer()
        let style = TextStyle(fonts: Self.regular, size: 15, lines: 0)
        let long = Array(repeating: "word", count: 40).joined(separator: " ")
        #expect(heights[0] == Self.height(of: engine.measure([TextRun("Ada: ", fonts: Self.bold, size: 24),
                                                               TextRun("short", fonts: Self.regular, size: 15)],
                                                              style: style, width: 343)))
        #expect(heights[1] == Self.height(of: engine.measure([TextRun("Ada: ", fonts: Self.bold, size: 24),
                                                               TextRun(long, fonts: Self.regular, size: 15)],
                                                              style: style, width: 343)))
        #expect(heights[1] > heights[0])
    }

    @Test func aRunThatRendersEmptyAddsNothing() throws {
        // The 40-point run would make its line taller; empty, it is not on any line.
        let label = LabelSpec(runs: ["${a}", TextRunSpec("${b}", size: 40, baselineOffset: 30)], size: 15, lines: 0)
        let plain = LabelSpec(text: "${a}", size: 15, lines: 0)
        let rows: [JSONObject] = [["a": "Hello there"], ["a": "Hello there", "b": ""], [:], ["a": "x", "b": "y"]]
        let attributed = try measure(Self.cell(label), rows)
        let strings = try measure(Self.cell(plain), rows)
        #expect(attributed[0] == strings[0] && attributed[1] == strings[1])
        #expect(attributed[2] == 20.5 && strings[2] == 20.5)
        #expect(attributed[3] > strings[3])
    }

    /// A text of three paragraphs that wrap at 343 points, at 15 points.
    static let paragraphs = "Just finished the layout engine: every row is measured without a screen, as UIKit would.\n"
        + "今天天气很好，我们去公园散步，然后去咖啡店喝一杯拿铁。\nShort one."

    @Test func everyParagraphMemberAndTheKernReachTheMeasurement() throws {
        let cases: [(String, ParagraphSpec, Double)] = [
            ("paragraphSpacing", ParagraphSpec(paragraphSpacing: 10), 0),
            ("paragraphSpacingBefore", ParagraphSpec(paragraphSpacingBefore: 7), 0),
            ("firstLineHeadIndent", ParagraphSpec(firstLineHeadIndent: 150), 0),
            ("headIndent", ParagraphSpec(headIndent: 200), 0),
            ("tailIndent", ParagraphSpec(tailIndent: -150), 0),
            ("tailIndent positive", ParagraphSpec(tailIndent: 150), 0),
            ("minimumLineHeight", ParagraphSpec(minimumLineHeight: 40), 0),
            ("maximumLineHeight", ParagraphSpec(maximumLineHeight: 12), 0),
            ("kern", ParagraphSpec(), 4),
        ]
        let base = try measure(Self.cell(LabelSpec(text: "${t}", size: 15, lines: 0)), [["t": .string(Self.paragraphs)]])[0]
        let engine = TextMeasurer()
        for (name, paragraph, kern) in cases {
            for label in [LabelSpec(text: "${t}", size: 15, lines: 0, kern: kern, paragraph: paragraph),
                          LabelSpec(runs: ["${t}", TextRunSpec("${none}", size: 30)], size: 15, lines: 0, kern: kern,
                                    paragraph: paragraph)] {
                let height = try measure(Self.cell(label), [["t": .string(Self.paragraphs)]])[0]
                let p = paragraph
                let style = TextStyle(fonts: Self.regular, size: 15, lines: 0, kern: kern,
                                      paragraph: ParagraphStyle(paragraphSpacing: p.paragraphSpacing,
                                                                paragraphSpacingBefore: p.paragraphSpacingBefore,
                                                                firstLineHeadIndent: p.firstLineHeadIndent,
                                                                headIndent: p.headIndent, tailIndent: p.tailIndent,
                                                                minimumLineHeight: p.minimumLineHeight,
                                                                maximumLineHeight: p.maximumLineHeight))
                #expect(height == Self.height(of: engine.measure(Self.paragraphs, style: style, width: 343)), "\(name)")
                #expect(height != base, "\(name) changes nothing")
            }
        }
    }

    /// Every label of `template` with its text as runs: `[text]` (compiled as the string) and
    /// `[text, ""]` (measured by the runs path, its empty run left out).
    static func asRuns(_ template: Template, split: Bool) -> Template {
        var copy = template
        for i in copy.views.indices {
            guard case .label(var label) = copy.views[i].kind, label.runs == nil else { continue }
            label.runs = split ? [TextRunSpec(label.text), ""] : [TextRunSpec(label.text)]
            label.text = ""
            copy.views[i].kind = .label(label)
        }
        return copy
    }

    /// Every row of `document` measured, and measured again with every label's text as runs.
    static func runsChangeNoHeight(_ document: Document, base: String, rowLimit: Int = .max) throws -> [String] {
        var differences: [String] = []
        let plain = try ListMeasurer(document: document, baseDirectory: base)
        for split in [false, true] {
            var attributed = document
            attributed.templates = document.templates.mapValues { asRuns($0, split: split) }
            let measurer = try ListMeasurer(document: attributed, baseDirectory: base)
            for (s, section) in document.sections.enumerated() {
                for (r, row) in section.rows.prefix(rowLimit).enumerated() {
                    let a = try plain.measureRow(row, in: section, frames: true)
                    let b = try measurer.measureRow(row, in: section, frames: true)
                    if a.height != b.height || a.frames != b.frames {
                        differences.append("sections[\(s)].rows[\(r)] split \(split): \(a.height) \(b.height)")
                    }
                }
            }
        }
        return differences
    }

    @Test(arguments: ["feed", "chat", "settings", "storyboard-feed"])
    func aOneRunLabelMeasuresExactlyAsItsStringInEveryExample(_ name: String) throws {
        let url = URL(fileURLWithPath: Fixtures.root + "/Examples/\(name).json")
        let document = try DocumentDecoder(fontDefaults: try Fonts.bundled).decode(try JSONParser().parse(try [UInt8](Data(contentsOf: url))))
        let differences = try Self.runsChangeNoHeight(document, base: Fixtures.root + "/Examples", rowLimit: 400)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test func aOneRunLabelMeasuresExactlyAsItsStringInGeneratedRows() throws {
        var generator = StackRowGenerator(random: SplitMix64(seed: 32_0001))
        let templates = (0..<12).map { generator.template(named: "T\($0)") }
        let rows = (0..<600).map { _ in generator.row(templates: templates) }
        var document = Fixtures.document(templates, list: ListSettings(width: 375))
        document.sections = [SectionSpec(autoHeight: true, rows: rows)]
        let differences = try Self.runsChangeNoHeight(document, base: Fixtures.root)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    /// Attributed rows in Latin, CJK, Arabic, Thai and Devanagari, with bold names, smaller and
    /// raised times, kern and paragraph spacing.
    static func scriptRows(count: Int, seed: UInt64) -> (Template, [RowSpec]) {
        var random = SplitMix64(seed: seed)
        let words = ["Ada", "replied", "to", "your", "post", "今天天气很好，", "我们去公园散步", "مرحبا", "بالعالم",
                     "สวัสดีครับ", "ภาษาไทย", "नमस्ते", "दुनिया", "layout", "engine", "😀", "12:45"]
        func text(_ n: ClosedRange<Int>) -> String {
            (0..<Int.random(in: n, using: &random)).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }
                .joined(separator: " ")
        }
        let label = LabelSpec(runs: [TextRunSpec("${name}", font: "bold", kern: 0.5), " ${body} ",
                                     TextRunSpec("${time}", size: 11, baselineOffset: 1.5), "\n${more}"],
                              size: 15, lines: 0, kern: 0.2, paragraph: ParagraphSpec(paragraphSpacing: 6, headIndent: 12))
        let rows = (0..<count).map { _ -> RowSpec in
            Fixtures.row(["name": .string(text(1...2)), "body": .string(text(0...14)), "time": .string(text(0...1)),
                          "more": .string(text(0...8))], template: "T")
        }
        return (cell(label), rows)
    }

    @Test func attributedRowsMeasureTheSameInAnyOrderAndOnFourThreads() throws {
        let (template, rows) = Self.scriptRows(count: 400, seed: 32_0002)
        let section = SectionSpec()
        func heights(_ order: [Int]) throws -> [Double] {
            let measurer = try Fixtures.measurer([template], list: ListSettings(width: 320))
            var heights = [Double](repeating: .nan, count: rows.count)
            for i in order { heights[i] = try measurer.measureRow(rows[i], in: section, frames: false).height }
            return heights
        }
        let inOrder = try heights(Array(rows.indices))
        var random = SplitMix64(seed: 7)
        let shuffled = Array(rows.indices).shuffled(using: &random)
        let reordered = try heights(shuffled)
        let measurer = try Fixtures.measurer([template], list: ListSettings(width: 320))
        let threaded = Mutex([Double](repeating: .nan, count: rows.count))
        DispatchQueue.concurrentPerform(iterations: 4) { part in
            for i in shuffled.indices where i % 4 == part {
                let height = (try? measurer.measureRow(rows[shuffled[i]], in: section, frames: false).height) ?? -1
                threaded.withLock { $0[shuffled[i]] = height }
            }
        }
        #expect(inOrder == reordered)
        #expect(inOrder == threaded.withLock { $0 })
        #expect(Set(inOrder).count > 10, "the rows are of many heights")
    }

    @Test func aRowMayGiveAWholePlaceholderLabelItsRuns() throws {
        let plain = Self.cell(LabelSpec(text: "${line}", size: 15, lines: 0))
        let literal = Self.cell(LabelSpec(runs: [TextRunSpec("Ada", font: "bold"), " replied to ",
                                                 TextRunSpec("Grace", size: 30, kern: 1),
                                                 TextRunSpec(" 2h", textStyle: .footnote, baselineOffset: -3)], size: 15, lines: 0))
        let runs: JSONValue = [["text": "Ada", "font": "bold"], ["text": " replied to "],
                               ["text": "Grace", "size": 30, "kern": 1], ["text": ""],
                               ["text": " 2h", "textStyle": "footnote", "baselineOffset": -3, "colour": "red"]]
        let fromRow = try measure(plain, [["line": runs]])
        #expect(fromRow == (try measure(literal, [[:]])))
        #expect(fromRow != (try measure(plain, [["line": "Ada replied to Grace"]])))
        // A label of one run gives a row's runs that run's typography.
        let oneRun = Self.cell(LabelSpec(runs: [TextRunSpec("${line}", font: "bold", size: 24)], lines: 0))
        let spelled = Self.cell(LabelSpec(runs: [TextRunSpec("Ada", font: "bold", size: 24), TextRunSpec(" 2h", size: 9)], lines: 0))
        let oneRunHeights = try measure(oneRun, [["line": [["text": "Ada"], ["text": " 2h", "size": 9]]], ["line": "Ada 2h"]])
        #expect(oneRunHeights[0] == (try measure(spelled, [[:]]))[0])
        #expect(oneRunHeights[0] == oneRunHeights[1])
        // A row run that cannot be resolved is an error of the row at its path.
        let measurer = try Fixtures.measurer([plain], list: ListSettings(width: 375))
        func error(_ value: JSONValue) -> LayoutError? {
            do { _ = try measurer.measureRow(Fixtures.row(["line": value], template: "T"), in: SectionSpec(), frames: false) } catch {
                return error
            }
            return nil
        }
        #expect(error([["text": "a", "font": "italic"]])?.path == "line[0].font")
        #expect(error([["text": "a"], ["text": "b", "size": -1]])?.path == "line[1].size")
        #expect(error([["text": "a"], "b"])?.message == "expected a text run (an object), found a string")
        #expect(error([["text": "a", "size": 3, "textStyle": "body"]])?.path == "line[0].size")
    }

    @Test func aBadRunIsAnErrorOfTheTemplateAtItsPath() throws {
        func error(_ label: LabelSpec) -> LayoutError? {
            do { _ = try Fixtures.measurer([Self.cell(label)]) } catch { return error as? LayoutError }
            return nil
        }
        let at = "templates.T.views[0].label"
        #expect(error(LabelSpec(runs: ["a", TextRunSpec("b", font: "italic")]))?.path == "\(at).text[1].font")
        #expect(error(LabelSpec(runs: ["a", TextRunSpec("b", features: ["###"])]))?.path == "\(at).text[1].features")
        #expect(error(LabelSpec(runs: [TextRunSpec("b", size: 0)]))?.path == "\(at).text[0].size")
        #expect(error(LabelSpec(runs: ["a", TextRunSpec("b", kern: 2000)]))?.message == "2000 is out of range: expected -1000...1000 points")
        #expect(error(LabelSpec(runs: ["a", TextRunSpec("b", baselineOffset: -1001)]))?.path == "\(at).text[1].baselineOffset")
        #expect(error(LabelSpec(runs: ["a", TextRunSpec("b", size: 3, textStyle: .body)]))?.path == "\(at).text[1].size")
        #expect(error(LabelSpec(text: "a", kern: 1001))?.path == "\(at).kern")
        #expect(error(LabelSpec(text: "a", paragraph: ParagraphSpec(headIndent: -1)))?.path == "\(at).headIndent")
        #expect(error(LabelSpec(text: "a", paragraph: ParagraphSpec(minimumLineHeight: 9, maximumLineHeight: 8)))?.message
                == "maximumLineHeight 8 is below minimumLineHeight 9")
        var both = LabelSpec(text: "a")
        both.runs = ["b"]
        #expect(error(both)?.message == #"a label's text is a string or runs: give "text" or "runs", not both"#)
        var linked = AttributedString("profile")
        linked.link = URL(string: "https://example.com")
        guard case .label(let withLink) = ViewSpec.label("l", attributedText: linked).kind else { return }
        let linkError = error(withLink)
        #expect(linkError?.path == "\(at).text")
        #expect(linkError?.message.hasPrefix("the attributed text has attributes a label does not read at character 0 (NSLink)") == true)
    }

    @Test func anAttributedStringLabelMeasuresAsItsRuns() throws {
        var name = AttributedString("${name}")
        name.templateLayout.font = "bold"
        var time = AttributedString(" 2h")
        time.templateLayout.pointSize = 12
        time.templateLayout.baselineOffset = 2
        let text = name + AttributedString(" replied to your post about ") + {
            var topic = AttributedString("${topic}")
            topic.templateLayout.font = "bold"
            return topic
        }() + time
        guard case .label(let label) = ViewSpec.label("l", attributedText: text, size: 15, lines: 0).kind else { return }
        let rows: [JSONObject] = [["name": "Ada Lovelace", "topic": "the Analytical Engine and its notes"]]
        #expect(try measure(Self.cell(label), rows) == (try measure(Self.cell(Self.feedLine), rows)))
    }

    @Test func theAttributedExampleMeasuresEveryRowAndItsRunsMatter() throws {
        let url = URL(fileURLWithPath: Fixtures.root + "/Examples/attributed-feed.json")
        let document = try DocumentDecoder(fontDefaults: Fixtures.fonts).decode(try JSONParser().parse(try [UInt8](Data(contentsOf: url))))
        let measurer = try ListMeasurer(document: document, baseDirectory: Fixtures.root)
        let section = document.sections[0]
        let heights = try section.rows.map { try measurer.measureRow($0, in: section, frames: false).height }
        #expect(heights.count == 40 && Set(heights).count > 10)
        // Read as plain text in one font, the first line and the paragraphs measure otherwise.
        var plain = document
        for (name, template) in document.templates {
            var copy = template
            for i in copy.views.indices {
                guard case .label(var label) = copy.views[i].kind else { continue }
                if let runs = label.runs { label.text = runs.map(\.text).joined() }
                label.runs = nil
                label.paragraph = ParagraphSpec()
                copy.views[i].kind = .label(label)
            }
            plain.templates[name] = copy
        }
        let plainMeasurer = try ListMeasurer(document: plain, baseDirectory: Fixtures.root)
        let plainHeights = try section.rows.map { try plainMeasurer.measureRow($0, in: section, frames: false).height }
        #expect(zip(heights, plainHeights).filter { $0 != $1 }.count > 10)
    }
}
