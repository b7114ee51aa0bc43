import Testing
@testable import CellsFormat
@testable import CellLayout
@testable import RowHeightCache
@testable import ListSources
import TestSupport

/// AOZTableViewProvider's `.tableViewConfig` language, with the examples of its README and demo.
@Suite struct FrontEndConfigFileTests {
    static let templates = ["TableViewCell", "TableViewCell2", "SectionHeaderView", "EmptyCell"]
        .reduce(into: [String: Template]()) { $0[$1] = Template(name: $1) }
    static let base = Document(templates: templates)
    /// The README's and demo's data provider members.
    static let data: JSONValue = .object([
        "_array": .array((1...5).map { .number(Double($0)) }),
        "_dictionary": .object(["first": .string("1st value"), "second": .string("2nd value")]),
        "_multipleArray": .array([
            .object(["subs": .array([.number(1), .number(2), .number(3)]), "name": .string("section name 1")]),
            .object(["subs": .array([.number(4), .number(5)]), "name": .string("section name 2")]),
        ]),
        "_emptyArray": .array([]),
    ])

    static func sections(_ config: String, data: JSONValue = data, mode: Int = 0) throws -> [ConfigResolvedSection] {
        let file = try ConfigFile.parse(config)
        return try ConfigFileDocument.resolve(file: file, data: data, mode: mode)
    }

    @Test func aSingleRowLineIsOneSectionWithOneRow() throws {
        let sections = try Self.sections("row")
        #expect(sections.count == 1 && sections[0].rows.count == 1)
        #expect(sections[0].rows[0].position == [.only, .partOnly])
        #expect(sections[0].rows[0].template == nil)
    }

    @Test func anArraySourceGivesOneRowPerElement() throws {
        let rows = try Self.sections("row -s _array -c TableViewCell")[0].rows
        #expect(rows.map(\.contents) == (1...5).map { .number(Double($0)) })
        #expect(rows.allSatisfy { $0.template == "TableViewCell" })
        #expect(rows.map(\.position.rawValue) == [1 | 4, 0, 0, 0, 2 | 8])
    }

    @Test func dashNGivesCeilOfCountOverNRows() throws {
        let rows = try Self.sections("row -s _array -n 2")[0].rows
        #expect(rows.count == 3)
        #expect(rows.map(\.contents) == [.array([.number(1), .number(2)]), .array([.number(3), .number(4)]), .array([.number(5)])])
        let four = try Self.sections("row -s _array -n 4")[0].rows
        #expect(four.count == 2)
    }

    @Test func dashAllPutsEveryElementInOneRow() throws {
        let rows = try Self.sections("row -s _array -all")[0].rows
        #expect(rows.count == 1)
        #expect(rows[0].contents == Self.data["_array"])
        #expect(rows[0].position == [.only, .partOnly])
    }

    @Test func anArraySectionSourceGivesOneSectionPerElement() throws {
        let sections = try Self.sections("section -s _array -c TableViewCell")
        #expect(sections.count == 5)
        #expect(sections.allSatisfy { $0.rows.count == 1 && $0.rows[0].template == "TableViewCell" })
        #expect(sections.map { $0.rows[0].contents } == (1...5).map { .number(Double($0)) })
        let paired = try Self.sections("section -s _array -n 2")
        #expect(paired.count == 3)
        #expect(paired[2].contents == .array([.number(5)]))
    }

    @Test func dashHGivesTheSectionAHeaderTemplate() throws {
        let document = try ConfigFileDocument.make(config: "section -c TableViewCell -h SectionHeaderView", data: Self.data, base: Self.base)
        guard case .template(let name, _)? = document.sections[0].header else { Issue.record("no header"); return }
        #expect(name == "SectionHeaderView")
        #expect(document.sections[0].rows.count == 1)
    }

    @Test func severalRowLinesInOneSection() throws {
        let sections = try Self.sections("section\nrow\nrow")
        #expect(sections.count == 1 && sections[0].rows.count == 2)
        #expect(sections[0].rows.map(\.position) == [[.top, .partOnly], [.bottom, .partOnly]])
    }

