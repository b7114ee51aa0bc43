import CellsFormat
import RowHeightCache
/// The whole list as CBTableViewDataSource's `CBTableViewDataSourceMaker` describes it: list-wide
/// row height (default 40) and title heights, a table header and footer, and its sections.
/// Heights follow CB's rule, autoHeight > section height > list height (SPEC section 1).
public final class TableMaker {
    var list: ListSettings
    let fonts: Fonts
    var templates: [String: Template]
    var sections: [SectionMaker] = []
    var tableHeader: SupplementarySpec?
    var tableFooter: SupplementarySpec?

    /// A maker for a list with these settings, fonts and templates. The built-in UITableViewCell
    /// templates are added to `templates` (yours win on a name clash).
    public init(list: ListSettings = ListSettings(), fonts: Fonts = Fonts(),
                templates: [String: Template] = [:]) {
        self.list = list
        self.fonts = fonts
        self.templates = BuiltInCellTemplates.all(scale: list.scale, separator: list.separator)
            .merging(templates) { _, yours in yours }
    }

    /// The height of rows that neither they nor their section size (CB's `make.height`).
    @discardableResult public func height(_ points: Double) -> TableMaker { list.rowHeight = points; return self }
    /// The height of title headers.
    @discardableResult public func headerHeight(_ points: Double) -> TableMaker { list.headerHeight = points; return self }
    /// The height of title footers.
    @discardableResult public func footerHeight(_ points: Double) -> TableMaker { list.footerHeight = points; return self }
    /// The table's header view (`tableHeaderView`, not a section header), fixed or from a template.
    @discardableResult public func headerView(_ view: SupplementarySpec) -> TableMaker { tableHeader = view; return self }
    /// The table's footer view (`tableFooterView`).
    @discardableResult public func footerView(_ view: SupplementarySpec) -> TableMaker { tableFooter = view; return self }
    /// Adds a section configured by `build` (CB's `makeSection:`).
    @discardableResult public func makeSection(_ build: (SectionMaker) -> Void) -> TableMaker {
        let section = SectionMaker()
        build(section)
        sections.append(section)
        return self
    }

    /// The finished list: the shared document plus the event blocks and table header/footer.
    public func build() throws(FrontEndError) -> SectionMakerTable {
        var specs: [SectionSpec] = []
        for (index, section) in sections.enumerated() {
            specs.append(try section.section(at: index, templates: templates))
        }
        let document = Document(list: list, fonts: fonts, templates: templates, sections: specs)
        return SectionMakerTable(document: document, events: sections.map(\.eventBlock),
                                 rows: sections.map(\.rows), tableHeader: tableHeader, tableFooter: tableFooter)
    }

    /// `cb_makeDataSource:` in one call: configure a maker with `build` and return its list.
    public static func make(list: ListSettings = ListSettings(), fonts: Fonts = Fonts(),
                            templates: [String: Template] = [:],
                            _ build: (TableMaker) -> Void) throws(FrontEndError) -> SectionMakerTable {
        let maker = TableMaker(list: list, fonts: fonts, templates: templates)
        build(maker)
        return try maker.build()
    }

    /// `cb_makeSectionWithData:`: one section of dictionary rows (`text`, `detail`, `value`,
    /// `image`, `accessoryType`), each measured with the built-in UITableViewCell style its keys ask for.
    public static func makeSection(data: [JSONValue], list: ListSettings = ListSettings(),
                                   fonts: Fonts = Fonts()) throws(FrontEndError) -> SectionMakerTable {
        var rows: [RowSpec] = []
        for (index, row) in data.enumerated() { rows.append(try BuiltInRows.row(row, at: index)) }
        let templates = BuiltInCellTemplates.all(scale: list.scale, separator: list.separator)
        let document = Document(list: list, fonts: fonts, templates: templates,
                                sections: [SectionSpec(autoHeight: true, rows: rows)])
        return SectionMakerTable(document: document, events: [nil], rows: [data], tableHeader: nil, tableFooter: nil)
    }

    /// `cb_makeSectionWithData:andCellClass:`: one measured section of `data` drawn with `cell`.
    public static func makeSection(data: [JSONValue], cell: String, list: ListSettings = ListSettings(),
                                   fonts: Fonts = Fonts(),
                                   templates: [String: Template]) throws(FrontEndError) -> SectionMakerTable {
        try make(list: list, fonts: fonts, templates: templates) { make in
            make.makeSection { $0.cell(cell).data(data).autoHeight() }
        }
    }
}

/// A list made by `TableMaker`: the shared document the measurer and caches read, the table
/// header and footer, and each section's `event` block.
public struct SectionMakerTable {
    /// The list in the shared model.
    public let document: Document
    let events: [SectionMaker.Event?]
    let rows: [[JSONValue]]
    /// The table header view, if any.
    public let tableHeader: SupplementarySpec?
    /// The table footer view, if any.
    public let tableFooter: SupplementarySpec?

    /// Selects the row at `indexPath`: calls its section's `event` block with the row's index and
    /// its data as given to `data` (before the adapter). Returns false for no block or no row.
    @discardableResult public func select(_ indexPath: IndexPath) -> Bool {
        guard events.indices.contains(indexPath.section), let event = events[indexPath.section],
              rows[indexPath.section].indices.contains(indexPath.row) else { return false }
        event(indexPath.row, rows[indexPath.section][indexPath.row])
        return true
    }
}
