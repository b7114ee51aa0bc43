import Foundation
import TemplateLayout
import Testing
import TestSupport

/// What a run writes: never over one of its own inputs, and valid in every format whatever text
/// the input holds (user strings escaped as JSON escapes them, on one line, with nothing a
/// terminal would act on).
@Suite struct OutputSafetyTests {
    static let template = #"{"views":[{"id":"t","label":{"text":"${text}"}}],"constraints":["t.leading == super.leading","t.trailing == super.trailing","t.top == super.top","super.bottom == t.bottom"]}"#

    @Test func noRunWritesOverOneOfItsOwnInputs() throws {
        let folder = try CLIRunner.temporaryFolder()
        let fonts = CLIRunner.packageRoot.appendingPathComponent("Fonts")
        try FileManager.default.copyItem(at: fonts.appendingPathComponent("DejaVuSans.ttf"),
                                         to: folder.appendingPathComponent("font.ttf"))
        let document = #"{"fonts":{"default":"font.ttf"},"sections":[{"rows":[{}]}]}"#
        try CLIRunner.write(document, to: "cells.json", in: folder)
        try FileManager.default.linkItem(at: folder.appendingPathComponent("cells.json"), to: folder.appendingPathComponent("link.json"))
        try CLIRunner.write("section\nrow -c T\n", to: "list.tableViewConfig", in: folder)
        let original = try Data(contentsOf: folder.appendingPathComponent("cells.json"))
        let fontBytes = try Data(contentsOf: folder.appendingPathComponent("font.ttf"))
        let cases: [([String], String)] = [
            (["--render", "./link.json", "cells.json"], "--render ./link.json: is the input document"),
            (["--render", "font.ttf", "cells.json"], "--render font.ttf: is the font file ./font.ttf"),
            (["--render", "list.tableViewConfig", "--config", "list.tableViewConfig", "cells.json"],
             "--render list.tableViewConfig: is the --config file"),
        ]
        for (arguments, message) in cases {
            let out = try CLIRunner.run(arguments, in: folder)
            #expect(out.status == 64, "\(arguments)")
            #expect(out.errorLines == ["measure-cli: \(message); the run will not write over its own input"])
        }
        // Standard output appended to the document (`>> cells.json`) or to a font.
        for (target, message) in [("cells.json", "the input document"), ("font.ttf", "the font file ./font.ttf")] {
            let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(target))
            try handle.seekToEnd()
            let out = try CLIRunner.run(["cells.json"], stdout: handle, in: folder)
            #expect(out.status == 74)
            #expect(out.stderr == "measure-cli: standard output is \(message); the run will not write over its own input\n")
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("cells.json")) == original)
        #expect(try Data(contentsOf: folder.appendingPathComponent("font.ttf")) == fontBytes)
    }

    /// Every character class a terminal or a line reader treats specially, with text around it.
    static let hostile = "a\nb\r\"c,d\\e\u{1B}[31mred\u{7F}\u{85}\u{9B}\u{2028}\u{2029}\u{202E}rtl\u{2066}\t\u{0}é中😀"

    @Test func errorLinesAndWarningsQuoteUserStringsOnOneLine() throws {
        let name = Self.hostile
        let document = #"{"templates":{"T":\#(Self.template)},"sections":[{"template":\#(Self.json(name)),"autoHeight":true,"rows":[{}]}],"\#(Self.jsonBody(name))":1}"#
        let folder = try CLIRunner.temporaryFolder()
        try CLIRunner.write(document, to: "cells.json", in: folder)
        let out = try CLIRunner.run(["cells.json"], in: folder)
        #expect(out.status == 65)
        #expect(out.errorLines == [#"cells.json: sections[0]: template \#(Self.json(name)) not found"#])
        Self.expectNothingATerminalActsOn(out.stderr)
        #expect(out.stderr.contains(#"template "a\nb\r\"c,d\\e\u001b[31mred\u007f\u0085\u009b\u2028\u2029\u202ertl\u2066\t\u0000é中😀""#))
        let warned = #"{"sections":[{"rows":[{}]}],"\#(Self.jsonBody(name))":1}"#
        try CLIRunner.write(warned, to: "warned.json", in: folder)
        let warning = try CLIRunner.run(["warned.json"], in: folder)
        #expect(warning.status == 0)
        #expect(warning.errorLines.first == #"warned.json: warning: [\#(Self.json(name))]: unknown member ignored"#)
        #expect(warning.errorLines.count == 2)
        Self.expectNothingATerminalActsOn(warning.stderr)
    }

    @Test func everyOutputFormatIsValidForEveryInputText() throws {
        let keys = [Self.hostile, "plain", "", "\u{1B}", "x\r\ny", "\"", ","]
        let rows = keys.map { #"{"key":\#(Self.json($0)),"text":\#(Self.json($0))}"# }.joined(separator: ",")
        let document = #"{"templates":{"T":\#(Self.template)},"sections":[{"template":"T","autoHeight":true,"rows":[\#(rows)]}]}"#
        let folder = try CLIRunner.temporaryFolder()
        try CLIRunner.write(document, to: "cells.json", in: folder)
        let check = """
            import csv, io, json, sys
            fmt, keys, out = sys.argv[1], json.loads(sys.argv[2]), sys.stdin.read()
            if fmt == 'jsonl':
                got = [json.loads(line)['key'] for line in out.split('\\n')[:-1]]
            elif fmt == 'json':
                got = [r['key'] for r in json.loads(out)]
            elif fmt == 'csv':
                table = list(csv.reader(io.StringIO(out, newline='')))
                assert table[0][:5] == ['section', 'kind', 'row', 'key', 'height'], table[0]
                got = [json.loads('"' + r[3] + '"') for r in table[1:]]
            else:
                lines = out.split('\\n')[:-1]
                assert len(lines) == len(keys) + 1, lines
                got = [json.loads('"' + line.split(None, 4)[4] + '"') if len(line.split(None, 4)) > 4 else '' for line in lines[1:]]
            assert got == keys, (got, keys)
            print('ok')
            """
        let keyList = String(decoding: try JSONSerialization.data(withJSONObject: keys), as: UTF8.self)
        for format in ["jsonl", "json", "csv", "table"] {
            let out = try CLIRunner.run(["--format", format, "cells.json"], in: folder)
            #expect(out.status == 0, "\(format)")
            Self.expectNothingATerminalActsOn(out.stdout, allowingNewlines: true)
            let verdict = try PackageTools.python(check, arguments: [format, keyList], stdin: Data(out.stdout.utf8))
            #expect(verdict == "ok\n", "\(format)")
        }
        // A bad --stream line whose error quotes user text stays one record in csv and table.
        let stream = #"{"sections":[{"height":44}]}"# + "\n" + #"{"accessory":\#(Self.json(Self.hostile))}"# + "\n"
        for format in ["csv", "table", "jsonl"] {
            let out = try CLIRunner.run(["--stream", "--format", format, "-"], stdin: Data(stream.utf8))
            #expect(out.status == 0)
            #expect(out.lines.count == (format == "jsonl" ? 1 : 2), "\(format): \(out.stdout)")
            Self.expectNothingATerminalActsOn(out.stdout, allowingNewlines: true)
        }
    }

    /// No control character, C1 control, line separator or bidi override (newlines only as
    /// line ends when allowed).
    static func expectNothingATerminalActsOn(_ text: String, allowingNewlines: Bool = true,
                                             sourceLocation: SourceLocation = #_sourceLocation) {
        let bad = text.unicodeScalars.filter { s in
            if s == "\n" { return !allowingNewlines }
            switch s.value {
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }
        #expect(bad.isEmpty, "found \(bad.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }

    /// `text` as a JSON string literal, as the output writes it.
    static func json(_ text: String) -> String {
        JSONText.quoted(text)
    }

    /// The body of `json(text)`, without the quotes.
    static func jsonBody(_ text: String) -> String {
        String(json(text).dropFirst().dropLast())
    }
}
