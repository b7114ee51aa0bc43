#include "tl_generations.h"
#include <stdlib.h>
#include <string.h>

// Two generations (close to LRU): lookups hit `recent` or promote from `older`; when `recent`
// holds `generation_limit` records and a new key comes, `older` is dropped and `recent`
// becomes `older`; so does it when its arena holds `byte_limit` bytes. So at most
// 2 * generation_limit <= capacity records live, in about 2 * byte_limit bytes (records larger
// than byte_limit / 4 are not stored). Records are
// bump-allocated in their generation's arena (64 KiB chunks; a dropped generation's chunks are
// reused by the next one), so storing rarely calls malloc and dropping a generation frees
// nothing but large records. A
// promoted record is copied into the recent arena; its old bytes, and those of a record
// replaced by a racing insert, stay until their generation is dropped, so a generation's arena
// holds at most about twice the bytes of the records it can hold.

enum { TL_TOMBSTONE = 1, TL_MIN_SLOTS = 8, TL_KEEP_SLOTS = 256 };
static const size_t tl_chunk_size = 64 * 1024;

static int tl_table_init(tl_table *table) {
    memset(table, 0, sizeof *table);
    table->slots = calloc(TL_MIN_SLOTS, sizeof(tl_slot));
    table->mask = TL_MIN_SLOTS - 1;
    return table->slots != NULL;
}

