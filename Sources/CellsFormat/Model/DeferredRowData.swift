/// Row objects made when first read, once: `HeightCache(template:fonts:items:width:)` encodes an
/// item at its row's first measurement (a cache made from `Sendable` items reads even the item's
/// own settings then; an item handed over later has its settings read at once). A row holding one
/// names its item by `RowSpec.deferredIndex` (0 for an object holding one item).
package protocol DeferredRowData: AnyObject, Sendable {
    /// Item `index`'s whole row object, made on the first call and the same on every later one
    /// (an error is thrown again on each call).
    func data(_ index: Int32) throws -> JSONValue
    /// Item `index`'s row object if it has been made, without making it.
    func madeData(_ index: Int32) -> JSONValue?
    /// Whether the rows' own settings (`key`, `template`, `height`, `autoHeight`, `accessory`)
    /// are still to be read: a row holding this has none of them yet, and `settledRow(_:)` has them.
    var settingsPending: Bool { get }
    /// Item `index`'s whole row, its own settings read with its data, made on the first call as
    /// `data(_:)` (asked only when `settingsPending`).
    func settledRow(_ index: Int32) throws -> RowSpec
    /// `settledRow(_:)` if it has been made, without making it.
    func madeRow(_ index: Int32) -> RowSpec?
}

extension RowSpec {
    /// The row as far as it is known without encoding anything: itself, or its settled row when
    /// its settings were pending and have been read; nil when they are pending still (the row
    /// was never measured, so no keyed height was filed under its key).
    package var knownSettings: RowSpec? {
        guard let deferred, deferred.settingsPending else { return self }
        return deferred.madeRow(deferredIndex)
    }

    /// `knownSettings?.cacheKey`, copying no row that holds its settings.
    package var knownKey: String? {
        guard let deferred, deferred.settingsPending else { return cacheKey }
        return deferred.madeRow(deferredIndex)?.cacheKey
    }

    /// The row with its pending settings read (its item's settled row, made once), or nil when
    /// none were pending: the row itself holds them. Throws what reading the item throws.
    @inline(__always)
    package func withPendingSettings() throws -> RowSpec? {
        guard let deferred, deferred.settingsPending else { return nil }
        return try deferred.settledRow(deferredIndex)
    }
}