    @Test func aRowSourceIsLookedUpInItsSectionSource() throws {
        let rows = try Self.sections("section -s _dictionary\nrow -s first\nrow -s second")[0].rows
        #expect(rows.map(\.contents) == [.string("1st value"), .string("2nd value")])
    }

    @Test func rowsInheritTheSectionTemplateUnlessTheyNameTheirOwn() throws {
        let rows = try Self.sections("section -c TableViewCell\nrow\nrow -c TableViewCell2")[0].rows
        #expect(rows.map(\.template) == ["TableViewCell", "TableViewCell2"])
    }

    @Test func dashEsReadsEachSectionElementsMember() throws {
        let sections = try Self.sections("section -s _multipleArray\nrow -es subs")
        #expect(sections.map(\.rows.count) == [3, 2])
        #expect(sections[1].rows.map(\.contents) == [.number(4), .number(5)])
        #expect(sections[1].contents?["name"] == .string("section name 2"))
        #expect(sections[0].rows.map(\.position.rawValue) == [1 | 4, 0, 2 | 8])
    }

    @Test func anEmptySourceGivesNothingUnlessDashEcGivesOneEmptyRow() throws {
        #expect(try Self.sections("section -c TableViewCell -s _emptyArray").isEmpty)
        #expect(try Self.sections("section -c TableViewCell -s _missing").isEmpty)
        #expect(try Self.sections("row -s _emptyArray -c TableViewCell")[0].rows.isEmpty)
        let kept = try Self.sections("section -c TableViewCell -ec EmptyCell -s _emptyArray")
        #expect(kept.count == 1 && kept[0].rows.count == 1)
        #expect(kept[0].rows[0].isEmpty && kept[0].rows[0].template == "EmptyCell")
        let row = try Self.sections("row -s _missing -c TableViewCell -ec EmptyCell")[0].rows
        #expect(row.count == 1 && row[0].isEmpty && row[0].template == "EmptyCell")
        let es = try Self.sections("section -s _multipleArray -ec EmptyCell\nrow -es nothing -c TableViewCell")
        #expect(es.map(\.rows.count) == [1, 1] && es[0].rows[0].template == "EmptyCell")
    }

    @Test func linesThatAreNotModeSectionOrRowAreComments() throws {
        let file = try ConfigFile.parse("// the settings screen\n# rows\nrows -s nothing\n\nrow -c TableViewCell\n  row -c TableViewCell2")
        #expect(file.modes.count == 1 && file.modes[0].sections[0].rows.count == 2)
        #expect(file.modes[0].sections[0].rows.map(\.line) == [5, 6])
    }

    @Test func modesAreSeparateListsSwitchedAtRunTime() throws {
        // The demo's ViewController.tableViewConfig.
        let config = "\nmode\nsection -c TableViewCell -s _emptyArray\n\nmode\nsection -s _dictionary -c TableViewCell\nrow -s first\nrow -s second\n\nmode\nsection -s _multipleArray -c TableViewCell\nrow -es subs"
        var provider = try ConfigFileProvider(config: config, data: Self.data, base: Self.base)
        #expect(provider.file.modes.count == 3)
        #expect(try provider.document().sections.isEmpty)
        try provider.switchMode(to: 1)
        #expect(try provider.document().sections.map(\.rows.count) == [2])
        try provider.switchMode(to: 2)
        #expect(try provider.document().sections.map(\.rows.count) == [3, 2])
        #expect(throws: FrontEndError.configFile(line: 10, "mode 3 does not exist; the file has 3 mode(s)")) { try provider.switchMode(to: 3) }
        let twoModes = try ConfigFile.parse("mode\nrow -c TableViewCell\nmode\nrow -c TableViewCell2")
        #expect(twoModes.modes.map { $0.sections[0].rows[0].flags.template } == ["TableViewCell", "TableViewCell2"])
    }

