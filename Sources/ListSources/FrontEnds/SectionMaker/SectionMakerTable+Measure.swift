import CellsFormat
import CellLayout
extension SectionMakerTable {
    /// The table header view's height, measured as UITableView sizes a `tableHeaderView`: a
    /// fixed height as given, a template laid out at the list width with no separator; nil when
    /// there is none. Errors name `tableHeaderView`.
    public func tableHeaderHeight(measuredBy measurer: ListMeasurer) throws(LayoutError) -> Double? {
        try Self.height(of: tableHeader, titleHeight: document.list.headerHeight, measurer: measurer,
                        path: "tableHeaderView")
    }

    /// The table footer view's height, as `tableHeaderHeight(measuredBy:)` (title: `footerHeight`).
    public func tableFooterHeight(measuredBy measurer: ListMeasurer) throws(LayoutError) -> Double? {
        try Self.height(of: tableFooter, titleHeight: document.list.footerHeight, measurer: measurer,
                        path: "tableFooterView")
    }

    /// The scrollable height of the whole table: table header, each section's header, rows and
    /// footer, and the table footer, each as the measurer's height policy gives it.
    public func contentHeight(measuredBy measurer: ListMeasurer) throws(LayoutError) -> Double {
        var total = try tableHeaderHeight(measuredBy: measurer) ?? 0
        for (index, section) in document.sections.enumerated() {
            let here = "sections[\(index)]"
            do {
                total += try measurer.measureHeader(of: section, frames: false)?.height ?? 0
                total += try measurer.measureFooter(of: section, frames: false)?.height ?? 0
            } catch {
                throw error.moved(to: error.path.isEmpty ? here : "\(here).\(error.path)")
            }
            for (row, spec) in section.rows.enumerated() {
                do {
                    total += try measurer.measureRow(spec, in: section, frames: false).height
                } catch {
                    throw error.located(at: "\(here).rows[\(row)]")
                }
            }
        }
        return total + (try tableFooterHeight(measuredBy: measurer) ?? 0)
    }

    /// A table header/footer is measured like a section header (the same three forms), so the
    /// measurer's header path serves it; only the error location differs.
    private static func height(of view: SupplementarySpec?, titleHeight: Double, measurer: ListMeasurer,
                               path: String) throws(LayoutError) -> Double? {
        guard let view else { return nil }
        if case .title = view { return titleHeight }
        do {
            return try measurer.measureHeader(of: SectionSpec(header: view), frames: false)?.height
        } catch {
            let rest = error.path.hasPrefix("header") ? String(error.path.dropFirst("header".count)) : "." + error.path
            throw error.moved(to: path + (rest == "." ? "" : rest))
        }
    }
}
