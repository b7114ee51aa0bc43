#include "tl_analyse.h"
#include "tl_fill.h"
#include "tl_shards.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// One cached text: a header, then its face ids, segments, clusters and UTF-8 bytes.
typedef struct tl_text_entry {
    tl_record record;
    int64_t utf8_length;
    int32_t face_count;
    int32_t segment_count;
    int32_t grapheme_count;
    int32_t reserved;
} tl_text_entry;

static inline uint64_t *tl_text_faces(tl_text_entry *e) { return (uint64_t *)(e + 1); }
static inline tl_segment *tl_text_segments(tl_text_entry *e) {
    return (tl_segment *)(tl_text_faces(e) + e->face_count);
}
static inline tl_grapheme *tl_text_graphemes(tl_text_entry *e) {
    return (tl_grapheme *)(tl_text_segments(e) + e->segment_count);
}
static inline uint8_t *tl_text_bytes(tl_text_entry *e) {
    return (uint8_t *)(tl_text_graphemes(e) + e->grapheme_count);
}

// Shards (tl_shards.h) hold 16 texts or more each, at most 16 of them (measure-cli keeps 256
// texts: 16 shards, so two jobs seldom meet on a lock).
enum { TL_TEXT_SHARDS_MAX = 16, TL_TEXT_SHARD_MIN_CAPACITY = 16 };

struct tl_text_cache {
    tl_shards shards;
};

typedef struct tl_text_key {
    const uint64_t *faces;
    int32_t face_count;
    const uint8_t *bytes;
    int64_t length;
} tl_text_key;

static int tl_text_matches(const tl_record *record, const void *raw) {
    tl_text_entry *e = (tl_text_entry *)record;
    const tl_text_key *key = raw;
    return e->utf8_length == key->length && e->face_count == key->face_count &&
           memcmp(tl_text_faces(e), key->faces, sizeof(uint64_t) * (size_t)key->face_count) == 0 &&
           memcmp(tl_text_bytes(e), key->bytes, (size_t)key->length) == 0;
}

tl_text_cache *tl_text_cache_create(int64_t capacity) {
    tl_text_cache *cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    if (!tl_shards_init(&cache->shards, capacity, TL_TEXT_SHARDS_MAX, TL_TEXT_SHARD_MIN_CAPACITY)) {
        free(cache);
        return NULL;
    }
    return cache;
}

void tl_text_cache_destroy(tl_text_cache *cache) {
    if (!cache) return;
    tl_shards_free(&cache->shards);
    free(cache);
}

void tl_text_cache_clear(tl_text_cache *cache) { tl_shards_clear(&cache->shards); }

void tl_text_cache_counts(tl_text_cache *cache, int64_t *entries, int64_t *hits, int64_t *misses) {
    tl_shards_counts(&cache->shards, entries, hits, misses);
}

// Stores an analysed text (its key and analysis copied in); out of memory stores nothing.
static void tl_text_store(tl_text_cache *cache, uint64_t hash, const tl_text_key *key,
                          const tl_analysis *analysis) {
    size_t size = sizeof(tl_text_entry) + sizeof(uint64_t) * (size_t)key->face_count +
                  sizeof(tl_segment) * (size_t)analysis->segment_count +
                  sizeof(tl_grapheme) * (size_t)analysis->grapheme_count + (size_t)key->length;
    size = (size + 7) & ~(size_t)7;
    tl_shard *shard = &cache->shards.shard[tl_shard_index(&cache->shards, hash)];
    pthread_mutex_lock(&shard->lock);
    shard->generations.batch++;
    int kept;
    tl_text_entry *e = (tl_text_entry *)tl_generations_store(&shard->generations, hash, size,
                                                             tl_text_matches, key, &kept);
    if (e) {
        e->utf8_length = key->length;
        e->face_count = key->face_count;
        e->segment_count = analysis->segment_count;
        e->grapheme_count = analysis->grapheme_count;
        e->reserved = 0;
        memcpy(tl_text_faces(e), key->faces, sizeof(uint64_t) * (size_t)key->face_count);
        memcpy(tl_text_segments(e), analysis->segments, sizeof(tl_segment) * (size_t)analysis->segment_count);
        memcpy(tl_text_graphemes(e), analysis->graphemes, sizeof(tl_grapheme) * (size_t)analysis->grapheme_count);
        memcpy(tl_text_bytes(e), key->bytes, (size_t)key->length);
    }
    pthread_mutex_unlock(&shard->lock);
}

int32_t tl_measure_text(tl_text_cache *texts, tl_segment_cache *segments, const uint64_t *face_ids,
                        const tl_font *fonts, int32_t font_count, const uint8_t *utf8,
                        int64_t length, tl_fill_options options, tl_fill_result *out) {
    if (!texts || length <= 0 || length > (1 << 29) || font_count <= 0 || font_count > 64) return -1;
    tl_scratch *s = tl_scratch_get();
    if (!s) return -1;
    tl_text_key key = {face_ids, font_count, utf8, length};
    uint64_t hash = tl_hash_bytes(utf8, length, tl_hash_bytes(face_ids, 8 * (int64_t)font_count, 0x7E47));
    int32_t lines = 0;
    tl_shard *shard = &texts->shards.shard[tl_shard_index(&texts->shards, hash)];
    pthread_mutex_lock(&shard->lock);
    tl_text_entry *e = (tl_text_entry *)tl_generations_find(&shard->generations, hash, tl_text_matches, &key);
    if (e) {
        // Filled under the lock: the entry may move or go once it is released.
        int truncated = tl_fill(s, tl_text_segments(e), e->segment_count, tl_text_graphemes(e), options, &lines);
        pthread_mutex_unlock(&shard->lock);
        if (truncated < 0) return -1;
        *out = (tl_fill_result){s->lines, lines, truncated};
        return 0;
    }
    pthread_mutex_unlock(&shard->lock);

    // A text has at most as many UTF-16 units as UTF-8 bytes. Plain text is transcoded and
    // broken in one pass; anything else is transcoded again and broken by ICU.
    if (!tl_scratch_reserve_units(s, length) || !tl_scratch_reserve_analysis(s, (int32_t)length)) return -1;
    int32_t count = 0;
    int32_t found = tl_simple_line_breaks_utf8(utf8, length, s->units, &count, s->break_positions, s->break_hard);
    if (found < 0) {
        int64_t units = tl_utf8_to_utf16(utf8, length, s->units);
        if (units < 0) return -1;
        count = (int32_t)units;
        found = tl_icu_line_breaks(s, s->units, count);
    }
    tl_analysis analysis;
    if (tl_analyse_broken(s, segments, face_ids, fonts, font_count, s->units, count, found, &analysis) < 0)
        return -1;
    int truncated = tl_fill(s, analysis.segments, analysis.segment_count, analysis.graphemes, options, &lines);
    if (truncated < 0) return -1;
    tl_text_store(texts, hash, &key, &analysis);
    *out = (tl_fill_result){s->lines, lines, truncated};
    return 0;
}
