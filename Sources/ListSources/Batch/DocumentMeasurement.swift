import CellsFormat
import CellLayout
import TextEngine

/// Measures every line of a whole document on `jobs` threads: headers, rows and footers in
/// output order, a row whose `KeyedCacheSlot` an earlier row has given that row's measurement
/// (as a keyed height cache answers it), and the first failing line in document order thrown,
/// whatever order the threads finished in.
public struct DocumentMeasurement: Sendable {
    /// Threads measuring at once (1: everything on the calling thread).
    public var jobs: Int
    /// Whether each measurement carries its views' frames.
    public var frames: Bool
    /// When set, every line is measured as a height curve over these list widths
    /// (`CellMeasurement.curve`) instead of at the list's width.
    public var curveWidths: ClosedRange<Double>? = nil
    /// Told, from the measuring threads, how many lines just finished and how many there are
    /// in all (for a progress bar).
    public var progress: (@Sendable (_ finished: Int, _ total: Int) -> Void)?

    /// Measuring on `jobs` threads, with frames when `frames` is set, reporting to `progress`.
    public init(jobs: Int = 1, frames: Bool = false, progress: (@Sendable (_ finished: Int, _ total: Int) -> Void)? = nil) {
        self.jobs = max(1, jobs)
        self.frames = frames
        self.progress = progress
    }

    /// Every line of `document`, measured by `measurer`; rows repeating an earlier row's slot
    /// are not measured again.
    public func measure(_ document: Document, with measurer: ListMeasurer) throws(LineFailure) -> MeasuredDocument {
        var planned: [DocumentLine] = []
        planned.reserveCapacity(document.sections.reduce(0) { $0 + $1.rows.count + 2 })
        var rowLines: [Int] = []
        rowLines.reserveCapacity(document.sections.reduce(0) { $0 + $1.rows.count })
        for (s, section) in document.sections.enumerated() {
            if section.header != nil { planned.append(DocumentLine(section: s, kind: .header)) }
            for r in section.rows.indices {
                rowLines.append(planned.count)
                planned.append(DocumentLine(section: s, kind: .row, row: r))
            }
            if section.footer != nil { planned.append(DocumentLine(section: s, kind: .footer)) }
        }
        let lines = planned
        let rowLine = rowLines
        // Hashing is most of the cost of finding repeats, so it happens on the workers; filing
        // the slots is then sequential, in document order.
        let slots = ParallelMap.map(count: rowLine.count, jobs: jobs, chunk: 1024) { i -> (slot: KeyedCacheSlot, hash: Int)? in
            let line = lines[rowLine[i]]
            let section = document.sections[line.section]
            guard let slot = KeyedCacheSlot.of(section.rows[line.row!], in: section, list: document.list) else { return nil }
            return (slot, slot.hashValue)
        }
        var firsts = [Int32](repeating: 0, count: lines.count)
        for i in lines.indices { firsts[i] = Int32(i) }
        var repeats = KeyedRepeats(capacity: rowLine.count)
        for (n, i) in rowLine.enumerated() {
            guard let (slot, hash) = slots[n] else { continue }
            firsts[i] = Int32(rowLine[repeats.first(of: n, in: slot, hash: hash) { slots[$0]?.slot }])
        }
        let known = firsts
        let frames = self.frames
        let curveWidths = self.curveWidths
        let outcomes = ParallelMap.map(count: lines.count, jobs: jobs, done: report(total: lines.count)) { i -> MeasuredDocument.Outcome in
            // Read in place rather than copied into locals: a copy retains the section's members,
            // and with several jobs every thread would bump the same shared reference counts.
            let line = lines[i]
            guard line.kind == .row else {
                return DocumentMeasurement.supplementary(line, of: document, measurer: measurer, frames: frames,
                                                         curveWidths: curveWidths)
            }
            let (s, r) = (line.section, line.row!)
            let key = document.sections[s].rows[r].key
            if known[i] != Int32(i) { return .row(key: key, slot: nil, hash: 0, result: nil) }
            do throws(LayoutError) {
                let measured = try measurer.measureRow(document.sections[s].rows[r], in: document.sections[s], frames: frames,
                                                       curveOver: curveWidths)
                return .row(key: key, slot: nil, hash: 0, result: .success(measured))
            } catch {
                return .row(key: key, slot: nil, hash: 0, result: .failure(error))
            }
        }
        // Every line planned has an outcome: only a missing header or footer comes to nothing,
        // and none is planned.
        return try MeasuredDocument.assemble(lines, outcomes, firsts: known)!
    }

