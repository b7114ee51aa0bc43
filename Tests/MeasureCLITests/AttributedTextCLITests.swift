import Foundation
import Testing
import TemplateLayout

/// measure-cli on documents with attributed labels: a template's runs, a row's runs, the
/// paragraph members, as whole documents, streams and curves; a bad run is an error at its path.
@Suite struct AttributedTextCLITests {
    static let document = #"""
    {"list":{"width":375,"scale":2},
     "templates":{"Event":{"views":[
        {"id":"line","label":{"text":[{"text":"${name}","font":"bold"},{"text":" replied to "},
                                      {"text":"${time}","size":11,"baselineOffset":1.5,"features":["tnum"]}],
                              "size":15,"lines":0,"paragraphSpacing":6,"kern":0.25}},
        {"id":"body","label":{"text":"${body}","size":14,"lines":0,"firstLineHeadIndent":24}}],
       "constraints":["line.leading == super.leading + 16","line.trailing == super.trailing - 16",
                      "line.top == super.top + 10","body.leading == line.leading","body.trailing == line.trailing",
                      "body.top == line.bottom + 4","super.bottom >= body.bottom + 10"]}},
     "sections":[{"template":"Event","autoHeight":true,"rows":[
        {"name":"Ada","time":"10:42","body":"First post"},
        {"name":"王小明","time":"昨天","body":[{"text":"Grace ","font":"bold","size":24},{"text":"wrote a long reply that wraps onto more lines than one"}]},
        {"name":"Linus","time":"","body":"Re: First post\nA second paragraph"}]}]}
    """#

    /// The heights the library gives for the document, one JSON line per row.
    static func expectedLines(_ text: String) throws -> [String] {
        let document = try DocumentDecoder(fontDefaults: try Fonts.bundled).decode(try JSONParser().parse(text))
        let measurer = try ListMeasurer(document: document, baseDirectory: ".")
        let section = document.sections[0]
        return try section.rows.enumerated().map { r, row in
            "{\"section\":0,\"row\":\(r),\"height\":\(JSONText.number(try measurer.measureRow(row, in: section, frames: false).height))}"
        }
    }

    @Test func aDocumentWithRunsMeasuresAsTheLibraryWithAnyJobCountAndAsAStream() throws {
        let folder = try CLIRunner.temporaryFolder()
        let file = try CLIRunner.write(Self.document, to: "cells.json", in: folder)
        let expected = try Self.expectedLines(Self.document)
        for jobs in ["1", "3"] {
            let out = try CLIRunner.run(["--jobs", jobs, file.path])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.lines == expected)
        }
        #expect(expected.map { $0.components(separatedBy: "height\":").last! } == ["58.5}", "89}", "75}"])
        // The same rows as a stream, each row a line after the row-less document.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.document.utf8)) as? [String: Any])
        var sections = try #require(object["sections"] as? [[String: Any]])
        let rows = try #require(sections[0]["rows"] as? [[String: Any]])
        sections[0]["rows"] = nil
        object["sections"] = sections
        var lines = [String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)]
        for row in rows { lines.append(String(decoding: try JSONSerialization.data(withJSONObject: row), as: UTF8.self)) }
        let streamed = try CLIRunner.run(["--stream", "-"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(streamed.status == 0, "\(streamed.stderr)")
        #expect(streamed.lines == expected)
    }

    @Test func curvesOfAttributedRowsAreWhatWidthGives() throws {
        let folder = try CLIRunner.temporaryFolder()
        let file = try CLIRunner.write(Self.document, to: "cells.json", in: folder)
        let out = try CLIRunner.run(["--widths", "320...400", file.path])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.lines.count == 3)
        for w in ["320", "357.5", "400"] {
            let at = try CLIRunner.run(["--width", w, file.path])
            let curves = try out.lines.map { line -> [[Double]] in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return try #require(object["curve"] as? [[Double]])
            }
            for (r, curve) in curves.enumerated() {
                let height = try #require(curve.last { $0[0] <= Double(w)! })[1]
                #expect(at.lines[r] == "{\"section\":0,\"row\":\(r),\"height\":\(JSONText.number(height))}", "row \(r) at \(w)")
            }
        }
    }

    @Test func aBadRunIsAnErrorNamingItsPath() throws {
        let folder = try CLIRunner.temporaryFolder()
        let bad = Self.document.replacingOccurrences(of: #""size":11,"#, with: #""size":-11,"#)
        let out = try CLIRunner.run([try CLIRunner.write(bad, to: "cells.json", in: folder).path])
        #expect(out.status == 65)
        #expect(out.errorLines.first?.contains("templates.Event.views[0].label.text[2].size") == true, "\(out.stderr)")
        // A row's run with an unknown font is an error of that row.
        let badRow = Self.document.replacingOccurrences(of: #""font":"bold","size":24"#, with: #""font":"italic","size":24"#)
        let rowOut = try CLIRunner.run([try CLIRunner.write(badRow, to: "row.json", in: folder).path])
        #expect(rowOut.status != 0)
        #expect(rowOut.stderr.contains("sections[0].rows[1].body[0].font"), "\(rowOut.stderr)")
    }
}
