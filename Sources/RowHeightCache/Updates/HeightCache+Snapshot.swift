/// A `HeightSource` whose list is a `ListSnapshot`, so that `HeightCache.apply(_:)` can hand it
/// a new snapshot and move the cache's heights by identifier in the same step.
public protocol SnapshotHeightSource<SectionID, ItemID>: HeightSource {
    /// The section identifiers' type.
    associatedtype SectionID: Hashable & Sendable
    /// The item identifiers' type.
    associatedtype ItemID: Hashable & Sendable
    /// The snapshot the source describes now (its rows are its items, section by section).
    var snapshot: ListSnapshot<SectionID, ItemID> { get }
    /// Makes the source describe `snapshot`. `HeightCache.apply(_:)` calls it inside its
    /// change; called any other way, the cache must be told as for any change of the data.
    func show(_ snapshot: ListSnapshot<SectionID, ItemID>)
}

extension HeightCache {
    /// Makes `snapshot` the list, as `UITableViewDiffableDataSource.apply` does, in one step:
    /// sections and items are matched to the current snapshot by identifier; an item in both
    /// keeps its height at every width wherever it moved (to another section too), an item
    /// `snapshot` marks reloaded or reconfigured (or whose section it marks reloaded) is measured
    /// again, a new item is measured when first asked for. Readers on other threads meanwhile
    /// get heights for the list before (hits) or wait and get them for the list after (misses),
    /// never one measured against the other, as with `performBatchUpdates(_:)`.
    ///
    /// Nothing is measured here: the work on the calling thread is the walk over both
    /// snapshots (identifiers compared in order, hashed only where the orders differ) and the
    /// update of the height arrays. Throws `invalidUpdate` when the cache's source is no
    /// `SnapshotHeightSource` of these identifier types, or from inside another change of this
    /// cache; nothing changes then.
    public func apply<SectionID, ItemID>(_ snapshot: ListSnapshot<SectionID, ItemID>) throws(HeightCacheError) {
        guard let source = source as? any SnapshotHeightSource<SectionID, ItemID> else {
            throw .invalidUpdate("apply: this cache's source does not take snapshots of \(SectionID.self) sections and \(ItemID.self) items")
        }
        if isChangingOnThisThread {
            throw .invalidUpdate("apply inside another change of this cache: describe the whole change in the outer one")
        }
        let (log, reloaded) = changingData { () -> ((@Sendable (String) -> Void)?, [IndexPath]) in
            let plan = UpdatePlan(from: source.snapshot, to: snapshot)
            source.show(snapshot.unmarked)
            return state.withLock { state in
                state.releaseKeys(notKeptBy: plan)
                state.apply(plan)
                if state.statisticsEnabled { state.statistics.updates += 1 }
                return (state.log, plan.reloaded)
            }
        }
        forgetKeys(ofReloaded: reloaded)
        log?("apply snapshot: \(snapshot.numberOfSections) sections, \(snapshot.numberOfItems) items, \(reloaded.count) measured again")
    }
}

extension CacheState {
    /// Frees the keys of every row `plan` does not carry over (deleted, reloaded, in a section
    /// made afresh): their content may be gone or changed.
    mutating func releaseKeys(notKeptBy plan: UpdatePlan) {
        guard !keyHolders.isEmpty else { return }
        var kept = rows.map { [Bool](repeating: false, count: $0.count) }
        for origin in plan.sections {
            switch origin {
            case .fresh: continue
            case let .whole(old): kept[old] = [Bool](repeating: true, count: kept[old].count)
            case let .rebuilt(_, runs):
                for run in runs where run.section >= 0 {
                    for row in run.start..<(run.start + run.count) { kept[run.section][row] = true }
                }
            }
        }
        for section in rows.indices {
            for row in rows[section].indices where !kept[section][row] {
                releaseKey(at: IndexPath(row: row, section: section))
            }
        }
    }
}
