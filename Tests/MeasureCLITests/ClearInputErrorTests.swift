import Foundation
import Testing

/// Issue 31's edges of measure-cli: a precise message instead of a guess (font `#N` suffixes,
/// `--render` to standard output, `.tableViewConfig` encodings), CSV cells a spreadsheet would
/// run as formulas, bounded pictures and bounded error lines.
@Suite struct ClearInputErrorTests {
    static let template = """
        "templates":{"T":{"views":[{"id":"l","label":{"text":"${t}","lines":0}}],
          "constraints":["l.leading == super.leading","l.trailing == super.trailing","l.top == super.top","super.bottom == l.bottom"]}}
        """

    /// A folder with `cells.json` holding `body` after the template, and the bundled DejaVu Sans
    /// copied in as `font`.
    func folder(_ body: String, font: String? = nil) throws -> URL {
        let folder = try CLIRunner.temporaryFolder()
        try CLIRunner.write("{\(Self.template),\(body)}", to: "cells.json", in: folder)
        if let font {
            try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Fonts/DejaVuSans.ttf"),
                                             to: folder.appendingPathComponent(font))
        }
        return folder
    }

    @Test func aFontPathEndingInHashThatIsAFileIsThatFile() throws {
        let folder = try self.folder(#""fonts":{"default":"x#2"},"sections":[{"template":"T","autoHeight":true,"rows":[{"t":"a"}]}]"#, font: "x#2")
        let out = try CLIRunner.run(["--quiet", "cells.json"], in: folder)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.lines.count == 1)
    }

    @Test func aHashSuffixThatIsNoFaceIndexSaysWhatIsWrong() throws {
        let cases = [
            ("f.ttf#-1", "face index -1 after '#' is negative; a face index is 0...65535"),
            ("f.ttf#abc", "no such file, and \"abc\" after '#' is not a face index (a whole number 0...65535)"),
            ("f.ttf#12345678901234567890", "face index 12345678901234567890 after '#' is more than 65535; a face index is 0...65535"),
            ("f.ttf#70000", "face index 70000 after '#' is more than 65535; a face index is 0...65535"),
            ("f.ttf#1", "face index 1 out of range (the file has 1 face)"),
        ]
        for (file, reason) in cases {
            let folder = try self.folder(#""fonts":{"default":"\#(file)"},"sections":[]"#, font: "f.ttf")
            let out = try CLIRunner.run(["cells.json"], in: folder)
            #expect(out.status == 66, "\(file)")
            #expect(out.errorLines == ["cells.json: fonts.default: font \"\(file)\" will not load: \(reason)"], "\(file)")
        }
    }

    @Test func renderToTheStandardOutputIsRefused() throws {
        let folder = try self.folder(#""sections":[{"template":"T","autoHeight":true,"rows":[{"t":"a"}]}]"#)
        for path in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
            let out = try CLIRunner.run(["--render", path, "cells.json"], in: folder)
            #expect(out.status == 64, "\(path)")
            #expect(out.stdout == "")
            #expect(out.errorLines == ["measure-cli: --render \(path): is the standard output, where the rows go; write the picture to a file of its own"])
        }
        // The same file as the redirected standard output is refused too; /dev/null takes both.
        let file = folder.appendingPathComponent("out.txt")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        let same = try CLIRunner.run(["--render", "out.txt", "cells.json"], stdout: handle, in: folder)
        try handle.close()
        #expect(same.status == 64)
        let null = try CLIRunner.run(["--quiet", "--render", "/dev/null", "cells.json"], stdout: FileHandle.nullDevice, in: folder)
        #expect(null.status == 0, "\(null.stderr)")
    }

    @Test func csvCellsThatASpreadsheetWouldRunAsFormulasStartWithAQuote() throws {
        let keys = ["=1+2", "+A1", "-x", "@SUM(A1)", "-3", "+1.5e3", "plain", "a=b", "=HYPERLINK(\"x\",\"y\")"]
        let rows = keys.map { #"{"height":10,"key":\#(JSONTextQuote($0))}"# }.joined(separator: ",")
        let folder = try self.folder(#""sections":[{"rows":[\#(rows)]}]"#)
        let out = try CLIRunner.run(["--quiet", "--format", "csv", "cells.json"], in: folder)
        #expect(out.status == 0)
        #expect(out.lines == [
            "section,kind,row,key,height",
            "0,row,0,'=1+2,10",
            "0,row,1,'+A1,10",
            "0,row,2,'-x,10",
            "0,row,3,'@SUM(A1),10",
            "0,row,4,-3,10",
            "0,row,5,+1.5e3,10",
            "0,row,6,plain,10",
            "0,row,7,a=b,10",
            #"0,row,8,"'=HYPERLINK(\""x\"",\""y\"")",10"#,
        ])
    }

    @Test func aConfigFileIsReadWithAnyLineEndingAndRefusedWhenNotUTF8Text() throws {
        let data = #"{\#(Self.template),"list":{"rowHeight":44},"data":{"items":[{"t":"a"},{"t":"b"}]}}"#
        let folder = try CLIRunner.temporaryFolder()
        try CLIRunner.write(data, to: "data.json", in: folder)
        var outputs: [[String]] = []
        for ending in ["\n", "\r\n", "\r"] {
            try CLIRunner.write(["section -s items", "row -c T", ""].joined(separator: ending), to: "c.tableViewConfig", in: folder)
            let out = try CLIRunner.run(["--quiet", "--config", "c.tableViewConfig", "data.json"], in: folder)
            #expect(out.status == 0, "\(out.stderr)")
            outputs.append(out.lines)
        }
        #expect(outputs[0].count == 2 && outputs[1] == outputs[0] && outputs[2] == outputs[0])
        for (bytes, line) in [(Data("section -s items\r\nrow -c T\r\n\u{0}".utf8), "c.tableViewConfig: line 3: a NUL character: a .tableViewConfig file is text"),
                              (Data("section -s items\nrow -c \u{e9}".utf8.dropLast()), "c.tableViewConfig: line 2: invalid UTF-8 (byte 0xC3): a .tableViewConfig file is UTF-8 text")] {
            try bytes.write(to: folder.appendingPathComponent("c.tableViewConfig"))
            let out = try CLIRunner.run(["--config", "c.tableViewConfig", "data.json"], in: folder)
            #expect(out.status == 65)
            #expect(out.stdout == "")
            #expect(out.errorLines == [line])
        }
    }

    @Test func aPictureDrawsAtMostItsGlyphCapAndSaysSo() throws {
        let text = String(repeating: "abcdefgh ", count: 13_000)
        let folder = try self.folder(#""sections":[{"template":"T","autoHeight":true,"rows":[{"t":"\#(text)"},{"t":"after"}]}]"#)
        let out = try CLIRunner.run(["--render", "rows.svg", "cells.json"], in: folder)
        #expect(out.status == 0)
        let warning = "cells.json: warning: --render drew at most 100000 glyphs: the text from s0 r0 label \"l\" on is left out of the picture"
        #expect(out.errorLines.first == warning)
        let svg = try String(contentsOf: folder.appendingPathComponent("rows.svg"), encoding: .utf8)
        let uses = svg.components(separatedBy: "<use ").count - 1
        // Spaces take from the cap but draw nothing.
        #expect(uses > 85_000 && uses <= 100_000)
        #expect(svg.contains("At most 100000 glyphs are drawn: the text from s0 r0 label &quot;l&quot; on is left out."))
        // A picture under the cap says nothing.
        let small = try self.folder(#""sections":[{"template":"T","autoHeight":true,"rows":[{"t":"short"}]}]"#)
        let quiet = try CLIRunner.run(["--render", "rows.svg", "cells.json"], in: small)
        #expect(quiet.status == 0 && quiet.errorLines.count == 1)
    }

    @Test func errorLinesQuoteLongInputAndPathsCut() throws {
        let long = "l.top == super.top + " + String(repeating: "1", count: 400_000)
        let folder = try CLIRunner.temporaryFolder()
        try CLIRunner.write(#"{"templates":{"T":{"views":[{"id":"l","view":{}}],"constraints":["\#(long) @"]}},"sections":[]}"#,
                            to: "cells.json", in: folder)
        let out = try CLIRunner.run(["cells.json"], in: folder)
        #expect(out.status != 0)
        #expect(out.errorLines.count == 1)
        #expect(out.stderr.utf8.count < 400)
        #expect(out.stderr.contains("... (\((long + " @").utf8.count) bytes)"), "\(out.stderr)")
        // A deeply nested value's path keeps its two ends.
        let deep = String(repeating: "[", count: 400) + "x" + String(repeating: "]", count: 400)
        try CLIRunner.write(#"{"sections":\#(deep)}"#, to: "cells.json", in: folder)
        let nested = try CLIRunner.run(["cells.json"], in: folder)
        #expect(nested.status == 65)
        #expect(nested.stderr.utf8.count < 400)
        #expect(nested.stderr.contains("bytes)...[0][0]"))
        // What no message cuts (a file name of 100,005 bytes) the line itself keeps to its ends.
        let name = String(repeating: "a", count: 100_000) + ".json"
        let missing = try CLIRunner.run([name], in: folder)
        #expect(missing.status == 65)
        #expect(missing.errorLines.count == 1)
        #expect(missing.stderr.utf8.count < 3100)
        #expect(missing.stderr.contains("...(97038 bytes)...") && missing.stderr.hasSuffix(".json: cannot open: File name too long\n"), "\(missing.stderr.suffix(100))")
    }
}

/// `text` as a JSON string literal.
private func JSONTextQuote(_ text: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
        .dropFirst().dropLast().description
}
