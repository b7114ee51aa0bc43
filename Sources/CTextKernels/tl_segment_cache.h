#ifndef TL_SEGMENT_CACHE_H
#define TL_SEGMENT_CACHE_H
// The shaped-segment cache's internals, shared by tl_segment_cache.c and tl_analyse.c.
#include "CTextKernels.h"
#include <pthread.h>

/// One cached segment: a header, then `face_count` face ids, `grapheme_count` clusters and
/// `unit_count` UTF-16 code units, in one allocation.
typedef struct tl_entry {
    uint64_t hash;
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

/// An open-addressing (linear probing) table of entries. A slot is empty (entry NULL, hash 0),
/// a tombstone (entry NULL, hash 1: its entry moved to the recent generation) or live.
typedef struct tl_slot {
    uint64_t hash;
    tl_entry *entry;
} tl_slot;

typedef struct tl_table {
    tl_slot *slots;
    int64_t live;
} tl_table;

struct tl_segment_cache {
    pthread_mutex_t lock;
    tl_table recent;
    tl_table older;
    int64_t slot_mask;         // slots - 1 (a power of two, at least 2 * generation_limit)
    int64_t generation_limit;  // entries the recent generation takes before it becomes older
    int64_t hits;
    int64_t misses;
};

/// The entry for (hash, faces, units) under the held lock, promoting it from the older
/// generation; NULL when absent. Counts the hit or miss.
tl_entry *tl_segment_cache_find_locked(tl_segment_cache *cache, uint64_t hash, const uint64_t *faces,
                                       int32_t face_count, const uint16_t *units, int32_t unit_count);

/// Stores `entry` (malloc'ed; the cache owns it from now on) under the held lock, replacing an
/// equal key's entry and dropping the older generation when the recent one is full.
void tl_segment_cache_insert_locked(tl_segment_cache *cache, tl_entry *entry);

#endif
