#ifndef TL_SEGMENT_CACHE_H
#define TL_SEGMENT_CACHE_H
// The shaped-segment cache's internals, shared by tl_segment_cache.c and tl_analyse.c.
#include "CTextKernels.h"
#include "tl_generations.h"
#include <pthread.h>

/// One cached segment: a header, then `face_count` face ids, `grapheme_count` clusters and
/// `unit_count` UTF-16 code units, contiguous in its generation's arena.
typedef struct tl_entry {
    tl_record record;
    int32_t unit_count;
    int32_t grapheme_count;
    int32_t face_count;
    int32_t trailing_spaces_start;
    double advance;
    double trailing_space;
    uint64_t font_mask;
} tl_entry;

static inline uint64_t *tl_entry_faces(tl_entry *e) { return (uint64_t *)(e + 1); }
static inline tl_grapheme *tl_entry_graphemes(tl_entry *e) {
    return (tl_grapheme *)(tl_entry_faces(e) + e->face_count);
}
static inline uint16_t *tl_entry_units(tl_entry *e) {
    return (uint16_t *)(tl_entry_graphemes(e) + e->grapheme_count);
}

/// One part of the cache, with its own lock: a segment lives in the shard its hash picks.
typedef struct tl_segment_shard {
    pthread_mutex_t lock;
    tl_generations generations;
} __attribute__((aligned(64))) tl_segment_shard;

/// Shards only exist where each holds 256 segments or more, so small caches keep one and the
/// capacity bound is the sum of the shards'. With one lock, two threads analysing new texts
/// kept waking each other (each paragraph's lookups hold a lock for about a microsecond).
enum { TL_SEGMENT_SHARDS_MAX = 8, TL_SEGMENT_SHARD_MIN_CAPACITY = 256 };

struct tl_segment_cache {
    int32_t shard_count;   // a power of two
    tl_segment_shard shards[TL_SEGMENT_SHARDS_MAX];
};

/// The shard index of a segment hash.
static inline int32_t tl_segment_shard_of(const tl_segment_cache *cache, uint64_t hash) {
    return (int32_t)((hash >> 48) & (uint64_t)(cache->shard_count - 1));
}

/// The entry for (hash, faces, units) under the shard's held lock; NULL when absent.
tl_entry *tl_segment_cache_find_locked(tl_segment_shard *shard, uint64_t hash, const uint64_t *faces,
                                       int32_t face_count, const uint16_t *units, int32_t unit_count);

/// Begins a batch of inserts (one paragraph's) under the shard's held lock.
void tl_segment_cache_begin_batch_locked(tl_segment_shard *shard);

/// Stores a segment under the held lock, copying its key and clusters. An equal key stored
/// earlier in the same batch is kept (a batch is inserted last segment first, so a paragraph's
/// last occurrence wins, as before); one stored by anything else is replaced. Returns 0 when
/// out of memory (nothing stored).
int tl_segment_cache_insert_locked(tl_segment_shard *shard, uint64_t hash, const uint64_t *faces,
                                   int32_t face_count, const uint16_t *units, int32_t unit_count,
                                   const tl_grapheme *graphemes, const tl_segment *sums);

#endif
