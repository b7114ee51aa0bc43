import RowHeightCache

/// The front ends' former name for `BatchUpdate`, which now carries `changedKeys` itself.
@available(*, deprecated, renamed: "BatchUpdate")
public typealias ListChanges = BatchUpdate

extension HeightCache {
    /// Replays a front end's changes; `performBatchUpdates(_:)` now forgets changed keys itself.
    @available(*, deprecated, renamed: "performBatchUpdates(_:)")
    public func apply(_ changes: BatchUpdate) throws(HeightCacheError) {
        try performBatchUpdates(changes)
    }
}
