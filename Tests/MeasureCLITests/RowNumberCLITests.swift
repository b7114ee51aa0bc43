import Foundation
import Testing

/// measure-cli at the edges of numbers: a row never changes a later row's height with one job,
/// two jobs or `--stream`; keys are the same only for the same JSON value.
@Suite struct RowNumberCLITests {
    static let template = #""templates":{"Tall":{"views":[{"id":"i","image":{"width":10,"height":"${h}"}}],"constraints":["i.leading == super.leading","i.top == super.top","super.bottom >= i.bottom"]}}"#
    static let documentLine = "{\(template),\"sections\":[{\"template\":\"Tall\",\"autoHeight\":true}]}"

    /// Image heights inside the supported range, the large ones among them far past the sizes
    /// a workspace keeps serving rows after.
    static let heights: [Double] = [70_000.5, 5, 999_999.5, 30, 65_536.75, 7, 1_000_000, 0.25, 123_456.5, 12]

    /// The height SPEC gives a row whose image is `h` tall: `h` plus the separator, on the grid.
    static func expected(_ h: Double) -> String {
        JSONTextNumber.format((((h + 0.5) * 2 - 1e-9).rounded(.up)) / 2)
    }

    @Test(arguments: ["1", "2"])
    func laterRowsAreMeasuredAsIfAloneWithAnyNumberOfJobs(jobs: String) throws {
        let rows = (0..<2000).map { Self.heights[$0 % Self.heights.count] }
        let document = "{\(Self.template),\"sections\":[{\"template\":\"Tall\",\"autoHeight\":true,\"rows\":["
            + rows.map { "{\"h\":\(JSONTextNumber.format($0))}" }.joined(separator: ",") + "]}]}"
        let folder = try CLIRunner.temporaryFolder()
        let file = try CLIRunner.write(document, to: "tall.json", in: folder)
        let out = try CLIRunner.run(["--jobs", jobs, file.path])
        #expect(out.status == 0)
        #expect(out.lines == rows.enumerated().map { "{\"section\":0,\"row\":\($0.offset),\"height\":\(Self.expected($0.element))}" })
    }

    @Test func inAStreamARowWithAnUnusableValueIsAnErrorAndChangesNoLaterRow() throws {
        let values = ["1e20", "5", "30", "-5", "\"abc\"", "1e16", "7.25", "1000000.5", "12"]
        let input = ([Self.documentLine] + (0..<300).map { "{\"h\":\(values[$0 % values.count])}" })
            .joined(separator: "\n") + "\n"
        let out = try CLIRunner.run(["--stream", "-"], stdin: Data(input.utf8))
        #expect(out.status == 0)
        var row = 0
        var expected: [String] = []
        for k in 0..<300 {
            let text = values[k % values.count]
            let line = k + 2
            if let h = Double(text), h >= 0, h <= 1_000_000 {
                expected.append("{\"section\":0,\"row\":\(row),\"height\":\(Self.expected(h))}")
                row += 1
            } else {
                #expect(out.lines.count > expected.count)
                let got = out.lines.count > expected.count ? out.lines[expected.count] : ""
                #expect(got.hasPrefix("{\"line\":\(line),\"error\":\"sections[0].rows[\(row)].h: i intrinsic height must be a size in 0...1000000 points, found "), "\(got)")
                // A bad line is not appended: the next row takes its index.
                expected.append(got)
            }
        }
        #expect(out.lines == expected)
    }

    @Test func rowsShareAKeyedHeightOnlyWhenTheirKeysAreTheSameJSONValue() throws {
        let document = "{\(Self.template),\"sections\":[{\"template\":\"Tall\",\"autoHeight\":true,\"rows\":["
            + #"{"key":1,"h":5},{"key":"1","h":30},{"key":1.0,"h":30},{"key":"1","h":7},{"key":1e0,"h":7}]}]}"#
        let folder = try CLIRunner.temporaryFolder()
        let file = try CLIRunner.write(document, to: "keys.json", in: folder)
        for jobs in ["1", "2"] {
            let out = try CLIRunner.run(["--jobs", jobs, file.path])
            #expect(out.status == 0)
            #expect(out.lines == [
                #"{"section":0,"row":0,"height":5.5,"key":"1"}"#,
                #"{"section":0,"row":1,"height":30.5,"key":"1"}"#,
                #"{"section":0,"row":2,"height":5.5,"key":"1"}"#,
                #"{"section":0,"row":3,"height":30.5,"key":"1"}"#,
                #"{"section":0,"row":4,"height":5.5,"key":"1"}"#,
            ])
        }
    }
}
