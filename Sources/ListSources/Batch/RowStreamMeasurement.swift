import CellsFormat
import CellLayout

/// Measures rows that arrive one JSON line at a time against a document whose sections carry no
/// rows: each batch of lines is parsed, decoded and measured on `jobs` threads and answered in
/// line order, each row joining its section (`"section": N`, default 0) as its next row. Rows in
/// one keyed-cache slot share one measurement, within a batch and across batches through a
/// keyed cache of at most `keyedCacheLimit` slots (then emptied and refilled), so memory holds
/// one batch and that cache however many rows go by.
public struct RowStreamMeasurement {
    /// What one line came to.
    public enum Line: Sendable {
        /// Nothing but spaces, tabs and a carriage return.
        case blank
        /// Not JSON (a `.syntax` error).
        case notJSON(DocumentError)
        /// A whole document (an object with a `sections` array) where only rows are taken.
        case documentLine
        /// JSON that names no section the row can join.
        case noSection(DocumentError)
        /// A row of `section` that does not decode; it would have been row `row`, which the
        /// next row takes instead.
        case badRow(section: Int, row: Int, DocumentError)
        /// A row of `section` at index `row` that did not measure; the index is taken.
        case failed(section: Int, row: Int, LayoutError)
        /// A row of `section` at index `row`, with its key and measurement.
        case measured(section: Int, row: Int, key: String?, measurement: CellMeasurement)
    }

    /// The document the rows join; its sections' own rows are never read.
    public let document: Document
    /// Threads measuring at once.
    public var jobs: Int
    /// Whether measurements carry their views' frames.
    public var frames: Bool
    /// When set, rows, headers and footers are measured as height curves over these list
    /// widths (`CellMeasurement.curve`).
    public var curveWidths: ClosedRange<Double>? = nil
    /// Most slots the keyed cache holds before it is emptied, bounding memory.
    public let keyedCacheLimit: Int
    /// Whether a line holding a whole document is refused (`.documentLine`) rather than read
    /// as a row, for inputs where every line must be a row.
    public let refusesDocumentLines: Bool
    /// Rows answered by an earlier row of their keyed-cache slot instead of being measured.
    public private(set) var cacheHits = 0

    private let measurer: ListMeasurer
    private let decoder: DocumentDecoder
    private var rowCounts: [Int]
    private var keyed: [KeyedCacheSlot: CellMeasurement] = [:]

    /// Rows joining `document`, decoded by `decoder` and measured by `measurer` on `jobs`
    /// threads; `frames`, `keyedCacheLimit` and `refusesDocumentLines` as their properties say.
    public init(document: Document, measurer: ListMeasurer, decoder: DocumentDecoder, jobs: Int = 1,
                frames: Bool = false, keyedCacheLimit: Int = 100_000, refusesDocumentLines: Bool = false) {
        self.document = document
        self.measurer = measurer
        self.decoder = decoder
        self.jobs = max(1, jobs)
        self.frames = frames
        self.keyedCacheLimit = max(1, keyedCacheLimit)
        self.refusesDocumentLines = refusesDocumentLines
        rowCounts = Array(repeating: 0, count: document.sections.count)
    }

    /// Slots the keyed cache holds now (at most `keyedCacheLimit`).
    package var keyedCacheCount: Int { keyed.count }

    /// Each section's header and footer measured (nil where it has none), in section order; the
    /// first that fails is thrown. They belong to the document, so measure them before any row.
    public func measureHeadersAndFooters() throws(LineFailure) -> [(header: CellMeasurement?, footer: CellMeasurement?)] {
        var measured: [(header: CellMeasurement?, footer: CellMeasurement?)] = []
        for (s, section) in document.sections.enumerated() {
            let header: CellMeasurement?
            do { header = try measurer.measureSupplementary(of: section, footer: false, frames: frames, curveOver: curveWidths) } catch {
                throw LineFailure(line: DocumentLine(section: s, kind: .header), error: error)
            }
            do { measured.append((header, try measurer.measureSupplementary(of: section, footer: true, frames: frames,
                                                                            curveOver: curveWidths))) } catch {
                throw LineFailure(line: DocumentLine(section: s, kind: .footer), error: error)
            }
        }
        return measured
    }

    /// Whether `line` is blank: nothing but spaces, tabs and carriage returns.
    public static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// One line parsed: an answer already, a row of a section that did not decode (its index is
    /// known only once the rows before it are counted), or a row with its keyed-cache slot and
    /// the slot's hash.
    private enum Parsed {
        case line(Line)
        case badRow(section: Int, DocumentError)
        case row(section: Int, RowSpec, slot: KeyedCacheSlot?, hash: Int)
    }

