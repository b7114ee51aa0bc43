#ifndef TL_SEGMENT_CACHE_H
#define TL_SEGMENT_CACHE_H
// The shaped-segment cache's internals, shared by tl_segment_cache.c and tl_analyse.c.
#include "CTextKernels.h"
#include <pthread.h>
#include <stddef.h>

/// One cached segment: a header, then `face_count` face ids, `grapheme_count` clusters and
/// `unit_count` UTF-16 code units, contiguous in its generation's arena.
typedef struct tl_entry {
    uint64_t hash;
    int32_t unit_count;
    int32_t grapheme_count;
    int32_t face_count;
    int32_t trailing_spaces_start;
    double advance;
    double trailing_space;
    uint64_t font_mask;
    uint64_t batch;            // the insert batch that stored it (see tl_segment_cache_insert_locked)
} tl_entry;

static inline uint64_t *tl_entry_faces(tl_entry *e) { return (uint64_t *)(e + 1); }
static inline tl_grapheme *tl_entry_graphemes(tl_entry *e) {
    return (tl_grapheme *)(tl_entry_faces(e) + e->face_count);
}
static inline uint16_t *tl_entry_units(tl_entry *e) {
    return (uint16_t *)(tl_entry_graphemes(e) + e->grapheme_count);
}

/// An open-addressing (linear probing) slot: empty (entry NULL, hash 0), a tombstone (entry
/// NULL, hash 1: its entry moved to the recent generation) or live.
typedef struct tl_slot {
    uint64_t hash;
    tl_entry *entry;
} tl_slot;

/// A block of a generation's arena.
typedef struct tl_chunk {
    struct tl_chunk *next;
    size_t used;
    size_t size;
} tl_chunk;

/// One generation: a table that grows to keep at most half its slots used, and the arena
/// that holds its entries (freed all at once when the generation is dropped).
typedef struct tl_table {
    tl_slot *slots;
    int64_t mask;              // slots - 1, a power of two
    int64_t live;
    int64_t used;              // live + tombstones
    tl_chunk *chunks;          // newest first
} tl_table;

struct tl_segment_cache {
    pthread_mutex_t lock;
    tl_table recent;
    tl_table older;
    int64_t generation_limit;  // entries the recent generation takes before it becomes older
    int64_t hits;
    int64_t misses;
    uint64_t batch;            // the last insert batch begun
    void *spare;               // holds an entry being promoted while its generation is dropped
    size_t spare_size;
};

/// The entry for (hash, faces, units) under the held lock, promoting it from the older
/// generation; NULL when absent (or out of memory). Counts the hit or miss. Valid until the
/// lock is released.
tl_entry *tl_segment_cache_find_locked(tl_segment_cache *cache, uint64_t hash, const uint64_t *faces,
                                       int32_t face_count, const uint16_t *units, int32_t unit_count);

/// Begins a batch of inserts (one paragraph's) under the held lock.
void tl_segment_cache_begin_batch_locked(tl_segment_cache *cache);

/// Stores a segment under the held lock, copying its key and clusters into the recent
/// generation, dropping the older generation when the recent one is full. An equal key stored
/// earlier in the same batch is kept (a batch is inserted last segment first, so the text's
/// last occurrence wins, as before); one stored by anything else is replaced. Returns 0 when
/// out of memory (nothing stored).
int tl_segment_cache_insert_locked(tl_segment_cache *cache, uint64_t hash, const uint64_t *faces,
                                   int32_t face_count, const uint16_t *units, int32_t unit_count,
                                   const tl_grapheme *graphemes, const tl_segment *sums);

#endif
