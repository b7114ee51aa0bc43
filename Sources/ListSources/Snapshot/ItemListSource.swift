import DynamicType
import Locking
import CellsFormat
import CellLayout
import RowHeightCache

/// The `HeightSource` of a list driven by snapshots: its rows are a `ListSnapshot`'s items,
/// measured as `ItemCells` says (the value behind each identifier is read when its row is
/// measured, on the measuring thread). `HeightCache(snapshot:cells:fonts:width:)` makes one;
/// `HeightCache.apply(_:)` changes its snapshot.
public final class ItemListSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: SnapshotHeightSource {
    private let current: _Guarded<ListSnapshot<SectionID, ItemID>>
    private let cells: ItemCells<SectionID, ItemID>
    private let document: Document
    private let pool: MeasurerPool
    /// The pool's `measure` and `curve`, made once (the properties make a closure on every read).
    private let measure: ListHeightSource.Measure
    private let curve: ListHeightSource.Curve
    /// How a typed template's row is measured from its item's values (nil: every row is built
    /// by `cells.row(for:in:)`).
    private let typed: TypedRows?
    /// `typed`, read without a retain on every row.
    private let typedRows: _Lent<TypedRows>?
    /// The section every row is measured in: rows carry their own template or height.
    private let rowSection = SectionSpec(autoHeight: true)

    /// A source with no sections, measuring with `cells`' templates and `fonts` as a cells.json
    /// list with `width`, `scale` and `separator` would. Throws when a template or font does
    /// not compile or load, and `invalidWidth` for a width no list can have.
    public init(cells: ItemCells<SectionID, ItemID>, fonts: Fonts, width: Double, scale: Double = 2,
                separator: Bool = true) throws {
        guard LayoutLimits.listWidths.contains(width) else { throw HeightCacheError.invalidWidth(width) }
        var document = Document(list: ListSettings(width: width, scale: scale, separator: separator), fonts: fonts,
                                templates: cells.templates)
        document.sections = []
        self.document = document
        self.cells = cells
        let pool = try MeasurerPool(base: document, baseDirectory: ".")
        self.pool = pool
        measure = pool.measure
        curve = pool.curve
        let current = _Guarded(ListSnapshot<SectionID, ItemID>())
        self.current = current
        // Each template resolved once, by name, to the index its rows are measured with.
        var resolved: [TypedRows.Resolved] = []
        var templates: [String: (index: Int, memberNames: [String])] = [:]
        for name in cells.templates.keys {
            guard let template = pool.typedTemplate(named: name) else { continue }
            templates[name] = (resolved.count, template.memberNames)
            resolved.append(template)
        }
        typed = cells.typed.map { TypedRows($0(templates), templates: resolved, snapshot: current, pool: pool) }
        typedRows = typed.map(_Lent.init)
    }

    /// The snapshot the source describes now.
    public var snapshot: ListSnapshot<SectionID, ItemID> { current.withLock { $0 } }

    /// Makes the source describe `snapshot` (`HeightCache.apply(_:)` calls it in its change).
    public func show(_ snapshot: ListSnapshot<SectionID, ItemID>) { current.withLock { $0 = snapshot } }

    /// The number of sections.
    public func numberOfSections() -> Int { current.withLock { $0.numberOfSections } }

    /// The number of items in `section` (0 outside the list).
    public func numberOfRows(inSection section: Int) -> Int {
        current.withLock { $0.numberOfItems(atSection: section) ?? 0 }
    }

    /// The widths a list can be laid out at.
    public func measures(atWidth width: Double) -> Bool { LayoutLimits.listWidths.contains(width) }

