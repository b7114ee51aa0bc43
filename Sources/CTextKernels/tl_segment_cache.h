#ifndef TL_SEGMENT_CACHE_H
#define TL_SEGMENT_CACHE_H
// The shaped-segment cache's internals, shared by tl_segment_cache.c and tl_analyse.c.
#include "CTextKernels.h"
#include "tl_shards.h"
#include <pthread.h>

/// One cached segment: a header (with its runs' context, tl_runs_context), then `face_count` face ids, `unit_count` UTF-16 code units
/// (padded to 8 bytes) and `grapheme_count` clusters, contiguous in its generation's arena. The
/// key (header, faces, units) comes first, so a lookup compares bytes that sit together.
typedef struct tl_entry {
    tl_record record;
    int32_t unit_count;
    int32_t grapheme_count;
    int32_t face_count;
    int32_t trailing_spaces_start;
    uint32_t context;
    double advance;
    double trailing_space;
    uint64_t font_mask;
} tl_entry;

static inline uint64_t *tl_entry_faces(tl_entry *e) { return (uint64_t *)(e + 1); }
static inline uint16_t *tl_entry_units(tl_entry *e) {
    return (uint16_t *)(tl_entry_faces(e) + e->face_count);
}
/// The units' bytes rounded up to 8, where the clusters start.
static inline size_t tl_entry_units_size(int32_t unit_count) {
    return (sizeof(uint16_t) * (size_t)unit_count + 7) & ~(size_t)7;
}
static inline tl_grapheme *tl_entry_graphemes(tl_entry *e) {
    return (tl_grapheme *)((char *)tl_entry_units(e) + tl_entry_units_size(e->unit_count));
}

/// Shards (tl_shards.h) hold 256 segments or more each, at most 8 of them.
enum { TL_SEGMENT_SHARDS_MAX = 8, TL_SEGMENT_SHARD_MIN_CAPACITY = 256 };

struct tl_segment_cache {
    tl_shards shards;
};

/// What a segment is cached under: its fonts, its runs' context (tl_runs_context) and its units.
typedef struct tl_segment_key {
    const uint64_t *faces;
    int32_t face_count;
    uint32_t context;
    const uint16_t *units;
    int32_t unit_count;
} tl_segment_key;

/// The entry for (hash, key) under the shard's held lock; NULL when absent.
tl_entry *tl_segment_cache_find_locked(tl_shard *shard, uint64_t hash, const tl_segment_key *key);

/// Begins a batch of inserts (one paragraph's) under the shard's held lock.
void tl_segment_cache_begin_batch_locked(tl_shard *shard);

/// Stores a segment under the held lock, copying its key and clusters. An equal key stored
/// earlier in the same batch is kept (a batch is inserted last segment first, so a paragraph's
/// last occurrence wins, as before); one stored by anything else is replaced. Returns 0 when
/// out of memory (nothing stored).
int tl_segment_cache_insert_locked(tl_shard *shard, uint64_t hash, const tl_segment_key *key,
                                   const tl_grapheme *graphemes, const tl_segment *sums);

#endif