    @Test func positionsAndTagsReachTheTemplate() throws {
        let document = try ConfigFileDocument.make(config: "section -t settings\nrow -s _array -c TableViewCell -n 2\nrow -c TableViewCell2",
                                                   data: Self.data, base: Self.base)
        let rows = document.sections[0].rows
        #expect(rows.count == 4)
        #expect(rows[0].data["_position"]?["top"] == .bool(true))
        #expect(rows[0].data["_position"]?["partTop"] == .bool(true))
        #expect(rows[2].data["_position"]?["partBottom"] == .bool(true))
        #expect(rows[2].data["_position"]?["bottom"] == .bool(false))
        #expect(rows[3].data["_position"]?["value"] == .number(14))
        #expect(rows[1].data["_contents"] == .array([.number(3), .number(4)]))
        #expect(rows.allSatisfy { $0.data["_tag"] == .string("settings") })
        #expect(rows.allSatisfy { $0.autoHeight == true })
    }

    @Test func objectContentsAreSpreadForTemplates() throws {
        let document = try ConfigFileDocument.make(config: "section -s _multipleArray -c TableViewCell -h SectionHeaderView",
                                                   data: Self.data, base: Self.base)
        #expect(document.sections[0].rows[0].data["name"] == .string("section name 1"))
        guard case .template(_, let header)? = document.sections[1].header else { Issue.record("no header"); return }
        #expect(header["name"] == .string("section name 2"))
    }

    @Test func rowsWithoutATemplateTakeTheListHeight() throws {
        let document = try ConfigFileDocument.make(config: "row\nrow -c TableViewCell", data: Self.data, base: Self.base)
        #expect(document.sections[0].rows[0].template == nil && document.sections[0].rows[0].autoHeight == nil)
        #expect(contentDerivedHeight(document.sections[0].rows[0], document.sections[0], document, 375) == 40)
    }

    /// Every source size 0...12 with every -n 1...5, -all, with and without -ec: rows are
    /// ceil(count / n) (one with -all), none for an empty source, one empty row with -ec; the
    /// part positions mark each group's ends and the section positions the section's.
    @Test func rowCountsFollowAOZForEverySizeAndN() throws {
        for count in 0...12 {
            let data: JSONValue = .object(["items": .array((0..<count).map { .number(Double($0)) })])
            for flag in ["-n 1", "-n 2", "-n 3", "-n 4", "-n 5", "-all"] {
                for empty in ["", " -ec EmptyCell"] {
                    let rows = try Self.sections("row -c TableViewCell\nrow -s items \(flag)\(empty)", data: data)[0].rows
                    let n = flag == "-all" ? count : Int(flag.dropFirst(3))!
                    let expected = count == 0 ? (empty.isEmpty ? 0 : 1) : (flag == "-all" ? 1 : (count + n - 1) / n)
                    #expect(rows.count == 1 + expected, "\(count) \(flag)\(empty)")
                    let group = rows.dropFirst()
                    #expect(group.first.map { $0.position.contains(.partTop) } ?? true)
                    #expect(group.last.map { $0.position.contains([.partBottom, .bottom]) } ?? true)
                    #expect(group.dropFirst().dropLast().allSatisfy { $0.position.intersection([.partOnly, .only]).isEmpty })
                    #expect(rows[0].position.contains(.top) && rows[0].position.contains(.partOnly))
                    #expect(group.allSatisfy { $0.isEmpty == (count == 0) })
                }
            }
        }
    }

