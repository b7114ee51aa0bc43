#include "tl_text_cache.h"
#include "tl_fill.h"
#include "tl_shards.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

// One cached text: a header, then its face ids, segments, clusters and UTF-8 bytes.
typedef struct tl_text_entry {
    tl_record record;
    int64_t utf8_length;
    int32_t face_count;
    int32_t segment_count;
    int32_t grapheme_count;
    int32_t has_joints;  // some segment's joint is not 0 (tl_fill reads none otherwise)
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

// Each thread keeps its own copies of texts it measures again and again (a row template's
// fixed words, a feed's repeated posts), a few of them in a memo: a text found there is filled
// without the shard's lock and without writing a line another thread reads. Two threads
// measuring the same warm texts through a shared shard kept moving its lock's cache line between
// their cores, which cost more than the lookup. A text may sit in one of two slots picked by
// its hash (looked up in order): with one slot a text, two repeated texts sharing it would
// evict each other's copy whenever they alternate, each turn going to the shared cache twice
// and copying once (five repeated texts give such a pair for about one set of fonts in four).
// A copy goes into an empty slot of the two, else one whose cache was cleared since, else the
// one hit less recently. A text is copied on its second shared hit in a row among those of
// its first slot (so one that comes once does not pay for a copy), only while its entry is
// small; a thread's memo holds at most TL_MEMO_SLOTS * tl_memo_entry_bytes (256 KiB) and is
// freed when the thread exits. A copy is used only for the cache it came from (by serial
// number, never reused) and only until that cache is cleared: the counts then read as a cache
// without copies would give. Entries are never changed once stored, so a copy stays right.
enum { TL_MEMO_SLOTS = 32, TL_MEMO_STRIPES = 8 };
static const size_t tl_memo_entry_bytes = 8 * 1024;

typedef struct tl_memo_slot {
    uint64_t hash;           // the copied text's hash
    uint64_t cache;          // the serial of the cache it was copied from
    uint64_t clears;         // that cache's clear count when it was copied
    uint64_t used;           // the memo's clock when the copy was last made or hit
    tl_text_entry *entry;    // the copy (malloc'd), or NULL
} tl_memo_slot;

struct tl_text_memo {
    tl_memo_slot slot[TL_MEMO_SLOTS];
    uint64_t seen[TL_MEMO_SLOTS];   // per first slot: the last text the shared cache gave, not copied
    uint64_t clock;                 // counts the memo's hits and copies
};

// The two slots a text with `hash` may sit in (the same one when the two bit fields agree).
static inline int32_t tl_memo_first_index(uint64_t hash) { return (int32_t)(hash & (TL_MEMO_SLOTS - 1)); }
static inline int32_t tl_memo_second_index(uint64_t hash) { return (int32_t)((hash >> 32) & (TL_MEMO_SLOTS - 1)); }

void tl_text_memo_free(struct tl_text_memo *memo) {
    if (!memo) return;
    for (int i = 0; i < TL_MEMO_SLOTS; i++) free(memo->slot[i].entry);
    free(memo);
}

// A counter on a cache line of its own: threads count their memo hits on different lines.
typedef struct tl_counter_line {
    _Atomic int64_t count;
    char padding[56];
} tl_counter_line;

struct tl_text_cache {
    tl_shards shards;
    uint64_t serial;                              // unique for the process's lifetime
    _Atomic uint64_t clears;                      // tl_text_cache_clear calls so far
    tl_counter_line memo_hits[TL_MEMO_STRIPES];   // hits answered by threads' memos
};

static _Atomic uint64_t tl_text_cache_serials;

static int tl_text_matches(const tl_record *record, const void *raw) {
    tl_text_entry *e = (tl_text_entry *)record;
    const tl_text_key *key = raw;
    return e->utf8_length == key->length && e->face_count == key->face_count &&
           memcmp(tl_text_faces(e), key->faces, sizeof(uint64_t) * (size_t)key->face_count) == 0 &&
           memcmp(tl_text_bytes(e), key->bytes, (size_t)key->length) == 0;
}

// Bytes of entries the cache keeps at most (about): entries grow with their text, so the
// entry count alone does not bound the memory; a text whose entry would take more than a
// quarter of a shard's generation is measured but not kept.
static const size_t tl_text_cache_bytes = 32u << 20;

tl_text_cache *tl_text_cache_create(int64_t capacity) {
    tl_text_cache *cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    if (!tl_shards_init(&cache->shards, capacity, TL_TEXT_SHARDS_MAX, TL_TEXT_SHARD_MIN_CAPACITY,
                        tl_text_cache_bytes)) {
        free(cache);
        return NULL;
    }
    cache->serial = atomic_fetch_add_explicit(&tl_text_cache_serials, 1, memory_order_relaxed) + 1;
    return cache;
}

void tl_text_cache_destroy(tl_text_cache *cache) {
    if (!cache) return;
    tl_shards_free(&cache->shards);
    free(cache);
}

void tl_text_cache_clear(tl_text_cache *cache) {
    // Counted first: a copy a thread makes from now on carries an older count or this one,
    // and one with an older count is never used again.
    atomic_fetch_add_explicit(&cache->clears, 1, memory_order_acq_rel);
    tl_shards_clear(&cache->shards);
}

void tl_text_cache_counts(tl_text_cache *cache, int64_t *entries, int64_t *hits, int64_t *misses) {
    tl_shards_counts(&cache->shards, entries, hits, misses);
    *hits += tl_text_cache_memo_hits(cache);
}

int64_t tl_text_cache_memo_hits(tl_text_cache *cache) {
    int64_t hits = 0;
    for (int i = 0; i < TL_MEMO_STRIPES; i++) hits += atomic_load_explicit(&cache->memo_hits[i].count, memory_order_relaxed);
    return hits;
}

void tl_text_memo_slots(const uint64_t *face_ids, int32_t font_count, const uint8_t *utf8, int64_t length,
                        int32_t *first, int32_t *second) {
    uint64_t hash = tl_text_hash(face_ids, font_count, utf8, length);
    *first = tl_memo_first_index(hash);
    *second = tl_memo_second_index(hash);
}

// This thread's memo, or NULL when it cannot be allocated.
static struct tl_text_memo *tl_memo_for(tl_scratch *s) {
    if (!s->text_memo) s->text_memo = calloc(1, sizeof *s->text_memo);
    return s->text_memo;
}

// `memo`'s two slots for a text with `hash`.
static inline tl_memo_slot *tl_memo_first(struct tl_text_memo *memo, uint64_t hash) {
    return &memo->slot[tl_memo_first_index(hash)];
}
static inline tl_memo_slot *tl_memo_second(struct tl_text_memo *memo, uint64_t hash) {
    return &memo->slot[tl_memo_second_index(hash)];
}

// Whether `slot` holds a usable copy of the text `key` (hash `hash`) from `cache` at clear
// count `clears`.
static inline int tl_memo_holds(const tl_memo_slot *slot, uint64_t hash, const tl_text_cache *cache,
                                uint64_t clears, const tl_text_key *key) {
    return slot->entry && slot->hash == hash && slot->cache == cache->serial && slot->clears == clears &&
           tl_text_matches(&slot->entry->record, key);
}

// The copy of the text `key` that `memo` holds for `cache` at clear count `clears`, or NULL.
static inline __attribute__((always_inline)) tl_text_entry *tl_memo_find(struct tl_text_memo *memo, uint64_t hash, const tl_text_cache *cache,
                                   uint64_t clears, const tl_text_key *key) {
    tl_memo_slot *slot = tl_memo_first(memo, hash);
    if (!tl_memo_holds(slot, hash, cache, clears, key)) {
        slot = tl_memo_second(memo, hash);
        if (!tl_memo_holds(slot, hash, cache, clears, key)) return NULL;
    }
    slot->used = ++memo->clock;
    return slot->entry;
}

// Whether `slot` holds nothing a lookup in `cache` (at clear count `clears`) can use again.
static inline int tl_memo_free_slot(const tl_memo_slot *slot, const tl_text_cache *cache, uint64_t clears) {
    return !slot->entry || (slot->cache == cache->serial && slot->clears != clears);
}

// Called under the shard's lock with the shared entry `e` just found: on the text's second hit
// in a row among its first slot's (and when it is small enough) copies it into one of its two
// slots and returns the copy, else NULL.
static inline __attribute__((always_inline)) tl_text_entry *tl_memo_keep(struct tl_text_memo *memo, const tl_text_entry *e, uint64_t hash,
                                   const tl_text_cache *cache, uint64_t clears) {
    if (e->record.size > tl_memo_entry_bytes) return NULL;
    uint64_t *seen = &memo->seen[tl_memo_first_index(hash)];
    if (*seen != hash) {
        *seen = hash;
        return NULL;
    }
    tl_text_entry *copy = malloc(e->record.size);
    if (!copy) return NULL;
    memcpy(copy, e, e->record.size);
    tl_memo_slot *first = tl_memo_first(memo, hash), *second = tl_memo_second(memo, hash);
    tl_memo_slot *slot = tl_memo_free_slot(first, cache, clears)    ? first
                         : tl_memo_free_slot(second, cache, clears) ? second
                         : first->used <= second->used              ? first
                                                                    : second;
    free(slot->entry);
    *slot = (tl_memo_slot){.hash = hash, .cache = cache->serial, .clears = clears, .used = ++memo->clock,
                           .entry = copy};
    return copy;
}

// Fills the lines of a cached text into `out`; 0, or -1 when out of memory.
static int32_t tl_fill_entry(tl_scratch *s, tl_text_entry *e, tl_fill_options options, tl_fill_result *out) {
    int32_t lines = 0;
    int truncated = tl_fill(s, tl_text_segments(e), e->segment_count, tl_text_graphemes(e), e->has_joints, options,
                            &lines);
    if (truncated < 0) return -1;
    *out = (tl_fill_result){s->lines, lines, truncated};
    return 0;
}

// What a lookup does with the cached text it finds (`context` its own); its result is the
// lookup's. Inlined into each caller with its own `use`.
typedef int32_t (*tl_entry_use)(tl_scratch *s, tl_text_entry *e, void *context);

// What tl_text_cache_lookup asks of the text it finds.
typedef struct tl_fill_request {
    const tl_fill_options *options;
    tl_fill_result *out;
} tl_fill_request;

// Finds the text `key` (hash `hash`) in this thread's memo or the cache and gives it to `use`
// (under the shard's lock when it is the shared entry); 1 when it is not cached.
static inline __attribute__((always_inline)) int32_t tl_text_cache_use(tl_text_cache *cache, tl_scratch *s,
                                                                       const tl_text_key *key, uint64_t hash,
                                                                       tl_entry_use use, void *context) {
    struct tl_text_memo *memo = tl_memo_for(s);
    uint64_t clears = atomic_load_explicit(&cache->clears, memory_order_acquire);
    tl_text_entry *e = memo ? tl_memo_find(memo, hash, cache, clears, key) : NULL;
    if (e) {
        atomic_fetch_add_explicit(&cache->memo_hits[s->thread_index % TL_MEMO_STRIPES].count, 1, memory_order_relaxed);
    } else {
        tl_shard *shard = &cache->shards.shard[tl_shard_index(&cache->shards, hash)];
        pthread_mutex_lock(&shard->lock);
        e = (tl_text_entry *)tl_generations_find(&shard->generations, hash, tl_text_matches, key);
        tl_text_entry *copy = e && memo ? tl_memo_keep(memo, e, hash, cache, clears) : NULL;
        if (e && !copy) {
            // Used under the lock: the entry may move or go once it is released.
            int32_t result = use(s, e, context);
            pthread_mutex_unlock(&shard->lock);
            return result;
        }
        pthread_mutex_unlock(&shard->lock);
        e = copy;
    }
    return e ? use(s, e, context) : 1;
}

static int32_t tl_use_fill(tl_scratch *s, tl_text_entry *e, void *context) {
    const tl_fill_request *request = context;
    return tl_fill_entry(s, e, *request->options, request->out);
}

int32_t tl_text_cache_lookup(tl_text_cache *cache, tl_scratch *s, const tl_text_key *key, uint64_t hash,
                             const tl_fill_options *options, tl_fill_result *out) {
    tl_fill_request request = {options, out};
    return tl_text_cache_use(cache, s, key, hash, tl_use_fill, &request);
}

typedef struct tl_visit_request {
    tl_analysis_visitor visit;
    void *context;
} tl_visit_request;

static int32_t tl_use_visit(tl_scratch *s, tl_text_entry *e, void *context) {
    const tl_visit_request *request = context;
    return request->visit(request->context, s, tl_text_segments(e), e->segment_count, tl_text_graphemes(e),
                          e->has_joints);
}

int32_t tl_text_cache_visit(tl_text_cache *cache, tl_scratch *s, const tl_text_key *key, uint64_t hash,
                            tl_analysis_visitor visit, void *context) {
    tl_visit_request request = {visit, context};
    return tl_text_cache_use(cache, s, key, hash, tl_use_visit, &request);
}

void tl_text_cache_store(tl_text_cache *cache, uint64_t hash, const tl_text_key *key, const tl_analysis *analysis) {
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
        e->has_joints = analysis->has_joints;
        memcpy(tl_text_faces(e), key->faces, sizeof(uint64_t) * (size_t)key->face_count);
        memcpy(tl_text_segments(e), analysis->segments, sizeof(tl_segment) * (size_t)analysis->segment_count);
        memcpy(tl_text_graphemes(e), analysis->graphemes, sizeof(tl_grapheme) * (size_t)analysis->grapheme_count);
        memcpy(tl_text_bytes(e), key->bytes, (size_t)key->length);
    }
    pthread_mutex_unlock(&shard->lock);
}
