import Locking
import CellsFormat
import CellLayout
import DynamicType
import RowHeightCache

/// A `HeightSource` over a list's current document (its sections and rows, list settings, fonts
/// and templates) that a front end or the app changes as its data changes, safe from any thread.
///
/// It applies SPEC section 1's height policy: a row with a fixed height (its own, its section's or
/// the list's `rowHeight`) is answered here and never reaches `measure` nor the keyed cache; every
/// other row is measured by `measure` (normally `MeasurerPool.measure`) and keyed by its `key`.
/// A row is read under one lock acquisition, for its key and its height together.
///
/// Change the data inside `HeightCache.performBatchUpdates { }` (or change it first, then tell
/// the cache) so that no height measured against one state is kept for another.
public final class ListHeightSource: HeightSource {
    /// Measures `row` of `section` at content width `width` and Dynamic Type category
    /// `contentSize`; called only for rows the height policy measures (and for rows whose policy
    /// is an error, so the measurer reports it). `section` carries the section's settings
    /// (template, heights, header, footer), not its rows.
    public typealias Measure = @Sendable (_ row: RowSpec, _ section: SectionSpec, _ width: Double,
                                          _ contentSize: ContentSizeCategory) throws -> Double

    /// Builds the height curve of `row` of `section` over list widths `widths` at `contentSize`
    /// (normally `MeasurerPool.curve`); called only for rows the height policy measures.
    public typealias Curve = @Sendable (_ row: RowSpec, _ section: SectionSpec, _ widths: ClosedRange<Double>,
                                        _ contentSize: ContentSizeCategory) throws -> HeightCurve

    private let current: _Guarded<Storage>
    private let measure: Measure
    private let curve: Curve?

    /// The document, and its sections without their rows, handed to `measure` with each row:
    /// copying a whole section per row would retain and release its shared row array from every
    /// measuring thread, a cache line they would fight over. Made on the first read after a change.
    fileprivate struct Storage: Sendable {
        var document: Document
        var shells: [SectionShell]?

        mutating func shell(_ section: Int) -> SectionShell {
            if shells == nil {
                shells = document.sections.map { section in
                    var shell = section
                    shell.rows = []
                    return SectionShell(shell, list: document.list)
                }
            }
            return shells.unsafelyUnwrapped[section]
        }
    }

    /// A section without its rows, boxed: a row read hands it on with one retain, where copying
    /// the struct retains and later releases each of its strings.
    fileprivate final class SectionShell: Sendable {
        let spec: SectionSpec
        /// The list's settings, for the height policy of a row whose own settings are read late.
        let list: ListSettings

        init(_ spec: SectionSpec, list: ListSettings) {
            self.spec = spec
            self.list = list
        }

        /// `ListHeightSource.answer` for `row` of this section: called here, the section is
        /// lent from the shell rather than copied for the call. A row whose own settings were
        /// pending is answered by its settled row, its height policy applied now.
        func answer(_ row: borrowing RowSpec, fixed: Double?, width: Double, contentSize: ContentSizeCategory,
                    known: (_ key: String) -> Double?, measure: Measure) throws -> (key: String?, height: Double, measured: Bool) {
            if let settled = try row.withPendingSettings() {
                return try ListHeightSource.answer(settled, in: spec, fixed: fixedHeight(of: settled), width: width,
                                                   contentSize: contentSize, known: known, measure: measure)
            }
            return try ListHeightSource.answer(row, in: spec, fixed: fixed, width: width, contentSize: contentSize,
                                               known: known, measure: measure)
        }

        /// The height the policy fixes for `row` of this section (nil: measured).
        func fixedHeight(of row: borrowing RowSpec) -> Double? {
            HeightPolicy.fixedHeight(of: row, in: spec, list: list)
        }
    }

    /// A source over `document`, measuring with `measure` and building height curves with
    /// `curve` (nil: none, and a cache with curve widths measures at each width).
    public init(document: Document, measure: @escaping Measure, curve: Curve? = nil) {
        self.current = _Guarded(Storage(document: document))
        self.measure = measure
        self.curve = curve
    }

