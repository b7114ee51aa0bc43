#ifndef TL_GENERATIONS_H
#define TL_GENERATIONS_H
// A bounded two-generation hash table of variable-size records in arenas: the storage behind
// the segment and text caches. Not locked by itself: each cache holds a mutex around it.
// A generation is the set of records stored (or used again) since the last turn-over: new and
// promoted records go into the recent generation; when it is full (`generation_limit` records
// or `byte_limit` bytes), the older generation is dropped whole, arena and all, and the recent
// one becomes the older. A record found in the older generation is promoted to the recent one,
// so a record leaves only when two turn-overs pass without it being used: eviction close to
// LRU with no per-record bookkeeping.
#include <stddef.h>
#include <stdint.h>

/// The first field of every record.
typedef struct tl_record {
    uint64_t hash;
    uint64_t size;    // bytes, header included, a multiple of 8
    uint64_t batch;   // the insert batch that stored it
} tl_record;

/// Whether `record` holds the key `key` points to (the caches' own key types).
typedef int (*tl_matcher)(const tl_record *record, const void *key);

/// An open-addressing (linear probing) slot: empty (record NULL, hash 0), a tombstone (record
/// NULL, hash 1: its record moved to the recent generation) or live.
typedef struct tl_slot {
    uint64_t hash;
    tl_record *record;
} tl_slot;

/// A block of a generation's arena.
typedef struct tl_chunk {
    struct tl_chunk *next;
    size_t used;
    size_t size;
} tl_chunk;

/// One generation: a table that grows to keep at most half its slots used, and the arena
/// that holds its records (freed all at once when the generation is dropped).
typedef struct tl_table {
    tl_slot *slots;
    int64_t mask;      // slots - 1, a power of two
    int64_t live;
    int64_t used;      // live + tombstones
    tl_chunk *chunks;  // newest first
    size_t bytes;      // record bytes allocated in its arena (moved and replaced ones included)
} tl_table;

typedef struct tl_generations {
    // The counts come first: a shard puts them on its lock's cache line, so a lookup dirties
    // one line, not two (with two threads measuring, each dirty line moves between cores).
    int64_t hits;
    int64_t misses;
    tl_table recent;
    tl_table older;
    int64_t generation_limit;  // records the recent generation takes before it becomes older
    size_t byte_limit;         // record bytes the recent generation takes before it becomes older
    uint64_t batch;            // the last insert batch begun
    void *spare;               // holds a record being promoted while its generation is dropped
    size_t spare_size;
    tl_chunk *free_chunks;     // a dropped generation's chunks, which the recent one refills
} tl_generations;

/// Sets up empty generations holding at most `capacity` (at least 2) records and about `bytes`
/// of records (a record over a quarter of a generation's share, `bytes / 8`, is never stored);
/// 0 when out of memory.
int tl_generations_init(tl_generations *g, int64_t capacity, size_t bytes);

/// Frees everything.
void tl_generations_free(tl_generations *g);

/// Drops every record (the hit and miss counts stay).
void tl_generations_clear(tl_generations *g);

/// The live record of `table` matching `key`, or NULL. Inline, so a cache's hit path (a
/// probe of the recent generation) compiles its matcher in.
static inline tl_record *tl_table_lookup(const tl_table *table, uint64_t hash, tl_matcher match,
                                         const void *key) {
    if (table->live == 0) return NULL;
    for (int64_t i = (int64_t)(hash & (uint64_t)table->mask);; i = (i + 1) & table->mask) {
        const tl_slot *slot = &table->slots[i];
        if (!slot->record) {
            if (slot->hash == 1) continue;   // a tombstone
            return NULL;
        }
        if (slot->hash == hash && match(slot->record, key)) return slot->record;
    }
}

/// Starts loading the slot where a lookup of `hash` in `table` begins (a hint, no effect on
/// results), so several lookups' memory waits overlap.
static inline void tl_table_prefetch_slot(const tl_table *table, uint64_t hash) {
    __builtin_prefetch(&table->slots[hash & (uint64_t)table->mask]);
}

/// Starts loading the record of the first live slot with hash `hash` (the likely match), once
/// its slot is loaded; a hint, like tl_table_prefetch_slot.
static inline void tl_table_prefetch_record(const tl_table *table, uint64_t hash) {
    if (table->live == 0) return;
    for (int64_t i = (int64_t)(hash & (uint64_t)table->mask);; i = (i + 1) & table->mask) {
        const tl_slot *slot = &table->slots[i];
        if (!slot->record) {
            if (slot->hash == 1) continue;   // a tombstone
            return;
        }
        if (slot->hash == hash) {
            // Its header and key, and the clusters of a word of up to about 6 characters.
            for (int line = 0; line < 4; line++) __builtin_prefetch((const char *)slot->record + 64 * line);
            return;
        }
    }
}

/// The record matching `key` (hash `hash`), promoted from the older generation; NULL when
/// absent or out of memory. Counts the hit or miss. Valid until the next call that stores.
tl_record *tl_generations_find(tl_generations *g, uint64_t hash, tl_matcher match, const void *key);

/// Room for a new record of `size` bytes (a multiple of 8) for `key` in the recent generation,
/// already in the table (replacing an equal key stored by an earlier batch; the caller fills
/// in everything after the header). NULL when an equal key was stored by this same batch
/// (`*kept` is then 1), when the record is too large to keep, or when out of memory.
tl_record *tl_generations_store(tl_generations *g, uint64_t hash, size_t size, tl_matcher match,
                                const void *key, int *kept);

#endif
