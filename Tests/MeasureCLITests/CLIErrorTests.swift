import Foundation
import Testing

/// SPEC section 3's bad documents: one line on stderr naming the file and the JSON path, nothing
/// on stdout, and a distinct exit status (64 usage, 65 input, 66 font, 67 layout).
@Suite struct CLIErrorTests {
    /// Runs measure-cli on `document` saved as `cells.json` (plus `extra` files) from its folder.
    func failure(_ document: String, arguments: [String] = [], extra: [String: Data] = [:]) throws -> CLIRunner.Outcome {
        let folder = try CLIRunner.temporaryFolder()
        try CLIRunner.write(document, to: "cells.json", in: folder)
        for (name, data) in extra { try data.write(to: folder.appendingPathComponent(name)) }
        return try CLIRunner.run(arguments + ["cells.json"], in: folder)
    }

    func expectFailure(_ out: CLIRunner.Outcome, status: Int32, line: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(out.status == status, sourceLocation: sourceLocation)
        #expect(out.stdout == "", sourceLocation: sourceLocation)
        #expect(out.errorLines == [line], sourceLocation: sourceLocation)
    }

    static let template = """
        "templates":{"FeedCell":{"views":[{"id":"t","label":{"text":"${text}"}}],
          "constraints":["t.leading == super.leading","t.trailing == super.trailing","t.top == super.top","super.bottom == t.bottom"]}}
        """

