import CellsFormat
import CellLayout
import RowHeightCache
/// A `HeightSource` over a `ListModel`: rows are measured by a closure (a `ListMeasurer`
/// adapter, or anything else) and keyed by their `key`.
public struct ListHeightSource: HeightSource {
    /// The list measured.
    public let model: ListModel
    /// Measures one row of its section at a content width.
    let measure: @Sendable (RowSpec, SectionSpec, Double) throws -> Double
    /// Whether rows' `key`s feed the keyed cache.
    let usesKeys: Bool
    /// The settings of the height policy, when this source applies it: then only measured rows
    /// use their key (a fixed height must never be answered by a measured row's cached height).
    var policySettings: ListSettings?

    /// A source that asks `measure(row, section, width)` for every row's height.
    public init(model: ListModel, usesKeys: Bool = true,
                measure: @escaping @Sendable (RowSpec, SectionSpec, Double) throws -> Double) {
        self.model = model
        self.usesKeys = usesKeys
        self.measure = measure
    }

    /// A source that applies `HeightPolicy` with `settings`: fixed heights are answered directly
    /// and every other row reaches `measureTemplate` (an `autoHeight` row without any template
    /// too, so that the measurer reports it).
    public init(model: ListModel, settings: ListSettings, usesKeys: Bool = true,
                measureTemplate: @escaping @Sendable (RowSpec, SectionSpec, Double) throws -> Double) {
        self.init(model: model, usesKeys: usesKeys) { row, section, width in
            if let height = (try? HeightPolicy.of(row, in: section, list: settings))?.fixedHeight { return height }
            return try measureTemplate(row, section, width)
        }
        self.policySettings = settings
    }

    /// The model's section count.
    public func numberOfSections() -> Int { model.numberOfSections }

    /// The model's row count in `section`.
    public func numberOfRows(inSection section: Int) -> Int { model.numberOfRows(inSection: section) }

    /// The closure's height for the row at `indexPath`; throws `HeightCacheError` outside the list.
    public func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
        guard let (row, section) = model.row(at: indexPath) else {
            throw HeightCacheError.invalidIndexPath(indexPath, sections: model.numberOfSections,
                                                  rows: model.section(at: indexPath.section)?.rows.count)
        }
        return try measure(row, section, width)
    }

    /// The row's `key`, when keys are used.
    public func key(at indexPath: IndexPath) -> String? {
        guard usesKeys, let (row, section) = model.row(at: indexPath) else { return nil }
        if let settings = policySettings,
           (try? HeightPolicy.of(row, in: section, list: settings))?.fixedHeight != nil { return nil }
        return row.cacheKey
    }
}
