import Foundation
import Testing
import TemplateLayout

/// SPEC section 3's output: one line per header, row and footer, in order, in each format.
@Suite struct CLIOutputTests {
    /// Rows sized by every rung of the height policy, headers and footers of every kind, and a
    /// measured one-line label (padding 10 + label + 10 + separator).
    static let policyDocument = """
        {"list":{"width":320,"rowHeight":40,"headerHeight":30,"footerHeight":20},
         "templates":{"One":{"views":[{"id":"t","label":{"text":"${text}"}}],
           "constraints":["t.leading == super.leading + 16","t.trailing == super.trailing - 16",
                          "t.top == super.top + 10","super.bottom == t.bottom + 10"]}},
         "sections":[
           {"header":{"title":"A"},"rows":[{"key":"a"},{"height":61.25},{"key":"b","autoHeight":false}],"footer":{"title":"x"}},
           {"height":44,"rows":[{},{"height":50}],"header":{"height":12.5}},
           {"template":"One","autoHeight":true,"rows":[{"text":"Hello","height":33},{"text":"Hello"},{"text":"Hello","accessory":"checkmark"}]}
         ]}
        """

    /// The measured row's height from the font file: 17-point DejaVu Sans line on the 0.5 grid.
    static func measuredHeight(scale: Double = 2) throws -> (label: Double, cell: Double) {
        let label = FontReference.roundUp(try FontReference.lineHeightPerPoint("DejaVuSans.ttf") * 17, scale: scale)
        return (label, FontReference.roundUp(10 + label + 10 + 1 / scale, scale: scale))
    }

    func writePolicyDocument() throws -> URL {
        try CLIRunner.write(CLIOutputTests.policyDocument, to: "cells.json", in: try CLIRunner.temporaryFolder())
    }

