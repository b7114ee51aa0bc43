import CellsFormat
import CellLayout
import ListSources

/// What `--stream` output keeps between batches: the rows' measuring, the measured headers and
/// footers, which headers are out, and the counts for the summary.
struct StreamState {
    private var rows: RowStreamMeasurement
    /// `--document`: the input is a partition of rows, so no header or footer lines (every
    /// partition would repeat them) and each row line names its input line.
    let rowsOnly: Bool
    private(set) var stats = RunStats()
    private var headerWritten: [Bool]
    private var headers: [CellMeasurement?] = []
    private var footers: [CellMeasurement?] = []

    /// State for a document whose sections carry no rows yet.
    init(document: Document, measurer: ListMeasurer, options: RunOptions, keyedCacheLimit: Int, rowsOnly: Bool = false) {
        rows = RowStreamMeasurement(document: document, measurer: measurer, decoder: options.decoder, jobs: options.jobs,
                                    frames: options.frames, keyedCacheLimit: keyedCacheLimit, refusesDocumentLines: true)
        rows.curveWidths = options.curveWidths
        self.rowsOnly = rowsOnly
        headerWritten = Array(repeating: false, count: document.sections.count)
    }

    /// Measures every header and footer up front: they belong to the document, so a failure
    /// here is a document error, reported before any output.
    mutating func measureSupplementary(file: String) throws(CLIFailure) {
        do {
            for (header, footer) in try rows.measureHeadersAndFooters() {
                headers.append(header)
                footers.append(footer)
            }
        } catch {
            throw Failures.line(error, file: file)
        }
    }

    /// Counts a bad line reported outside `process` (a line over the length limit).
    mutating func countBadLine() {
        stats.badLines += 1
    }

    /// The output records of one batch of row lines, in input order.
    mutating func process(_ batch: [(line: Int, bytes: [UInt8])]) -> [OutputRecord] {
        let hitsBefore = rows.cacheHits
        let answers = rows.measure(batch.map(\.bytes))
        stats.cacheHits += rows.cacheHits - hitsBefore
        var records: [OutputRecord] = []
        records.reserveCapacity(batch.count + 1)
        for (i, answer) in answers.enumerated() {
            let line = batch[i].line
            switch answer {
            case .blank:
                continue
            case .notJSON(let error):
                bad(line, Failures.streamLineSyntax(error), to: &records)
            case .documentLine:
                // Two stream files joined, or one piped to --document: never an empty row.
                bad(line, rowsOnly ? "sections: a document line; with --document every input line is a row"
                                   : "sections: a second document line; after the first line every input line is a row",
                    to: &records)
            case .noSection(let error):
                bad(line, error.description, to: &records)
            case .badRow(let s, let row, let error):
                bad(line, "\(JSONPath.readable(StreamState.join("sections[\(s)].rows[\(row)]", error.path))): \(error.message)", to: &records)
            case .failed(let s, let row, let error):
                bad(line, LineFailure(line: DocumentLine(section: s, kind: .row, row: row), error: error).description, to: &records)
            case .measured(let s, let row, let key, let measurement):
                if !headerWritten[s], !rowsOnly { appendHeader(s, to: &records) }
                records.append(.measured(section: s, kind: .row, row: row, key: key, measurement: measurement,
                                         line: rowsOnly ? line : nil))
                stats.rows += 1
            }
        }
        return records
    }

    /// Headers of sections that got no rows, then every footer, in section order.
    mutating func remainingSupplementary() -> [OutputRecord] {
        var records: [OutputRecord] = []
        if rowsOnly { return records }
        for s in headerWritten.indices {
            if !headerWritten[s] { appendHeader(s, to: &records) }
            if let footer = footers[s] {
                records.append(.measured(section: s, kind: .footer, row: nil, key: nil, measurement: footer))
                stats.supplementary += 1
            }
        }
        return records
    }

    private mutating func bad(_ line: Int, _ message: String, to records: inout [OutputRecord]) {
        stats.badLines += 1
        records.append(.badLine(line: line, error: message))
    }

    private mutating func appendHeader(_ s: Int, to records: inout [OutputRecord]) {
        headerWritten[s] = true
        if let header = headers[s] {
            records.append(.measured(section: s, kind: .header, row: nil, key: nil, measurement: header))
            stats.supplementary += 1
        }
    }

    /// A path relative to a row (`accessory`, `["a b"]`) placed under the row's own path.
    static func join(_ base: String, _ relative: String) -> String {
        if relative.isEmpty { return base }
        return relative.hasPrefix("[") ? base + relative : base + "." + relative
    }
}
