/// What a `HeightCache` measures through: the list's shape and a height for any row.
///
/// Front ends and `ListMeasurer` adapters implement it. The cache calls it without holding its
/// own lock, possibly from several threads at once (precache), so implementations must be
/// thread-safe and must describe the list as it is *after* the update the cache is being told
/// about, as a UITableView data source must.
public protocol HeightSource: Sendable {
    /// The number of sections in the list.
    func numberOfSections() -> Int
    /// The number of rows in `section`.
    func numberOfRows(inSection section: Int) -> Int
    /// The height of the row at `indexPath` laid out at content width `width`.
    func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double
    /// The row's key for the keyed cache, or nil when the row is not keyed.
    func key(at indexPath: IndexPath) -> String?
}

extension HeightSource {
    /// Rows are not keyed unless the source says so.
    public func key(at indexPath: IndexPath) -> String? { nil }
}
