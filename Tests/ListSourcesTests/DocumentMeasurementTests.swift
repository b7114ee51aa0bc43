import Testing
import CellsFormat
import CellLayout
import ListSources
import TestSupport
import TextEngine

/// `DocumentMeasurement` and `RowStreamMeasurement`: whole documents and row streams measured on
/// several threads, keyed repeats sharing one measurement, failures in document order.
@Suite struct DocumentMeasurementTests {
    /// One label filling the content view, so a longer text is a taller row.
    static let template = #""T":{"views":[{"id":"t","label":{"text":"${text}","lines":0}}],"constraints":["t.leading == super.leading","t.trailing == super.trailing","t.top == super.top","super.bottom == t.bottom"]}"#
    static let decoder = DocumentDecoder(fontDefaults: Fixtures.fonts)

    /// A cells.json document: a titled header, `rows` (JSON objects) in a measured section, a footer.
    static func json(_ rows: [String]) -> String {
        #"{"list":{"width":200},"templates":{\#(template)},"sections":[{"template":"T","autoHeight":true,"header":{"title":"H"},"footer":{"height":5},"rows":[\#(rows.joined(separator: ","))]}]}"#
    }

    static func document(_ rows: [String]) throws -> Document {
        try decoder.decode(try JSONParser().parse(Array(json(rows).utf8)))
    }

    static func measurer(_ document: Document) throws -> ListMeasurer {
        try ListMeasurer(document: document, baseDirectory: Fixtures.root)
    }

    /// `count` rows of varied text, every fifth repeating an earlier row's key and text.
    static func manyRows(_ count: Int) -> [String] {
        (0..<count).map { i in
            let n = i % 5 == 4 ? i - 3 : i
            return #"{"key":"k\#(n)","text":"\#(String(repeating: "word ", count: n % 17 + 1))"}"#
        }
    }

    static func measureDeferred(_ rows: [String], jobs: Int) throws -> MeasuredDocument? {
        var warnings: [DocumentError] = []
        return try Array(json(rows).utf8).withUnsafeBytes { raw in
            try DocumentMeasurement(jobs: jobs).measure(deferredRows: raw, decoder: decoder, baseDirectory: Fixtures.root,
                                                        textMeasurer: TextMeasurer(), warnings: &warnings)?.lines
        }
    }

    /// Lines as comparable values: where each is, its key and height.
    static func summary(_ measured: MeasuredDocument) -> [String] {
        measured.map { "\($0.line.section) \($0.line.kind) \($0.line.row ?? -1) \($0.key ?? "-") \($0.measurement.height)" }
    }

