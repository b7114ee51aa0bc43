import Testing
@testable import CellsFormat

/// `hidden` keys and `${path}` sizes follow one rule (`RowPathSyntax`): SPEC's `"key"` and
/// `"!key"` with a dotted path, `"${path}"` for a size; anything else is an error at its JSON path.
@Suite struct RowPathRuleTests {
    static func document(view: String) -> String {
        #"{"templates":{"T":{"views":[\#(view)],"constraints":[]}},"sections":[]}"#
    }

    func error(_ view: String) -> DocumentError? {
        do {
            _ = try DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf"])).decode(JSONParser().parse(Self.document(view: view)))
            return nil
        } catch let error as DocumentError { return error } catch { return nil }
    }

    @Test func hiddenAcceptsSpecsTwoFormsWithDottedPaths() throws {
        for (text, expected) in [("flag", HiddenSpec.whenTrue("flag")), ("!flag", .whenFalse("flag")),
                                 ("user.unread", .whenTrue("user.unread")), ("!items.0", .whenFalse("items.0"))] {
            let document = try DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf"])).decode(JSONParser().parse(
                Self.document(view: #"{"id":"v","view":{},"hidden":"\#(text)"}"#)))
            #expect(document.templates["T"]?.views.first?.hidden == expected)
        }
    }

    @Test func anyOtherHiddenStringIsAnErrorAtItsPath() {
        let cases: [(String, String)] = [
            ("!!flag", "a path does not begin with '!'"),
            ("! flag", "a path has no white space or control characters"),
            ("${flag}", "a path has no '$', '{' or '}'"),
            ("flag.", "a path has no empty member name (a '.' at its start or end, or two together)"),
            ("a..b", "a path has no empty member name (a '.' at its start or end, or two together)"),
            ("!", "the path is empty"),
            ("", "the path is empty"),
        ]
        for (text, problem) in cases {
            let error = self.error(#"{"id":"v","view":{},"hidden":"\#(text)"}"#)
            #expect(error?.path == "templates.T.views[0].hidden", "\(text)")
            #expect(error?.message == "expected true, false, \"key\" or \"!key\", found \"\(text)\": \(problem)", "\(text)")
        }
    }

    @Test func imageSizePlaceholdersFollowTheRuleOfALiteralPrefix() {
        #expect(error(#"{"id":"i","image":{"width":10,"height":"1${h}"}}"#)?.message
                == #"expected a number or "${path}", found "1${h}""#)
        let cases: [(String, String)] = [
            ("${h}${h}", "a path has no '$', '{' or '}'"),
            ("${ h }", "a path has no white space or control characters"),
            ("${h.}", "a path has no empty member name (a '.' at its start or end, or two together)"),
        ]
        for (text, problem) in cases {
            let error = self.error(#"{"id":"i","image":{"width":10,"height":"\#(text)"}}"#)
            #expect(error?.path == "templates.T.views[0].image.height", "\(text)")
            #expect(error?.message == "expected a number or \"${path}\", found \"\(text)\": \(problem)", "\(text)")
        }
    }

    @Test func rowPathSyntaxAcceptsDottedNamesAndIndices() {
        for path in ["h", "user.name", "items.0.title", "é", "_position.top", "a-b"] {
            #expect(RowPathSyntax.problem(in: path) == nil, "\(path)")
        }
        for path in ["h}", "a\tb", "a\u{1}", ".a", "a.", "!a"] {
            #expect(RowPathSyntax.problem(in: path) != nil, "\(path)")
        }
    }
}
