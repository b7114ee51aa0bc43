#include "tl_segment_cache.h"
#include <stdlib.h>
#include <string.h>

static inline int tl_entry_matches(const tl_record *record, const void *raw) {
    tl_entry *e = (tl_entry *)record;
    const tl_segment_key *key = raw;
    if (e->unit_count != key->unit_count || e->face_count != key->face_count || e->context != key->context)
        return 0;
    const uint64_t *faces = tl_entry_faces(e);
    for (int32_t i = 0; i < key->face_count; i++)
        if (faces[i] != key->faces[i]) return 0;
    const uint16_t *units = tl_entry_units(e);
    for (int32_t i = 0; i < key->unit_count; i++)
        if (units[i] != key->units[i]) return 0;
    return 1;
}

// Bytes of entries the cache keeps at most (about): a long word's clusters take 24 bytes a
// character, so the entry count alone does not bound the memory.
static const size_t tl_segment_cache_bytes = 16u << 20;

tl_segment_cache *tl_segment_cache_create(int64_t capacity) {
    tl_segment_cache *cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    if (!tl_shards_init(&cache->shards, capacity, TL_SEGMENT_SHARDS_MAX, TL_SEGMENT_SHARD_MIN_CAPACITY,
                        tl_segment_cache_bytes)) {
        free(cache);
        return NULL;
    }
    return cache;
}

void tl_segment_cache_destroy(tl_segment_cache *cache) {
    if (!cache) return;
    tl_shards_free(&cache->shards);
    free(cache);
}

void tl_segment_cache_clear(tl_segment_cache *cache) { tl_shards_clear(&cache->shards); }

void tl_segment_cache_counts(tl_segment_cache *cache, int64_t *entries, int64_t *hits,
                             int64_t *misses) {
    tl_shards_counts(&cache->shards, entries, hits, misses);
}

tl_entry *tl_segment_cache_find_locked(tl_shard *shard, uint64_t hash, const tl_segment_key *key) {
    // Most lookups hit the recent generation: that probe is inlined here; the rest (counting a
    // miss, promoting from the older generation) goes through the general path.
    tl_record *recent = tl_table_lookup(&shard->generations.recent, hash, tl_entry_matches, key);
    if (recent) {
        shard->generations.hits++;
        return (tl_entry *)recent;
    }
    return (tl_entry *)tl_generations_find(&shard->generations, hash, tl_entry_matches, key);
}

void tl_segment_cache_begin_batch_locked(tl_shard *shard) { shard->generations.batch++; }

int tl_segment_cache_insert_locked(tl_shard *shard, uint64_t hash, const tl_segment_key *key,
                                   const tl_grapheme *graphemes, const tl_segment *sums) {
    int32_t face_count = key->face_count, unit_count = key->unit_count;
    size_t size = sizeof(tl_entry) + sizeof(uint64_t) * (size_t)face_count +
                  tl_entry_units_size(unit_count) + sizeof(tl_grapheme) * (size_t)sums->grapheme_count;
    int kept;
    tl_entry *e = (tl_entry *)tl_generations_store(&shard->generations, hash, size, tl_entry_matches, key, &kept);
    if (!e) return kept;
    e->unit_count = unit_count;
    e->grapheme_count = sums->grapheme_count;
    e->face_count = face_count;
    e->context = key->context;
    e->trailing_spaces_start = sums->trailing_spaces_start;
    e->advance = sums->advance;
    e->trailing_space = sums->trailing_space;
    e->font_mask = sums->font_mask;
    memcpy(tl_entry_faces(e), key->faces, sizeof(uint64_t) * (size_t)face_count);
    memcpy(tl_entry_units(e), key->units, sizeof(uint16_t) * (size_t)unit_count);
    memcpy(tl_entry_graphemes(e), graphemes, sizeof(tl_grapheme) * (size_t)sums->grapheme_count);
    return 1;
}