    @Test func linesComeInOutputOrderHeaderRowsFooter() throws {
        let document = try Self.document(Self.manyRows(3))
        let measured = try DocumentMeasurement().measure(document, with: try Self.measurer(document))
        #expect(measured.map(\.line) == [
            DocumentLine(section: 0, kind: .header), DocumentLine(section: 0, kind: .row, row: 0),
            DocumentLine(section: 0, kind: .row, row: 1), DocumentLine(section: 0, kind: .row, row: 2),
            DocumentLine(section: 0, kind: .footer),
        ])
        #expect(measured.rowCount == 3 && measured.supplementaryCount == 2)
    }

    @Test func theFirstFailingLineInDocumentOrderIsThrownWhateverTheJobs() throws {
        // A template the decoder would refuse, set on the decoded rows: they fail only when measured.
        var document = try Self.document(Self.manyRows(300))
        document.sections[0].rows[250].template = "Nope"
        document.sections[0].rows[90].template = "Nope"
        let measurer = try Self.measurer(document)
        for jobs in [1, 2, 4] {
            let thrown = #expect(throws: LineFailure.self) { try DocumentMeasurement(jobs: jobs).measure(document, with: measurer) }
            #expect(thrown?.line == DocumentLine(section: 0, kind: .row, row: 90))
            #expect(thrown?.line.errorPath == "sections[0].rows[90]")
            #expect(thrown?.error.message == #"template "Nope" not found"#)
        }
    }

    @Test func aLineFailureIsItsLayoutErrorPlacedUnderTheLine() {
        let row = DocumentLine(section: 2, kind: .row, row: 7)
        let relative = LineFailure(line: row, error: LayoutError(path: "h", message: "not a finite number"))
        #expect(relative.description == "sections[2].rows[7].h: not a finite number")
        let absolute = LineFailure(line: row, error: LayoutError(.font(.noSuchFile), path: "fonts.bold", message: "will not load"))
        #expect(absolute.description == "fonts.bold: will not load (in sections[2].rows[7])")
        #expect(absolute.error.kind == .font(.noSuchFile))
        let footer = LineFailure(line: DocumentLine(section: 1, kind: .footer), error: LayoutError(path: "footer.template", message: "missing"))
        #expect(footer.description == "sections[1].footer.template: missing")
    }

    @Test func aKeyedRepeatSharesTheFirstRowsMeasurement() throws {
        // The second row repeats the first one's key with a longer text: it is not measured, so it
        // keeps the first row's height; the third row, without a key, is measured and is taller.
        let long = String(repeating: "many words ", count: 30)
        let rows = [#"{"key":"a","text":"short"}"#, #"{"key":"a","text":"\#(long)"}"#, #"{"text":"\#(long)"}"#]
        let document = try Self.document(rows)
        let whole = try DocumentMeasurement().measure(document, with: try Self.measurer(document))
        let deferred = try #require(try Self.measureDeferred(rows, jobs: 2))
        for measured in [whole, deferred] {
            #expect(measured[2].measurement == measured[1].measurement)
            #expect(measured[2].key == "a")
            #expect(measured[3].measurement.height > measured[1].measurement.height)
            #expect(measured.cacheHits == 1)
        }
    }

    @Test func oneJobAndTwoJobsMeasureTheSame() throws {
        let rows = Self.manyRows(400)
        let document = try Self.document(rows)
        let measurer = try Self.measurer(document)
        let one = try DocumentMeasurement(jobs: 1).measure(document, with: measurer)
        let two = try DocumentMeasurement(jobs: 2).measure(document, with: measurer)
        let deferredOne = try #require(try Self.measureDeferred(rows, jobs: 1))
        let deferredTwo = try #require(try Self.measureDeferred(rows, jobs: 2))
        #expect(Self.summary(one) == Self.summary(two))
        #expect(Self.summary(deferredOne) == Self.summary(one))
        #expect(Self.summary(deferredTwo) == Self.summary(one))
        #expect(one.cacheHits == 80 && two.cacheHits == 80 && deferredTwo.cacheHits == 80)
    }

    @Test func progressIsToldOfEveryLineAndTheTotal() throws {
        let document = try Self.document(Self.manyRows(300))
        let finished = ProgressCounter()
        let total = ProgressCounter()
        _ = try DocumentMeasurement(jobs: 2, progress: { n, all in
            finished.add(n)
            if total.current == 0 { total.add(all) }
        }).measure(document, with: try Self.measurer(document))
        #expect(finished.current == 302 && total.current == 302)
    }

    @Test func deferredRowsThatDoNotDecodeGiveNil() throws {
        #expect(try Self.measureDeferred(Self.manyRows(3) + [#"{"accessory":"sideways"}"#], jobs: 2) == nil)
        #expect(try Self.measureDeferred([#"{"text": bad}"#], jobs: 1) == nil)
    }

    @Test func deferredRowsDecodeInParallelToTheSequentialDocument() throws {
        let rows = Self.manyRows(200)
        var warnings: [DocumentError] = []
        let parallel = Array(Self.json(rows).utf8).withUnsafeBytes { raw in
            DocumentMeasurement(jobs: 2).decode(deferredRows: raw, decoder: Self.decoder, warnings: &warnings)
        }
        let sequential = try Self.document(rows)
        #expect(parallel?.sections[0].rows.map(\.data) == sequential.sections[0].rows.map(\.data))
        #expect(parallel?.sections[0].rows.map(\.key) == sequential.sections[0].rows.map(\.key))
    }
}

