import RowHeightCache
extension ListChanges {
    /// The same batch in `HeightCache`'s terms.
    public var batchUpdate: BatchUpdate {
        BatchUpdate(deleteSections: deleteSections, insertSections: insertSections, reloadSections: reloadSections,
                    moveSections: moveSections.map { ($0.from, $0.to) }, deleteRows: deleteRows,
                    insertRows: insertRows, reloadRows: reloadRows, moveRows: moveRows.map { ($0.from, $0.to) })
    }
}

extension HeightCache {
    /// Replays a front end's changes: forgets the keyed heights of changed keys, then performs the
    /// batch. Update the cache's source to the new list first, as with UITableView.
    public func apply(_ changes: ListChanges) throws(HeightCacheError) {
        for key in changes.changedKeys { invalidateKey(key) }
        try performBatchUpdates(changes.batchUpdate)
    }
}