    /// A source over `sections` with `list` settings (no fonts or templates: `measure` and
    /// `curve` bring their own).
    public convenience init(sections: [SectionSpec], list: ListSettings = ListSettings(), measure: @escaping Measure,
                            curve: Curve? = nil) {
        self.init(document: Document(list: list, sections: sections), measure: measure, curve: curve)
    }

    /// The document the source describes now.
    public var document: Document { current.withLock { $0.document } }

    /// The sections the source describes now.
    public var sections: [SectionSpec] { current.withLock { $0.document.sections } }

    /// Replaces the document (pair with the cache's update, or `reloadData`).
    public func update(_ document: Document) { current.withLock { $0 = Storage(document: document) } }

    /// Changes the document in place, under the source's lock (no copy of its rows); pair it with
    /// the cache's update. If `change` throws, what it changed before throwing stays changed.
    public func modify<Result: Sendable>(_ change: (inout Document) throws -> Result) rethrows -> Result {
        try current.withLock { storage in
            defer { storage.shells = nil }
            return try change(&storage.document)
        }
    }

    // MARK: Checked edits: each throws `HeightCacheError` on a bad index and then changes nothing.

    /// Inserts `row` at `indexPath` (row may equal the section's count: appends).
    public func insertRow(_ row: RowSpec, at indexPath: IndexPath) throws(HeightCacheError) {
        try edit { sections throws(HeightCacheError) in
            try ListHeightSource.check(indexPath, in: sections, allowEnd: true)
            sections[indexPath.section].rows.insert(row, at: indexPath.row)
        }
    }

    /// Removes and returns the row at `indexPath`.
    @discardableResult
    public func deleteRow(at indexPath: IndexPath) throws(HeightCacheError) -> RowSpec {
        try edit { sections throws(HeightCacheError) in
            try ListHeightSource.check(indexPath, in: sections, allowEnd: false)
            return sections[indexPath.section].rows.remove(at: indexPath.row)
        }
    }

    /// Replaces the row at `indexPath` (pair with the cache's `reloadRows`).
    public func replaceRow(at indexPath: IndexPath, with row: RowSpec) throws(HeightCacheError) {
        try edit { sections throws(HeightCacheError) in
            try ListHeightSource.check(indexPath, in: sections, allowEnd: false)
            sections[indexPath.section].rows[indexPath.row] = row
        }
    }

    /// Moves a row: removed at `from`, then inserted at `to` in the list without it.
    public func moveRow(at from: IndexPath, to: IndexPath) throws(HeightCacheError) {
        try edit { sections throws(HeightCacheError) in
            try ListHeightSource.check(from, in: sections, allowEnd: false)
            // `to` counts the list without the moved row: check it before changing anything.
            try ListHeightSource.check(to, in: sections, allowEnd: to.section != from.section)
            let row = sections[from.section].rows.remove(at: from.row)
            sections[to.section].rows.insert(row, at: to.row)
        }
    }

    /// Inserts `section` at `index` (index may equal the count: appends).
    public func insertSection(_ section: SectionSpec, at index: Int) throws(HeightCacheError) {
        try edit { sections throws(HeightCacheError) in
            guard index >= 0, index <= sections.count else { throw .invalidSection(index, sections: sections.count) }
            sections.insert(section, at: index)
        }
    }

    /// Removes and returns the section at `index`.
    @discardableResult
    public func deleteSection(at index: Int) throws(HeightCacheError) -> SectionSpec {
        try edit { sections throws(HeightCacheError) in
            guard index >= 0, index < sections.count else { throw .invalidSection(index, sections: sections.count) }
            return sections.remove(at: index)
        }
    }

    /// Moves a section: removed at `from`, then inserted at `to` in the list without it.
    public func moveSection(_ from: Int, to: Int) throws(HeightCacheError) {
        try edit { sections throws(HeightCacheError) in
            guard from >= 0, from < sections.count else { throw .invalidSection(from, sections: sections.count) }
            guard to >= 0, to < sections.count else { throw .invalidSection(to, sections: sections.count) }
            let section = sections.remove(at: from)
            sections.insert(section, at: to)
        }
    }

