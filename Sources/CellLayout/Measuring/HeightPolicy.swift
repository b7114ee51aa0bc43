import CellsFormat
/// Which rule gives a row its height (SPEC section 1, first match wins).
public enum HeightPolicy: Sendable, Equatable {
    /// The row's own fixed `height`.
    case rowHeight(Double)
    /// Measured by the named template (the row's own or its section's), because the row or its
    /// section sets `autoHeight`.
    case measured(template: String)
    /// The section's fixed `height`.
    case sectionHeight(Double)
    /// The list's `rowHeight`.
    case listRowHeight(Double)

    /// The rule for `row` in `section` of a list with `list` settings. A row that asks to be
    /// measured without any template is an error (path relative to the row).
    public static func of(_ row: RowSpec, in section: SectionSpec, list: ListSettings) throws(LayoutError) -> HeightPolicy {
        if let height = row.height { return .rowHeight(height) }
        if row.setsAutoHeight(in: section) {
            guard let template = row.template ?? section.template else {
                throw LayoutError(path: "", message: "autoHeight needs a template (on the row or its section)")
            }
            return .measured(template: template)
        }
        if let height = section.height { return .sectionHeight(height) }
        return .listRowHeight(list.rowHeight)
    }

    /// The height `of(row, in: section, list: list)` fixes, nil when the row is measured (or
    /// the rule is an error, which measuring the row reports), without building the rule: a
    /// source asks it for every row it hands out, and the rule's template name costs a retain.
    public static func fixedHeight(of row: borrowing RowSpec, in section: borrowing SectionSpec, list: ListSettings) -> Double? {
        if let height = row.height { return height }
        if row.setsAutoHeight(in: section) { return nil }
        return section.height ?? list.rowHeight
    }

    /// The height this rule fixes, or nil when the row is measured by its template.
    public var fixedHeight: Double? {
        switch self {
        case .rowHeight(let height), .sectionHeight(let height), .listRowHeight(let height): return height
        case .measured: return nil
        }
    }
}