    /// How a decoded row gets its measurement.
    private enum Plan {
        case none
        case measure
        case cached(CellMeasurement)
        case sameAs(Int)
    }

    /// What each of `lines` (one JSON value each, without the line end) came to, in order.
    public mutating func measure(_ lines: [[UInt8]]) -> [Line] {
        let document = self.document
        let decoder = self.decoder
        let refusesDocumentLines = self.refusesDocumentLines
        let parsed = ParallelMap.map(count: lines.count, jobs: jobs, chunk: 32) { i in
            RowStreamMeasurement.parse(lines[i], decoder: decoder, document: document,
                                       refusesDocumentLines: refusesDocumentLines)
        }
        var planning = [Plan](repeating: .none, count: lines.count)
        var repeats = KeyedRepeats(capacity: lines.count)
        for (i, item) in parsed.enumerated() {
            guard case .row(_, _, let slot, let hash) = item else { continue }
            if let slot {
                if let hit = keyed[slot] {
                    planning[i] = .cached(hit)
                    continue
                }
                let first = repeats.first(of: i, in: slot, hash: hash) { j in
                    if case .row(_, _, let other, _) = parsed[j] { return other }
                    return nil
                }
                if first != i {
                    planning[i] = .sameAs(first)
                    continue
                }
            }
            planning[i] = .measure
        }
        let plans = planning
        let measurer = self.measurer
        let frames = self.frames
        let curveWidths = self.curveWidths
        let measured = ParallelMap.map(count: lines.count, jobs: jobs, chunk: 16) { i -> Result<CellMeasurement, LayoutError>? in
            guard case .measure = plans[i], case .row(let s, let row, _, _) = parsed[i] else { return nil }
            do throws(LayoutError) {
                return .success(try measurer.measureRow(row, in: document.sections[s], frames: frames, curveOver: curveWidths))
            } catch {
                return .failure(error)
            }
        }
        var answers: [Line] = []
        answers.reserveCapacity(lines.count)
        for (i, item) in parsed.enumerated() {
            let (s, row, slot): (Int, RowSpec, KeyedCacheSlot?)
            switch item {
            case .line(let line):
                answers.append(line)
                continue
            case .badRow(let section, let error):
                answers.append(.badRow(section: section, row: rowCounts[section], error))
                continue
            case .row(let section, let spec, let rowSlot, _):
                (s, row, slot) = (section, spec, rowSlot)
            }
            let result: Result<CellMeasurement, LayoutError>?
            switch plans[i] {
            case .cached(let hit):
                result = .success(hit)
                cacheHits += 1
            case .sameAs(let first):
                result = measured[first]
                cacheHits += 1
            default:
                result = measured[i]
            }
            switch result {
            case .success(let measurement):
                if let slot, keyed[slot] == nil {
                    if keyed.count >= keyedCacheLimit { keyed.removeAll(keepingCapacity: true) }
                    keyed[slot] = measurement
                }
                answers.append(.measured(section: s, row: rowCounts[s], key: row.key, measurement: measurement))
                rowCounts[s] += 1
            case .failure(let error):
                answers.append(.failed(section: s, row: rowCounts[s], error))
            case nil:
                preconditionFailure("line \(i) was planned without a measurement")
            }
        }
        return answers
    }

    /// Parses and decodes one row line.
    private static func parse(_ bytes: [UInt8], decoder: DocumentDecoder, document: Document,
                              refusesDocumentLines: Bool) -> Parsed {
        if isBlank(bytes) { return .line(.blank) }
        let value: JSONValue
        do { value = try JSONParser().parse(bytes) } catch {
            return .line(.notJSON(error))
        }
        // A stream whose first line is its document, handed over where every line is a row,
        // would otherwise measure that line as an empty row.
        if refusesDocumentLines, case .array? = value["sections"] { return .line(.documentLine) }
        let section: Int
        do { section = try decoder.streamedRowSection(value, path: "", in: document) } catch {
            return .line(.noSection(error))
        }
        let row: RowSpec
        do { row = try decoder.decodeRow(value, path: "", section: document.sections[section], in: document) } catch {
            return .badRow(section: section, error)
        }
        let slot = KeyedCacheSlot.of(row, in: document.sections[section], list: document.list)
        return .row(section: section, row, slot: slot, hash: slot?.hashValue ?? 0)
    }
}
