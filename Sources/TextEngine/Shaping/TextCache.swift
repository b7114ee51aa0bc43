import CTextKernels

/// The bounded, thread-safe cache of analysed texts, kept in C (`tl_text_cache`).
///
/// Keyed by (the stack's face serial numbers, the text's exact UTF-8 bytes: canonically equal
/// strings have different UTF-16 offsets, so they must not share line ranges); each entry holds
/// the text's segments and clusters in one block of its generation's arena. At most `capacity`
/// texts together, split into up to 16 shards by hash (each shard holding 64 texts or more),
/// each with its own mutex, under which a cached text's lines are filled (a fill walks arrays
/// of numbers and allocates nothing); threads measuring different texts rarely share a lock,
/// and a thread fills the texts it repeats from copies of its own (docs/text.md).
final class TextCache: @unchecked Sendable {
    /// nil only when the cache could not be allocated; texts are then unmeasured
    /// (`TextMeasurement.unmeasured`).
    let pointer: OpaquePointer?

    /// A cache of at most `capacity` (at least 2) texts.
    init(capacity: Int) {
        pointer = tl_text_cache_create(Int64(max(2, capacity)))
    }

    /// A cache that could not be allocated, as tests make one to take that path.
    init(unallocated: Void) {
        pointer = nil
    }

    deinit { tl_text_cache_destroy(pointer) }

    /// Drops every entry; the hit and miss counts stay.
    func removeAll() {
        if let pointer { tl_text_cache_clear(pointer) }
    }

    /// The lookups threads answered from their own copies of texts (part of `counts.hits`).
    var memoHits: Int { pointer.map { Int(tl_text_cache_memo_hits($0)) } ?? 0 }

    /// The two slots of a thread's memo that `text` measured with `kernel`'s fonts may be copied into.
    static func memoSlots(of text: String, kernel: KernelFontTable) -> (first: Int, second: Int) {
        var first: Int32 = 0, second: Int32 = 0
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { utf8 in
            tl_text_memo_slots(kernel.serials.baseAddress, Int32(kernel.faces.count), utf8.baseAddress,
                               Int64(utf8.count), &first, &second)
        }
        return (Int(first), Int(second))
    }

    /// Entries held now and lookups answered and missed since creation.
    var counts: CacheStatistics.Counts {
        var entries: Int64 = 0, hits: Int64 = 0, misses: Int64 = 0
        if let pointer { tl_text_cache_counts(pointer, &entries, &hits, &misses) }
        return CacheStatistics.Counts(entries: Int(entries), hits: Int(hits), misses: Int(misses))
    }
}
