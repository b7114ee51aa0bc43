import Locking
import CellsFormat
import RowHeightCache

/// A `HeightSource` over a front end's current document: the shape comes from the document and
/// each height from a measuring function (normally `ListMeasurer` with the SPEC height policy).
/// Hand it the new document with `update(_:)` before telling the cache about the change.
public final class DocumentHeightSource: HeightSource {
    /// Measures `row` of `section` in `document` at content width `width`, applying the height
    /// policy (fixed height, measured, section height, list height).
    public typealias Measure = @Sendable (_ row: RowSpec, _ section: SectionSpec, _ document: Document,
                                          _ width: Double) throws -> Double

    private let current: _Guarded<Document>
    private let measure: Measure

    /// A source over `document`, measuring with `measure`.
    public init(document: Document, measure: @escaping Measure) {
        self.current = _Guarded(document)
        self.measure = measure
    }

    /// The document the source describes now.
    public var document: Document { current.withLock { $0 } }

    /// Replaces the document (after a front end changed); then tell the cache what changed.
    public func update(_ document: Document) { current.withLock { $0 = document } }

    /// Changes the document in place (no copy of its rows); then tell the cache what changed.
    public func modify<Result: Sendable>(_ change: (inout Document) throws -> Result) rethrows -> Result {
        try current.withLock { document in try change(&document) }
    }

    /// Sections of the current document.
    public func numberOfSections() -> Int { current.withLock { $0.sections.count } }

    /// Rows of `section` in the current document (0 outside it).
    public func numberOfRows(inSection section: Int) -> Int {
        current.withLock { $0.sections.indices.contains(section) ? $0.sections[section].rows.count : 0 }
    }

    /// Measures the row at `indexPath` of the current document at `width`.
    public func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
        let document = self.document
        guard document.sections.indices.contains(indexPath.section),
              document.sections[indexPath.section].rows.indices.contains(indexPath.row) else {
            throw FrontEndError("sections[\(indexPath.section)].rows[\(indexPath.row)]", "no such row")
        }
        let section = document.sections[indexPath.section]
        return try measure(section.rows[indexPath.row], section, document, width)
    }

    /// The row's own key, for a measured row only (a fixed height, by the height policy, must
    /// never be answered by a measured row's cached height).
    public func key(at indexPath: IndexPath) -> String? {
        current.withLock { document in
            guard document.sections.indices.contains(indexPath.section),
                  document.sections[indexPath.section].rows.indices.contains(indexPath.row) else { return nil }
            let section = document.sections[indexPath.section]
            let row = section.rows[indexPath.row]
            if case .fixed = RowHeightPolicy.resolve(row: row, section: section, settings: document.list) { return nil }
            return row.cacheKey
        }
    }
}
