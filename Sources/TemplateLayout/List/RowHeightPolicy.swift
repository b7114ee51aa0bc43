/// How a row's height is found (SPEC section 1, first match wins): the row's fixed `height`;
/// measured by its template when the row (or else its section) sets `autoHeight`; the
/// section's `height`; the list's `rowHeight`.
public enum RowHeightPolicy: Sendable, Equatable {
    /// A fixed height, used as it is.
    case fixed(Double)
    /// Measured by this template (the row's own, else the section's; nil when neither names one).
    case measured(template: String?)

    /// The policy for `row` in `section` of a list with `settings`.
    public static func resolve(row: RowSpec, section: SectionSpec, settings: ListSettings) -> RowHeightPolicy {
        if let height = row.height { return .fixed(height) }
        if row.autoHeight ?? section.autoHeight { return .measured(template: row.template ?? section.template) }
        if let height = section.height { return .fixed(height) }
        return .fixed(settings.rowHeight)
    }
}
