import CellLayout

/// One line of a measured list, in output order: a section's header, one of its rows, or its footer.
public struct DocumentLine: Sendable, Hashable {
    /// Which line of a section this is; the raw value names it in output.
    public enum Kind: String, Sendable {
        /// The section's header, before its rows.
        case header
        /// One of the section's rows.
        case row
        /// The section's footer, after its rows.
        case footer
    }

    /// The section's index.
    public var section: Int
    /// Header, row or footer.
    public var kind: Kind
    /// The row's index in its section; nil for a header or footer.
    public var row: Int?

    /// The line `kind` of `section`, with `row` for a row.
    public init(section: Int, kind: Kind, row: Int? = nil) {
        self.section = section
        self.kind = kind
        self.row = row
    }

    /// Where a layout error of this line belongs: the row's own path, or its section's for a
    /// header or footer (whose errors already start with `header.` or `footer.`).
    public var errorPath: String {
        guard kind == .row, let row else { return "sections[\(section)]" }
        return "sections[\(section)].rows[\(row)]"
    }
}

/// A line of a measured document that did not lay out: the line, and its `LayoutError`. It is
/// not a second kind of error, only a `LayoutError` placed in the list: `error.kind` says what
/// went wrong. Thrown for the first such line in document order.
public struct LineFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line that failed; its `errorPath` places the error in the document.
    public let line: DocumentLine
    /// The layout error, its path relative to `line.errorPath` unless absolute.
    public let error: LayoutError

    /// `error` met while measuring `line`.
    public init(line: DocumentLine, error: LayoutError) {
        self.line = line
        self.error = error
    }

    /// `path: message` with a relative path placed under the line's (`sections[0].rows[3].h`);
    /// an absolute path (`templates.FeedCell.constraints[3]`) is kept and the line follows in
    /// parentheses, since a template's problem may show only with some rows.
    public var description: String {
        if error.isAbsolute { return "\(error.description) (in \(line.errorPath))" }
        return error.located(at: line.errorPath).description
    }
}

/// A measured line: where it is, its row's key, and the height (and frames when asked for).
public struct MeasuredLine: Sendable {
    /// The line.
    public var line: DocumentLine
    /// The row's `key`; nil for a row without one and for headers and footers.
    public var key: String?
    /// The measurement, shared with the first row of the same keyed-cache slot.
    public var measurement: CellMeasurement
}

/// Every line of a document measured, in output order (headers, rows, footers of each section),
/// with a row that repeats an earlier row's keyed-cache slot given that row's measurement.
public struct MeasuredDocument: RandomAccessCollection, Sendable {
    /// What a line of the document came to while measuring.
    enum Outcome: Sendable {
        /// A row read from deferred bytes that did not parse or decode, or any row read after
        /// such a row was seen: the measuring is abandoned.
        case invalid
        /// A row: its key, its keyed-cache slot with the slot's hash, and its measurement (nil
        /// when it was known beforehand to repeat an earlier row's slot, and so not measured).
        case row(key: String?, slot: KeyedCacheSlot?, hash: Int, result: Result<CellMeasurement, LayoutError>?)
        /// A header or footer, or nil when the section has none.
        case supplementary(Result<CellMeasurement, LayoutError>?)
    }

    let lines: [DocumentLine]
    let outcomes: [Outcome]
    /// Per line, the line whose outcome holds its measurement (itself, or the first row of its slot).
    let source: [Int32]
    /// Rows, measured or answered by an earlier row of their keyed-cache slot.
    public let rowCount: Int
    /// Header and footer lines.
    public let supplementaryCount: Int
    /// Rows answered by an earlier row of their keyed-cache slot instead of being measured.
    public let cacheHits: Int

    /// The first line's index, 0.
    public var startIndex: Int { 0 }
    /// One past the last line's index.
    public var endIndex: Int { lines.count }

    /// Line `i`, in output order.
    public subscript(i: Int) -> MeasuredLine {
        let measurement: CellMeasurement
        switch outcomes[Int(source[i])] {
        case .row(_, _, _, .success(let m)?), .supplementary(.success(let m)?): measurement = m
        default: preconditionFailure("line \(i) has no measurement: its failure should have been thrown")
        }
        var key: String? = nil
        if case .row(let own, _, _, _) = outcomes[i] { key = own }
        return MeasuredLine(line: lines[i], key: key, measurement: measurement)
    }

    /// The lines' outcomes in document order, with keyed repeats pointed at their slot's first
    /// row (as `firsts` says when the repeats were found before measuring) and the first failure
    /// thrown; nil when a line is `.invalid` or a section's header or footer came to nothing (the
    /// caller then takes the path that explains it).
    static func assemble(_ lines: [DocumentLine], _ outcomes: [Outcome],
                         firsts: [Int32]? = nil) throws(LineFailure) -> MeasuredDocument? {
        var source = firsts ?? [Int32](repeating: 0, count: lines.count)
        var rows = 0, supplementary = 0, hits = 0
        var repeats = KeyedRepeats(capacity: firsts == nil ? lines.count : 0)
        for (i, line) in lines.enumerated() {
            if firsts == nil { source[i] = Int32(i) }
            switch outcomes[i] {
            case .invalid, .supplementary(nil):
                return nil
            case .supplementary(let result?):
                supplementary += 1
                if case .failure(let error) = result { throw LineFailure(line: line, error: error) }
            case .row(_, let slot, let hash, let result):
                rows += 1
                if firsts == nil, let slot {
                    source[i] = Int32(repeats.first(of: i, in: slot, hash: hash) { j in
                        if case .row(_, let other, _, _) = outcomes[j] { return other }
                        return nil
                    })
                }
                if source[i] != Int32(i) {
                    // The first row measured without error, or its error was thrown already.
                    hits += 1
                    continue
                }
                if case .failure(let error)? = result { throw LineFailure(line: line, error: error) }
            }
        }
        return MeasuredDocument(lines: lines, outcomes: outcomes, source: source, rowCount: rows,
                                supplementaryCount: supplementary, cacheHits: hits)
    }
}
