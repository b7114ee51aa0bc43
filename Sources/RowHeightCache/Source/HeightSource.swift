import DynamicType

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
    /// The height of the row at `indexPath` at content width `width` and Dynamic Type category
    /// `contentSize`. The default is `measureHeight(at:width:)`: a source whose rows do not
    /// follow the category measures them the same at every one.
    func measureHeight(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory) throws -> Double
    /// The row's key for the keyed cache, or nil when the row is not keyed.
    func key(at indexPath: IndexPath) -> String?
    /// The row's key and its height at `width` and `contentSize`, reading the row once: when the
    /// row has a key and `known(key)` returns a height, that height is the answer and nothing is
    /// measured (`measured` false). A source behind a lock implements it to take the lock once a
    /// row; the default asks `key(at:)`, then `measureHeight(at:width:contentSize:)`.
    func keyAndHeight(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory,
                      known: (_ key: String) -> Double?) throws -> (key: String?, height: Double, measured: Bool)
    /// `keyAndHeight(at:width:contentSize:known:)` for each of `indexPaths`, in order: `known` and `answer`
    /// get the path's position in `indexPaths`, `answer` gets the row's answer or the error it
    /// threw, and returning false from `answer` stops the batch. Precache calls it once per
    /// chunk of rows from several threads at once; a source behind a lock implements it to read
    /// every row of the batch under one acquisition, then measure outside the lock. The default
    /// calls `keyAndHeight(at:width:contentSize:known:)` for each path.
    func keysAndHeights(at indexPaths: [IndexPath], width: Double, contentSize: ContentSizeCategory,
                        known: (_ position: Int, _ key: String) -> Double?,
                        answer: (_ position: Int, _ result: Result<(key: String?, height: Double, measured: Bool), any Error>) -> Bool)
    /// Whether rows can be measured at `width` at all: `HeightCache` refuses any other width with
    /// `invalidWidth` when it is made or switched to, where every row's measurement would fail.
    /// The default takes every finite width, 0 or more.
    func measures(atWidth width: Double) -> Bool
    /// The row's height curve over `widths` at `contentSize`, which a `HeightCache` with curve
    /// widths keeps and answers other widths from; nil when the source cannot build curves (the
    /// default), and the cache then measures at each width.
    func heightCurve(at indexPath: IndexPath, widths: ClosedRange<Double>,
                     contentSize: ContentSizeCategory) throws -> (any RowCurve)?
}

extension HeightSource {
    /// Every finite width, 0 or more.
    public func measures(atWidth width: Double) -> Bool { width.isFinite && width >= 0 }

    /// No curves: the cache measures at each width.
    public func heightCurve(at indexPath: IndexPath, widths: ClosedRange<Double>,
                            contentSize: ContentSizeCategory) throws -> (any RowCurve)? { nil }

    /// Rows are not keyed unless the source says so.
    public func key(at indexPath: IndexPath) -> String? { nil }

    /// `measureHeight(at:width:)`: the same height at every category.
    public func measureHeight(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory) throws -> Double {
        try measureHeight(at: indexPath, width: width)
    }

    /// `key(at:)`, then the known height for the key, else `measureHeight(at:width:contentSize:)`.
    public func keyAndHeight(at indexPath: IndexPath, width: Double, contentSize: ContentSizeCategory,
                             known: (_ key: String) -> Double?) throws -> (key: String?, height: Double, measured: Bool) {
        let key = key(at: indexPath)
        if let key, let height = known(key) { return (key, height, false) }
        return (key, try measureHeight(at: indexPath, width: width, contentSize: contentSize), true)
    }

    /// `keyAndHeight(at:width:contentSize:known:)` for each path in turn.
    public func keysAndHeights(at indexPaths: [IndexPath], width: Double, contentSize: ContentSizeCategory,
                               known: (_ position: Int, _ key: String) -> Double?,
                               answer: (_ position: Int, _ result: Result<(key: String?, height: Double, measured: Bool), any Error>) -> Bool) {
        for (position, path) in indexPaths.enumerated() {
            let result = Result { try keyAndHeight(at: path, width: width, contentSize: contentSize) { known(position, $0) } }
            if !answer(position, result) { return }
        }
    }
}

/// A source that answers precache's batches by section and row: no index path is made or read
/// a row, and each answer arrives as plain values rather than a `Result` of a tuple (those are
/// copied through generic value witnesses). `ListHeightSource` is one; precache asks any other
/// source through `keysAndHeights(at:width:contentSize:known:answer:)`.
package protocol PlacedBatchSource: HeightSource {
    /// What `keysAndHeights(at:width:contentSize:known:answer:)` gives for the rows at `places`, in order:
    /// `answer` gets a row's key, height and whether it was measured, `failure` the error a row
    /// gave (a place outside the list: `HeightCacheError.invalidIndexPath`); returning false
    /// from either stops the batch.
    func answers(at places: [(section: Int, row: Int)], width: Double, contentSize: ContentSizeCategory,
                 known: (_ position: Int, _ key: String) -> Double?,
                 answer: (_ position: Int, _ key: String?, _ height: Double, _ measured: Bool) -> Bool,
                 failure: (_ position: Int, _ error: any Error) -> Bool)
}