// Empties the table; its arena's standard chunks go to `free_chunks` for the recent generation
// to refill (a dropped generation is replaced by one of at most the same size, so this never
// holds more than the two generations did), larger ones are freed. `shrink` also returns large
// slot arrays to the minimum (a generation about to refill keeps its size instead).
static void tl_table_reset(tl_table *table, tl_chunk **free_chunks, int shrink) {
    for (tl_chunk *chunk = table->chunks, *next; chunk; chunk = next) {
        next = chunk->next;
        if (chunk->size == tl_chunk_size) {
            chunk->used = 0;
            chunk->next = *free_chunks;
            *free_chunks = chunk;
        } else {
            free(chunk);
        }
    }
    table->chunks = NULL;
    table->bytes = 0;
    table->live = 0;
    table->used = 0;
    if (shrink && table->mask + 1 > TL_KEEP_SLOTS) {
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

static void tl_free_chunks(tl_chunk *chunk) {
    for (tl_chunk *next; chunk; chunk = next) {
        next = chunk->next;
        free(chunk);
    }
}

static void tl_table_free(tl_table *table) {
    tl_free_chunks(table->chunks);
    free(table->slots);
}

static void *tl_table_allocate(tl_table *table, tl_chunk **free_chunks, size_t size) {
    tl_chunk *chunk = table->chunks;
    if (!chunk || chunk->size - chunk->used < size) {
        if (size <= tl_chunk_size && *free_chunks) {
            chunk = *free_chunks;
            *free_chunks = chunk->next;
        } else {
            size_t room = size > tl_chunk_size ? size : tl_chunk_size;
            // A chunk's bytes follow its (8-byte aligned) header.
            chunk = malloc(sizeof(tl_chunk) + room);
            if (!chunk) return NULL;
            chunk->size = room;
        }
        chunk->used = 0;
        chunk->next = table->chunks;
        table->chunks = chunk;
    }
    void *at = (char *)(chunk + 1) + chunk->used;
    table->bytes += size;
    chunk->used += size;
    return at;
}

// Doubles the slots (dropping tombstones); 0 when out of memory.
static int tl_table_grow(tl_table *table) {
    int64_t slots = 2 * (table->mask + 1);
    tl_slot *grown = calloc((size_t)slots, sizeof(tl_slot));
    if (!grown) return 0;
    for (int64_t i = 0; i <= table->mask; i++) {
        tl_record *record = table->slots[i].record;
        if (!record) continue;
        int64_t j = (int64_t)(record->hash & (uint64_t)(slots - 1));
        while (grown[j].record) j = (j + 1) & (slots - 1);
        grown[j] = table->slots[i];
    }
    free(table->slots);
    table->slots = grown;
    table->mask = slots - 1;
    table->used = table->live;
    return 1;
}

// The slot of the live record matching `key`, or -1.
static int64_t tl_table_find(const tl_table *table, uint64_t hash, tl_matcher match, const void *key) {
    if (table->live == 0) return -1;
    for (int64_t i = (int64_t)(hash & (uint64_t)table->mask);; i = (i + 1) & table->mask) {
        const tl_slot *slot = &table->slots[i];
        if (!slot->record) {
            if (slot->hash == TL_TOMBSTONE) continue;
            return -1;
        }
        if (slot->hash == hash && match(slot->record, key)) return i;
    }
}

// Puts `record` (a key not in the table) into the recent table, which holds no tombstones.
static void tl_place(tl_table *table, tl_record *record) {
    int64_t i = (int64_t)(record->hash & (uint64_t)table->mask);
    while (table->slots[i].record) i = (i + 1) & table->mask;
    table->slots[i].hash = record->hash;
    table->slots[i].record = record;
    table->live++;
    table->used++;
}

// Whether the recent generation is full for a new record of `size` bytes.
static inline int tl_recent_is_full(const tl_generations *g, size_t size) {
    return g->recent.live >= g->generation_limit ||
           (g->recent.live > 0 && g->recent.bytes + size > g->byte_limit);
}

// Makes room for a new key of `size` bytes in the recent generation: drops the older
// generation when the recent one is full, grows the slots when half are used.
static int tl_make_room(tl_generations *g, size_t size) {
    if (tl_recent_is_full(g, size)) {
        tl_table_reset(&g->older, &g->free_chunks, 0);
        tl_table swap = g->older;
        g->older = g->recent;
        g->recent = swap;
    }
    if (2 * (g->recent.used + 1) > g->recent.mask + 1) return tl_table_grow(&g->recent);
    return 1;
}

int tl_generations_init(tl_generations *g, int64_t capacity, size_t bytes) {
    memset(g, 0, sizeof *g);
    g->generation_limit = capacity / 2 < 1 ? 1 : capacity / 2;
    g->byte_limit = bytes / 2 < 4096 ? 4096 : bytes / 2;
    if (!tl_table_init(&g->recent) || !tl_table_init(&g->older)) {
        tl_generations_free(g);
        return 0;
    }
    return 1;
}

void tl_generations_free(tl_generations *g) {
    tl_table_free(&g->recent);
    tl_table_free(&g->older);
    tl_free_chunks(g->free_chunks);
    free(g->spare);
    memset(g, 0, sizeof *g);
}

void tl_generations_clear(tl_generations *g) {
    tl_table_reset(&g->recent, &g->free_chunks, 1);
    tl_table_reset(&g->older, &g->free_chunks, 1);
    // Keep two chunks for what comes next; give the rest back.
    tl_chunk *kept = g->free_chunks;
    if (kept && kept->next) {
        tl_free_chunks(kept->next->next);
        kept->next->next = NULL;
    }
}

tl_record *tl_generations_find(tl_generations *g, uint64_t hash, tl_matcher match, const void *key) {
    int64_t at = tl_table_find(&g->recent, hash, match, key);
    if (at >= 0) {
        g->hits++;
        return g->recent.slots[at].record;
    }
    at = tl_table_find(&g->older, hash, match, key);
    if (at < 0) {
        g->misses++;
        return NULL;
    }
    g->hits++;
    tl_record *old = g->older.slots[at].record;
    g->older.slots[at].record = NULL;
    g->older.slots[at].hash = TL_TOMBSTONE;
    g->older.live--;
    size_t size = old->size;
    if (tl_recent_is_full(g, size)) {
        // Making room drops the older generation and `old`'s arena with it: keep a copy.
        if (g->spare_size < size) {
            void *grown = realloc(g->spare, size);
            if (!grown) return NULL;
            g->spare = grown;
            g->spare_size = size;
        }
        memcpy(g->spare, old, size);
        old = g->spare;
    }
    if (!tl_make_room(g, size)) return NULL;
    tl_record *record = tl_table_allocate(&g->recent, &g->free_chunks, size);
    if (!record) return NULL;
    memcpy(record, old, size);
    tl_place(&g->recent, record);
    return record;
}

tl_record *tl_generations_store(tl_generations *g, uint64_t hash, size_t size, tl_matcher match,
                                const void *key, int *kept) {
    *kept = 0;
    if (size > g->byte_limit / 4) return NULL;
    int64_t at = tl_table_find(&g->recent, hash, match, key);
    if (at >= 0 && g->recent.slots[at].record->batch == g->batch) {
        *kept = 1;
        return NULL;
    }
    if (at < 0 && !tl_make_room(g, size)) return NULL;
    tl_record *record = tl_table_allocate(&g->recent, &g->free_chunks, size);
    if (!record) return NULL;
    record->hash = hash;
    record->size = size;
    record->batch = g->batch;
    if (at >= 0) {
        g->recent.slots[at].record = record;   // replaced: the old bytes wait for the drop
    } else {
        tl_place(&g->recent, record);
    }
    return record;
}
