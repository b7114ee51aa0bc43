import CellsFormat
import CellLayout
import ListSources

/// What `--stream` keeps between batches: rows per section so far, which headers are out, the
/// measured headers and footers, and a bounded keyed height cache.
struct StreamState {
    let document: Document
    let measurer: ListMeasurer
    let options: RunOptions
    let keyedCacheLimit: Int
    /// `--document`: the input is a partition of rows, so no header or footer lines (every
    /// partition would repeat them) and each row line names its input line.
    let rowsOnly: Bool
    private(set) var stats = RunStats()
    private var rowCounts: [Int]
    private var headerWritten: [Bool]
    private var headers: [CellMeasurement?] = []
    private var footers: [CellMeasurement?] = []
    private var keyed: [KeyedCacheSlot: CellMeasurement] = [:]

    /// State for a document whose sections carry no rows yet.
    init(document: Document, measurer: ListMeasurer, options: RunOptions, keyedCacheLimit: Int, rowsOnly: Bool = false) {
        self.rowsOnly = rowsOnly
        self.document = document
        self.measurer = measurer
        self.options = options
        self.keyedCacheLimit = keyedCacheLimit
        rowCounts = Array(repeating: 0, count: document.sections.count)
        headerWritten = Array(repeating: false, count: document.sections.count)
    }

    /// Measures every header and footer up front: they belong to the document, so a failure
    /// here is a document error, reported before any output.
    mutating func measureSupplementary(file: String) throws(CLIFailure) {
        for (s, section) in document.sections.enumerated() {
            do {
                headers.append(try measurer.measureHeader(of: section, frames: options.frames))
                footers.append(try measurer.measureFooter(of: section, frames: options.frames))
            } catch {
                throw Failures.layout(error, file: file, at: "sections[\(s)]")
            }
        }
    }

    /// Counts a bad line reported outside `process` (a line over the length limit).
    mutating func countBadLine() {
        stats.badLines += 1
    }

    /// What one input line turned out to be before measuring.
    private enum Parsed {
        case blank
        case bad(String)
        case badRow(section: Int, DocumentError)
        case row(section: Int, RowSpec)
    }

    /// How a decoded row gets its measurement.
    private enum Plan {
        case none
        case measure
        case cached(CellMeasurement)
        case sameAs(Int)
    }

    /// The output records of one batch of row lines, in input order.
    mutating func process(_ batch: [(line: Int, bytes: [UInt8])]) -> [OutputRecord] {
        let document = self.document
        let decoder = options.decoder
        let rowsOnly = self.rowsOnly
        let parsed = ParallelMap.map(count: batch.count, jobs: options.jobs, chunk: 32) { i in
            StreamState.parse(batch[i].bytes, decoder: decoder, document: document, rowsOnly: rowsOnly)
        }
        var planning = [Plan](repeating: .none, count: batch.count)
        var pending: [KeyedCacheSlot: Int] = [:]
        for (i, item) in parsed.enumerated() {
            guard case .row(let s, let row) = item else { continue }
            if let key = KeyedCacheSlot.of(row, in: document.sections[s], list: document.list) {
                if let hit = keyed[key] {
                    planning[i] = .cached(hit)
                    continue
                }
                if let first = pending[key] {
                    planning[i] = .sameAs(first)
                    continue
                }
                pending[key] = i
            }
            planning[i] = .measure
        }
        let plans = planning
        let measurer = self.measurer
        let frames = options.frames
        let measured = ParallelMap.map(count: batch.count, jobs: options.jobs, chunk: 16) { i -> Result<CellMeasurement, LayoutError>? in
            guard case .measure = plans[i], case .row(let s, let row) = parsed[i] else { return nil }
            do throws(LayoutError) {
                return .success(try measurer.measureRow(row, in: document.sections[s], frames: frames))
            } catch {
                return .failure(error)
            }
        }
        var records: [OutputRecord] = []
        records.reserveCapacity(batch.count + 1)
        for (i, item) in parsed.enumerated() {
            switch item {
            case .blank:
                continue
            case .bad(let message):
                stats.badLines += 1
                records.append(.badLine(line: batch[i].line, error: message))
            case .badRow(let s, let error):
                stats.badLines += 1
                let path = StreamState.join("sections[\(s)].rows[\(rowCounts[s])]", error.path)
                records.append(.badLine(line: batch[i].line, error: "\(path): \(error.message)"))
            case .row(let s, let row):
                let rowPath = "sections[\(s)].rows[\(rowCounts[s])]"
                var result: Result<CellMeasurement, LayoutError>?
                switch plans[i] {
                case .cached(let hit):
                    result = .success(hit)
                    stats.cacheHits += 1
                case .sameAs(let first):
                    result = measured[first]
                    stats.cacheHits += 1
                default:
                    result = measured[i]
                }
                switch result {
                case .success(let measurement):
                    if let key = KeyedCacheSlot.of(row, in: document.sections[s], list: document.list), keyed[key] == nil {
                        if keyed.count >= keyedCacheLimit { keyed.removeAll(keepingCapacity: true) }
                        keyed[key] = measurement
                    }
                    if !headerWritten[s], !rowsOnly { appendHeader(s, to: &records) }
                    records.append(.measured(section: s, kind: .row, row: rowCounts[s], key: row.key, measurement: measurement,
                                             line: rowsOnly ? batch[i].line : nil))
                    rowCounts[s] += 1
                    stats.rows += 1
                case .failure(let error):
                    stats.badLines += 1
                    records.append(.badLine(line: batch[i].line, error: Failures.layoutText(error, at: rowPath)))
                case nil:
                    continue
                }
            }
        }
        return records
    }

    /// Headers of sections that got no rows, then every footer, in section order.
    mutating func remainingSupplementary() -> [OutputRecord] {
        var records: [OutputRecord] = []
        if rowsOnly { return records }
        for s in document.sections.indices {
            if !headerWritten[s] { appendHeader(s, to: &records) }
            if let footer = footers[s] {
                records.append(.measured(section: s, kind: .footer, row: nil, key: nil, measurement: footer))
                stats.supplementary += 1
            }
        }
        return records
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

    /// Parses and decodes one row line; errors name the row path it would have had only once
    /// its section is known, so here they are relative and completed by `process`.
    private static func parse(_ bytes: [UInt8], decoder: DocumentDecoder, document: Document, rowsOnly: Bool) -> Parsed {
        if StreamRun.isBlank(bytes) { return .blank }
        let value: JSONValue
        do { value = try JSONParser().parse(bytes) } catch {
            return .bad("\(error.path.isEmpty ? "" : error.path + ": ")column \(error.column): \(error.message)")
        }
        // A --stream file whose first line is its document, piped with --document by mistake,
        // would otherwise measure that line as an empty row.
        if rowsOnly, case .array? = value["sections"] {
            return .bad("sections: a document line; with --document every input line is a row")
        }
        let section: Int
        do { section = try decoder.streamedRowSection(value, path: "", in: document) } catch {
            return .bad(error.description)
        }
        do {
            return .row(section: section, try decoder.decodeRow(value, path: "", section: document.sections[section], in: document))
        } catch {
            return .badRow(section: section, error)
        }
    }
}