    /// The height of the item at `indexPath` at the `large` content size category
    /// (`measureHeight(at:width:contentSize:)`).
    public func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
        try measureHeight(at: indexPath, width: width, contentSize: .large)
    }

    /// The height of the item at `indexPath` at `width` and content size category `contentSize`:
    /// its value read and measured now. An error about the row names its identifier
    /// (`item 42: ...`).
    public func measureHeight(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory) throws -> Double {
        // A typed row is read and measured by the cells' code, built for the identifier and item
        // types; this generic body handles no value of those types (each would cost a look-up
        // of its type at run time, on every row).
        if let typedRows {
            let height = try typedRows.read { typed in try typed.height(at: indexPath, width: width, contentSize: contentSize) }
            if !height.isNaN { return height }
        }
        return try rowHeight(at: indexPath, width: width, contentSize: contentSize)
    }

    /// `measureHeight` of a row that is not a typed template's, built by `cells.row(for:in:)`.
    /// Out of line: its identifier, a value of a generic type, makes the body look that type up
    /// on every call, which a typed row does not need.
    @inline(never)
    private func rowHeight(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory) throws -> Double {
        try withRow(at: indexPath) { row in try measure(row, rowSection, width, contentSize) }
    }

    /// The item's height curve over `widths` at `contentSize` (a `HeightCache` with curve widths
    /// keeps it): its value read and its curve built now. Errors as `measureHeight`'s.
    public func heightCurve(at indexPath: IndexPath, widths: ClosedRange<Double>,
                            contentSize: ContentSizeCategory) throws -> (any RowCurve)? {
        try withRow(at: indexPath) { row in try curve(row, rowSection, widths, contentSize) }
    }

    /// `body` on the row of the item at `indexPath`, read now; a layout error names the item.
    @inline(__always)
    private func withRow<Result>(at indexPath: IndexPath, _ body: (RowSpec) throws -> Result) throws -> Result {
        let id = try identifier(at: indexPath)
        let row = try cells.row(for: id, in: document)
        do {
            return try body(row)
        } catch let error as LayoutError {
            throw FrontEndError("item \(id)", error.description)
        }
    }

    /// The identifier at `indexPath`; `invalidIndexPath` outside the snapshot.
    @inline(__always)
    private func identifier(at indexPath: IndexPath) throws -> ItemID {
        guard indexPath.count == 2, let id = current.withLock({ $0.itemIdentifier(for: indexPath) }) else {
            let counts = current.withLock { snapshot in
                (snapshot.numberOfSections, indexPath.count == 2 ? snapshot.numberOfItems(atSection: indexPath[0]) : nil)
            }
            throw HeightCacheError.invalidIndexPath(indexPath, sections: counts.0, rows: counts.1)
        }
        return id
    }

    /// The item's height; items have no keys (`apply` moves their heights by identifier). Given
    /// here rather than by the protocol's default, whose generic body builds its result's
    /// tuple type on every call.
    public func keyAndHeight(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory,
                             known: (_ key: String) -> Double?) throws -> (key: String?, height: Double, measured: Bool) {
        (nil, try measureHeight(at: indexPath, width: width, contentSize: contentSize), true)
    }

    /// The height of section `section`'s header (`footer` false) or footer, nil when it has
    /// none; measured on every call.
    func supplementaryHeight(section: Int, footer: Bool, width: Double) throws -> Double? {
        guard let id = current.withLock({ $0.sectionIdentifiers.indices.contains(section) ? $0.sectionIdentifiers[section] : nil }) else {
            throw HeightCacheError.invalidSection(section, sections: numberOfSections())
        }
        var spec = SectionSpec()
        if footer { spec.footer = cells.footer?(id) } else { spec.header = cells.header?(id) }
        let measurer = try pool.measurer(width: width)
        do {
            let measured = footer ? try measurer.measureFooter(of: spec, frames: false)
                                  : try measurer.measureHeader(of: spec, frames: false)
            return measured?.height
        } catch {
            throw FrontEndError("section \(id)", error.description)
        }
    }
}

