#include "tl_segment_cache.h"
#include <stdlib.h>
#include <string.h>

// Two generations, as TextEngine's Swift BoundedCache was: lookups hit `recent` or promote
// from `older`; when `recent` holds `generation_limit` entries and a new key comes, `older` is
// dropped and `recent` becomes `older`. So at most 2 * generation_limit <= capacity entries
// live. Entries are bump-allocated in their generation's arena (64 KiB chunks, one kept when a
// generation is dropped), so storing a segment rarely calls malloc and dropping a generation
// frees a few chunks instead of every entry. A promoted entry is copied into the recent
// arena; its old bytes, and those of an entry replaced by a racing insert, stay in their
// arena until that generation is dropped, so a generation's arena holds at most about twice
// the bytes of the entries it can hold.

enum { TL_TOMBSTONE = 1, TL_MIN_SLOTS = 8 };
static const size_t tl_chunk_size = 64 * 1024;

static size_t tl_entry_size(int32_t face_count, int32_t grapheme_count, int32_t unit_count) {
    size_t size = sizeof(tl_entry) + sizeof(uint64_t) * (size_t)face_count +
                  sizeof(tl_grapheme) * (size_t)grapheme_count + sizeof(uint16_t) * (size_t)unit_count;
    return (size + 7) & ~(size_t)7;
}

static int tl_table_init(tl_table *table) {
    memset(table, 0, sizeof *table);
    table->slots = calloc(TL_MIN_SLOTS, sizeof(tl_slot));
    table->mask = TL_MIN_SLOTS - 1;
    return table->slots != NULL;
}

// Empties the table and its arena, keeping one chunk; `shrink` also returns the slots to the
// minimum (a generation about to refill keeps its size instead).
static void tl_table_reset(tl_table *table, int shrink) {
    tl_chunk *keep = NULL;
    for (tl_chunk *chunk = table->chunks, *next; chunk; chunk = next) {
        next = chunk->next;
        if (!keep && chunk->size == tl_chunk_size) {
            keep = chunk;
            keep->next = NULL;
            keep->used = 0;
        } else {
            free(chunk);
        }
    }
    table->chunks = keep;
    table->live = 0;
    table->used = 0;
    if (shrink && table->mask + 1 > TL_MIN_SLOTS) {
        tl_slot *small = calloc(TL_MIN_SLOTS, sizeof(tl_slot));
        if (small) {
            free(table->slots);
            table->slots = small;
            table->mask = TL_MIN_SLOTS - 1;
            return;
        }
    }
    memset(table->slots, 0, (size_t)(table->mask + 1) * sizeof(tl_slot));
}

static void tl_table_free(tl_table *table) {
    for (tl_chunk *chunk = table->chunks, *next; chunk; chunk = next) {
        next = chunk->next;
        free(chunk);
    }
    free(table->slots);
}

static void *tl_table_allocate(tl_table *table, size_t size) {
    tl_chunk *chunk = table->chunks;
    if (!chunk || chunk->size - chunk->used < size) {
        size_t room = size > tl_chunk_size ? size : tl_chunk_size;
        // A chunk's bytes follow its (8-byte aligned) header.
        chunk = malloc(sizeof(tl_chunk) + room);
        if (!chunk) return NULL;
        chunk->size = room;
        chunk->used = 0;
        chunk->next = table->chunks;
        table->chunks = chunk;
    }
    void *at = (char *)(chunk + 1) + chunk->used;
    chunk->used += size;
    return at;
}

// Doubles the slots (dropping tombstones); 0 when out of memory.
static int tl_table_grow(tl_table *table) {
    int64_t slots = 2 * (table->mask + 1);
    tl_slot *grown = calloc((size_t)slots, sizeof(tl_slot));
    if (!grown) return 0;
    for (int64_t i = 0; i <= table->mask; i++) {
        tl_entry *entry = table->slots[i].entry;
        if (!entry) continue;
        int64_t j = (int64_t)(entry->hash & (uint64_t)(slots - 1));
        while (grown[j].entry) j = (j + 1) & (slots - 1);
        grown[j] = table->slots[i];
    }
    free(table->slots);
    table->slots = grown;
    table->mask = slots - 1;
    table->used = table->live;
    return 1;
}

tl_segment_cache *tl_segment_cache_create(int64_t capacity) {
    tl_segment_cache *cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    cache->generation_limit = capacity / 2 < 1 ? 1 : capacity / 2;
    if (pthread_mutex_init(&cache->lock, NULL) != 0) {
        free(cache);
        return NULL;
    }
    if (!tl_table_init(&cache->recent) || !tl_table_init(&cache->older)) {
        tl_segment_cache_destroy(cache);
        return NULL;
    }
    return cache;
}

void tl_segment_cache_destroy(tl_segment_cache *cache) {
    if (!cache) return;
    tl_table_free(&cache->recent);
    tl_table_free(&cache->older);
    free(cache->spare);
    pthread_mutex_destroy(&cache->lock);
    free(cache);
}

