import Foundation
import Testing
import TemplateLayout

/// `measure-cli --config FILE data.json`: AOZTableViewProvider config files measured from the
/// command line, each line's height the one the library gives for the same document.
@Suite struct ConfigOptionTests {
    static let config = "Examples/frontends/settings.tableViewConfig"
    static let data = "Examples/frontends/settings-data.json"

    /// The library's heights for the example's mode, headers before their rows, as the CLI prints them.
    static func expectedLines(mode: Int) throws -> [String] {
        let root = CLIRunner.packageRoot
        let text = try String(contentsOf: root.appendingPathComponent(config), encoding: .utf8)
        let value = try JSONParser().parse(try String(contentsOf: root.appendingPathComponent(data), encoding: .utf8))
        let fonts = Fonts(files: ["default": "Fonts/DejaVuSans.ttf", "bold": "Fonts/DejaVuSans-Bold.ttf"],
                              fallback: ["Fonts/DroidSansFallbackFull.ttf", "Fonts/NotoColorEmoji.ttf"])
        var warnings: [DocumentError] = []
        let document = try ConfigFileDocument.make(config: text, dataDocument: value, decoder: DocumentDecoder(fontDefaults: fonts),
                                                   mode: mode, warnings: &warnings)
        let measurer = try ListMeasurer(document: document, baseDirectory: root.path)
        var lines: [String] = []
        for (s, section) in document.sections.enumerated() {
            if let header = try measurer.measureHeader(of: section, frames: false) {
                lines.append("{\"section\":\(s),\"kind\":\"header\",\"height\":\(JSONText.number(header.height))}")
            }
            for (r, row) in section.rows.enumerated() {
                let height = try measurer.measureRow(row, in: section, frames: false).height
                lines.append("{\"section\":\(s),\"row\":\(r),\"height\":\(JSONText.number(height))}")
            }
        }
        return lines
    }

    @Test func everyModeOfTheExampleMatchesTheLibrary() throws {
        for mode in 0..<2 {
            let out = try CLIRunner.run(["--quiet", "--config", Self.config, "--mode", "\(mode)", Self.data])
            #expect(out.status == 0 && out.stderr == "")
            #expect(out.lines == (try Self.expectedLines(mode: mode)), "mode \(mode)")
        }
        let first = try CLIRunner.run(["--quiet", "--config", Self.config, Self.data])
        #expect(first.lines.count == 10 && first.lines[4] == "{\"section\":3,\"kind\":\"header\",\"height\":37.5}")
    }

    @Test func aBadConfigLineIsOneErrorLineNamingFileAndLine() throws {
        let folder = try CLIRunner.temporaryFolder()
        try "mode\nrow -c ItemCell -n x\n".write(to: folder.appendingPathComponent("bad.tableViewConfig"), atomically: true, encoding: .utf8)
        let data = CLIRunner.packageRoot.appendingPathComponent(Self.data).path
        let out = try CLIRunner.run(["--config", "bad.tableViewConfig", data], in: folder)
        #expect(out.status == 65 && out.stdout == "")
        #expect(out.errorLines == ["bad.tableViewConfig: line 2: -n needs a positive integer, found \"x\""])
        let mode = try CLIRunner.run(["--config", Self.config, "--mode", "5", Self.data])
        #expect(mode.status == 65)
        #expect(mode.errorLines == ["\(Self.config): line 12: mode 5 does not exist; the file has 2 mode(s)"])
        let stream = try CLIRunner.run(["--config", Self.config, "--stream", Self.data])
        #expect(stream.status == 64)
    }
}
