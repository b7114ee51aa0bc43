import Foundation
import Testing
import TestSupport
import TemplateLayout

/// `--render`'s promises: the picture shows each label's glyphs where measuring placed them
/// (checked in a real browser), it is well-formed XML for any text, the text stays in it, and
/// `--render-format png` writes a bitmap.
@Suite struct RenderPictureTests {
    /// A template whose label is squeezed by a fixed row height: its two lines cannot fit.
    static let squeezedDocument = """
        {"list":{"width":320},
         "templates":{"One":{"views":[{"id":"t","label":{"text":"${text}","lines":0}}],
           "constraints":["t.leading == super.leading + 16","t.trailing == super.trailing - 16",
                          "t.top == super.top + 10","super.bottom == t.bottom + 10"]}},
         "sections":[{"template":"One","rows":[{"text":"first line\\nsecond line\\nthird line"}]}]}
        """

    /// Runs scripts/check-render.py on `pictures` (one Chromium launch) and returns its report.
    static func checkInk(_ pictures: [URL]) throws -> (labels: Int, renderers: [String], failures: [String]) {
        for reference in [OutsideReference.chromium, .rsvgConvert, .pillow] { try reference.require() }
        let script = CLIRunner.packageRoot.appendingPathComponent("scripts/check-render.py").path
        let output = try PackageTools.python("import runpy, sys; runpy.run_path(sys.argv[1])['main'](sys.argv[2:])",
                                          arguments: [script] + pictures.map(\.path))
        let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
        return (report["labels"] as? Int ?? 0, report["renderers"] as? [String] ?? [],
                report["failures"] as? [String] ?? ["no report: \(output)"])
    }

