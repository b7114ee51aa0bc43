import Foundation
import Testing
import CellsFormat
import DynamicType

/// cells.json's attributed labels: `text` as an array of runs, the label's `kern` and paragraph
/// members (SPEC, "Attributed text" and "Paragraph style"), and the same from Swift.
@Suite struct AttributedTextDecodingTests {
    let decoder = DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf", "bold": "/f/B.ttf"]))

    func decode(_ text: String, warnings: inout [DocumentError]) throws -> Document {
        try decoder.decode(try JSONParser().parse(text), warnings: &warnings)
    }

    func document(label members: String) -> String {
        #"{"templates":{"Feed":{"views":[{"id":"a","view":{}},{"id":"b","label":{"# + members + "}}]}}}"
    }

    func label(_ members: String) throws -> LabelSpec {
        var warnings: [DocumentError] = []
        let document = try decode(document(label: members), warnings: &warnings)
        #expect(warnings.isEmpty)
        guard case .label(let label)? = document.templates["Feed"]?.views.last?.kind else {
            throw DocumentError(path: "", message: "no label")
        }
        return label
    }

    /// The path and message of the error decoding a label with `members` gives.
    func error(_ members: String) -> DocumentError? {
        var warnings: [DocumentError] = []
        do { _ = try decode(document(label: members), warnings: &warnings); return nil } catch let error as DocumentError {
            return error
        } catch { return nil }
    }