void tl_segment_cache_clear(tl_segment_cache *cache) {
    pthread_mutex_lock(&cache->lock);
    tl_table_reset(&cache->recent, 1);
    tl_table_reset(&cache->older, 1);
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

static inline int tl_entry_matches(tl_entry *e, const uint64_t *faces, int32_t face_count,
                                   const uint16_t *units, int32_t unit_count) {
    if (e->unit_count != unit_count || e->face_count != face_count) return 0;
    const uint64_t *ids = tl_entry_faces(e);
    for (int32_t i = 0; i < face_count; i++)
        if (ids[i] != faces[i]) return 0;
    const uint16_t *key = tl_entry_units(e);
    for (int32_t i = 0; i < unit_count; i++)
        if (key[i] != units[i]) return 0;
    return 1;
}

// The slot of the matching live entry, or -1.
static int64_t tl_table_find(const tl_table *table, uint64_t hash, const uint64_t *faces,
                             int32_t face_count, const uint16_t *units, int32_t unit_count) {
    if (table->live == 0) return -1;
    for (int64_t i = (int64_t)(hash & (uint64_t)table->mask);; i = (i + 1) & table->mask) {
        tl_slot *slot = &table->slots[i];
        if (!slot->entry) {
            if (slot->hash == TL_TOMBSTONE) continue;
            return -1;
        }
        if (slot->hash == hash && tl_entry_matches(slot->entry, faces, face_count, units, unit_count))
            return i;
    }
}

// Makes room for one more entry in the recent generation (a new key): drops the older
// generation when the recent one is full, grows the slots when half are used.
static int tl_make_room(tl_segment_cache *cache) {
    if (cache->recent.live >= cache->generation_limit) {
        tl_table_reset(&cache->older, 0);
        tl_table swap = cache->older;
        cache->older = cache->recent;
        cache->recent = swap;
    }
    if (2 * (cache->recent.used + 1) > cache->recent.mask + 1) return tl_table_grow(&cache->recent);
    return 1;
}

// Puts `entry` (in the recent arena, a key not in the recent table) into the recent table.
static void tl_place(tl_table *table, tl_entry *entry) {
    int64_t i = (int64_t)(entry->hash & (uint64_t)table->mask);
    while (table->slots[i].entry) i = (i + 1) & table->mask;
    // The recent generation holds no tombstones: the first free slot is empty.
    table->slots[i].hash = entry->hash;
    table->slots[i].entry = entry;
    table->live++;
    table->used++;
}

tl_entry *tl_segment_cache_find_locked(tl_segment_cache *cache, uint64_t hash, const uint64_t *faces,
                                       int32_t face_count, const uint16_t *units, int32_t unit_count) {
    int64_t at = tl_table_find(&cache->recent, hash, faces, face_count, units, unit_count);
    if (at >= 0) {
        cache->hits++;
        return cache->recent.slots[at].entry;
    }
    at = tl_table_find(&cache->older, hash, faces, face_count, units, unit_count);
    if (at < 0) {
        cache->misses++;
        return NULL;
    }
    cache->hits++;
    tl_entry *old = cache->older.slots[at].entry;
    cache->older.slots[at].entry = NULL;
    cache->older.slots[at].hash = TL_TOMBSTONE;
    cache->older.live--;
    size_t size = tl_entry_size(old->face_count, old->grapheme_count, old->unit_count);
    if (cache->recent.live >= cache->generation_limit) {
        // Making room drops the older generation and `old`'s arena with it: keep a copy.
        if (cache->spare_size < size) {
            void *grown = realloc(cache->spare, size);
            if (!grown) return NULL;
            cache->spare = grown;
            cache->spare_size = size;
        }
        memcpy(cache->spare, old, size);
        old = cache->spare;
    }
    if (!tl_make_room(cache)) return NULL;
    tl_entry *entry = tl_table_allocate(&cache->recent, size);
    if (!entry) return NULL;
    memcpy(entry, old, size);
    tl_place(&cache->recent, entry);
    return entry;
}

void tl_segment_cache_begin_batch_locked(tl_segment_cache *cache) { cache->batch++; }

int tl_segment_cache_insert_locked(tl_segment_cache *cache, uint64_t hash, const uint64_t *faces,
                                   int32_t face_count, const uint16_t *units, int32_t unit_count,
                                   const tl_grapheme *graphemes, const tl_segment *sums) {
    int64_t at = tl_table_find(&cache->recent, hash, faces, face_count, units, unit_count);
    if (at >= 0 && cache->recent.slots[at].entry->batch == cache->batch) return 1;
    if (at < 0 && !tl_make_room(cache)) return 0;
    size_t size = tl_entry_size(face_count, sums->grapheme_count, unit_count);
    tl_entry *e = tl_table_allocate(&cache->recent, size);
    if (!e) return 0;
    e->hash = hash;
    e->unit_count = unit_count;
    e->grapheme_count = sums->grapheme_count;
    e->face_count = face_count;
    e->trailing_spaces_start = sums->trailing_spaces_start;
    e->advance = sums->advance;
    e->trailing_space = sums->trailing_space;
    e->font_mask = sums->font_mask;
    e->batch = cache->batch;
    memcpy(tl_entry_faces(e), faces, sizeof(uint64_t) * (size_t)face_count);
    memcpy(tl_entry_graphemes(e), graphemes, sizeof(tl_grapheme) * (size_t)sums->grapheme_count);
    memcpy(tl_entry_units(e), units, sizeof(uint16_t) * (size_t)unit_count);
    if (at >= 0) {
        cache->recent.slots[at].entry = e;   // replaced: the old bytes wait for the drop
    } else {
        tl_place(&cache->recent, e);
    }
    return 1;
}