    /// Every label of the bundled examples leaves ink only inside its frame, as Chromium and
    /// librsvg draw the picture; a label the layout squeezed is caught leaving it (so the check
    /// can fail).
    @Test func everyLabelsInkLiesInsideItsFrameInABrowser() throws {
        let folder = try CLIRunner.temporaryFolder()
        var pictures: [URL] = []
        for example in ["chat", "feed", "settings", "attributed-feed"] {
            let svg = folder.appendingPathComponent("\(example).svg")
            let out = try CLIRunner.run(["--quiet", "--render", svg.path, "--render-rows", "40",
                                         CLIRunner.packageRoot.appendingPathComponent("Examples/\(example).json").path])
            #expect(out.status == 0, "\(example): \(out.stderr)")
            pictures.append(svg)
        }
        let squeezed = folder.appendingPathComponent("squeezed.svg")
        let document = try CLIRunner.write(Self.squeezedDocument, to: "squeezed.json", in: folder)
        _ = try CLIRunner.run(["--quiet", "--render", squeezed.path, document.path])
        let report = try Self.checkInk(pictures + [squeezed])
        #expect(report.labels > 100)
        #expect(report.renderers.contains("chromium"))
        let examples = report.failures.filter { !$0.contains("squeezed.svg") }
        #expect(examples.isEmpty, "\(examples)")
        #expect(report.failures.contains { $0.hasPrefix("chromium \(squeezed.path): ") && $0.contains("outside every frame") },
                "\(report.failures)")
    }

    /// An attributed label draws each run in its own size: in the attributed feed's picture a
    /// label's line has glyph groups at more than one scale (the bold name and body at 15 pt,
    /// the time smaller), and the invisible text of a line holds all of its runs' text.
    @Test func attributedLabelsDrawEachRunInItsOwnSize() throws {
        let folder = try CLIRunner.temporaryFolder()
        let svg = folder.appendingPathComponent("attributed.svg")
        let out = try CLIRunner.run(["--quiet", "--render", svg.path, "--render-rows", "6",
                                     CLIRunner.packageRoot.appendingPathComponent("Examples/attributed-feed.json").path])
        #expect(out.status == 0, "\(out.stderr)")
        let picture = try String(contentsOf: svg, encoding: .utf8)
        let labels = picture.components(separatedBy: "<g class=\"label\"").dropFirst()
        let scales = labels.map { label in
            Set(label.components(separatedBy: "transform=\"matrix(").dropFirst().map { $0.prefix { $0 != " " } })
        }
        #expect(scales.contains { $0.count >= 2 }, "no label with glyphs of two sizes")
        #expect(labels.count >= 6)
    }

    /// Random and hostile label texts and row keys (markup, `]]>`, C0 controls, U+FFFE, U+FFFF,
    /// line breaks, emoji, right-to-left and combining text) give a picture Python's XML parser
    /// reads, whose label titles hold each text with only what XML 1.0 cannot hold replaced by
    /// U+FFFD, and whose invisible text layer holds each line's text.
    @Test func pictureIsWellFormedXMLForAnyText() throws {
        var random = SplitMix64(state: 18)
        let pools: [ClosedRange<UInt32>] = [0x00...0x1F, 0x20...0x7E, 0x7F...0x9F, 0xFFF0...0xFFFF, 0x0590...0x05FF,
                                             0x0300...0x036F, 0x4E00...0x4E80, 0x1F600...0x1F64F, 0x2000...0x206F, 0x10FFFE...0x10FFFF]
        var texts = ["]]>", "<![CDATA[x]]>", "&amp; &#0; &lt;", "</text></g></svg>", "\"'\"", "\u{0}", "a\r\nb\rc\nd",
                     "\u{FFFE}\u{FFFF}", "\t tab", "${missing}"]
        while texts.count < 120 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 24) {
                let pool = pools[Int(random.next() % UInt64(pools.count))]
                let value = pool.lowerBound + UInt32(random.next() % UInt64(pool.count))
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            texts.append(String(scalars))
        }
        let rows = texts.enumerated().map { index, text in
            "{\"text\":\(JSONText.quoted(text)),\"key\":\(JSONText.quoted("\(index)" + text))}"
        }
        let document = """
            {"list":{"width":320},
             "templates":{"One":{"views":[{"id":"t","label":{"text":"${text}","lines":0}}],
               "constraints":["t.leading == super.leading + 16","t.trailing == super.trailing - 16",
                              "t.top == super.top + 10","super.bottom == t.bottom + 10"]}},
             "sections":[{"template":"One","autoHeight":true,"rows":[\(rows.joined(separator: ","))]}]}
            """
        let folder = try CLIRunner.temporaryFolder()
        let svg = folder.appendingPathComponent("hostile.svg")
        let out = try CLIRunner.run(["--quiet", "--render", svg.path, "--render-rows", "1000",
                                     try CLIRunner.write(document, to: "hostile.json", in: folder).path])
        #expect(out.status == 0, "\(out.stderr)")
        let parsed = try PackageTools.python("""
            import json, sys, xml.etree.ElementTree as ET
            S = "{http://www.w3.org/2000/svg}"
            root = ET.parse(sys.argv[1]).getroot()
            labels = [{"title": g.findtext(S + "title") or "",
                       "lines": [t.text or "" for t in g.findall(S + "text")]}
                      for g in root.iter(S + "g") if g.get("class") == "label"]
            print(json.dumps(labels))
            """, arguments: [svg.path])
        let labels = try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [[String: Any]] ?? []
        #expect(labels.count == texts.count)
        for (label, text) in zip(labels, texts) {
            let representable = String(String.UnicodeScalarView(text.unicodeScalars.map { c in
                c.value < 0x20 && c != "\t" && c != "\n" && c != "\r" || c.value == 0xFFFE || c.value == 0xFFFF ? "\u{FFFD}" : c
            }))
            #expect(label["title"] as? String == representable, "\(text.unicodeScalars.map(\.value))")
            let scalars = Array(representable.unicodeScalars)
            for line in label["lines"] as? [String] ?? [] {
                let piece = Array(line.unicodeScalars)
                let found = !piece.isEmpty && scalars.indices.contains { at in scalars[at...].starts(with: piece) }
                #expect(found, "\(line.unicodeScalars.map(\.value)) in \(text.unicodeScalars.map(\.value))")
            }
        }
    }

    /// `--render-format png` writes a PNG at the list's scale (rsvg-convert draws it).
    @Test func pngFormatWritesABitmapAtTheListScale() throws {
        try OutsideReference.rsvgConvert.require()
        let folder = try CLIRunner.temporaryFolder()
        let png = folder.appendingPathComponent("rows.png")
        let svg = folder.appendingPathComponent("rows.svg")
        let example = CLIRunner.packageRoot.appendingPathComponent("Examples/chat.json").path
        let out = try CLIRunner.run(["--quiet", "--render", png.path, "--render-format", "png", example])
        #expect(out.status == 0, "\(out.stderr)")
        _ = try CLIRunner.run(["--quiet", "--render", svg.path, example])
        let bytes = [UInt8](try Data(contentsOf: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let picture = try String(contentsOf: svg, encoding: .utf8)
        let width = try #require(picture.firstMatch(of: /<svg [^>]*width="([0-9.]+)"/)).1
        // chat.json's list.scale is 2.
        #expect(u32(16) == Int((Double(width)! * 2).rounded()))
    }

    @Test func pngFormatWithoutRsvgConvertIsAClearError() throws {
        let folder = try CLIRunner.temporaryFolder()
        let out = try CLIRunner.run(["--quiet", "--render", folder.appendingPathComponent("rows.png").path,
                                     "--render-format", "png",
                                     CLIRunner.packageRoot.appendingPathComponent("Examples/chat.json").path],
                                    environment: ["PATH": folder.path])
        #expect(out.status == 74)
        #expect(out.errorLines == ["--render-format png needs rsvg-convert (Debian package librsvg2-bin) on PATH"])
        #expect(out.stdout.isEmpty)
    }

    @Test func renderFormatNeedsRender() throws {
        let out = try CLIRunner.run(["--render-format", "png", "x.json"])
        #expect(out.status == 64)
        #expect(out.errorLines == ["measure-cli: --render-format needs --render (see measure-cli --help)"])
    }
}
