#ifndef TL_SHARDS_H
#define TL_SHARDS_H
// A cache split by key hash into shards, each a two-generation table with its own mutex: the
// layout shared by the segment and text caches. With one lock per cache, threads measuring
// different texts kept waking each other; with shards they rarely meet.
#include "tl_generations.h"
#include <pthread.h>

enum { TL_SHARDS_MAX = 16 };

/// One shard: its lock and the table it guards (on a cache line of its own).
typedef struct tl_shard {
    pthread_mutex_t lock;
    tl_generations generations;
} __attribute__((aligned(64))) tl_shard;

/// Up to TL_SHARDS_MAX shards; `count` is a power of two.
typedef struct tl_shards {
    int32_t count;
    tl_shard shard[TL_SHARDS_MAX];
} tl_shards;

/// Sets up as many shards as keep at least `min_capacity` entries each (at most `max_count`,
/// at least one), sharing `capacity` entries and `bytes` of entries between them, so both still
/// bound the sum. Returns 0 (with nothing left to free) when out of memory.
int tl_shards_init(tl_shards *shards, int64_t capacity, int32_t max_count, int64_t min_capacity,
                   size_t bytes);

/// Frees every shard's table and lock.
void tl_shards_free(tl_shards *shards);

/// Drops every entry (each shard under its lock); hit and miss counts stay.
void tl_shards_clear(tl_shards *shards);

/// Entries held and lookups answered and missed, summed over the shards.
void tl_shards_counts(tl_shards *shards, int64_t *entries, int64_t *hits, int64_t *misses);

/// The shard index of a key hash (its high bits; the tables use the low ones).
static inline int32_t tl_shard_index(const tl_shards *shards, uint64_t hash) {
    return (int32_t)((hash >> 48) & (uint64_t)(shards->count - 1));
}

#endif
