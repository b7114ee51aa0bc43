/// Counters a `HeightCache` keeps while statistics are enabled (they are off by default).
public struct HeightCacheStatistics: Sendable, Equatable {
    /// Heights answered from the index-path cache.
    public var hits = 0
    /// Index-path misses answered from the keyed cache without measuring.
    public var keyedHits = 0
    /// Rows answered without a cached index-path height, by `height(for:)` or `precache` (each
    /// then measured or answered by key); a miss whose measurement throws is not counted.
    public var misses = 0
    /// Heights the source measured (its `measureHeight`, or `keyAndHeight` measuring); a call
    /// that throws is not counted: its error goes to the caller.
    public var measurements = 0
    /// Rows forgotten by `invalidate(at:)` or key invalidation (not counting whole-list clears).
    public var invalidations = 0
    /// Whole-list clears: `invalidateAll` and `reloadData`.
    public var clears = 0
    /// Updates applied (each batch or single-kind call counts once).
    public var updates = 0
    /// Wall time spent inside the source's `measureHeight`.
    public var measuringTime: Duration = .zero

    /// All counters at zero.
    public init() {}
}
