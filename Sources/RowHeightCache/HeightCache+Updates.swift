/// UITableView's update calls. Each is checked against the list before the update and the
/// source's counts after it (update the data first, as with UITableView); a refused update
/// throws and leaves the cache unchanged.
extension HeightCache {
    /// Applies one batch with `performBatchUpdates` ordering (see `BatchUpdate`).
    public func performBatchUpdates(_ update: BatchUpdate) throws(HeightCacheError) {
        let counts = HeightCache.counts(of: source)
        let log = try state.withLock { state throws(HeightCacheError) in
            let plan = try _UpdatePlan(update: update, oldCounts: state.rows.map(\.count), newCounts: counts)
            state.apply(plan)
            if state.statisticsEnabled { state.statistics.updates += 1 }
            return state.log
        }
        log?("update \(HeightCache.describe(update))")
    }

    /// Inserts rows at `indexPaths` (after the update), shifting the rows below them.
    public func insertRows(at indexPaths: [IndexPath]) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(insertRows: indexPaths))
    }

    /// Deletes the rows at `indexPaths` (before the update), shifting the rows below up.
    public func deleteRows(at indexPaths: [IndexPath]) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(deleteRows: indexPaths))
    }

    /// Forgets the heights of the rows at `indexPaths`, which keep their places.
    public func reloadRows(at indexPaths: [IndexPath]) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(reloadRows: indexPaths))
    }

    /// Moves one row: removed at `indexPath`, inserted at `newIndexPath` (in the list after).
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(moveRows: [(indexPath, newIndexPath)]))
    }

    /// Inserts sections at `sections` (after the update); their rows come from the source.
    public func insertSections(_ sections: [Int]) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(insertSections: sections))
    }

    /// Deletes every section in `sections` (before the update).
    public func deleteSections(_ sections: [Int]) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(deleteSections: sections))
    }

    /// Replaces every row of `sections` with the source's rows, unmeasured.
    public func reloadSections(_ sections: [Int]) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(reloadSections: sections))
    }

    /// Moves one section: removed at `section`, inserted at `newSection` (in the list after).
    public func moveSection(_ section: Int, toSection newSection: Int) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(moveSections: [(section, newSection)]))
    }

    /// A short account of a batch for the debug log.
    static func describe(_ update: BatchUpdate) -> String {
        var parts: [String] = []
        if !update.deleteSections.isEmpty { parts.append("delete sections \(update.deleteSections)") }
        if !update.insertSections.isEmpty { parts.append("insert sections \(update.insertSections)") }
        if !update.reloadSections.isEmpty { parts.append("reload sections \(update.reloadSections)") }
        if !update.moveSections.isEmpty {
            parts.append("move sections \(update.moveSections.map { "\($0.from)->\($0.to)" })")
        }
        if !update.deleteRows.isEmpty { parts.append("delete rows \(update.deleteRows)") }
        if !update.insertRows.isEmpty { parts.append("insert rows \(update.insertRows)") }
        if !update.reloadRows.isEmpty { parts.append("reload rows \(update.reloadRows)") }
        if !update.moveRows.isEmpty {
            parts.append("move rows \(update.moveRows.map { "\($0.from)->\($0.to)" })")
        }
        return parts.isEmpty ? "(empty)" : parts.joined(separator: ", ")
    }
}
