/// UITableView's update calls. Each is checked against the list before the update and the
/// source's counts after it (update the data first, as with UITableView); a refused update
/// throws and leaves the cache unchanged.
///
/// With readers on other threads, change the data *inside* `performBatchUpdates(_:)`: told
/// apart, a miss measured after the data changed but before the cache hears of it is stored
/// under the row that was at that index path before, which the update then moves.
extension HeightCache {
    /// Changes the user's data and the cache as one step: `change` changes the data (a
    /// `ListHeightSource`'s document, the app's model, ...) and returns the `BatchUpdate` that describes it,
    /// which is then applied. Meanwhile hits answer for the data before the change and misses wait
    /// for it to end, and any measurement that overlapped it is dropped, so no height measured
    /// against one state of the data is stored or returned for another, on any thread, precache
    /// included. `change` should not ask this cache for heights: a cached one is the height before
    /// the change, and one not cached throws `calledDuringUpdate`.
    /// If `change` throws or the update is refused, the data may already have changed, so the
    /// cache re-reads the list as `reloadData` does (the keyed cache stays) and rethrows. Called
    /// from inside another change of this cache (whose one `BatchUpdate` must describe all of
    /// it), it throws `invalidUpdate` and changes nothing.
    public func performBatchUpdates(_ change: () throws -> BatchUpdate) throws {
        if isChangingOnThisThread {
            throw HeightCacheError.invalidUpdate(
                "performBatchUpdates (or an item change) inside another change of this cache: describe the whole change in the outer one")
        }
        try changingData {
            let update: BatchUpdate
            do {
                update = try change()
                // A reloadData inside the change: its rows are no longer the ones `update` describes.
                if state.withLock({ $0.reloadWhenChanged }) {
                    reloadData()
                    return
                }
                try performBatchUpdates(update)
            } catch {
                reloadData()
                throw error
            }
        }
    }

    /// `reloadData` with the data change inside it, as one step (see `performBatchUpdates(_:)`):
    /// for changes too large to describe row by row. Inside another change of this cache on
    /// this thread, it runs `change` there and that change ends by re-reading the whole list.
    public func reloadData(_ change: () throws -> Void) rethrows {
        if isChangingOnThisThread {
            state.withLock { $0.reloadWhenChanged = true }
            try change()
            return
        }
        try changingData {
            defer { reloadData() }
            try change()
        }
    }

    /// Whether this thread is inside `performBatchUpdates(_:)` or `reloadData(_:)` of this cache
    /// (the update gate is then held by this thread: taking it again would never return).
    var isChangingOnThisThread: Bool {
        let thread = BlockingLock.currentThread
        return state.withLock { $0.changing && $0.changer == thread }
    }

    /// Runs `body` holding the update gate, with the cache marked as changing: misses wait at
    /// the gate, and the revision moves on at both ends so nothing measured across it is stored.
    func changingData<Result>(_ body: () throws -> Result) rethrows -> Result {
        gate.lock()
        defer { gate.unlock() }
        let thread = BlockingLock.currentThread
        state.withLock { state in
            state.changing = true
            state.changer = thread
            state.revision &+= 1
        }
        defer {
            state.withLock { state in
                state.changing = false
                state.reloadWhenChanged = false
                state.revision &+= 1
            }
        }
        return try body()
    }

    /// Applies one batch with `performBatchUpdates` ordering (see `BatchUpdate`), first forgetting
    /// the keyed heights of its `changedKeys`.
    public func performBatchUpdates(_ update: BatchUpdate) throws(HeightCacheError) {
        for key in update.changedKeys { invalidateKey(key) }
        let counts = HeightCache.counts(of: source)
        let (log, reloaded) = try state.withLock { state throws(HeightCacheError) in
            let plan = try UpdatePlan(update: update, oldCounts: state.rows.map(\.count), newCounts: counts)
            state.releaseKeys(of: update)
            state.apply(plan)
            if state.statisticsEnabled { state.statistics.updates += 1 }
            return (state.log, plan.reloaded)
        }
        forgetKeys(ofReloaded: reloaded)
        log?("update \(HeightCache.describe(update))")
    }

    /// Forgets the keyed heights of the rows at `reloaded` (index paths after the update): a
    /// reloaded row's content changed under its key, so its key's heights are stale for every
    /// row that would later be answered by it (after reloadData, say), not only for this one,
    /// which is measured again anyway. Read outside the lock, as the source always is.
    func forgetKeys(ofReloaded reloaded: [IndexPath]) {
        guard !reloaded.isEmpty, keyed.count > 0 else { return }
        for path in reloaded {
            if let key = source.key(at: path) { keyed.invalidate(key: key) }
        }
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
        try performBatchUpdates(BatchUpdate(moveRows: [.init(from: indexPath, to: newIndexPath)]))
    }

    /// Inserts sections at `sections` (after the update); their rows come from the source.
    public func insertSections(_ sections: some Sequence<Int>) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(insertSections: sections))
    }

    /// Deletes every section in `sections` (before the update).
    public func deleteSections(_ sections: some Sequence<Int>) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(deleteSections: sections))
    }

    /// Replaces every row of `sections` with the source's rows, unmeasured.
    public func reloadSections(_ sections: some Sequence<Int>) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(reloadSections: sections))
    }

    /// Moves one section: removed at `section`, inserted at `newSection` (in the list after).
    public func moveSection(_ section: Int, toSection newSection: Int) throws(HeightCacheError) {
        try performBatchUpdates(BatchUpdate(moveSections: [.init(from: section, to: newSection)]))
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
        if !update.changedKeys.isEmpty { parts.append("changed keys \(update.changedKeys)") }
        return parts.isEmpty ? "(empty)" : parts.joined(separator: ", ")
    }
}
