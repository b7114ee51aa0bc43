import Testing
@testable import CellsFormat
@testable import ListSources

/// A `.tableViewConfig` file's text: LF, CRLF and CR line endings read alike, bytes that are not
/// UTF-8 and NUL characters are errors naming their line, and the rows a mode makes are bounded.
@Suite struct ConfigFileBoundsTests {
    static let data: JSONValue = .object(["items": .array((1...3).map { .number(Double($0)) })])

    @Test func crlfAndCRLineEndingsReadAsLF() throws {
        let lf = try ConfigFile.parse("mode\nsection -s items -c T\nrow -t a\n# comment\nrow\n")
        #expect(lf.modes.count == 1 && lf.modes[0].sections[0].rows.count == 2)
        #expect(try ConfigFile.parse("mode\r\nsection -s items -c T\r\nrow -t a\r\n# comment\r\nrow\r\n") == lf)
        #expect(try ConfigFile.parse("mode\rsection -s items -c T\rrow -t a\r# comment\rrow\r") == lf)
    }

    @Test func aNULCharacterIsAnErrorOnItsLine() {
        #expect(throws: FrontEndError.configFile(line: 2, "a NUL character: a .tableViewConfig file is text")) {
            try ConfigFile.parse("section\r\nrow -c T\u{0}\r\n")
        }
    }

    @Test func bytesThatAreNotUTF8AreAnErrorOnTheirLine() throws {
        #expect(try ConfigFile.text([0xEF, 0xBB, 0xBF] + Array("row -t é\n".utf8)) == "row -t é\n")
        #expect(throws: FrontEndError.configFile(line: 3, "invalid UTF-8 (byte 0xFF): a .tableViewConfig file is UTF-8 text")) {
            try ConfigFile.text(Array("section\r\nrow\r\n".utf8) + [0xFF])
        }
        #expect(throws: FrontEndError.configFile(line: 1, "invalid UTF-8 (byte 0xC3): a .tableViewConfig file is UTF-8 text")) {
            try ConfigFile.text([0x72, 0xC3, 0x28])
        }
    }

    @Test func aModeMakingMoreThanTheLimitOfRowsIsAnErrorOnTheLineThatPassesIt() throws {
        #expect(ConfigFileDocument.maximumLines == 1_000_000)
        let items: JSONValue = .object(["items": .array(Array(repeating: .number(1), count: 40))])
        func resolve(_ config: String, limit: Int) throws -> Int {
            try ConfigResolver.resolve(ConfigFile.parse(config).modes[0], data: items, limit: limit)
                .reduce(0) { $0 + 1 + $1.rows.count }
        }
        // A section per element, each with one row: 80 sections and rows per line.
        let sections = "section -s items -c T\nsection -s items -c T\n"
        #expect(try resolve(sections, limit: 160) == 160)
        #expect(throws: FrontEndError.configFile(line: 2, "the config file makes more than 159 sections and rows from its data (the limit for a .tableViewConfig list)")) {
            try resolve(sections, limit: 159)
        }
        // Rows count too: a section of one row per element, twice.
        let rows = "section -c T\nrow -s items\nrow -s items\n"
        #expect(try resolve(rows, limit: 81) == 81)
        #expect(throws: FrontEndError.configFile(line: 3, "the config file makes more than 80 sections and rows from its data (the limit for a .tableViewConfig list)")) {
            try resolve(rows, limit: 80)
        }
    }
}
