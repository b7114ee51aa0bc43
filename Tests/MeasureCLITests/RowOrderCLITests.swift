import Foundation
import Testing

/// Issue 31's two rows through measure-cli in both orders, with one job, two jobs and
/// `--stream`: the first row is 46.5 whether it comes first or after the row whose text holds
/// `مرحبا` after a Latin word, and `--check-ambiguity` finds nothing open.
@Suite struct RowOrderCLITests {
    static let template = #"""
        {"views": [{"id": "a", "label": {"text": "${a}", "size": 15, "lines": 0}, "compression": [740, 750], "hugging": [251, 250]},
                   {"id": "b", "label": {"text": "${b}", "size": 22, "lines": 0}, "hidden": "hb", "compression": [745, 750], "hugging": [252, 250]},
                   {"id": "img", "image": {"width": "${w}", "height": "${h}"}, "compression": [1000, 1000], "hugging": [253, 250]},
                   {"id": "s", "stack": {"axis": "horizontal", "arranged": ["a", "b", "img"], "alignment": "firstBaseline", "spacing": 6}},
                   {"id": "c", "label": {"text": "${c}", "lines": 3, "lineBreak": "truncateTail"}},
                   {"id": "v", "stack": {"axis": "vertical", "arranged": ["s", "c"], "alignment": "fill", "spacing": 4}}],
         "constraints": ["v.top == super.top + 8", "v.leading == super.leading + 12", "v.trailing == super.trailing - 12",
                         "super.bottom >= v.bottom + 8"]}
        """#
    static let first = #"{"a": "supercalifragilistic a 漢字テキスト", "b": "😀 مرحبا"}"#
    static let second = #"{"c": "supercalifragilistic مرحبا"}"#

    static func document(rows: [String]) -> String {
        #"{"list": {"width": 375}, "templates": {"T": \#(template)}, "sections": [{"template": "T", "autoHeight": true, "rows": [\#(rows.joined(separator: ","))]}]}"#
    }

    @Test func issue31RowIsTheSameHeightInEitherOrderWithAnyJobsAndStreamed() throws {
        let folder = try CLIRunner.temporaryFolder()
        for (name, rows, heights) in [("alone", [Self.first], ["46.5"]),
                                      ("after", [Self.second, Self.first], ["40.5", "46.5"]),
                                      ("before", [Self.first, Self.second], ["46.5", "40.5"])] {
            let file = try CLIRunner.write(Self.document(rows: rows), to: "\(name).json", in: folder)
            let expected = heights.enumerated().map { #"{"section":0,"row":\#($0.offset),"height":\#($0.element)}"# }
            for jobs in ["1", "2"] {
                let run = try CLIRunner.run(["--jobs", jobs, "--quiet", file.path])
                #expect(run.status == 0)
                #expect(run.lines == expected, "\(name) --jobs \(jobs)")
            }
            let checked = try CLIRunner.run(["--check-ambiguity", file.path])
            #expect(checked.status == 0)
            #expect(!checked.stderr.contains("ambiguous layout:"), "\(checked.stderr)")
            // One line of document, then one line per row.
            let stream = Self.document(rows: []).replacingOccurrences(of: "\n", with: " ") + "\n"
                + rows.joined(separator: "\n") + "\n"
            let streamed = try CLIRunner.run(["--stream", "--quiet", "-"], stdin: Data(stream.utf8))
            #expect(streamed.status == 0)
            #expect(streamed.lines == expected, "\(name) --stream")
        }
    }
}