    /// Runs a checked edit on the sections in place (each edit checks before it changes anything).
    private func edit<Result: Sendable>(_ body: (inout [SectionSpec]) throws(HeightCacheError) -> Result) throws(HeightCacheError) -> Result {
        try current.withLock { storage throws(HeightCacheError) in
            defer { storage.shells = nil }
            return try body(&storage.document.sections)
        }
    }

    /// Throws unless `path` names a row, or with `allowEnd` the place just after the last row.
    static func check(_ path: IndexPath, in sections: [SectionSpec], allowEnd: Bool) throws(HeightCacheError) {
        guard path.count == 2 else { throw .invalidIndexPath(path, sections: sections.count, rows: nil) }
        guard path.section >= 0, path.section < sections.count else {
            throw .invalidIndexPath(path, sections: sections.count, rows: nil)
        }
        let count = sections[path.section].rows.count
        guard path.row >= 0, path.row < count + (allowEnd ? 1 : 0) else {
            throw .invalidIndexPath(path, sections: sections.count, rows: count)
        }
    }

    // MARK: HeightSource

    /// Sections of the current document.
    public func numberOfSections() -> Int { current.withLock { $0.document.sections.count } }

    /// Rows of `section` in the current document (0 outside it, as a data source would answer).
    public func numberOfRows(inSection section: Int) -> Int {
        current.withLock { $0.document.sections.indices.contains(section) ? $0.document.sections[section].rows.count : 0 }
    }

    /// Widths a list can have (cells.json's `list.width`, `LayoutLimits.listWidths`).
    public func measures(atWidth width: Double) -> Bool { LayoutLimits.listWidths.contains(width) }

