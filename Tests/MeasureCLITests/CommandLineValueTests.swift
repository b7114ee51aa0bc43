import Foundation
import Testing

/// The command line's values: decimal numbers only, documented ranges, and usage errors that say
/// what is wrong in one line starting with the program's name.
@Suite struct CommandLineValueTests {
    static let document = #"{"sections":[{"rows":[{}]}]}"#
    /// One box as wide as the cell and 1 point tall: the width shows in its frame.
    static let box = #"{"templates":{"T":{"views":[{"id":"v","view":{}}],"constraints":["v.width == super.width","v.height == 1","v.top == super.top","v.leading == super.leading","super.bottom == v.bottom"]}},"sections":[{"template":"T","autoHeight":true,"rows":[{}]}]}"#

    /// Runs measure-cli on `document` saved as `cells.json`, from its folder.
    func run(_ arguments: [String], document: String = CommandLineValueTests.document) throws -> CLIRunner.Outcome {
        let folder = try CLIRunner.temporaryFolder()
        try CLIRunner.write(document, to: "cells.json", in: folder)
        return try CLIRunner.run(arguments + ["cells.json"], in: folder)
    }

    func expectUsage(_ out: CLIRunner.Outcome, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(out.status == 64, sourceLocation: sourceLocation)
        #expect(out.stdout == "", sourceLocation: sourceLocation)
        #expect(out.errorLines == ["measure-cli: \(line) (see measure-cli --help)"], sourceLocation: sourceLocation)
    }

    @Test func numbersOnTheCommandLineAreDecimalNumbersOnly() throws {
        let refused = ["0x10", "0X10", "0x1p3", "inf", "-inf", "infinity", "nan", "NaN", "1e999", "", " 5", "5 ", "1_000",
                       "+", ".", "1e", "e5", "5px", "١٢"]
        for text in refused {
            expectUsage(try run(["--width", text]),
                        "--width must be a decimal number of points, greater than 0 and at most 1000000, got \(Self.quoted(text))")
        }
        for (text, width) in [("320", 320.0), ("+320", 320), ("320.", 320), ("3.2e2", 320), (".5E3", 500)] {
            let out = try run(["--width", text, "--frames"], document: Self.box)
            #expect(out.status == 0, "\(text)")
            #expect(out.lines == [#"{"section":0,"row":0,"height":1.5,"frames":{"v":[0,0,\#(Int(width)),1]}}"#], "\(text)")
        }
    }

    @Test func widthAndScaleOutsideTheirDocumentedRangesAreRefused() throws {
        for text in ["0", "-1", "1000000.5", "1e7"] {
            expectUsage(try run(["--width", text]),
                        "--width must be a decimal number of points, greater than 0 and at most 1000000, got \(Self.quoted(text))")
        }
        for text in ["5e-324", "0", "0.009", "-2", "1000.1", "0x2"] {
            expectUsage(try run(["--scale", text]),
                        "--scale must be a decimal number of pixels per point, from 0.01 to 1000, got \(Self.quoted(text))")
        }
        // At the ends of the ranges heights are finite and on the pixel grid: 1 point plus a
        // separator of 1/scale, rounded up to a grid of 1/scale.
        #expect(try run(["--scale", "0.01"], document: Self.box).lines == [#"{"section":0,"row":0,"height":200}"#])
        #expect(try run(["--scale", "1000", "--width", "1000000"], document: Self.box).lines
            == [#"{"section":0,"row":0,"height":1.001}"#])
    }

    @Test func negativeCountsSayWhatIsWrongNotThatTheValueIsMissing() throws {
        expectUsage(try run(["--jobs", "-1"]), "--jobs must be 1...1024, got -1")
        expectUsage(try run(["--render-rows", "-3", "--render", "x.svg"]), "--render-rows must be at least 1, got -3")
        expectUsage(try run(["--config", "x.tableViewConfig", "--mode", "-1"]), "--mode must be 0 or more, got -1")
    }

    @Test func aUsageErrorQuotingWhatWasTypedStaysOneLine() throws {
        expectUsage(try run(["--format", "x\ny\u{1B}[31m"]),
                    #"The value 'x\ny\u001b[31m' is invalid for '--format <format>'. Please provide one of 'jsonl', 'json', 'csv' or 'table'."#)
    }

    @Test func emptyPathsAreUsageErrorsThatSayTheyAreEmpty() throws {
        expectUsage(try run(["--render", ""]), "--render needs a file path, got an empty one")
        expectUsage(try run(["--font", ""]), "--font needs a file path, got an empty one")
        expectUsage(try run(["--config", ""]), "--config needs a file path, got an empty one")
        expectUsage(try CLIRunner.run([""]), "the input needs a file path (or - for standard input), got an empty one")
    }

    @Test func aFullDiskIsAnOutputErrorThatNamesTheProgram() throws {
        let folder = try CLIRunner.temporaryFolder()
        let rows = Array(repeating: "{}", count: 20_000).joined(separator: ",")
        try CLIRunner.write(#"{"sections":[{"rows":[\#(rows)]}]}"#, to: "cells.json", in: folder)
        let out = try CLIRunner.run(["cells.json"], stdout: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")),
                                    in: folder)
        #expect(out.status == 74)
        #expect(out.stderr == "measure-cli: cannot write output: No space left on device\n")
    }

    /// `text` as a JSON string literal (how messages quote what the user typed).
    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}