    /// Every line of the cells.json document in `bytes`, each row parsed, decoded and measured by
    /// the thread that reads it (while its bytes are still in cache), with no document of decoded
    /// rows built; rows repeating an earlier row's slot are measured and then given that row's
    /// measurement. Returns the measured lines and the document's fonts, or nil when anything is
    /// unusual (the document or a row does not parse or decode, a template or font will not
    /// compile): a sequential decode then says what and where. `warnings` gets the decoder's.
    public func measure(deferredRows bytes: UnsafeRawBufferPointer, decoder: DocumentDecoder, baseDirectory: String,
                        textMeasurer: TextMeasurer,
                        warnings: inout [DocumentError]) throws(LineFailure) -> (lines: MeasuredDocument, fonts: Fonts)? {
        guard let skeleton = try? JSONParser().parseDeferringRows(bytes),
              let document = try? decoder.decode(skeleton.document, warnings: &warnings),
              let measurer = try? ListMeasurer(document: document, baseDirectory: baseDirectory,
                                               textMeasurer: textMeasurer) else { return nil }
        var planned: [DocumentLine] = []
        var ranges: [Range<Int>] = []
        planned.reserveCapacity(skeleton.rows.reduce(0) { $0 + $1.count } + 2 * document.sections.count)
        ranges.reserveCapacity(planned.capacity)
        for (s, section) in document.sections.enumerated() {
            if section.header != nil {
                planned.append(DocumentLine(section: s, kind: .header))
                ranges.append(0..<0)
            }
            if s < skeleton.rows.count {
                for (r, range) in skeleton.rows[s].enumerated() {
                    planned.append(DocumentLine(section: s, kind: .row, row: r))
                    ranges.append(range)
                }
            }
            if section.footer != nil {
                planned.append(DocumentLine(section: s, kind: .footer))
                ranges.append(0..<0)
            }
        }
        let lines = planned
        let rowBytes = ranges
        let shared = SharedBytes(raw: bytes)
        let frames = self.frames
        let abandoned = ProgressCounter()
        let outcomes = ParallelMap.map(count: lines.count, jobs: jobs, done: report(total: lines.count)) { i -> MeasuredDocument.Outcome in
            if abandoned.current > 0 { return .invalid }
            let line = lines[i]
            guard line.kind == .row else {
                return DocumentMeasurement.supplementary(line, of: document, measurer: measurer, frames: frames)
            }
            // Errors are dropped here (the sequential decode reports them with their path), so no
            // path is formatted per row. One copy of the section for the row, not one per use.
            let section = document.sections[line.section]
            guard let value = try? JSONParser().parse(UnsafeRawBufferPointer(rebasing: shared.raw[rowBytes[i]])),
                  let row = try? decoder.decodeRow(value, path: "", section: section, in: document) else {
                abandoned.add(1)
                return .invalid
            }
            let slot = KeyedCacheSlot.of(row, in: section, list: document.list)
            // A row whose slot an earlier row has is measured anyway (which row came first is
            // only known once every row is read); its result is then replaced by the earlier one's.
            let result: Result<CellMeasurement, LayoutError>
            do throws(LayoutError) {
                result = .success(try measurer.measureRow(row, in: section, frames: frames))
            } catch {
                result = .failure(error)
            }
            return .row(key: row.key, slot: slot, hash: slot?.hashValue ?? 0, result: result)
        }
        for outcome in outcomes { if case .invalid = outcome { return nil } }
        guard let measured = try MeasuredDocument.assemble(lines, outcomes) else { return nil }
        return (measured, document.fonts)
    }

    /// The cells.json document in `bytes` with its rows parsed and decoded on `jobs` threads, or
    /// nil when anything is wrong with it (a sequential decode then says what and where).
    public func decode(deferredRows bytes: UnsafeRawBufferPointer, decoder: DocumentDecoder,
                       warnings: inout [DocumentError]) -> Document? {
        guard let skeleton = try? JSONParser().parseDeferringRows(bytes),
              var document = try? decoder.decode(skeleton.document, warnings: &warnings) else { return nil }
        var planned: [(section: Int, row: Int, range: Range<Int>)] = []
        for (s, ranges) in skeleton.rows.enumerated() where s < document.sections.count {
            for (r, range) in ranges.enumerated() { planned.append((s, r, range)) }
        }
        let work = planned
        let sections = document.sections
        let frozen = document
        let shared = SharedBytes(raw: bytes)
        var rows = ParallelMap.map(count: work.count, jobs: jobs, chunk: 256) { i -> RowSpec? in
            let item = work[i]
            guard let value = try? JSONParser().parse(UnsafeRawBufferPointer(rebasing: shared.raw[item.range])) else { return nil }
            // Errors are dropped here (the sequential decode reports them with their path), so
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
}

extension DocumentMeasurement {
    /// A header or footer line measured, or its failure.
    fileprivate static func supplementary(_ line: DocumentLine, of document: Document, measurer: ListMeasurer,
                                          frames: Bool, curveWidths: ClosedRange<Double>? = nil) -> MeasuredDocument.Outcome {
        do throws(LayoutError) {
            let measured = try measurer.measureSupplementary(of: document.sections[line.section], footer: line.kind != .header,
                                                             frames: frames, curveOver: curveWidths)
            return .supplementary(measured.map { .success($0) })
        } catch {
            return .supplementary(.failure(error))
        }
    }

    /// `progress` for a run of `total` lines, in the form the parallel map calls.
    fileprivate func report(total: Int) -> (@Sendable (Int) -> Void)? {
        guard let progress else { return nil }
        return { finished in progress(finished, total) }
    }
}

/// The caller's bytes, read by the workers while the call that was handed them runs.
private struct SharedBytes: @unchecked Sendable {
    // Unchecked: the bytes are only read, and only during the call that received them.
    let raw: UnsafeRawBufferPointer
}
