import CellsFormat
import CellLayout
import ListSources
import TextEngine

/// A whole cells.json document: read, measured by `DocumentMeasurement`, then every line
/// written in order. Nothing reaches stdout unless every line measured.
struct DocumentRun {
    let input: InputFile
    let options: RunOptions

    /// Runs and returns the counts for the summary; warnings are returned, not printed, so a
    /// failing run prints exactly one line.
    func run(warnings: inout [String]) throws(CLIFailure) -> RunStats {
        let bytes = try input.readAll()
        let file = input.displayName
        var documentWarnings: [DocumentError] = []
        let singlePass = options.config == nil && options.renderPath == nil && !options.checkAmbiguity
            && options.curveWidths == nil
        if singlePass {
            let textMeasurer = RunOptions.makeTextMeasurer()
            let progress = options.progress ? ProgressBar(total: nil) : nil
            let measuring = DocumentMeasurement(jobs: options.jobs, frames: options.frames, progress: progress?.report)
            let single: (lines: MeasuredDocument, fonts: Fonts)?
            do {
                single = try bytes.withUnsafeBytes { (raw) throws(LineFailure) in
                    try measuring.measure(deferredRows: raw, decoder: options.decoder, baseDirectory: input.baseDirectory,
                                          textMeasurer: textMeasurer, warnings: &documentWarnings)
                }
            } catch {
                progress?.finish()
                throw Failures.line(error, file: file)
            }
            progress?.finish()
            if let (measured, fonts) = single {
                warnings += documentWarnings.map { "\(file): warning: \($0)" }
                var stats = RunStats(measured)
                stats.record(textMeasurer.cacheStatistics)
                try options.inputs.checkOutputs(fonts: fonts, baseDirectory: input.baseDirectory, renderPath: nil)
                try write(count: measured.count) { OutputRecord(measured[$0]) }
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
            do { value = try bytes.withUnsafeBytes { (raw) throws(DocumentError) in try JSONParser().parse(raw) } } catch {
                throw Failures.document(error, file: file)
            }
            do {
                document = try ConfigFileDocument.make(config: config.text, dataDocument: value, decoder: options.decoder,
                                                       mode: config.mode, warnings: &documentWarnings)
            } catch {
                throw Failures.frontEnd(error, file: file, config: config.name)
            }
        } else if !singlePass, let fast = bytes.withUnsafeBytes({ raw in
            DocumentMeasurement(jobs: options.jobs).decode(deferredRows: raw, decoder: options.decoder, warnings: &documentWarnings)
        }) {
            document = fast
        } else {
            // The sequential path finds the first problem in document order, with its exact place.
            documentWarnings.removeAll()
            let value: JSONValue
            do { value = try bytes.withUnsafeBytes { (raw) throws(DocumentError) in try JSONParser().parse(raw) } } catch {
                throw Failures.document(error, file: file)
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
        let progress = options.progress ? ProgressBar(total: nil) : nil
        var measuring = DocumentMeasurement(jobs: options.jobs, frames: options.frames || options.renderPath != nil,
                                            progress: progress?.report)
        if let widths = options.curveWidths {
            try CurveOption.check(widths, scale: document.list.scale)
            measuring.curveWidths = widths
        }
        let measured: MeasuredDocument
        do { measured = try measuring.measure(document, with: measurer) } catch {
            progress?.finish()
            throw Failures.line(error, file: file)
        }
        progress?.finish()
        let records = measured.map(OutputRecord.init)
        // Taken before drawing, so the summary counts the measuring alone.
        let textCacheStatistics = textMeasurer.cacheStatistics
        if let renderPath = options.renderPath {
            var renderer = SVGRenderer(document: document, records: records, maxRows: options.renderRows, measurer: measurer)
            try renderer.write(to: renderPath, format: options.renderFormat)
            if let warning = renderer.capWarning { warnings.append("\(file): warning: \(warning)") }
        }
        let all = records
        try write(count: all.count) { all[$0] }
        var stats = RunStats(measured)
        stats.record(textCacheStatistics)
        if options.checkAmbiguity {
            stats.ambiguousHeights = checkAmbiguity(document, measurer, file: file, warnings: &warnings)
        }
        HeldUntilExit.hold((document, measurer, textMeasurer, measured, records))
        return stats
    }

    /// How many ambiguous rows `--check-ambiguity` names one by one; the rest are counted.
    static let maximumAmbiguityWarnings = 20

    /// One output line `--check-ambiguity` looks at: a section's header, a row, or its footer.
    private enum Line: Sendable {
        case header(Int), row(Int, Int), footer(Int)

        /// The line's JSON path in the document.
        var path: String {
            switch self {
            case .header(let s): "sections[\(s)].header"
            case .row(let s, let r): "sections[\(s)].rows[\(r)]"
            case .footer(let s): "sections[\(s)].footer"
            }
        }
    }

    /// Checks the layout of every row, header and footer (`ListMeasurer.ambiguity`) on the run's
    /// workers, warns for the first ambiguous lines in document order and sums them all up in a
    /// last warning; returns how many lines' heights depend on what their layout leaves open.
    private func checkAmbiguity(_ document: Document, _ measurer: ListMeasurer, file: String,
                                warnings: inout [String]) -> Int {
        let lines = document.sections.enumerated().flatMap { s, section -> [Line] in
            (section.header != nil ? [.header(s)] : []) + section.rows.indices.map { .row(s, $0) }
                + (section.footer != nil ? [.footer(s)] : [])
        }
        // Every line measured already, so a line that throws here has nothing left to report.
        let found = ParallelMap.map(count: lines.count, jobs: options.jobs, chunk: 16) { i -> LayoutAmbiguity in
            let ambiguity: LayoutAmbiguity? = switch lines[i] {
            case .header(let s): try? measurer.ambiguity(ofSupplementaryOf: document.sections[s], footer: false)
            case .row(let s, let r): try? measurer.ambiguity(of: document.sections[s].rows[r], in: document.sections[s])
            case .footer(let s): try? measurer.ambiguity(ofSupplementaryOf: document.sections[s], footer: true)
            }
            return ambiguity ?? LayoutAmbiguity()
        }
        var ambiguous = 0, heights = 0
        for (i, ambiguity) in found.enumerated() where ambiguity.isAmbiguous {
            if ambiguous < Self.maximumAmbiguityWarnings {
                warnings.append("\(file): warning: \(lines[i].path): ambiguous layout: \(ambiguity)")
            }
            ambiguous += 1
            if ambiguity.affectsHeight { heights += 1 }
        }
        if ambiguous > 0 {
            warnings.append("\(file): warning: \(ambiguous) of \(lines.count) lines have an ambiguous layout, "
                            + "\(heights) of them in their height")
        }
        return heights
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
}
