import CTextKernels

/// The bounded, thread-safe cache of shaped break segments, kept in C (`tl_segment_cache`).
///
/// Keyed by (the stack's face serial numbers, the segment's UTF-16 code units), hashed and
/// compared as bytes; two generations (near LRU) of at most `capacity` entries together, each
/// one allocation holding its key and clusters. One mutex inside, taken once per paragraph for
/// its lookups and once for its inserts, is what makes sharing it safe.
final class SegmentCache: @unchecked Sendable {
    /// nil only when the cache could not be allocated; texts are then shaped without it.
    let pointer: OpaquePointer?

    /// A cache of at most `capacity` (at least 2) segments.
    init(capacity: Int) {
        pointer = tl_segment_cache_create(Int64(max(2, capacity)))
    }

    deinit { tl_segment_cache_destroy(pointer) }

    /// Drops every entry; the hit and miss counts stay.
    func removeAll() {
        if let pointer { tl_segment_cache_clear(pointer) }
    }

    /// Entries held now and lookups answered and missed since creation.
    var counts: CacheStatistics.Counts {
        var entries: Int64 = 0, hits: Int64 = 0, misses: Int64 = 0
        if let pointer { tl_segment_cache_counts(pointer, &entries, &hits, &misses) }
        return CacheStatistics.Counts(entries: Int(entries), hits: Int(hits), misses: Int(misses))
    }
}
