import Foundation
import Testing
import TestSupport

/// `--widths MIN...MAX`: every line's height curve, checked against `--width` runs at pixel
/// widths inside each step; the stream modes print the same curves; bad ranges are usage errors.
@Suite struct WidthsOptionTests {
    static let document = #"""
    {"list":{"scale":2,"headerHeight":30},
     "templates":{"Title":{"views":[{"id":"title","label":{"text":"${title}","lines":0}}],
                           "visualFormats":["H:|-16-[title]-16-|","V:|-11-[title]-11-|"]}},
     "sections":[{"template":"Title","autoHeight":true,"header":{"title":"Today"},
                  "rows":[{"key":"long","title":"A title long enough to wrap onto a second line, and at the narrowest widths onto a third one as well"},
                          {"height":44}]}]}
    """#

    /// The `"curve"` pairs of a JSON line.
    static func curve(_ line: String) throws -> [[Double]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(object["curve"] as? [[Double]])
    }

    @Test func eachStepsHeightIsWhatWidthGivesAtPixelWidthsInsideIt() throws {
        let folder = try CLIRunner.temporaryFolder()
        let file = try CLIRunner.write(Self.document, to: "cells.json", in: folder)
        let out = try CLIRunner.run(["--widths", "320...1024", file.path])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.lines.count == 3)
        #expect(out.lines.first == #"{"section":0,"kind":"header","curve":[[320,30]]}"#)
        #expect(out.lines.last == #"{"section":0,"row":1,"curve":[[320,44]]}"#)
        let row = try Self.curve(out.lines[1])
        #expect(out.lines[1].hasSuffix(#","key":"long"}"#))
        #expect(row.count >= 3 && row.first?.first == 320)
        for (i, step) in row.enumerated() {
            let end = i + 1 < row.count ? row[i + 1][0] : 1024.5
            // The first and last pixel widths (1/2 point) inside the step.
            let first = (step[0] * 2).rounded(.up) / 2, last = ((end * 2).rounded(.up) - 1) / 2
            for w in Set([first, last]) where w >= step[0] && w < end {
                let at = try CLIRunner.run(["--width", "\(w)", file.path])
                #expect(at.lines[1].hasPrefix(#"{"section":0,"row":0,"height":\#(JSONNumber.text(step[1])),"#),
                        "at \(w): \(at.lines[1]) against step \(step)")
            }
        }
    }

    @Test func streamAndDocumentModesPrintTheSameCurves() throws {
        let folder = try CLIRunner.temporaryFolder()
        let whole = try CLIRunner.write(Self.document, to: "cells.json", in: folder)
        let expected = try CLIRunner.run(["--widths", "320...700", whole.path]).lines
        let rowless = #"{"list":{"scale":2,"headerHeight":30},"templates":{"Title":{"views":[{"id":"title","label":{"text":"${title}","lines":0}}],"visualFormats":["H:|-16-[title]-16-|","V:|-11-[title]-11-|"]}},"sections":[{"template":"Title","autoHeight":true,"header":{"title":"Today"}}]}"#
        let rows = [#"{"key":"long","title":"A title long enough to wrap onto a second line, and at the narrowest widths onto a third one as well"}"#,
                    #"{"height":44}"#]
        let stream = try CLIRunner.run(["--widths", "320...700", "--stream", "-"],
                                       stdin: Data(([rowless] + rows + ["{bad"]).joined(separator: "\n").utf8))
        #expect(stream.lines == expected + [#"{"line":4,"error":"column 2: expected a member name in quotes, found 'b'"}"#])
        let documentFile = try CLIRunner.write(rowless, to: "rowless.json", in: folder)
        let partition = try CLIRunner.run(["--widths", "320...700", "--stream", "--document", documentFile.path, "-"],
                                          stdin: Data(rows.joined(separator: "\n").utf8))
        #expect(partition.lines == [String(expected[1].dropLast()) + #","line":1}"#, String(expected[2].dropLast()) + #","line":2}"#])
    }

    @Test(arguments: [
        ("1024...320", #"measure-cli: --widths MIN must be at most MAX, got "1024...320" (see measure-cli --help)"#),
        ("320", #"measure-cli: --widths must be MIN...MAX (such as 320...1024), got "320" (see measure-cli --help)"#),
        ("0...10", #"measure-cli: --widths MIN must be a decimal number of points, greater than 0 and at most 1000000, got "0" (see measure-cli --help)"#),
        ("320...inf", #"measure-cli: --widths MAX must be a decimal number of points, greater than 0 and at most 1000000, got "inf" (see measure-cli --help)"#),
        ("1...1000000", "measure-cli: --widths: a width range may span at most 1048576 pixel widths (524288 points at scale 2)"),
    ])
    func badRangesAreUsageErrors(_ range: String, _ message: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        let file = try CLIRunner.write(Self.document, to: "cells.json", in: folder)
        let out = try CLIRunner.run(["--widths", range, file.path])
        #expect(out.status == 64)
        #expect(out.stdout.isEmpty)
        #expect(out.errorLines == [message])
    }

    @Test(arguments: [["--frames"], ["--format", "csv"], ["--format", "table"], ["--width", "375"], ["--check-ambiguity"]])
    func optionsThatPrintHeightsAreRefused(_ extra: [String]) throws {
        let folder = try CLIRunner.temporaryFolder()
        let file = try CLIRunner.write(Self.document, to: "cells.json", in: folder)
        let out = try CLIRunner.run(["--widths", "320...1024"] + extra + [file.path])
        #expect(out.status == 64)
        #expect(out.errorLines.first?.contains("--widths") == true, "\(out.stderr)")
    }
}

/// Numbers as measure-cli prints them (shortest form, no trailing `.0`).
enum JSONNumber {
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
