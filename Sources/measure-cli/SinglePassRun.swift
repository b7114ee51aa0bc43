import CellsFormat
import CellLayout
import ListSources
import TextEngine

/// The common case of a whole document in one parallel pass: each row is parsed, decoded and
/// measured by the worker that reads it, while its bytes are still in cache, and no document
/// of decoded rows is built. Anything unusual (a bad row, a template or font that will not
/// compile) hands over to the two-pass path, which reports the first problem in document order.
enum SinglePassRun {
    /// What a worker made of one line.
    enum Outcome: Sendable {
        /// A row that did not parse or decode (the two-pass path says why), or any row read
        /// after such a row was seen: the pass is abandoned, so measuring it would be wasted.
        case invalid
        /// A row: its key, its keyed-cache slot with the slot's hash, and its measurement.
        case row(key: String?, slot: KeyedCacheSlot?, hash: Int, result: Result<CellMeasurement, LayoutError>)
        /// A header or footer, or nil when the section has none.
        case supplementary(Result<CellMeasurement, LayoutError>?)
    }

    /// One line of the output order: a header, a row (with its bytes) or a footer.
    struct Line: Sendable {
        var section: Int
        var kind: OutputRecord.Kind
        var row: Int
        var bytes: Range<Int>
    }

    /// Every line measured, in output order, ready to be written.
    struct Measured: Sendable {
        let lines: [Line]
        let outcomes: [Outcome]
        /// Per line, the line whose measurement it prints (itself, or the first row with its key).
        let source: [Int32]

        /// The output record of line `i`.
        func record(_ i: Int) -> OutputRecord {
            let line = lines[i]
            var key: String? = nil
            if case .row(let own, _, _, _) = outcomes[i] { key = own }
            let measurement: CellMeasurement
            switch outcomes[Int(source[i])] {
            case .row(_, _, _, .success(let m)), .supplementary(.success(let m)?): measurement = m
            default: preconditionFailure("line \(i) has no measurement: its failure should have been thrown")
            }
            return .measured(section: line.section, kind: line.kind, row: line.kind == .row ? line.row : nil,
                             key: key, measurement: measurement)
        }
    }

    /// Every line of `bytes` measured, with the counts for the summary, or nil when the
    /// two-pass path must run instead. Layout errors of measured lines are thrown here, first
    /// in document order, as the two-pass path throws them.
    static func measure(_ bytes: InputBytes, file: String, options: RunOptions, baseDirectory: String,
                        textMeasurer: TextMeasurer, warnings: inout [DocumentError]) throws(CLIFailure)
        -> (measured: Measured, stats: RunStats, fonts: FontsSpec)? {
        guard let skeleton = bytes.withUnsafeBytes({ raw in try? JSONParser().parseDeferringRows(raw) }),
              let document = try? options.decoder.decode(skeleton.document, warnings: &warnings),
              let measurer = try? ListMeasurer(document: document, baseDirectory: baseDirectory,
                                               textMeasurer: textMeasurer) else { return nil }
        var planned: [Line] = []
        planned.reserveCapacity(skeleton.rows.reduce(0) { $0 + $1.count } + 2 * document.sections.count)
        for (s, section) in document.sections.enumerated() {
            if section.header != nil { planned.append(Line(section: s, kind: .header, row: -1, bytes: 0..<0)) }
            if s < skeleton.rows.count {
                for (r, range) in skeleton.rows[s].enumerated() {
                    planned.append(Line(section: s, kind: .row, row: r, bytes: range))
                }
            }
            if section.footer != nil { planned.append(Line(section: s, kind: .footer, row: -1, bytes: 0..<0)) }
        }
        let lines = planned
        let frames = options.frames
        let decoder = options.decoder
        let progress = options.progress ? ProgressBar(total: lines.count) : nil
        let abandoned = ProgressCounter()
        let outcomes = ParallelMap.map(count: lines.count, jobs: options.jobs, done: progress?.done) { i -> Outcome in
            if abandoned.current > 0 { return .invalid }
            let line = lines[i]
            do throws(LayoutError) {
                switch line.kind {
                case .header:
                    return .supplementary(try measurer.measureHeader(of: document.sections[line.section], frames: frames)
                        .map { .success($0) })
                case .footer:
                    return .supplementary(try measurer.measureFooter(of: document.sections[line.section], frames: frames)
                        .map { .success($0) })
                case .row:
                    break
                }
            } catch {
                return .supplementary(.failure(error))
            }
            let value = bytes.withUnsafeBytes { raw in
                try? JSONParser().parse(UnsafeRawBufferPointer(rebasing: raw[line.bytes]))
            }
            // Errors are dropped here (the two-pass path reports them with their path), so no
            // path is formatted per row.
            // One copy of the section for the row, not one per use.
            let section = document.sections[line.section]
            guard let value, let row = try? decoder.decodeRow(value, path: "", section: section, in: document) else {
                abandoned.add(1)
                return .invalid
            }
            let slot = KeyedCacheSlot.of(row, in: section, list: document.list)
            // A row whose key an earlier row has is measured anyway (which row came first is only
            // known once every row is read); its result is then replaced by the earlier one's.
            let result: Result<CellMeasurement, LayoutError>
            do throws(LayoutError) {
                result = .success(try measurer.measureRow(row, in: section, frames: frames))
            } catch {
                result = .failure(error)
            }
            return .row(key: row.key, slot: slot, hash: slot?.hashValue ?? 0, result: result)
        }
        progress?.finish()
        for outcome in outcomes { if case .invalid = outcome { return nil } }

        // Keyed repeats and errors in document order; the records themselves are made while
        // writing, on the workers.
        var source = [Int32](repeating: 0, count: lines.count)
        var stats = RunStats()
        var firstRow = FirstOccurrenceTable(capacity: lines.count)
        for (i, line) in lines.enumerated() {
            source[i] = Int32(i)
            switch outcomes[i] {
            case .invalid, .supplementary(nil):
                return nil
            case .supplementary(let result?):
                stats.supplementary += 1
                if case .failure(let error) = result {
                    throw Failures.layout(error, file: file, at: "sections[\(line.section)]")
                }
            case .row(_, let slot, let hash, let result):
                stats.rows += 1
                if let slot {
                    let first = firstRow.first(of: i, hash: hash) { j in
                        if case .row(_, let other?, _, _) = outcomes[j] { return other == slot }
                        return false
                    }
                    if first != i {
                        // The earlier row measured without error, or its error was thrown already.
                        source[i] = Int32(first)
                        stats.cacheHits += 1
                        continue
                    }
                }
                if case .failure(let error) = result {
                    throw Failures.layout(error, file: file, at: "sections[\(line.section)].rows[\(line.row)]")
                }
            }
        }
        return (Measured(lines: lines, outcomes: outcomes, source: source), stats, document.fonts)
    }
}