    @Test func aLargeInputTruncatedWhileBeingReadIsAnInputErrorNeverACrash() throws {
        // Over a megabyte, so the file is mapped rather than read; cut to 200 KB as soon as the
        // command starts. Whenever the cut lands (before the open, while rows are read, after
        // the run), the outcome is a clean one: exit 0, or exit 65 with one line and no output.
        let row = #"{"text":"A row of text long enough to make the document big"}"#
        let rows = Array(repeating: row, count: 24_000).joined(separator: ",")
        let document = "{\(Self.template),\"sections\":[{\"template\":\"FeedCell\",\"rows\":[\(rows)]}]}"
        #expect(document.utf8.count > 1 << 20)
        for _ in 0..<3 {
            let folder = try CLIRunner.temporaryFolder()
            let file = try CLIRunner.write(document, to: "cells.json", in: folder)
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.arguments = [file.path]
            process.standardOutput = Pipe()
            let err = Pipe()
            process.standardError = err
            try process.run()
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 200_000)
            try handle.close()
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
            #expect(process.terminationStatus == 0 || process.terminationStatus == 65)
            if process.terminationStatus == 65 {
                #expect(errors.split(separator: "\n").count == 1, "\(errors)")
                #expect(errors.contains("cells.json"))
            }
        }
    }

    @Test func invalidJSONNamesLineColumnAndPath() throws {
        let out = try failure("{\"sections\":[{\"rows\":[{},\n  {\"a\": tru}]}]}")
        expectFailure(out, status: 65, line: "cells.json: sections[0].rows[1].a: line 2, column 9: invalid literal: expected true")
        let comma = try failure("{\"sections\":[1,]}")
        expectFailure(comma, status: 65, line: "cells.json: sections[1]: line 1, column 16: a trailing comma is not allowed")
    }

    @Test func unknownTemplateNamesTheRow() throws {
        let out = try failure("""
            {\(CLIErrorTests.template), "sections":[{"autoHeight":true,"template":"FeedCell",
              "rows":[{},{},{},{"template":"FeedCel"}]}]}
            """)
        expectFailure(out, status: 65, line: #"cells.json: sections[0].rows[3]: template "FeedCel" not found"#)
    }

    @Test func unknownViewInAConstraintNamesTheConstraint() throws {
        let out = try failure("""
            {"templates":{"T":{"views":[{"id":"a","view":{"width":10,"height":10}}],
              "constraints":["a.top == super.top","avtar.leading == super.leading"]}},
             "sections":[{"template":"T","autoHeight":true,"rows":[{}]}]}
            """)
        expectFailure(out, status: 67, line: #"cells.json: templates.T.constraints[1]: "avtar.leading == super.leading": unknown view "avtar" at column 1"#)
    }

    @Test func conflictingRequiredConstraintsNameBoth() throws {
        let out = try failure("""
            {"templates":{"T":{"views":[{"id":"a","view":{}}],
              "constraints":["a.top == super.top","a.height == 10","a.height == 20","super.bottom == a.bottom"]}},
             "sections":[{"template":"T","autoHeight":true,"rows":[{}]}]}
            """)
        #expect(out.status == 67)
        #expect(out.stdout == "")
        #expect(out.errorLines.count == 1)
        let line = out.errorLines.first ?? ""
        #expect(line.hasPrefix("cells.json: templates.T.constraints["))
        #expect(line.contains("conflict"))
        #expect(line.contains(#""a.height == 10""#) && line.contains(#""a.height == 20""#))
    }

    /// A layout that only fails at some rows' widths: the first failing row in document order
    /// is named, whichever job measured it first; a row repeating a good row's key takes that
    /// row's height, as a keyed cache answers it, even where measuring it would fail.
    @Test func theFirstRowThatCannotBeLaidOutIsNamed() throws {
        let rows = (0..<300).map { i in
            i == 200 || i == 250 ? #"{"accessory":"detailDisclosure"}"# : #"{"key":"k\#(i % 7)"}"#
        }
        let document = """
            {"templates":{"T":{"views":[{"id":"a","view":{}}],
              "constraints":["a.leading == super.leading + 16","a.width == 300","a.trailing <= super.trailing",
                             "a.top == super.top","a.height == 10","super.bottom == a.bottom"]}},
             "sections":[{"template":"T","autoHeight":true,"rows":[\(rows.joined(separator: ","))]}]}
            """
        let out = try failure(document, arguments: ["--jobs", "2"])
        #expect(out.status == 67)
        #expect(out.stdout == "")
        #expect(out.errorLines.count == 1)
        let line = out.errorLines.first ?? ""
        #expect(line.hasPrefix("cells.json: templates.T.constraints[0]: required constraints conflict: "), "\(line)")
        #expect(line.contains(#""super.width == 307 (the content width)""#))
        #expect(line.hasSuffix("(in sections[0].rows[200])"), "\(line)")

        let keyed = """
            {"templates":{"T":{"views":[{"id":"a","view":{}}],
              "constraints":["a.leading == super.leading + 16","a.width == 300","a.trailing <= super.trailing",
                             "a.top == super.top","a.height == 10","super.bottom == a.bottom"]}},
             "sections":[{"template":"T","autoHeight":true,"rows":[{"key":"k"},{"key":"k","accessory":"none"}]}]}
            """
        let ok = try failure(keyed, arguments: ["--jobs", "2"])
        #expect(ok.status == 0)
        #expect(ok.lines == [#"{"section":0,"row":0,"height":10.5,"key":"k"}"#, #"{"section":0,"row":1,"height":10.5,"key":"k"}"#])
    }

    @Test func missingFontFileIsAFontError() throws {
        let out = try failure(#"{"fonts":{"default":"nope.ttf"},"sections":[{"rows":[{}]}]}"#)
        expectFailure(out, status: 66, line: #"cells.json: fonts.default: font "nope.ttf" will not load: no such file"#)
    }

    @Test func corruptFontFileIsAFontError() throws {
        let junk = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        let out = try failure(#"{"fonts":{"default":"corrupt.ttf"},"sections":[{"rows":[{}]}]}"#, extra: ["corrupt.ttf": junk])
        expectFailure(out, status: 66, line: #"cells.json: fonts.default: font "corrupt.ttf" will not load: not a TrueType/OpenType font file"#)
    }

    @Test func missingFontOptionFileIsAFontError() throws {
        let out = try failure(#"{"sections":[{"rows":[{}]}]}"#, arguments: ["--font", "/nonexistent/x.ttf"])
        expectFailure(out, status: 66, line: #"cells.json: fonts.default: font "/nonexistent/x.ttf" will not load: no such file"#)
    }

    @Test func negativeWidthInTheDocumentIsAnInputError() throws {
        let out = try failure(#"{"list":{"width":-5},"sections":[]}"#)
        expectFailure(out, status: 65, line: "cells.json: list.width: -5 is out of range: expected a positive number of points up to 1000000")
    }

    @Test func invalidUTF8IsRejectedWithItsPlace() throws {
        var bytes = Data(#"{"sections":[{"rows":[{"text":"ab"#.utf8)
        bytes.append(contentsOf: [0xC3, 0x28])
        bytes.append(contentsOf: Data(#""}]}]}"#.utf8))
        let folder = try CLIRunner.temporaryFolder()
        try bytes.write(to: folder.appendingPathComponent("cells.json"))
        let out = try CLIRunner.run(["cells.json"], in: folder)
        expectFailure(out, status: 65, line: "cells.json: sections[0].rows[0].text: line 1, column 34: invalid UTF-8 byte 0xC3 in a string")
    }

    @Test func unknownViewKindAndWrongTypesNameTheirPaths() throws {
        let kind = try failure(#"{"templates":{"T":{"views":[{"id":"b","button":{}}]}},"sections":[]}"#)
        expectFailure(kind, status: 65, line: #"cells.json: templates.T.views[0].button: unknown view kind "button": expected label, image, view or stack"#)
        let type = try failure(#"{"sections":[{"rows":[{"height":"tall"}]}]}"#)
        expectFailure(type, status: 65, line: "cells.json: sections[0].rows[0].height: expected a number, found a string")
        let font = try failure(#"{"templates":{"T":{"views":[{"id":"t","label":{"text":"x","font":"serif"}}]}},"sections":[]}"#)
        expectFailure(font, status: 65, line: #"cells.json: templates.T.views[0].label.font: font "serif" not found in fonts ("bold", "default")"#)
    }

    @Test func usageErrorsAreOneLineWithStatus64() throws {
        expectFailure(try CLIRunner.run([]), status: 64,
                      line: "measure-cli: Missing expected argument '<CELLS.json|->' (see measure-cli --help)")
        expectFailure(try CLIRunner.run(["--jobs", "0", "x.json"]), status: 64,
                      line: "measure-cli: --jobs must be 1...1024, got 0 (see measure-cli --help)")
        expectFailure(try CLIRunner.run(["--format", "xml", "x.json"]), status: 64,
                      line: "measure-cli: The value 'xml' is invalid for '--format <format>'. Please provide one of 'jsonl', 'json', 'csv' or 'table'. (see measure-cli --help)")
    }

    @Test func helpPrintsUsageAndSucceeds() throws {
        let out = try CLIRunner.run(["--help"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("USAGE: measure-cli "))
        for option in ["--font <FILE>", "--width <W>", "--scale <S>", "--format <format>", "--frames", "--jobs <N>",
                       "--stream", "--render <FILE.svg>", "--render-rows <N>", "--check-ambiguity", "<CELLS.json|->"] {
            #expect(out.stdout.contains(option), "\(option)")
        }
        #expect(out.stdout.contains("64 usage, 65 bad input"))
    }

    @Test func missingInputFileIsAnInputError() throws {
        let out = try CLIRunner.run(["/nonexistent/cells.json"])
        expectFailure(out, status: 65, line: "/nonexistent/cells.json: no such file")
    }

    @Test func tenMegabyteLabelTextIsMeasured() throws {
        let text = String(repeating: "word ", count: 2_000_000)
        let document = """
            {"templates":{"T":{"views":[{"id":"t","label":{"text":"${text}","lines":1}}],
              "constraints":["t.leading == super.leading","t.trailing == super.trailing","t.top == super.top","super.bottom == t.bottom"]}},
             "sections":[{"template":"T","autoHeight":true,"rows":[{"text":"\(text)"}]}]}
            """
        let out = try CLIRunner.run(["-"], stdin: Data(document.utf8))
        let label = FontReference.roundUp(try FontReference.lineHeightPerPoint("DejaVuSans.ttf") * 17, scale: 2)
        #expect(out.status == 0)
        #expect(out.lines == ["{\"section\":0,\"row\":0,\"height\":\(FontReference.roundUp(label + 0.5, scale: 2))}"])
    }
}