    @Test func jsonLinesFollowTheHeightPolicyInOrder() throws {
        let file = try writePolicyDocument()
        let out = try CLIRunner.run([file.path])
        let h = try CLIOutputTests.measuredHeight()
        #expect(h.cell == 40.5)
        #expect(out.status == 0)
        #expect(out.lines == [
            #"{"section":0,"kind":"header","height":30}"#,
            #"{"section":0,"row":0,"height":40,"key":"a"}"#,
            #"{"section":0,"row":1,"height":61.25}"#,
            #"{"section":0,"row":2,"height":40,"key":"b"}"#,
            #"{"section":0,"kind":"footer","height":20}"#,
            #"{"section":1,"kind":"header","height":12.5}"#,
            #"{"section":1,"row":0,"height":44}"#,
            #"{"section":1,"row":1,"height":50}"#,
            #"{"section":2,"row":0,"height":33}"#,
            "{\"section\":2,\"row\":1,\"height\":\(JSONText.number(h.cell))}",
            "{\"section\":2,\"row\":2,\"height\":\(JSONText.number(h.cell))}",
        ])
    }

    @Test func framesAreContentViewRectsBeforeRounding() throws {
        let out = try CLIRunner.run(["--frames", try writePolicyDocument().path])
        let h = try CLIOutputTests.measuredHeight()
        #expect(out.lines[9] == "{\"section\":2,\"row\":1,\"height\":40.5,\"frames\":{\"t\":[16,10,288,\(JSONText.number(h.label))]}}")
        // A checkmark takes 40 points from the 320-point content width.
        #expect(out.lines[10] == "{\"section\":2,\"row\":2,\"height\":40.5,\"frames\":{\"t\":[16,10,248,\(JSONText.number(h.label))]}}")
        #expect(out.lines[1] == #"{"section":0,"row":0,"height":40,"key":"a","frames":{}}"#)
    }

    @Test func widthAndScaleOptionsReplaceTheDocumentsOwn() throws {
        let out = try CLIRunner.run(["--width", "200", "--scale", "3", "--frames", try writePolicyDocument().path])
        let h = try CLIOutputTests.measuredHeight(scale: 3)
        #expect(out.lines[9] == "{\"section\":2,\"row\":1,\"height\":\(JSONText.number(h.cell)),\"frames\":{\"t\":[16,10,168,\(JSONText.number(h.label))]}}")
    }

    @Test func fontOptionReplacesTheDefaultFont() throws {
        let file = try writePolicyDocument()
        let font = CLIRunner.packageRoot.appendingPathComponent("Fonts/DroidSansFallbackFull.ttf").path
        let out = try CLIRunner.run(["--font", font, file.path])
        let label = FontReference.roundUp(try FontReference.lineHeightPerPoint("DroidSansFallbackFull.ttf") * 17, scale: 2)
        #expect(out.lines[9] == "{\"section\":2,\"row\":1,\"height\":\(JSONText.number(FontReference.roundUp(20 + label + 0.5, scale: 2)))}")
    }

    @Test func dashReadsTheDocumentFromStandardInput() throws {
        let file = try writePolicyDocument()
        let fromFile = try CLIRunner.run([file.path])
        let fromStdin = try CLIRunner.run(["-"], stdin: Data(CLIOutputTests.policyDocument.utf8))
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout == fromFile.stdout)
    }

    @Test func csvTableAndJsonCarryTheSameNumbers() throws {
        let file = try writePolicyDocument()
        let csv = try CLIRunner.run(["--format", "csv", file.path]).lines
        #expect(csv.first == "section,kind,row,key,height")
        #expect(csv[1] == "0,header,,,30")
        #expect(csv[2] == "0,row,0,a,40")
        #expect(csv[10] == "2,row,1,,40.5")
        let table = try CLIRunner.run(["--format", "table", file.path]).lines
        #expect(table[0] == "section kind   row     height    key")
        #expect(table[2] == "0       row    0       40        a")
        let json = try CLIRunner.run(["--format", "json", file.path]).stdout
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 11)
        #expect(parsed?[3]["key"] as? String == "b")
        #expect(parsed?[9]["height"] as? Double == 40.5)
    }

    @Test func summaryGoesToStandardErrorOnly() throws {
        let out = try CLIRunner.run([try writePolicyDocument().path, "--jobs", "1"])
        #expect(out.errorLines.count == 1)
        let summary = out.errorLines.first ?? ""
        #expect(summary.hasPrefix("measure-cli: 8 rows (+3 headers/footers) in "))
        #expect(summary.contains(" rows/s, 0 cache hits, 1 job; text shaping cache "))
        #expect(try CLIRunner.run(["--quiet", try writePolicyDocument().path]).stderr == "")
    }

    @Test func rowsSharingAKeyAreAnsweredByTheKeyedCache() throws {
        let document = """
            {"list":{"width":320},"templates":{"One":{"views":[{"id":"t","label":{"text":"${text}","lines":0}}],
              "constraints":["t.leading == super.leading","t.trailing == super.trailing","t.top == super.top","super.bottom == t.bottom"]}},
             "sections":[{"template":"One","autoHeight":true,"rows":[
               {"key":"k","text":"one line"},{"key":"k","text":"a\\nb\\nc"},{"key":"other","text":"a\\nb\\nc"}]}]}
            """
        let out = try CLIRunner.run(["-"], stdin: Data(document.utf8))
        let heights = out.lines.compactMap { line -> Double? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["height"] as? Double
        }
        #expect(heights.count == 3)
        #expect(heights[0] == heights[1])
        #expect(heights[2] > heights[0])
        #expect(out.errorLines.last?.contains(", 1 cache hits, ") == true)
    }

    @Test func numberKeysPast2To53AreNeverSharedThoughTheyReadAsOneDouble() throws {
        // 9007199254740992 and ...993 are one double: two ids, so no keyed height is shared.
        let document = """
            {"list":{"width":320},"templates":{"One":{"views":[{"id":"t","label":{"text":"${text}","lines":0}}],
              "constraints":["t.leading == super.leading","t.trailing == super.trailing","t.top == super.top","super.bottom == t.bottom"]}},
             "sections":[{"template":"One","autoHeight":true,"rows":[
               {"key":9007199254740992,"text":"one line"},{"key":9007199254740993,"text":"a\\nb\\nc"}]}]}
            """
        for extra in [[], ["--jobs", "1"]] {
            let out = try CLIRunner.run(extra + ["-"], stdin: Data(document.utf8))
            let heights = out.lines.compactMap { line -> Double? in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["height"] as? Double
            }
            #expect(heights.count == 2 && heights[1] > heights[0], "\(extra): \(out.lines)")
            #expect(out.errorLines.last?.contains(", 0 cache hits, ") == true)
        }
    }

    @Test func numberKeysAreEchoedAsIntegersWithoutATrailingPointZero() throws {
        let document = #"{"sections":[{"rows":[{"key":123456789012},{"key":1000000000000000},{"key":9007199254740991},{"key":1e16},{"key":0.1}]}]}"#
        let out = try CLIRunner.run(["-"], stdin: Data(document.utf8))
        let keys = out.lines.compactMap { line -> String? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["key"] as? String
        }
        #expect(keys == ["123456789012", "1000000000000000", "9007199254740991", "1e+16", "0.1"])
    }

    @Test func aLayoutWithTheBottomAboveTheTopIsAnErrorOfTheRowNotANegativeHeight() throws {
        // A sign slip: the label's top 100 points above the content view's.
        let document = """
            {"list":{"width":320},"templates":{"T":{"views":[{"id":"l","label":{"text":"${t}"}}],
              "constraints":["l.leading == super.leading","l.trailing == super.trailing","l.top == super.top - 100","l.bottom == super.bottom"]}},
             "sections":[{"template":"T","autoHeight":true,"rows":[{"t":"x"}]}]}
            """
        let out = try CLIRunner.run(["-"], stdin: Data(document.utf8))
        #expect(out.status == 67)
        #expect(out.stdout == "")
        #expect(out.errorLines.first?.hasSuffix("sections[0].rows[0]: the layout gives this row a negative height (super.height -80): its constraints put super.bottom above super.top") == true,
                "\(out.errorLines)")
    }

    @Test func theKeyedCacheNeverOverridesAFixedHeightOrAnotherContentWidth() throws {
        // Size 10 DejaVu Sans: one line is 11.640625 (12 at scale 2), 2 lines 23.28125 (23.5);
        // plus the 0.5 separator. "aaa bbb ccc ddd" is 2 lines at 60 points and 4 at 60 - 34.
        let document = """
            {"list":{"width":60},"templates":{"T":{"views":[{"id":"l","label":{"text":"${t}","size":10,"lines":0}}],
              "constraints":["l.top == super.top","l.leading == super.leading","l.trailing == super.trailing","super.bottom == l.bottom"]}},
             "sections":[{"template":"T","autoHeight":true,"rows":[
               {"t":"aaa bbb ccc ddd","key":"k"},{"t":"aaa bbb ccc ddd","key":"k","accessory":"disclosure"},
               {"key":"k","height":5},{"t":"aaa bbb ccc ddd","key":"k"}]},
              {"height":30,"rows":[{"key":"k"}]},{"rows":[{"key":"k","template":"T"}]}]}
            """
        for extra in [[], ["--jobs", "1"]] {
            let out = try CLIRunner.run(extra + ["-"], stdin: Data(document.utf8))
            #expect(out.lines == [
                #"{"section":0,"row":0,"height":24,"key":"k"}"#,
                #"{"section":0,"row":1,"height":47.5,"key":"k"}"#,
                #"{"section":0,"row":2,"height":5,"key":"k"}"#,
                #"{"section":0,"row":3,"height":24,"key":"k"}"#,
                #"{"section":1,"row":0,"height":30,"key":"k"}"#,
                #"{"section":2,"row":0,"height":40,"key":"k"}"#,
            ])
            #expect(out.errorLines.last?.contains(", 1 cache hits, ") == true)
        }
        let stream = """
            {"list":{"width":60},"templates":{"T":{"views":[{"id":"l","label":{"text":"${t}","size":10,"lines":0}}],"constraints":["l.top == super.top","l.leading == super.leading","l.trailing == super.trailing","super.bottom == l.bottom"]}},"sections":[{"template":"T","autoHeight":true}]}
            {"t":"aaa bbb ccc ddd","key":"k"}
            {"t":"aaa bbb ccc ddd","key":"k","accessory":"disclosure"}
            {"key":"k","height":5}
            {"t":"aaa bbb ccc ddd","key":"k"}
            """
        let out = try CLIRunner.run(["--stream", "-"], stdin: Data(stream.utf8))
        #expect(out.lines == [
            #"{"section":0,"row":0,"height":24,"key":"k"}"#,
            #"{"section":0,"row":1,"height":47.5,"key":"k"}"#,
            #"{"section":0,"row":2,"height":5,"key":"k"}"#,
            #"{"section":0,"row":3,"height":24,"key":"k"}"#,
        ])
    }

    @Test func examplesMeasureEveryRowInOrderWithAnyJobCount() throws {
        for example in ["feed", "settings", "chat", "storyboard-feed", "attributed-feed"] {
            let path = CLIRunner.packageRoot.appendingPathComponent("Examples/\(example).json").path
            let two = try CLIRunner.run(["--jobs", "2", path])
            let one = try CLIRunner.run(["--jobs", "1", path])
            #expect(two.status == 0)
            #expect(two.stdout == one.stdout)
            // Every line agrees with the library measuring the same document in this process.
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let fonts = BundledFonts.fonts(in: CLIRunner.packageRoot.appendingPathComponent("Fonts").path)
            let document = try DocumentDecoder(fontDefaults: fonts).decode(try JSONParser().parse(bytes))
            let measurer = try ListMeasurer(document: document, baseDirectory: (path as NSString).deletingLastPathComponent)
            var expected: [String] = []
            for (s, section) in document.sections.enumerated() {
                if let header = try measurer.measureHeader(of: section, frames: false) {
                    expected.append("{\"section\":\(s),\"kind\":\"header\",\"height\":\(JSONText.number(header.height))}")
                }
                for (r, row) in section.rows.enumerated() {
                    let height = try measurer.measureRow(row, in: section, frames: false).height
                    let key = row.key.map { ",\"key\":\(JSONText.quoted($0))" } ?? ""
                    expected.append("{\"section\":\(s),\"row\":\(r),\"height\":\(JSONText.number(height))\(key)}")
                }
                if let footer = try measurer.measureFooter(of: section, frames: false) {
                    expected.append("{\"section\":\(s),\"kind\":\"footer\",\"height\":\(JSONText.number(footer.height))}")
                }
            }
            #expect(two.lines == expected, "\(example)")
        }
    }

    @Test func renderDrawsEachViewAndEachLabelLine() throws {
        let folder = try CLIRunner.temporaryFolder()
        let svg = folder.appendingPathComponent("rows.svg")
        let out = try CLIRunner.run(["--render", svg.path, "--render-rows", "2", try writePolicyDocument().path])
        #expect(out.status == 0)
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.components(separatedBy: "<g class=\"row\">").count - 1 == 2)
        #expect(text.contains(">40 pt</text>"))
        #expect(text.contains(">61.25 pt</text>"))
        #expect(!text.contains(">Hello</text>"), "the third section's rows are past --render-rows 2")
        let all = folder.appendingPathComponent("all.svg")
        _ = try CLIRunner.run(["--render", all.path, try writePolicyDocument().path])
        let full = try String(contentsOf: all, encoding: .utf8)
        // The label's frame (16, 10 in the row) and its one line of text at the font's baseline.
        #expect(full.contains("width=\"288\" height=\"20\" fill=\"none\" stroke=\"#0a84ff\""))
        // All three rows of the third section draw their label: the fixed-height row (33) is
        // laid out at its own height, as a cell with a template still is.
        #expect(full.components(separatedBy: ">Hello</text>").count - 1 == 3)
    }
}
