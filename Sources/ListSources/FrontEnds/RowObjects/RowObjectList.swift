import Synchronization
import CellsFormat
import RowHeightCache

/// Process-wide counter for keys the list assigns, so two rows never share one by accident.
private let autoKeyCounter = Atomic<Int>(0)

/// WBListKit's adapter headless: sections of row objects, found by key, changed by add, insert,
/// delete, replace and exchange, with row positions right after every change. It is a value:
/// keep the old one as a snapshot and `RowObjectList.changes(from:to:)` gives the batch update.
public struct RowObjectList: Sendable {
    /// List settings, fonts and templates of the document it produces.
    public var base: Document
    /// The sections in order; every section and row has a key.
    public private(set) var sections: [ListSection] = []
    private var sectionKeys: Set<String> = []
    private var rowKeys: Set<String> = []

    /// An empty list using `base`'s settings, fonts and templates (its sections are ignored).
    public init(base: Document = Document()) {
        var base = base
        base.sections = []
        self.base = base
    }

    static func autoKey(_ prefix: String) -> String {
        "\(prefix)\(autoKeyCounter.add(1, ordering: .relaxed).newValue)"
    }

    // MARK: Looking up

    /// The section with `key`, if any.
    public func section(forKey key: String) -> ListSection? { index(ofSection: key).map { sections[$0] } }
    /// The index of the section with `key`, if any.
    public func index(ofSection key: String) -> Int? { sections.firstIndex { $0.key == key } }
    /// The index path of the row with `key`, if any.
    public func indexPath(ofRow key: String) -> IndexPath? {
        for (s, section) in sections.enumerated() {
            if let r = section.rows.firstIndex(where: { $0.key == key }) { return IndexPath(row: r, section: s) }
        }
        return nil
    }
    /// The row at `indexPath`, if any.
    public func row(at indexPath: IndexPath) -> ListRow? {
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].rows.indices.contains(indexPath.row) else { return nil }
        return sections[indexPath.section].rows[indexPath.row]
    }
    /// The position of the row at `indexPath` as it is now, if the row exists.
    public func position(at indexPath: IndexPath) -> RowPosition? {
        guard row(at: indexPath) != nil else { return nil }
        return RowPosition(row: indexPath.row, count: sections[indexPath.section].rows.count)
    }

    // MARK: Sections

    /// Appends `section` (and its rows); keys must be new.
    public mutating func addSection(_ section: ListSection) throws(FrontEndError) {
        try insertSection(section, at: sections.count)
    }

    /// Inserts `section` at `index` (0...count); keys must be new.
    public mutating func insertSection(_ section: ListSection, at index: Int) throws(FrontEndError) {
        guard (0...sections.count).contains(index) else {
            throw FrontEndError("sections[\(index)]", "cannot insert a section there; the list has \(sections.count)")
        }
        sections.insert(try adopt(section, at: "sections[\(index)]"), at: index)
    }

    /// Deletes the section at `index` and its rows.
    public mutating func deleteSection(at index: Int) throws(FrontEndError) {
        try checkSection(index)
        forget(sections.remove(at: index))
    }

    /// Deletes the section with `key`.
    public mutating func deleteSection(key: String) throws(FrontEndError) {
        guard let index = index(ofSection: key) else { throw FrontEndError("section \(JSONText.excerpt(key))", "no such section") }
        try deleteSection(at: index)
    }

    /// Replaces the section at `index` with `section`; its new keys must not clash with other sections'.
    public mutating func replaceSection(at index: Int, with section: ListSection) throws(FrontEndError) {
        try checkSection(index)
        let old = sections[index]
        forget(old)
        do {
            sections[index] = try adopt(section, at: "sections[\(index)]")
        } catch {
            _ = try? adopt(old, at: "")
            throw error
        }
    }

    /// Swaps the sections at `i` and `j`.
    public mutating func exchangeSections(_ i: Int, _ j: Int) throws(FrontEndError) {
        try checkSection(i)
        try checkSection(j)
        sections.swapAt(i, j)
    }

    // MARK: Rows

    /// Appends `row` to the section at `section`.
    public mutating func addRow(_ row: ListRow, toSection section: Int) throws(FrontEndError) {
        try checkSection(section)
        try insertRow(row, at: IndexPath(row: sections[section].rows.count, section: section))
    }

    /// Appends `row` to the section with `key`.
    public mutating func addRow(_ row: ListRow, toSectionKey key: String) throws(FrontEndError) {
        guard let index = index(ofSection: key) else { throw FrontEndError("section \(JSONText.excerpt(key))", "no such section") }
        try addRow(row, toSection: index)
    }

    /// Inserts `row` at `indexPath` (row 0...count of its section); its key must be new.
    public mutating func insertRow(_ row: ListRow, at indexPath: IndexPath) throws(FrontEndError) {
        try checkSection(indexPath.section)
        guard (0...sections[indexPath.section].rows.count).contains(indexPath.row) else {
            throw FrontEndError("sections[\(indexPath.section)].rows[\(indexPath.row)]", "cannot insert a row there")
        }
        let adopted = try adopt(row, at: "sections[\(indexPath.section)].rows[\(indexPath.row)]")
        sections[indexPath.section].rows.insert(adopted, at: indexPath.row)
    }

    /// Deletes the row at `indexPath`.
    public mutating func deleteRow(at indexPath: IndexPath) throws(FrontEndError) {
        try checkRow(indexPath)
        let row = sections[indexPath.section].rows.remove(at: indexPath.row)
        if let key = row.key { rowKeys.remove(key) }
    }

    /// Replaces the row at `indexPath`; a row keeping the old key is the same row changed (reloaded).
    public mutating func replaceRow(at indexPath: IndexPath, with row: ListRow) throws(FrontEndError) {
        try checkRow(indexPath)
        let old = sections[indexPath.section].rows[indexPath.row]
        if let key = old.key { rowKeys.remove(key) }
        do {
            sections[indexPath.section].rows[indexPath.row] =
                try adopt(row, at: "sections[\(indexPath.section)].rows[\(indexPath.row)]")
        } catch {
            if let key = old.key { rowKeys.insert(key) }
            throw error
        }
    }

    /// Swaps two rows, in one section or across two.
    public mutating func exchangeRows(_ a: IndexPath, _ b: IndexPath) throws(FrontEndError) {
        try checkRow(a)
        try checkRow(b)
        let rowA = sections[a.section].rows[a.row]
        sections[a.section].rows[a.row] = sections[b.section].rows[b.row]
        sections[b.section].rows[b.row] = rowA
    }

    // MARK: Output

    /// The list in the shared model. Each row's data gains `_position` (see
    /// `RowPosition.templateValue`); data that is not an object is kept under `_contents`.
    public func document() -> Document {
        var document = base
        document.sections = sections.map { section in
            SectionSpec(template: section.template, header: section.header, footer: section.footer,
                        rows: section.rows.indices.map { Self.rowSpec(section.rows[$0], row: $0, count: section.rows.count) })
        }
        return document
    }

    static func rowSpec(_ row: ListRow, row index: Int, count: Int) -> RowSpec {
        var members: JSONObject
        if case .object(let object) = row.data { members = object } else { members = ["_contents": row.data] }
        members["_position"] = RowPosition(row: index, count: count).templateValue
        var spec = RowSpec(data: .object(members), key: row.key, template: row.template, accessory: row.accessory)
        switch row.height {
        case .automatic: spec.autoHeight = true
        case .fixed(let points): spec.height = points
        }
        return spec
    }

    // MARK: Keys and checks

    private mutating func adopt(_ section: ListSection, at location: String) throws(FrontEndError) -> ListSection {
        var section = section
        let key = section.key ?? Self.autoKey("section#")
        guard !sectionKeys.contains(key) else { throw FrontEndError(location, "section key \(JSONText.excerpt(key)) is already in the list") }
        var added: [String] = []
        for index in section.rows.indices {
            do {
                section.rows[index] = try adopt(section.rows[index], at: "\(location).rows[\(index)]")
                if let key = section.rows[index].key { added.append(key) }
            } catch {
                for key in added { rowKeys.remove(key) }
                throw error
            }
        }
        section.key = key
        sectionKeys.insert(key)
        return section
    }

    private mutating func adopt(_ row: ListRow, at location: String) throws(FrontEndError) -> ListRow {
        var row = row
        let key = row.key ?? Self.autoKey("row#")
        guard !rowKeys.contains(key) else { throw FrontEndError(location, "row key \(JSONText.excerpt(key)) is already in the list") }
        if case .fixed(let points) = row.height, !(points.isFinite && points >= 0) {
            throw FrontEndError(location, "a fixed height must be a finite number >= 0")
        }
        row.key = key
        rowKeys.insert(key)
        return row
    }

    private mutating func forget(_ section: ListSection) {
        if let key = section.key { sectionKeys.remove(key) }
        for row in section.rows { if let key = row.key { rowKeys.remove(key) } }
    }

    private func checkSection(_ index: Int) throws(FrontEndError) {
        guard sections.indices.contains(index) else {
            throw FrontEndError("sections[\(index)]", "no such section; the list has \(sections.count)")
        }
    }

    private func checkRow(_ indexPath: IndexPath) throws(FrontEndError) {
        try checkSection(indexPath.section)
        guard sections[indexPath.section].rows.indices.contains(indexPath.row) else {
            throw FrontEndError("sections[\(indexPath.section)].rows[\(indexPath.row)]",
                                "no such row; the section has \(sections[indexPath.section].rows.count)")
        }
    }
}
