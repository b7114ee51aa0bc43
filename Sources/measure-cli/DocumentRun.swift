import CellsFormat
import CellLayout
import ListSources
import TextEngine

/// Measures a whole cells.json document: read, parse, decode, measure every line in parallel,
/// then write everything in order. Nothing reaches stdout unless every line measured.
struct DocumentRun {
    let input: InputFile
    let options: RunOptions

    /// Runs and returns the counts for the summary; warnings are returned, not printed, so a
    /// failing run prints exactly one line.
    func run(warnings: inout [String]) throws(CLIFailure) -> RunStats {
        let bytes = try input.readAll()
        let file = input.displayName
        var documentWarnings: [DocumentError] = []
        let singlePass = options.config == nil && options.renderPath == nil
        if singlePass {
            let textMeasurer = RunOptions.makeTextMeasurer()
            if let done = try SinglePassRun.measure(bytes, file: file, options: options, baseDirectory: input.baseDirectory,
                                                    textMeasurer: textMeasurer, warnings: &documentWarnings) {
                warnings += documentWarnings.map { "\(file): warning: \($0)" }
                var stats = done.stats
                stats.record(textMeasurer.cacheStatistics)
                let measured = done.measured
                try options.inputs.checkOutputs(fonts: done.fonts, baseDirectory: input.baseDirectory, renderPath: nil)
                try write(count: measured.lines.count) { measured.record($0) }
                HeldUntilExit.hold((bytes, textMeasurer, measured))
                return stats
            }
            // Something is wrong: the sequential decode below finds the first problem in
            // document order (the parallel decode would only meet the same problem again).
            documentWarnings.removeAll()
        }
        let document: Document
        if let config = options.config {
            let value: JSONValue
            do { value = try bytes.withUnsafeBytes { (raw) throws(JSONParseError) in try JSONParser().parse(raw) } } catch {
                throw Failures.parse(error, file: file)
            }
            do {
                document = try ConfigFileDocument.make(config: config.text, dataDocument: value, decoder: options.decoder,
                                                       mode: config.mode, warnings: &documentWarnings)
            } catch {
                switch error {
                case .config(let error): throw CLIFailure(status: .input, message: "\(config.name): \(error)")
                case .document(let error): throw Failures.document(error, file: file)
                }
            }
        } else if !singlePass, let fast = DocumentRun.decodeInParallel(bytes, decoder: options.decoder, jobs: options.jobs,
                                                          warnings: &documentWarnings) {
            document = fast
        } else {
            // The sequential path finds the first problem in document order, with its exact place.
            documentWarnings.removeAll()
            let value: JSONValue
            do { value = try bytes.withUnsafeBytes { (raw) throws(JSONParseError) in try JSONParser().parse(raw) } } catch {
                throw Failures.parse(error, file: file)
            }
            do { document = try options.decoder.decode(value, warnings: &documentWarnings) } catch {
                throw Failures.document(error, file: file)
            }
        }
        warnings += documentWarnings.map { "\(file): warning: \($0)" }
        try options.inputs.checkOutputs(fonts: document.fonts, baseDirectory: input.baseDirectory, renderPath: options.renderPath)
        let textMeasurer = RunOptions.makeTextMeasurer()
        let measurer: ListMeasurer
        do { measurer = try ListMeasurer(document: document, baseDirectory: input.baseDirectory, textMeasurer: textMeasurer) } catch {
            throw Failures.layout(error, file: file)
        }
        let (items, cacheHits) = ListItem.items(of: document, jobs: options.jobs)
        let rowCount = items.reduce(0) { $0 + ($1.kind == .row ? 1 : 0) }
        let progress = options.progress ? ProgressBar(total: items.count) : nil
        let frames = options.frames || options.renderPath != nil
        let results = ParallelMap.map(count: items.count, jobs: options.jobs, done: progress?.done) { i in
            DocumentRun.measure(items[i], in: document, with: measurer, frames: frames)
        }
        progress?.finish()
        var records: [OutputRecord] = []
        records.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let result = item.sameAs.map({ results[$0] }) ?? results[i] else { continue }
            switch result {
            case .failure(let error):
                throw Failures.layout(error, file: file, at: item.kind == .row ? item.path : "sections[\(item.section)]")
            case .success(let measurement):
                let key = item.kind == .row ? document.sections[item.section].rows[item.row].key : nil
                records.append(.measured(section: item.section, kind: item.kind, row: item.kind == .row ? item.row : nil,
                                         key: key, measurement: measurement))
            }
        }
        // Taken before drawing, so the summary counts the measuring alone.
        let textCacheStatistics = textMeasurer.cacheStatistics
        if let renderPath = options.renderPath {
            try SVGRenderer(document: document, records: records, maxRows: options.renderRows, measurer: measurer)
                .write(to: renderPath, format: options.renderFormat)
        }
        let all = records
        try write(count: all.count) { all[$0] }
        var stats = RunStats(rows: rowCount, supplementary: items.count - rowCount, cacheHits: cacheHits)
        stats.record(textCacheStatistics)
        HeldUntilExit.hold((document, measurer, textMeasurer, items, results, records))
        return stats
    }

    /// Writes records 0..<count to standard output in the chosen format. Slices are made and
    /// formatted on the workers and written in order: formatting numbers is most of the
    /// writing, and it would otherwise run on one core after the measuring.
    private func write(count: Int, record: @Sendable (Int) -> OutputRecord) throws(CLIFailure) {
        var writer = RecordWriter(format: options.format, frames: options.frames, output: StandardOutput())
        writer.begin()
        let slice = 4096
        let options = self.options
        let formatted = ParallelMap.map(count: (count + slice - 1) / slice, jobs: options.jobs, chunk: 1) { c in
            let start = c * slice
            let buffer = StandardOutput(inMemoryCapacity: slice * 64)
            var sliceWriter = RecordWriter(format: options.format, frames: options.frames, output: buffer,
                                           alreadyWritten: start)
            for i in start..<min(start + slice, count) { sliceWriter.append(record(i)) }
            return (bytes: buffer.buffer, count: sliceWriter.recordCount - start)
        }
        for part in formatted { try writer.write(formatted: part.bytes, records: part.count) }
        try writer.finish()
    }

    /// The document with its rows parsed and decoded on `jobs` threads, or nil when anything
    /// is wrong with it (the caller then decodes sequentially to report the first problem).
    static func decodeInParallel(_ bytes: InputBytes, decoder: DocumentDecoder, jobs: Int,
                                 warnings: inout [DocumentError]) -> Document? {
        let parsed = bytes.withUnsafeBytes { raw in try? JSONParser().parseDeferringRows(raw) }
        guard let skeleton = parsed else { return nil }
        guard var document = try? decoder.decode(skeleton.document, warnings: &warnings) else { return nil }
        var planned: [(section: Int, row: Int, range: Range<Int>)] = []
        for (s, ranges) in skeleton.rows.enumerated() where s < document.sections.count {
            for (r, range) in ranges.enumerated() { planned.append((s, r, range)) }
        }
        let work = planned
        let sections = document.sections
        let frozen = document
        var rows = ParallelMap.map(count: work.count, jobs: jobs, chunk: 256) { i -> RowSpec? in
            let item = work[i]
            let value = bytes.withUnsafeBytes { raw in
                try? JSONParser().parse(UnsafeRawBufferPointer(rebasing: raw[item.range]))
            }
            guard let value else { return nil }
            // Errors are dropped here (the sequential pass reports them with their path), so
            // no path is formatted per row.
            return try? decoder.decodeRow(value, path: "", section: sections[item.section], in: frozen)
        }
        for (i, item) in work.enumerated() {
            // Moved out, not copied: a copy would retain and release each row's members.
            guard let row = rows[i].take() else { return nil }
            if item.row == 0 { document.sections[item.section].rows.reserveCapacity(skeleton.rows[item.section].count) }
            document.sections[item.section].rows.append(row)
        }
        return document
    }

    /// One line's measurement; nil for a keyed cache hit (answered by the earlier row) and for
    /// a header or footer the section lacks.
    static func measure(_ item: ListItem, in document: Document, with measurer: ListMeasurer,
                        frames: Bool) -> Result<CellMeasurement, LayoutError>? {
        if item.sameAs != nil { return nil }
        // Read in place rather than copied into locals: a copy retains the section's members,
        // and with several jobs every thread would bump the same shared reference counts.
        do throws(LayoutError) {
            switch item.kind {
            case .row:
                return .success(try measurer.measureRow(document.sections[item.section].rows[item.row],
                                                        in: document.sections[item.section], frames: frames))
            case .header:
                return try measurer.measureHeader(of: document.sections[item.section], frames: frames).map { .success($0) }
            case .footer:
                return try measurer.measureFooter(of: document.sections[item.section], frames: frames).map { .success($0) }
            }
        } catch {
            return .failure(error)
        }
    }
}