    /// The row's height at `width` and the `large` category: fixed by the height policy, else measured.
    public func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
        try measureHeight(at: indexPath, width: width, contentSize: .large)
    }

    /// The row's height at `width` and `contentSize`: fixed by the height policy, else measured.
    public func measureHeight(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory) throws -> Double {
        let (rows, row, shell, fixed) = try read(indexPath)
        if let settled = try rows[row].withPendingSettings() {
            return try shell.fixedHeight(of: settled) ?? measure(settled, shell.spec, width, contentSize)
        }
        if let fixed { return fixed }
        let measure = self.measure
        return try rows.withUnsafeBufferPointer { rows in try measure(rows[row], shell.spec, width, contentSize) }
    }

    /// The row's height curve over `widths` at `contentSize`: one step for a fixed height, else
    /// built by `curve`; nil when the source was made without `curve`.
    public func heightCurve(at indexPath: IndexPath, widths: ClosedRange<Double>,
                            contentSize: ContentSizeCategory) throws -> (any RowCurve)? {
        guard let curve else { return nil }
        let (rows, row, shell, fixed) = try read(indexPath)
        if let settled = try rows[row].withPendingSettings() {
            if let fixed = shell.fixedHeight(of: settled) { return HeightCurve(constant: fixed, widths: widths) }
            return try curve(settled, shell.spec, widths, contentSize)
        }
        if let fixed { return HeightCurve(constant: fixed, widths: widths) }
        return try rows.withUnsafeBufferPointer { rows in try curve(rows[row], shell.spec, widths, contentSize) }
    }

    /// The row's key, for a measured row only (a fixed height must never be answered by a
    /// measured row's cached height); nil outside the list, and for a row whose own settings
    /// cannot be read.
    public func key(at indexPath: IndexPath) -> String? {
        guard let (rows, row, shell, fixed) = try? read(indexPath) else { return nil }
        let settled: RowSpec?
        do { settled = try rows[row].withPendingSettings() } catch { return nil }
        if let settled { return shell.fixedHeight(of: settled) == nil ? settled.cacheKey : nil }
        return fixed == nil ? rows[row].cacheKey : nil
    }

    /// The row's key and height from one read of the document: a fixed height directly, a keyed
    /// row's `known` height when there is one, else measured.
    public func keyAndHeight(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory,
                             known: (_ key: String) -> Double?) throws -> (key: String?, height: Double, measured: Bool) {
        let (rows, row, shell, fixed) = try read(indexPath)
        let measure = self.measure
        return try rows.withUnsafeBufferPointer { rows in
            try shell.answer(rows[row], fixed: fixed, width: width, contentSize: contentSize, known: known, measure: measure)
        }
    }

    /// A row's key and height once read: a fixed height directly, a keyed row's `known` height
    /// when there is one, else measured.
    fileprivate static func answer(_ row: borrowing RowSpec, in section: borrowing SectionSpec, fixed: Double?,
                                   width: Double, contentSize: ContentSizeCategory, known: (_ key: String) -> Double?,
                                   measure: Measure) throws -> (key: String?, height: Double, measured: Bool) {
        if let fixed { return (nil, fixed, true) }
        let key = row.cacheKey
        if let key, let height = known(key) { return (key, height, false) }
        return (key, try measure(row, section, width, contentSize), true)
    }

    /// Each row's key and height, as `keyAndHeight(at:width:contentSize:known:)` gives them, with every row
    /// of the batch read under one lock acquisition and measured after it: precache's workers
    /// then meet at the lock once a chunk, not once a row. Rows of one section share one copy
    /// of its settings.
    public func keysAndHeights(at indexPaths: [IndexPath], width: Double, contentSize: ContentSizeCategory,
                               known: (_ position: Int, _ key: String) -> Double?,
                               answer: (_ position: Int, _ result: Result<(key: String?, height: Double, measured: Bool), any Error>) -> Bool) {
        let places = indexPaths.map { $0.sectionAndRow }
        batch(places: places, paths: indexPaths, width: width, contentSize: contentSize, known: known, answer: { position, key, height, measured in
            answer(position, .success((key, height, measured)))
        }, failure: { position, error in
            answer(position, .failure(error))
        })
    }

    /// `keysAndHeights` for rows named by section and row (precache's batches).
    package func answers(at places: [(section: Int, row: Int)], width: Double, contentSize: ContentSizeCategory,
                         known: (_ position: Int, _ key: String) -> Double?,
                         answer: (_ position: Int, _ key: String?, _ height: Double, _ measured: Bool) -> Bool,
                         failure: (_ position: Int, _ error: any Error) -> Bool) {
        batch(places: places, paths: nil, width: width, contentSize: contentSize, known: known, answer: answer,
              failure: failure)
    }

    /// The batch both entry points share: every place is read under one lock acquisition (a
    /// place outside the list is an error naming its path in `paths`, or one made from the
    /// place), then each is answered outside it, in order, until `answer` or `failure` returns
    /// false.
    private func batch(places: [(section: Int, row: Int)], paths: [IndexPath]?,
                       width: Double, contentSize: ContentSizeCategory, known: (_ position: Int, _ key: String) -> Double?,
                       answer: (_ position: Int, _ key: String?, _ height: Double, _ measured: Bool) -> Bool,
                       failure: (_ position: Int, _ error: any Error) -> Bool) {
        // Concrete arrays of plain reads, not `Result`s of tuples: those are copied through
        // generic value witnesses, several retains a row field by field. A place outside the
        // list (rare) keeps its error apart, so a read stays a few plain words.
        var reads: [BatchRead] = []
        var errors: [Int: HeightCacheError] = [:]
        let (shells, sectionRows) = current.withLock { storage in
            var shells: [SectionShell] = []
            var sectionRows: [[RowSpec]] = []
            var shellSection = -1
            reads.reserveCapacity(places.count)
            for position in places.indices {
                do throws(HeightCacheError) {
                    let (section, row) = try storage.place(section: places[position].section, row: places[position].row,
                                                           path: paths?[position])
                    if section != shellSection {
                        shells.append(storage.shell(section))
                        sectionRows.append(storage.document.sections[section].rows)
                        shellSection = section
                    }
                    let fixed = storage.fixedHeight(row, in: section, shell: shells[shells.count - 1])
                    reads.append(BatchRead(row: row, shell: shells.count - 1, fixed: fixed))
                } catch {
                    errors[position] = error
                    reads.append(BatchRead(row: -1, shell: -1, fixed: nil))
                }
            }
            return (shells, sectionRows)
        }
        let measure = self.measure
        // Each section's rows are held as they were (one reference to the array, not a copy of
        // each row) and lent from there: copying a row retains its data, the first touch of
        // that memory and an atomic write. An edit made meanwhile copies the array it changes.
        // The array and the shell are taken once for each run of rows of one section: both are
        // shared by every measuring thread, and a retain per row would pass their counts'
        // cache lines between cores.
        var position = 0
        while position < reads.count {
            let group = reads[position].shell
            guard group >= 0 else {
                if !failure(position, errors[position]!) { return }
                position += 1
                continue
            }
            var end = position + 1
            while end < reads.count, reads[end].shell == group { end += 1 }
            let shell = shells[group]
            let stopped = sectionRows[group].withUnsafeBufferPointer { rows in
                for at in position..<end {
                    let read = reads[at]
                    let answered: (key: String?, height: Double, measured: Bool)
                    do {
                        answered = try shell.answer(rows[read.row], fixed: read.fixed, width: width,
                                                    contentSize: contentSize, known: { known(at, $0) }, measure: measure)
                    } catch {
                        if !failure(at, error) { return true }
                        continue
                    }
                    if !answer(at, answered.key, answered.height, answered.measured) { return true }
                }
                return false
            }
            if stopped { return }
            position = end
        }
    }

    /// Where a batch's row was read: its index in its section's rows, the index of its section's
    /// shell and rows in the batch (-1: its index path gave an error, kept apart) and its fixed
    /// height.
    private struct BatchRead {
        var row: Int
        var shell: Int
        var fixed: Double?
    }

    /// The rows of `indexPath`'s section and the row's index among them, the section without
    /// its rows, and the row's fixed height (nil: measured), under one lock; throws
    /// `HeightCacheError.invalidIndexPath` outside the list. The rows are held (one retain) for
    /// the row to be lent from them: a copy of the row retains and later releases each of its
    /// fields (BENCHMARKS.md, Height cache: `cache-instructions.sh miss`).
    @inline(__always)
    private func read(_ indexPath: IndexPath) throws(HeightCacheError) -> (rows: [RowSpec], row: Int, section: SectionShell, fixed: Double?) {
        try current.withLock { storage throws(HeightCacheError) in
            let (section, row) = try storage.place(of: indexPath)
            let shell = storage.shell(section)
            let fixed = storage.fixedHeight(row, in: section, shell: shell)
            return (storage.document.sections[section].rows, row, shell, fixed)
        }
    }
}

