import Locking
import CellsFormat
import RowHeightCache
/// A list's sections and rows that front ends mutate as their data changes, safe from any
/// thread. Each mutation checks its index paths; pair it with the same update on the
/// `HeightCache` (the model first, as with a UITableView data source).
public final class ListModel: Sendable {
    let state: _Guarded<[SectionSpec]>

    /// A model holding `sections`.
    public init(sections: [SectionSpec] = []) {
        state = _Guarded(sections)
    }

    /// A model holding a document's sections.
    public convenience init(document: Document) {
        self.init(sections: document.sections)
    }

    /// All sections, as they are now.
    public var sections: [SectionSpec] { state.withLock { $0 } }

    /// The number of sections.
    public var numberOfSections: Int { state.withLock { $0.count } }

    /// The number of rows in `section` (0 outside the list, as a data source would answer).
    public func numberOfRows(inSection section: Int) -> Int {
        state.withLock { section >= 0 && section < $0.count ? $0[section].rows.count : 0 }
    }

    /// The section at `index`, or nil outside the list.
    public func section(at index: Int) -> SectionSpec? {
        state.withLock { index >= 0 && index < $0.count ? $0[index] : nil }
    }

    /// The row at `indexPath` with its section, or nil outside the list.
    public func row(at indexPath: IndexPath) -> (row: RowSpec, section: SectionSpec)? {
        state.withLock { sections in
            guard indexPath.section >= 0, indexPath.section < sections.count,
                  indexPath.row >= 0, indexPath.row < sections[indexPath.section].rows.count else { return nil }
            let section = sections[indexPath.section]
            return (section.rows[indexPath.row], section)
        }
    }

    /// Replaces every section (pair with `HeightCache.reloadData`).
    public func setSections(_ sections: [SectionSpec]) {
        state.withLock { $0 = sections }
    }

    /// Runs `body` on the sections as one atomic change (for batches): nothing else sees a
    /// half-made change, and if `body` throws nothing changes. It works on a copy, so it costs
    /// O(size of the sections it touches); the single mutations below work in place.
    public func update<Result: Sendable>(_ body: (inout [SectionSpec]) throws(HeightCacheError) -> Result) throws(HeightCacheError) -> Result {
        try state.withLock { sections throws(HeightCacheError) in
            var copy = sections
            let result = try body(&copy)
            sections = copy
            return result
        }
    }

    /// Inserts `row` at `indexPath` (row may equal the section's count: appends).
    public func insertRow(_ row: RowSpec, at indexPath: IndexPath) throws(HeightCacheError) {
        try state.withLock { sections throws(HeightCacheError) in
            try ListModel.check(indexPath, in: sections, allowEnd: true)
            sections[indexPath.section].rows.insert(row, at: indexPath.row)
        }
    }

    /// Removes and returns the row at `indexPath`.
    @discardableResult
    public func deleteRow(at indexPath: IndexPath) throws(HeightCacheError) -> RowSpec {
        try state.withLock { sections throws(HeightCacheError) in
            try ListModel.check(indexPath, in: sections, allowEnd: false)
            return sections[indexPath.section].rows.remove(at: indexPath.row)
        }
    }

    /// Replaces the row at `indexPath` (pair with `HeightCache.reloadRows`).
    public func replaceRow(at indexPath: IndexPath, with row: RowSpec) throws(HeightCacheError) {
        try state.withLock { sections throws(HeightCacheError) in
            try ListModel.check(indexPath, in: sections, allowEnd: false)
            sections[indexPath.section].rows[indexPath.row] = row
        }
    }

    /// Moves a row: removed at `from`, then inserted at `to` in the list without it.
    public func moveRow(at from: IndexPath, to: IndexPath) throws(HeightCacheError) {
        try state.withLock { sections throws(HeightCacheError) in
            try ListModel.check(from, in: sections, allowEnd: false)
            // `to` counts the list without the moved row: check it before changing anything.
            try ListModel.check(to, in: sections, allowEnd: to.section != from.section)
            let row = sections[from.section].rows.remove(at: from.row)
            sections[to.section].rows.insert(row, at: to.row)
        }
    }

    /// Inserts `section` at `index` (index may equal the count: appends).
    public func insertSection(_ section: SectionSpec, at index: Int) throws(HeightCacheError) {
        try state.withLock { sections throws(HeightCacheError) in
            guard index >= 0, index <= sections.count else { throw .invalidSection(index, sections: sections.count) }
            sections.insert(section, at: index)
        }
    }

    /// Removes and returns the section at `index`.
    @discardableResult
    public func deleteSection(at index: Int) throws(HeightCacheError) -> SectionSpec {
        try state.withLock { sections throws(HeightCacheError) in
            guard index >= 0, index < sections.count else { throw .invalidSection(index, sections: sections.count) }
            return sections.remove(at: index)
        }
    }

    /// Moves a section: removed at `from`, then inserted at `to` in the list without it.
    public func moveSection(_ from: Int, to: Int) throws(HeightCacheError) {
        try state.withLock { sections throws(HeightCacheError) in
            guard from >= 0, from < sections.count else { throw .invalidSection(from, sections: sections.count) }
            guard to >= 0, to < sections.count else { throw .invalidSection(to, sections: sections.count) }
            let section = sections.remove(at: from)
            sections.insert(section, at: to)
        }
    }

    /// Throws unless `path` names a row, or with `allowEnd` the place just after the last row.
    static func check(_ path: IndexPath, in sections: [SectionSpec], allowEnd: Bool) throws(HeightCacheError) {
        guard path.section >= 0, path.section < sections.count else {
            throw .invalidIndexPath(path, sections: sections.count, rows: nil)
        }
        let count = sections[path.section].rows.count
        guard path.row >= 0, path.row < count + (allowEnd ? 1 : 0) else {
            throw .invalidIndexPath(path, sections: sections.count, rows: count)
        }
    }
}