/// A typed template's measuring (`ItemCells.TypedMeasure`) in an object of a type that is not
/// generic, so that a generic source reads and calls it without looking a type up at run time;
/// it holds what a row needs (the snapshot, the pool, the templates resolved once by name), so
/// that the cells' code reads them from the one object it is handed.
@usableFromInline
final class TypedRows: @unchecked Sendable {
    typealias Resolved = MeasurerPool.TypedTemplate
    /// The height of the row at an index path of the snapshot of these rows, at a width and
    /// category (see `ItemCells.TypedMeasure`).
    @usableFromInline typealias Measure = @Sendable (_ indexPath: IndexPath, _ rows: TypedRows, _ width: Double,
                                                     _ contentSize: ContentSizeCategory) throws -> Double?
    let measure: Measure
    /// The templates by the index the cells' code passes, and the pool: kept here, and lent to
    /// each row (read without a retain, from memory of their own never written after `init`).
    let templates: [Resolved]
    let pool: MeasurerPool
    let lentTemplates: UnsafeMutableBufferPointer<_Lent<Resolved>>
    let lentPool: _Lent<MeasurerPool>
    /// The source's guarded snapshot, and its address: the cells' code reads it through that
    /// without a retain.
    let snapshot: any AnyObject & Sendable
    @usableFromInline let snapshotAddress: UnsafeRawPointer

    init(_ measure: @escaping Measure, templates: [Resolved], snapshot: any AnyObject & Sendable, pool: MeasurerPool) {
        self.measure = measure
        self.templates = templates
        self.pool = pool
        lentTemplates = .allocate(capacity: templates.count)
        _ = lentTemplates.initialize(from: templates.map(_Lent.init))
        lentPool = _Lent(pool)
        self.snapshot = snapshot
        snapshotAddress = UnsafeRawPointer(Unmanaged.passUnretained(snapshot as AnyObject).toOpaque())
    }

    deinit {
        lentTemplates.deallocate()
    }

    /// The height of the row at `indexPath` of the snapshot, NaN when it is not a typed
    /// template's (a fixed height) or outside the snapshot. Not generic: a generic caller
    /// handling the optional result would look its type up at run time.
    func height(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory) throws -> Double {
        try measure(indexPath, self, width, contentSize) ?? .nan
    }

    /// The height of a row of template `index` (as the cells were told) from its values, one
    /// per name of `names`.
    @usableFromInline
    func measureRow(template index: Int, names: [String], values: UnsafeBufferPointer<JSONValue?>, width: Double,
                    contentSize: ContentSizeCategory) throws(LayoutError) -> Double {
        try lentPool.read { pool throws(LayoutError) in
            try lentTemplates[index].read { template throws(LayoutError) in
                try pool.measureRow(template, members: names, values: values, width: width, contentSize: contentSize)
            }
        }
    }
}

/// A source whose sections have headers and footers the cache can ask for.
protocol SupplementarySource: HeightSource {
    func supplementaryHeight(section: Int, footer: Bool, width: Double) throws -> Double?
}

extension ItemListSource: SupplementarySource {}

extension HeightCache {
    /// A cache over `snapshot`'s items, measured as `cells` says with `fonts` at `width` (scale
    /// 2 and separators on, as cells.json's defaults). Nothing is measured or encoded here; change
    /// the list with `apply(_:)`. Throws when a template or font does not compile or load.
    public convenience init<SectionID, ItemID>(snapshot: ListSnapshot<SectionID, ItemID>,
                                               cells: ItemCells<SectionID, ItemID>, fonts: Fonts, width: Double,
                                               scale: Double = 2, separator: Bool = true,
                                               estimatedRowHeight: Double = 44) throws {
        let source = try ItemListSource(cells: cells, fonts: fonts, width: width, scale: scale, separator: separator)
        try self.init(source: source, width: width, estimatedRowHeight: estimatedRowHeight)
        try apply(snapshot)
    }

    /// The height of section `section`'s header at the current width, nil when it has none; for
    /// a cache made from a snapshot (any other throws `FrontEndError`).
    public func headerHeight(inSection section: Int) throws -> Double? {
        try supplementarySource().supplementaryHeight(section: section, footer: false, width: width)
    }

    /// The height of section `section`'s footer at the current width, nil when it has none.
    public func footerHeight(inSection section: Int) throws -> Double? {
        try supplementarySource().supplementaryHeight(section: section, footer: true, width: width)
    }

    private func supplementarySource() throws -> any SupplementarySource {
        guard let source = source as? any SupplementarySource else {
            throw FrontEndError("", "this HeightCache was not made from a snapshot (use init(snapshot:cells:fonts:width:))")
        }
        return source
    }
}