extension ListHeightSource: PlacedBatchSource {}

extension ListHeightSource.Storage {
    /// The section and row `indexPath` names, reading its indexes once; throws
    /// `HeightCacheError.invalidIndexPath` unless it names a row of the document.
    func place(of indexPath: IndexPath) throws(HeightCacheError) -> (section: Int, row: Int) {
        let (s, r) = indexPath.sectionAndRow
        return try place(section: s, row: r, path: indexPath)
    }

    /// (`section`, `row`) when they name a row of the document; else throws
    /// `HeightCacheError.invalidIndexPath` for `path` (nil: the index path of the two).
    func place(section s: Int, row r: Int, path: IndexPath?) throws(HeightCacheError) -> (section: Int, row: Int) {
        guard s >= 0, s < document.sections.count, r >= 0, r < document.sections[s].rows.count else {
            let rows = s >= 0 && s < document.sections.count ? document.sections[s].rows.count : nil
            throw .invalidIndexPath(path ?? IndexPath(row: r, section: s), sections: document.sections.count, rows: rows)
        }
        return (s, r)
    }

    /// The height the policy fixes for row `row` of section `section` (both in range; `shell` is
    /// the section without its rows): nil when it is measured, or on an error the measurer
    /// reports. The row is read in place; a caller copies it once, where it keeps it.
    func fixedHeight(_ row: Int, in section: Int, shell: ListHeightSource.SectionShell) -> Double? {
        shell.fixedHeight(of: document.sections[section].rows[row])
    }
}
