#include "tl_segment_cache.h"
#include <stdlib.h>
#include <string.h>

// Two generations, as TextEngine's Swift BoundedCache: lookups hit `recent` or promote from
// `older`; when `recent` holds `generation_limit` entries and a new key comes, `older` is
// freed and `recent` becomes `older`. So at most 2 * generation_limit <= capacity entries
// live, each one allocation sized by its segment. Each table has at least twice as many slots
// as a generation holds entries (live plus tombstones), so probes stay short and always end.

enum { TL_TOMBSTONE = 1 };

static int tl_table_init(tl_table *table, int64_t slots) {
    table->slots = calloc((size_t)slots, sizeof(tl_slot));
    table->live = 0;
    return table->slots != NULL;
}

static void tl_table_clear(tl_table *table, int64_t slots) {
    if (table->live > 0) {
        for (int64_t i = 0; i < slots; i++) free(table->slots[i].entry);
    }
    memset(table->slots, 0, (size_t)slots * sizeof(tl_slot));
    table->live = 0;
}

tl_segment_cache *tl_segment_cache_create(int64_t capacity) {
    tl_segment_cache *cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    int64_t limit = capacity / 2 < 1 ? 1 : capacity / 2;
    int64_t slots = 8;
    while (slots < 2 * limit) slots *= 2;
    cache->generation_limit = limit;
    cache->slot_mask = slots - 1;
    if (pthread_mutex_init(&cache->lock, NULL) != 0) {
        free(cache);
        return NULL;
    }
    if (!tl_table_init(&cache->recent, slots) || !tl_table_init(&cache->older, slots)) {
        tl_segment_cache_destroy(cache);
        return NULL;
    }
    return cache;
}

void tl_segment_cache_destroy(tl_segment_cache *cache) {
    if (!cache) return;
    int64_t slots = cache->slot_mask + 1;
    if (cache->recent.slots) tl_table_clear(&cache->recent, slots);
    if (cache->older.slots) tl_table_clear(&cache->older, slots);
    free(cache->recent.slots);
    free(cache->older.slots);
    pthread_mutex_destroy(&cache->lock);
    free(cache);
}

void tl_segment_cache_clear(tl_segment_cache *cache) {
    pthread_mutex_lock(&cache->lock);
    tl_table_clear(&cache->recent, cache->slot_mask + 1);
    tl_table_clear(&cache->older, cache->slot_mask + 1);
    pthread_mutex_unlock(&cache->lock);
}

void tl_segment_cache_counts(tl_segment_cache *cache, int64_t *entries, int64_t *hits,
                             int64_t *misses) {
    pthread_mutex_lock(&cache->lock);
    *entries = cache->recent.live + cache->older.live;
    *hits = cache->hits;
    *misses = cache->misses;
    pthread_mutex_unlock(&cache->lock);
}

static inline int tl_entry_matches(tl_entry *e, uint64_t hash, const uint64_t *faces,
                                   int32_t face_count, const uint16_t *units, int32_t unit_count) {
    return e->hash == hash && e->unit_count == unit_count && e->face_count == face_count &&
           memcmp(tl_entry_faces(e), faces, sizeof(uint64_t) * (size_t)face_count) == 0 &&
           memcmp(tl_entry_units(e), units, sizeof(uint16_t) * (size_t)unit_count) == 0;
}

// The slot of the matching live entry, or -1.
static int64_t tl_table_find(const tl_segment_cache *cache, const tl_table *table, uint64_t hash,
                             const uint64_t *faces, int32_t face_count, const uint16_t *units,
                             int32_t unit_count) {
    if (table->live == 0) return -1;
    for (int64_t i = (int64_t)(hash & (uint64_t)cache->slot_mask);; i = (i + 1) & cache->slot_mask) {
        tl_slot *slot = &table->slots[i];
        if (!slot->entry) {
            if (slot->hash == TL_TOMBSTONE) continue;
            return -1;
        }
        if (slot->hash == hash && tl_entry_matches(slot->entry, hash, faces, face_count, units, unit_count))
            return i;
    }
}

tl_entry *tl_segment_cache_find_locked(tl_segment_cache *cache, uint64_t hash, const uint64_t *faces,
                                       int32_t face_count, const uint16_t *units, int32_t unit_count) {
    int64_t at = tl_table_find(cache, &cache->recent, hash, faces, face_count, units, unit_count);
    if (at >= 0) {
        cache->hits++;
        return cache->recent.slots[at].entry;
    }
    at = tl_table_find(cache, &cache->older, hash, faces, face_count, units, unit_count);
    if (at < 0) {
        cache->misses++;
        return NULL;
    }
    cache->hits++;
    tl_entry *entry = cache->older.slots[at].entry;
    cache->older.slots[at].entry = NULL;
    cache->older.slots[at].hash = TL_TOMBSTONE;
    cache->older.live--;
    tl_segment_cache_insert_locked(cache, entry);
    return entry;
}

void tl_segment_cache_insert_locked(tl_segment_cache *cache, tl_entry *entry) {
    int64_t at = tl_table_find(cache, &cache->recent, entry->hash, tl_entry_faces(entry),
                               entry->face_count, tl_entry_units(entry), entry->unit_count);
    if (at >= 0) {
        free(cache->recent.slots[at].entry);
        cache->recent.slots[at].entry = entry;
        return;
    }
    if (cache->recent.live >= cache->generation_limit) {
        tl_table_clear(&cache->older, cache->slot_mask + 1);
        tl_table swap = cache->older;
        cache->older = cache->recent;
        cache->recent = swap;
    }
    // The recent generation never holds tombstones: the first free slot is empty.
    int64_t i = (int64_t)(entry->hash & (uint64_t)cache->slot_mask);
    while (cache->recent.slots[i].entry) i = (i + 1) & cache->slot_mask;
    cache->recent.slots[i].hash = entry->hash;
    cache->recent.slots[i].entry = entry;
    cache->recent.live++;
}