    @Test func aTextArrayIsReadAsRunsWithEveryMember() throws {
        let label = try label(#""text":[{"text":"${name}","font":"bold","size":15,"kern":0.5,"baselineOffset":-2,"#
                              + #""features":["tnum","-liga"]},{"text":" replied"},{"text":" 2h","textStyle":"caption1"},"#
                              + #"{"text":"!","size":12,"relativeTo":"body"}],"size":14"#)
        #expect(label.text == "")
        #expect(label.runs == [
            TextRunSpec("${name}", font: "bold", size: 15, kern: 0.5, baselineOffset: -2, features: ["tnum", "-liga"]),
            TextRunSpec(" replied"),
            TextRunSpec(" 2h", textStyle: .caption1),
            TextRunSpec("!", size: 12, relativeTo: .body),
        ])
        #expect(label.size == 14 && label.font == "default")
    }

    @Test func aStringTextHasNoRuns() throws {
        let label = try label(#""text":"Ada""#)
        #expect(label.text == "Ada" && label.runs == nil)
        #expect(label.kern == 0 && label.paragraph == ParagraphSpec())
    }

    @Test func theLabelsKernAndParagraphMembersAreRead() throws {
        let label = try label(#""text":"a","kern":1.5,"paragraphSpacing":6,"paragraphSpacingBefore":4,"#
                              + #""firstLineHeadIndent":20,"headIndent":8,"tailIndent":-12,"minimumLineHeight":18,"#
                              + #""maximumLineHeight":30"#)
        #expect(label.kern == 1.5)
        #expect(label.paragraph == ParagraphSpec(paragraphSpacing: 6, paragraphSpacingBefore: 4, firstLineHeadIndent: 20,
                                                 headIndent: 8, tailIndent: -12, minimumLineHeight: 18, maximumLineHeight: 30))
    }

    @Test func aRunsMissingMembersTakeTheLabels() throws {
        let label = LabelSpec(runs: [], size: 20, relativeTo: .body)
        #expect(TextRunSpec("a").sizing(in: label) == (20, nil, .body))
        #expect(TextRunSpec("a", size: 12).sizing(in: label) == (12, nil, .body))
        #expect(TextRunSpec("a", textStyle: .footnote).sizing(in: label) == (20, .footnote, nil))
        let styled = LabelSpec(runs: [], textStyle: .headline)
        #expect(TextRunSpec("a").sizing(in: styled) == (17, .headline, nil))
        #expect(TextRunSpec("a", size: 9).sizing(in: styled) == (9, nil, nil))
        #expect(LabelSpec(runs: [TextRunSpec("a", textStyle: .body)]).followsContentSize)
        #expect(!LabelSpec(runs: [TextRunSpec("a", size: 3)]).followsContentSize)
    }

    @Test func everyBadRunMemberIsAnErrorAtItsPath() {
        let at = "templates.Feed.views[1].label.text"
        let cases: [(String, String, String)] = [
            (#""text":[{"text":"a"},{"text":"b","size":0}]"#, "\(at)[1].size", "0 is out of range: expected a positive point size up to 100000"),
            (#""text":[{"text":"a"},{"text":"b"},{"text":"c","size":"big"}]"#, "\(at)[2].size", "expected a number, found a string"),
            (#""text":[{"text":"a","font":"italic"}]"#, "\(at)[0].font", #"font "italic" not found in fonts ("bold", "default")"#),
            (#""text":[{"text":"a","kern":1001}]"#, "\(at)[0].kern", "1001 is out of range: expected -1000...1000 points"),
            (#""text":[{"text":"a","baselineOffset":-1000.5}]"#, "\(at)[0].baselineOffset",
             "-1000.5 is out of range: expected -1000...1000 points"),
            (#""text":[{"text":"a","features":["tnum",""]}]"#, "\(at)[0].features[1]",
             #"expected an OpenType feature setting ("tnum", "-liga", "ss01=1")"#),
            (#""text":[{"text":"a","textStyle":"huge"}]"#, "\(at)[0].textStyle", ""),
            (#""text":[{"text":"a","textStyle":"body","size":3}]"#, "\(at)[0].size",
             #"a run with a "textStyle" takes its size from the style: give "size" or "textStyle", not both"#),
            (#""text":[{"text":"a","textStyle":"body","relativeTo":"body"}]"#, "\(at)[0].relativeTo", ""),
            (#""text":[{"text":"a","relativeTo":"bodyy"}]"#, "\(at)[0].relativeTo", ""),
            (#""text":[{"font":"bold"}]"#, "\(at)[0]", #"a text run needs a "text" (a string)"#),
            (#""text":[{"text":7}]"#, "\(at)[0].text", "expected a string, found a number"),
            (#""text":["a"]"#, "\(at)[0]", "expected a text run (an object), found a string"),
            (#""text":7"#, at, "expected a string, found a number"),
        ]
        for (members, path, message) in cases {
            let error = self.error(members)
            #expect(error?.path == path, "\(members)")
            if !message.isEmpty { #expect(error?.message == message, "\(members)") }
        }
    }

    @Test func everyBadLabelNumberIsAnErrorAtItsPath() {
        let at = "templates.Feed.views[1].label"
        let cases: [(String, String, String)] = [
            (#""kern":-1000.01"#, "\(at).kern", "-1000.01 is out of range: expected -1000...1000 points"),
            (#""paragraphSpacing":-1"#, "\(at).paragraphSpacing", "-1 is out of range: expected 0...10000 points"),
            (#""paragraphSpacingBefore":10001"#, "\(at).paragraphSpacingBefore", "10001 is out of range: expected 0...10000 points"),
            (#""firstLineHeadIndent":-0.5"#, "\(at).firstLineHeadIndent", "-0.5 is out of range: expected 0...10000 points"),
            (#""headIndent":20000"#, "\(at).headIndent", "20000 is out of range: expected 0...10000 points"),
            (#""tailIndent":-10001"#, "\(at).tailIndent", "-10001 is out of range: expected -10000...10000 points"),
            (#""minimumLineHeight":-2"#, "\(at).minimumLineHeight", "-2 is out of range: expected 0...10000 points"),
            (#""maximumLineHeight":1e5"#, "\(at).maximumLineHeight", "100000 is out of range: expected 0...10000 points"),
            (#""minimumLineHeight":20,"maximumLineHeight":10"#, "\(at).maximumLineHeight",
             "maximumLineHeight 10 is below minimumLineHeight 20"),
            (#""headIndent":"8""#, "\(at).headIndent", "expected a number, found a string"),
        ]
        for (members, path, message) in cases {
            let error = self.error(members)
            #expect(error?.path == path, "\(members)")
            #expect(error?.message == message, "\(members)")
        }
        // Both bounds at 0, or only a minimum, hold.
        #expect(error(#""minimumLineHeight":20"#) == nil)
        #expect(error(#""tailIndent":10000,"maximumLineHeight":0"#) == nil)
    }

    @Test func unknownRunMembersAreWarningsAsForOtherObjects() throws {
        var warnings: [DocumentError] = []
        _ = try decode(document(label: #""text":[{"text":"a","colour":"red","sise":3}]"#), warnings: &warnings)
        #expect(warnings.map(\.path) == ["templates.Feed.views[1].label.text[0].colour",
                                         "templates.Feed.views[1].label.text[0].sise"])
        #expect(warnings.allSatisfy { $0.message == "unknown member ignored" })
    }

    @Test func runsAreBuiltInSwiftByArrayAndByBuilder() {
        let bold = TextRunSpec("${name}", font: "bold")
        let byArray = ViewSpec.label("line", runs: [bold, " replied to ", TextRunSpec("${other}", font: "bold")], size: 15,
                                     lines: 0, kern: 0.25, paragraph: ParagraphSpec(paragraphSpacing: 4))
        let others = ["${other}"]
        let byBuilder = ViewSpec.label("line", size: 15, lines: 0, kern: 0.25, paragraph: ParagraphSpec(paragraphSpacing: 4)) {
            bold
            " replied to "
            for other in others { TextRunSpec(other, font: "bold") }
        }
        guard case .label(let a) = byArray.kind, case .label(let b) = byBuilder.kind else {
            Issue.record("not labels")
            return
        }
        #expect(a.runs == b.runs && a.runs?.count == 3 && a.text == "" && b.text == "")
        #expect(a.kern == 0.25 && b.paragraph.paragraphSpacing == 4 && a.size == 15 && b.lines == 0)
    }

    @Test func anAttributedStringIsReadThroughItsOwnScope() throws {
        var name = AttributedString("${name}")
        name.templateLayout.font = "bold"
        name.templateLayout.kern = 0.5
        var time = AttributedString(" 2h")
        time.templateLayout.textStyle = .caption1
        time.templateLayout.baselineOffset = 1
        time.templateLayout.features = ["tnum"]
        var scaled = AttributedString("!")
        scaled.templateLayout.pointSize = 12
        scaled.templateLayout.relativeTo = .body
        let text = name + AttributedString(" replied") + time + scaled
        let runs = try TextRunSpec.runs(from: text).get()
        #expect(runs == [TextRunSpec("${name}", font: "bold", kern: 0.5), TextRunSpec(" replied"),
                         TextRunSpec(" 2h", textStyle: .caption1, baselineOffset: 1, features: ["tnum"]),
                         TextRunSpec("!", size: 12, relativeTo: .body)])
        // Written back, the runs are the same attributed text.
        let written = runs.map { AttributedString($0.text, attributes: $0.attributes) }.reduce(AttributedString(), +)
        #expect(written == text)
        guard case .label(let label) = ViewSpec.label("l", attributedText: text).kind else {
            Issue.record("not a label")
            return
        }
        #expect(label.runs == runs && label.problem == nil)
    }

    @Test func anAttributedStringWithAnotherAttributeIsAnErrorNamingIt() {
        var text = AttributedString("Ada ")
        var link = AttributedString("profile")
        link.link = URL(string: "https://example.com")
        text += link
        let expected = "the attributed text has attributes a label does not read at character 4 (NSLink): only "
            + "TemplateLayoutAttributes (font, pointSize, textStyle, relativeTo, kern, baselineOffset, features) are read"
        #expect(throws: LabelTextError(message: expected)) { try TextRunSpec.runs(from: text).get() }
        guard case .label(let label) = ViewSpec.label("l", attributedText: text).kind else {
            Issue.record("not a label")
            return
        }
        #expect(label.problem == expected)
    }
}