    @Test func parseErrorsNameTheLine() {
        #expect(throws: FrontEndError.configFile(line: 3, "unknown flag \"-x\"")) { try ConfigFile.parse("mode\n\nrow -x 1") }
        #expect(throws: FrontEndError.configFile(line: 1, "-s needs a value")) { try ConfigFile.parse("row -s") }
        #expect(throws: FrontEndError.configFile(line: 2, "-s needs a value")) { try ConfigFile.parse("row\nrow -s -c Cell") }
        #expect(throws: FrontEndError.configFile(line: 1, "-n needs a positive integer, found \"0\"")) { try ConfigFile.parse("row -s _array -n 0") }
        #expect(throws: FrontEndError.configFile(line: 1, "-n needs a positive integer, found \"two\"")) { try ConfigFile.parse("row -n two") }
        // A negative number is -n's value, refused for its sign, not a missing value.
        #expect(throws: FrontEndError.configFile(line: 1, "-n needs a positive integer, found \"-5\"")) { try ConfigFile.parse("row -s _array -n -5") }
        #expect(throws: FrontEndError.configFile(line: 1, "-h is for sections, not rows")) { try ConfigFile.parse("row -h Header") }
        #expect(throws: FrontEndError.configFile(line: 1, "-es is for rows, not sections")) { try ConfigFile.parse("section -es subs") }
        #expect(throws: FrontEndError.configFile(line: 2, "-es needs its section to have -s (an array of elements)")) { try ConfigFile.parse("section\nrow -es subs") }
        #expect(throws: FrontEndError.configFile(line: 1, "mode takes no flags, found \"-c\"")) { try ConfigFile.parse("mode -c Cell") }
        #expect(throws: FrontEndError.configFile(line: 4, "template \"TableViewCel\" not found")) {
            try ConfigFileDocument.make(config: "mode\nrow\nmode\nsection -c TableViewCel", data: Self.data, base: Self.base)
        }
    }

    /// AOZ reloads the whole table when data or mode changes; the cache, reloaded the same way,
    /// answers what measuring everything afresh answers.
    @Test func changingDataOrModeAndReloadingKeepsTheCacheRight() throws {
        let config = "mode\nsection -s _multipleArray -c TableViewCell\nrow -es subs\nmode\nrow -s _array -n 2 -c TableViewCell2\nrow"
        var provider = try ConfigFileProvider(config: config, data: Self.data, base: Self.base)
        let source = ListHeightSource(document: try provider.document(), measure: contentDerivedMeasure)
        let cache = try HeightCache(source: source, width: 375)
        var heights = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
        #expect(heights.cached == heights.fresh && heights.cached.count == 5)
        provider.data = .object(["_multipleArray": .array([.object(["subs": .array([.string("a"), .string("b")])])]),
                                 "_array": .array([.number(9)])])
        source.update(try provider.document())
        cache.reloadData()
        heights = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
        #expect(heights.cached == heights.fresh && heights.cached.count == 2)
        try provider.switchMode(to: 1)
        source.update(try provider.document())
        cache.reloadData()
        heights = try cachedAndFresh(cache, source, measure: contentDerivedMeasure)
        #expect(heights.cached == heights.fresh && heights.cached.count == 2)
        #expect(heights.cached[1] == 40)
    }
}

/// Config-file heights measured for real, with templates that read `_position` and `_contents`.
@Suite struct FrontEndConfigFileHeightTests {
    /// A cell whose label shows the contents and whose top row gets 10 extra points above, by a
    /// spacer that only shows on the section's top row (a stack collapses the hidden spacer).
    static let positionCell = Template(name: "TableViewCell", views: [
        ViewSpec(id: "gap", kind: .view(width: nil, height: .fixed(10)), hidden: .whenFalse("_position.top")),
        labelView("label", "${_contents}${name}", lines: 0),
        ViewSpec(id: "stack", kind: .stack(StackSpec(axis: .vertical, arranged: ["gap", "label"]))),
    ], constraints: [
        "stack.leading == super.leading + 16", "stack.trailing == super.trailing - 16",
        "stack.top == super.top + 11", "super.bottom >= stack.bottom + 11",
    ])
    static let base = Document(fonts: Fixtures.fonts, templates: [
        "TableViewCell": positionCell,
        "TableViewCell2": paddedLabelTemplate("TableViewCell2", text: "${_contents.0} and ${_contents.1}", size: 13),
        "SectionHeaderView": paddedLabelTemplate("SectionHeaderView", text: "${name}", size: 13, inset: 6),
        "EmptyCell": paddedLabelTemplate("EmptyCell", text: "Nothing here yet", inset: 20),
    ])