/// `RowStreamMeasurement`: rows arriving as lines, answered in order, the keyed cache bounded.
@Suite struct RowStreamMeasurementTests {
    static func stream(limit: Int = 100_000, refusesDocumentLines: Bool = false) throws -> RowStreamMeasurement {
        var document = try DocumentMeasurementTests.document([])
        document.sections.append(SectionSpec(height: 44))
        return RowStreamMeasurement(document: document, measurer: try DocumentMeasurementTests.measurer(document),
                                    decoder: DocumentMeasurementTests.decoder, jobs: 2, keyedCacheLimit: limit,
                                    refusesDocumentLines: refusesDocumentLines)
    }

    static func lines(_ texts: [String]) -> [[UInt8]] { texts.map { Array($0.utf8) } }

    @Test func eachLineIsAnsweredInOrderAndOnlyMeasuredRowsTakeAnIndex() throws {
        var stream = try Self.stream()
        let answers = stream.measure(Self.lines([
            #"{"text":"a"}"#, " \t", "{bad", #"{"section":9}"#, #"{"accessory":"sideways"}"#,
            #"{"template":"Nope"}"#, #"{"section":1}"#, #"{"text":"b"}"#,
        ]))
        let shapes = answers.map { answer -> String in
            switch answer {
            case .blank: return "blank"
            case .notJSON: return "notJSON"
            case .documentLine: return "documentLine"
            case .noSection: return "noSection"
            case .badRow(let s, let r, _): return "badRow \(s) \(r)"
            case .failed(let s, let r, _): return "failed \(s) \(r)"
            case .measured(let s, let r, _, _): return "measured \(s) \(r)"
            }
        }
        #expect(shapes == ["measured 0 0", "blank", "notJSON", "noSection", "badRow 0 1", "badRow 0 1", "measured 1 0",
                           "measured 0 1"])
    }

    @Test func aWholeDocumentLineIsRefusedWhereEveryLineIsARow() throws {
        var refusing = try Self.stream(refusesDocumentLines: true)
        var reading = try Self.stream()
        let line = Self.lines([#"{"sections":[]}"#])
        guard case .documentLine = refusing.measure(line)[0] else { Issue.record("a document line was read as a row"); return }
        guard case .measured = reading.measure(line)[0] else { Issue.record("a row was refused"); return }
    }

    @Test func aKeyedRepeatSharesTheFirstRowsMeasurementWithinAndAcrossBatches() throws {
        var stream = try Self.stream()
        let long = String(repeating: "many words ", count: 30)
        let first = stream.measure(Self.lines([#"{"key":"a","text":"short"}"#, #"{"key":"a","text":"\#(long)"}"#]))
        let later = stream.measure(Self.lines([#"{"key":"a","text":"\#(long)"}"#, #"{"text":"\#(long)"}"#]))
        let heights = (first + later).map { answer -> Double in
            if case .measured(_, _, _, let m) = answer { return m.height }
            return -1
        }
        #expect(heights[1] == heights[0] && heights[2] == heights[0])
        #expect(heights[3] > heights[0])
        #expect(stream.cacheHits == 2)
    }

    @Test func theKeyedCacheHoldsAtMostItsLimitHoweverManyRowsGoBy() throws {
        var stream = try Self.stream(limit: 16)
        var most = 0
        for batch in 0..<40 {
            _ = stream.measure(Self.lines((0..<10).map { #"{"key":"k\#(batch * 10 + $0)","text":"x"}"# }))
            most = max(most, stream.keyedCacheCount)
        }
        #expect(most == 16)
        #expect(stream.cacheHits == 0)
    }

    @Test func headersAndFootersAreMeasuredPerSectionAndAFailureNamesItsLine() throws {
        let stream = try Self.stream()
        let measured = try stream.measureHeadersAndFooters()
        #expect(measured.count == 2)
        #expect(measured[0].header != nil && measured[0].footer?.height == 5)
        #expect(measured[1].header == nil && measured[1].footer == nil)
        var document = stream.document
        document.sections[1].footer = .template("Nope", data: .null)
        let broken = RowStreamMeasurement(document: document, measurer: try DocumentMeasurementTests.measurer(document),
                                          decoder: DocumentMeasurementTests.decoder)
        let thrown = #expect(throws: LineFailure.self) { try broken.measureHeadersAndFooters() }
        #expect(thrown?.line == DocumentLine(section: 1, kind: .footer))
    }
}
