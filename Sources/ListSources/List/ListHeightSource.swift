import CellsFormat
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

    /// A source that applies `RowHeightPolicy` with `settings`: fixed heights are answered
    /// directly and only rows measured by a template reach `measureTemplate`.
    public init(model: ListModel, settings: ListSettings, usesKeys: Bool = true,
                measureTemplate: @escaping @Sendable (RowSpec, SectionSpec, Double) throws -> Double) {
        self.init(model: model, usesKeys: usesKeys) { row, section, width in
            switch RowHeightPolicy.resolve(row: row, section: section, settings: settings) {
            case let .fixed(height): return height
            case .measured: return try measureTemplate(row, section, width)
            }
        }
        self.policySettings = settings
    }

    /// The model's section count.
    public func numberOfSections() -> Int { model.numberOfSections }

    /// The model's row count in `section`.
    public func numberOfRows(inSection section: Int) -> Int { model.numberOfRows(inSection: section) }

    /// The closure's height for the row at `indexPath`; throws `ListModelError` outside the list.
    public func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
        guard let (row, section) = model.row(at: indexPath) else {
            throw ListModelError.invalidIndexPath(indexPath, sections: model.numberOfSections,
                                                  rows: model.section(at: indexPath.section)?.rows.count)
        }
        return try measure(row, section, width)
    }

    /// The row's `key`, when keys are used.
    public func key(at indexPath: IndexPath) -> String? {
        guard usesKeys, let (row, section) = model.row(at: indexPath) else { return nil }
        if let settings = policySettings,
           case .fixed = RowHeightPolicy.resolve(row: row, section: section, settings: settings) { return nil }
        return row.cacheKey
    }
}
