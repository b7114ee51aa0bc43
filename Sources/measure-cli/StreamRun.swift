import CellsFormat
import CellLayout
import ListSources
import TextEngine

/// `--stream`: the first line is the document without rows, each later line one row. Lines are
/// taken in batches of what has already arrived (at most `batchSize` lines, and no line once
/// `batchBytes` are taken, so a batch of long lines stays small), measured by
/// `RowStreamMeasurement`, and written in input order before the next batch is read, so memory
/// holds one batch and output keeps pace with input. A bad line becomes `{"line":N,"error":"..."}`.
/// With `--document` the document comes from a file and every input line is a row.
struct StreamRun {
    let input: InputFile
    let options: RunOptions
    /// `--document`: the file holding the document when every input line is a row (a batch
    /// engine's partition); nil when the input's first line is the document.
    var documentFile: InputFile? = nil
    /// Most lines handled at once.
    var batchSize = 2048
    /// Bytes of lines after which a batch takes no more (it holds at least one line).
    var batchBytes = 4 << 20
    /// Most keys the keyed height cache holds before it starts over, bounding memory.
    var keyedCacheLimit = 100_000

    /// Runs and returns the counts for the summary.
    func run(warnings: inout [String]) throws(CLIFailure) -> RunStats {
        let file = input.displayName
        let document: Document
        let baseDirectory: String
        var lineNumber = 0
        var reader = LineReader(fd: try input.open(sizeLimited: false).fd, name: file, maxLineBytes: InputLimits.streamLine)
        if let documentFile {
            document = try decodeDocument(file: documentFile, warnings: &warnings)
            baseDirectory = documentFile.baseDirectory
        } else {
            var documentLine: [UInt8]?
            while documentLine == nil, let line = try reader.nextLine() {
                lineNumber += 1
                switch line {
                case .text(let bytes): if !RowStreamMeasurement.isBlank(bytes) { documentLine = bytes }
                case .tooLong:
                    throw CLIFailure(status: .input, message: "\(file): line \(lineNumber): \(StreamRun.tooLong)")
                }
            }
            guard let documentLine else {
                throw CLIFailure(status: .input, message: "\(file): empty input: the first line must be the document")
            }
            document = try decodeDocument(documentLine, line: lineNumber, warnings: &warnings)
            baseDirectory = input.baseDirectory
        }
        try options.inputs.checkOutputs(fonts: document.fonts, baseDirectory: baseDirectory, renderPath: nil)
        if let widths = options.curveWidths { try CurveOption.check(widths, scale: document.list.scale) }
        let textMeasurer = RunOptions.makeTextMeasurer()
        let measurer: ListMeasurer
        do { measurer = try ListMeasurer(document: document, baseDirectory: baseDirectory, textMeasurer: textMeasurer) } catch {
            throw Failures.layout(error, file: file)
        }
        var state = StreamState(document: document, measurer: measurer, options: options, keyedCacheLimit: keyedCacheLimit,
                                rowsOnly: documentFile != nil)
        try state.measureSupplementary(file: documentFile?.displayName ?? file)
        let progress = options.progress ? ProgressBar(total: nil) : nil
        var writer = RecordWriter(format: options.format, frames: options.frames, reportsBadLines: true,
                                  numbersLines: documentFile != nil, output: StandardOutput())
        writer.begin()
        var batch: [(line: Int, bytes: [UInt8])] = []
        while true {
            batch.removeAll(keepingCapacity: true)
            // A line over the limit ends its batch and is reported right after it, in order.
            var tooLong: Int? = nil
            if let first = try reader.nextLine() {
                lineNumber += 1
                switch first {
                case .tooLong: tooLong = lineNumber
                case .text(let bytes):
                    batch.append((lineNumber, bytes))
                    var taken = bytes.count
                    while batch.count < batchSize, taken < batchBytes, let more = reader.nextBufferedLine() {
                        lineNumber += 1
                        guard case .text(let bytes) = more else {
                            tooLong = lineNumber
                            break
                        }
                        taken += bytes.count
                        batch.append((lineNumber, bytes))
                    }
                }
            }
            if batch.isEmpty, tooLong == nil { break }
            for record in state.process(batch) { try writer.write(record) }
            if let tooLong {
                state.countBadLine()
                try writer.write(.badLine(line: tooLong, error: StreamRun.tooLong))
            }
            progress?.done.add(batch.count)
            try writer.output.flush()
        }
        for record in state.remainingSupplementary() { try writer.write(record) }
        progress?.finish()
        try writer.finish()
        var stats = state.stats
        stats.record(textMeasurer.cacheStatistics)
        return stats
    }

    /// The first line as a document whose sections carry no rows.
    func decodeDocument(_ line: [UInt8], line number: Int, warnings: inout [String]) throws(CLIFailure) -> Document {
        let file = input.displayName
        let value: JSONValue
        do { value = try JSONParser().parse(line) } catch {
            throw CLIFailure(status: .input, message: "\(file): line \(number): \(Failures.streamLineSyntax(error))")
        }
        return try decodeRowless(value, file: file, rowsAdvice: "the --stream document line has no rows; send each row as a line of its own",
                                 warnings: &warnings)
    }

    /// `--document FILE` as a document whose sections carry no rows; errors name that file.
    func decodeDocument(file documentFile: InputFile, warnings: inout [String]) throws(CLIFailure) -> Document {
        let bytes = try documentFile.readAll()
        let value: JSONValue
        do { value = try bytes.withUnsafeBytes { (raw) throws(DocumentError) in try JSONParser().parse(raw) } } catch {
            throw Failures.document(error, file: documentFile.displayName)
        }
        return try decodeRowless(value, file: documentFile.displayName,
                                 rowsAdvice: "the --document file has no rows; send each row as a line of the input", warnings: &warnings)
    }

    /// Decodes a document for streaming: it needs a section and may not carry rows.
    private func decodeRowless(_ value: JSONValue, file: String, rowsAdvice: String, warnings: inout [String]) throws(CLIFailure) -> Document {
        var documentWarnings: [DocumentError] = []
        let document: Document
        do { document = try options.decoder.decode(value, warnings: &documentWarnings) } catch {
            throw Failures.document(error, file: file)
        }
        for (i, section) in document.sections.enumerated() where !section.rows.isEmpty {
            throw CLIFailure(status: .input, message: "\(file): sections[\(i)].rows: \(rowsAdvice)")
        }
        if document.sections.isEmpty {
            throw CLIFailure(status: .input, message: "\(file): sections: the --stream document needs at least one section for rows to join")
        }
        warnings += documentWarnings.map { "\(file): warning: \($0)" }
        return document
    }

    /// The error for a line over the limit.
    static let tooLong = "the line is longer than the limit of \(RegularFileError.describe(InputLimits.streamLine)) for a --stream line"
}