    @Test func everyRowOfTheDemoModesMatchesItsTemplateMeasuredDirectly() throws {
        let config = "mode\nsection -c TableViewCell -ec EmptyCell -s _emptyArray\nmode\nsection -s _dictionary -c TableViewCell\nrow -s first\nrow -s second\nmode\nsection -s _multipleArray -c TableViewCell -h SectionHeaderView\nrow -es subs\nrow -c TableViewCell2 -s _array -n 2\nrow"
        var all: [[[Double]]] = []
        for mode in 0..<3 {
            let document = try ConfigFileDocument.make(config: config, data: FrontEndConfigFileTests.data, base: Self.base, mode: mode)
            all.append(try expectHeightsMatchDirectMeasuring(document))
        }
        #expect(all[0] == [[all[0][0][0]]] && all[0][0][0] == 20 + 20 + 20 + 0.5)   // 20 + one 17-pt line (20) + 20
        // Mode 1: the top row has the 10-point spacer: 11 + 10 + 20 + 11 + 0.5; the other 11 + 20 + 11 -> 43 + 0.5.
        #expect(all[1] == [[52.5, 42.5]])
        // Mode 2: rows of -es (the first with the spacer), TableViewCell2 rows of two elements
        // (12 + 15.5 + 12 + 0.5), then a plain row inheriting the section's template.
        #expect(all[2] == [[52.5, 42.5, 42.5, 40, 40, 40, 42.5], [52.5, 42.5, 40, 40, 40, 42.5]])
    }

    @Test func headersAreMeasuredWithTheSectionContents() throws {
        let document = try ConfigFileDocument.make(config: "section -s _multipleArray -c TableViewCell -h SectionHeaderView\nrow -es subs",
                                                   data: FrontEndConfigFileTests.data, base: Self.base)
        let measurer = try ListMeasurer(document: document, baseDirectory: Fixtures.root)
        let header = try #require(try measurer.measureHeader(of: document.sections[0], frames: false))
        let direct = try measurer.measure(template: "SectionHeaderView", data: .object(["name": .string("section name 1")]),
                                          separator: false, frames: false)
        #expect(header.height == direct.height && header.height == 6 + 15.5 + 6)   // 13-pt line 15.12 -> 15.5
    }
}

/// The library side of `measure-cli --config FILE data.json`.
@Suite struct FrontEndConfigFileDataDocumentTests {
    static let dataJSON = """
        { "list": { "width": 320, "rowHeight": 44 },
          "templates": { "TableViewCell": { "views": [ { "id": "t", "label": { "text": "${_contents}" } } ],
                                            "constraints": [ "t.leading == super.leading + 16", "t.top == super.top + 11",
                                                             "super.bottom >= t.bottom + 11" ] } },
          "data": { "_array": [ "one", "two", "three" ] },
          "sections": [] }
        """

    @Test func theDataMemberIsTheProviderAndTheRestIsTheDocument() throws {
        let value = try JSONParser().parse(Array(Self.dataJSON.utf8))
        var warnings: [DocumentError] = []
        let document = try ConfigFileDocument.make(config: "row -s _array -c TableViewCell\nrow", dataDocument: value, decoder: DocumentDecoder(fontDefaults: Fixtures.fonts), warnings: &warnings)
        #expect(document.list.width == 320 && document.list.rowHeight == 44)
        #expect(document.sections[0].rows.map { $0.data["_contents"] } == [.string("one"), .string("two"), .string("three"), .null])
        #expect(warnings == [DocumentError(path: "sections", message: "ignored: the config file gives the sections")])
    }

    @Test func aConfigFileMistakeIsOfKindConfigFileWithItsLine() throws {
        let value = try JSONParser().parse(Array(Self.dataJSON.utf8))
        var warnings: [DocumentError] = []
        let error = #expect(throws: FrontEndError.self) {
            try ConfigFileDocument.make(config: "row\nrow -c Cell", dataDocument: value, decoder: DocumentDecoder(fontDefaults: Fixtures.fonts), warnings: &warnings)
        }
        #expect(error?.kind == .configFile(line: 2))
        #expect(error?.description == "line 2: template \"Cell\" not found")
    }

    @Test func aDataDocumentMistakeIsOfKindConfigDataAtItsJSONPath() throws {
        var warnings: [DocumentError] = []
        #expect(throws: FrontEndError(.configData, "", "the data document must be a JSON object with list, fonts, templates and data")) {
            try ConfigFileDocument.make(config: "row", dataDocument: .array([]), warnings: &warnings)
        }
        let badWidth = try JSONParser().parse(Array(#"{"list": {"width": "wide"}, "templates": {}}"#.utf8))
        let error = #expect(throws: FrontEndError.self) {
            try ConfigFileDocument.make(config: "row", dataDocument: badWidth, warnings: &warnings)
        }
        #expect(error?.kind == .configData)
        #expect(error?.location == "list.width")
    }
}
