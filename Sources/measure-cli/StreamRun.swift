import CellsFormat
import CellLayout
import TextEngine

/// `--stream`: the first line is the document without rows, each later line one row. Lines are
/// taken in batches of what has already arrived (at most `batchSize` lines, and no line once
/// `batchBytes` are taken, so a batch of long lines stays small), parsed and measured in
/// parallel, and written in input order before the next batch is read, so memory holds one
/// batch and output keeps pace with input. A bad line becomes `{"line":N,"error":"..."}`.
struct StreamRun {
    let input: InputFile
    let options: RunOptions
    /// Most lines handled at once.
    var batchSize = 2048
    /// Bytes of lines after which a batch takes no more (it holds at least one line).
    var batchBytes = 4 << 20
    /// Most keys the keyed height cache holds before it starts over, bounding memory.
    var keyedCacheLimit = 100_000

    /// Runs and returns the counts for the summary.
    func run(warnings: inout [String]) throws(CLIFailure) -> RunStats {
        let file = input.displayName
        var reader = LineReader(fd: try input.open(), name: file)
        var lineNumber = 0
        var documentLine: [UInt8]?
        while documentLine == nil, let line = try reader.nextLine() {
            lineNumber += 1
            if !StreamRun.isBlank(line) { documentLine = line }
        }
        guard let documentLine else {
            throw CLIFailure(status: .input, message: "\(file): empty input: the first line must be the document")
        }
        let document = try decodeDocument(documentLine, line: lineNumber, warnings: &warnings)
        let textMeasurer = RunOptions.makeTextMeasurer()
        let measurer: ListMeasurer
        do { measurer = try ListMeasurer(document: document, baseDirectory: input.baseDirectory, textMeasurer: textMeasurer) } catch {
            throw Failures.layout(error, file: file)
        }
        var state = StreamState(document: document, measurer: measurer, options: options, keyedCacheLimit: keyedCacheLimit)
        try state.measureSupplementary(file: file)
        let progress = options.progress ? ProgressBar(total: nil) : nil
        var writer = RecordWriter(format: options.format, frames: options.frames, reportsBadLines: true, output: StandardOutput())
        writer.begin()
        var batch: [(line: Int, bytes: [UInt8])] = []
        while true {
            batch.removeAll(keepingCapacity: true)
            if let first = try reader.nextLine() {
                lineNumber += 1
                batch.append((lineNumber, first))
                var bytes = first.count
                while batch.count < batchSize, bytes < batchBytes, let more = reader.nextBufferedLine() {
                    lineNumber += 1
                    bytes += more.count
                    batch.append((lineNumber, more))
                }
            }
            if batch.isEmpty { break }
            for record in state.process(batch) { try writer.write(record) }
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
            throw CLIFailure(status: .input, message: "\(file): line \(number): \(error.path.isEmpty ? "" : error.path + ": ")column \(error.column): \(error.message)")
        }
        var documentWarnings: [DocumentError] = []
        let document: Document
        do { document = try options.decoder.decode(value, warnings: &documentWarnings) } catch {
            throw Failures.document(error, file: file)
        }
        for (i, section) in document.sections.enumerated() where !section.rows.isEmpty {
            throw CLIFailure(status: .input, message: "\(file): sections[\(i)].rows: the --stream document line has no rows; send each row as a line of its own")
        }
        if document.sections.isEmpty {
            throw CLIFailure(status: .input, message: "\(file): sections: the --stream document needs at least one section for rows to join")
        }
        warnings += documentWarnings.map { "\(file): warning: \($0)" }
        return document
    }

    static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
