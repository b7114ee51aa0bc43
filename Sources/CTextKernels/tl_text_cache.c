#include "tl_analyse.h"
#include "tl_runs.h"
#include "tl_fill.h"
#include "tl_joints.h"
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

// The text's key hash, as tl_measure_text computes it.
static inline uint64_t tl_text_hash(const uint64_t *face_ids, int32_t font_count, const uint8_t *utf8, int64_t length) {
    return tl_hash_bytes(utf8, length, tl_hash_bytes(face_ids, 8 * (int64_t)font_count, 0x7E47));
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
static tl_text_entry *tl_memo_find(struct tl_text_memo *memo, uint64_t hash, const tl_text_cache *cache,
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
static tl_text_entry *tl_memo_keep(struct tl_text_memo *memo, const tl_text_entry *e, uint64_t hash,
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
        e->has_joints = analysis->has_joints;
        memcpy(tl_text_faces(e), key->faces, sizeof(uint64_t) * (size_t)key->face_count);
        memcpy(tl_text_segments(e), analysis->segments, sizeof(tl_segment) * (size_t)analysis->segment_count);
        memcpy(tl_text_graphemes(e), analysis->graphemes, sizeof(tl_grapheme) * (size_t)analysis->grapheme_count);
        memcpy(tl_text_bytes(e), key->bytes, (size_t)key->length);
    }
    pthread_mutex_unlock(&shard->lock);
}

// A text longer than this many UTF-16 code units is analysed and filled a window of segments
// at a time (at least one segment, at most this many units unless one segment is longer) and
// not kept in the text cache: its clusters and segments never all live at once, so memory
// stays a small multiple of the text (the UTF-16 copy and the break positions) plus a window.
// The filler is greedy, so the lines are those of the whole text; a window that ends inside a
// paragraph is shaped without the text after it as context, which changes no advance but
// of a contextual lookup reaching across a break opportunity.
enum { TL_WINDOW_UNITS = 1 << 16, TL_PIECE_CONTEXT = 32 };

// Where the piece of a long segment that starts at `from` ends: at the last cluster boundary
// at most TL_WINDOW_UNITS after it (after one cluster when that cluster is longer).
static int32_t tl_piece_end(tl_scratch *s, const uint16_t *text, int32_t from, int32_t content_end) {
    if (content_end - from <= TL_WINDOW_UNITS) return content_end;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(s->character, (const UChar *)(text + from), content_end - from, &status);
    if (U_FAILURE(status)) return content_end;
    int32_t cut = ubrk_preceding(s->character, TL_WINDOW_UNITS + 1);
    if (cut <= 0) cut = ubrk_following(s->character, 0);
    ubrk_setText(s->character, NULL, 0, &status);
    return cut <= 0 ? content_end : from + cut;
}

// The last piece shaped into s->graphemes: a piece with the same code units (its context
// after it included) has the same clusters, so a word that repeats itself (a long run of one
// letter, a pasted pattern) is shaped once per distinct piece, not once per piece.
typedef struct tl_piece_memo {
    int32_t from, to, reach, kept;  // kept < 0: nothing shaped yet
} tl_piece_memo;

// Shapes the clusters of text[from, to) into s->graphemes with up to TL_PIECE_CONTEXT code
// units after them (up to content_end) shaped too and dropped, so the last one keeps its
// kerning against what follows, as in one run. The cluster count, or -1.
static int32_t tl_shape_piece(tl_scratch *s, const tl_font *fonts, int32_t font_count, tl_piece_memo *memo,
                              const uint16_t *text, int32_t from, int32_t to, int32_t content_end) {
    int32_t reach = content_end - to > TL_PIECE_CONTEXT ? to + TL_PIECE_CONTEXT : content_end;
    if (memo->kept >= 0 && to - from == memo->to - memo->from && reach - from == memo->reach - memo->from &&
        memcmp(text + from, text + memo->from, sizeof(uint16_t) * (size_t)(reach - from)) == 0) {
        memo->from = from, memo->to = to, memo->reach = reach;
        return memo->kept;
    }
    if (!tl_scratch_reserve_segments(s, reach - from)) return -1;
    // The piece's own runs: the segment's runs are never all at hand.
    int32_t run_count = tl_itemize_or_guess(s, text + from, reach - from, s->runs);
    int32_t n = tl_shape_segment(fonts, font_count, text + from, reach - from, s->runs, run_count, 0,
                                 s->graphemes, reach - from);
    if (n < 0) return -1;
    int32_t kept = 0;
    for (int32_t at = from; at < to && kept < n;) at += s->graphemes[kept++].length;
    *memo = (tl_piece_memo){from, to, reach, kept};
    return kept;
}

// Places a segment longer than a window (code units start ..< end, content up to
// content_end) in pieces of whole clusters (see tl_shape_piece): first for the segment's sums,
// and again to place its clusters when it does not fit whole. The sums stop at the piece where
// the content already is wider than a line (no advance being negative, what follows can only
// widen it), so an overlong word is shaped about once, not twice. Returns 1 when the line limit
// was reached, 0 when not, -1 when out of memory.
static int tl_fill_long_segment(tl_scratch *s, tl_filler *f, const tl_font *fonts, int32_t font_count,
                                const uint16_t *text, tl_segment segment) {
    double advance = 0, trailing = 0;
    uint64_t mask = 0;
    int monotone = 1, overflows = 0;
    tl_piece_memo memo = {.kept = -1};
    // A margin far above the round-off of the sums, so "wider than a line" is certain.
    double line = f->options.limit / f->options.size * (1 + 1e-9) + 1e-9;
    for (int32_t from = segment.start, to; from < segment.content_end && !overflows; from = to) {
        to = tl_piece_end(s, text, from, segment.content_end);
        int32_t n = tl_shape_piece(s, fonts, font_count, &memo, text, from, to, segment.content_end);
        if (n < 0) return -1;
        for (int32_t i = 0; i < n; i++) {
            const tl_grapheme *g = &s->graphemes[i];
            advance += g->advance;
            trailing = g->hangs ? trailing + g->advance : 0;
            mask |= (uint64_t)1 << (g->font & 63);
            monotone &= g->advance >= 0;
        }
        overflows = monotone && f->options.size > 0 && advance - trailing > line;
    }
    segment.advance = advance;
    segment.trailing_space = trailing;
    segment.font_mask = mask;
    segment.shaped = 1;
    if (overflows ? !tl_fill_overflowing(f, &segment) : !tl_fill_whole(f, &segment)) {
        for (int32_t from = segment.start, to; from < segment.content_end; from = to) {
            to = tl_piece_end(s, text, from, segment.content_end);
            int32_t n = tl_shape_piece(s, fonts, font_count, &memo, text, from, to, segment.content_end);
            if (n < 0) return -1;
            tl_segment piece = {.start = from, .grapheme_count = n};
            if (tl_fill_graphemes(f, &piece, s->graphemes)) return 1;
        }
    }
    if (f->full) return 1;
    tl_fill_end_segment(f, &segment);
    return 0;
}

// Analyses and fills the text in s->units (`count` units, `found` breaks) window by window;
// returns tl_fill's result.
static int tl_measure_windows(tl_scratch *s, tl_segment_cache *segments, const uint64_t *face_ids,
                              const tl_font *fonts, int32_t font_count, int32_t count, int32_t found,
                              tl_fill_options options, int32_t *lines) {
    tl_filler filler;
    tl_filler_init(&filler, s, options);
    int truncated = 0;
    // The previous window's last segment and its last cluster (the scratch's analysis is
    // overwritten by the next window), for its joint with the next window's first segment.
    tl_segment tail_segment = {0};
    tl_grapheme tail_cluster = {0};
    int has_tail = 0;
    for (int32_t first = 0, start = 0; first < found && !truncated;) {
        int32_t end = s->break_positions[first];
        if (end - start > TL_WINDOW_UNITS) {
            if (filler.full) {
                truncated = 1;
                break;
            }
            int32_t content_end = end;
            int hard = s->break_hard[first] != 0;
            if (hard) {
                while (content_end > start && tl_is_mandatory_break(s->units[content_end - 1])) content_end--;
            }
            tl_segment segment = {.start = start, .content_end = content_end, .end = end,
                                  .ends_paragraph = (uint8_t)(hard || first == found - 1)};
            // Joints beside a segment longer than a window are 0: its clusters are never all at hand.
            has_tail = 0;
            filler.joint = 0;
            truncated = tl_fill_long_segment(s, &filler, fonts, font_count, s->units, segment);
            if (truncated < 0) return -1;
            if (!truncated && first == found - 1 && hard) {
                // As tl_analyse_range ends such a text: an empty last line.
                tl_segment empty = {.start = count, .content_end = count, .end = count, .ends_paragraph = 1};
                truncated = tl_fill_more(&filler, &empty, 1, s->graphemes);
            }
            start = end;
            first++;
            continue;
        }
        int32_t last = first + 1;
        while (last < found && s->break_positions[last] - start <= TL_WINDOW_UNITS) last++;
        if (!tl_scratch_reserve_segments(s, s->break_positions[last - 1] - start)) return -1;
        tl_analysis analysis;
        if (tl_analyse_range(s, segments, face_ids, fonts, font_count, s->units, count, found, first, last,
                             &analysis) < 0)
            return -1;
        const tl_segment *head = &analysis.segments[0];
        filler.joint = has_tail && analysis.segment_count > 0 && head->grapheme_count > 0
                           ? tl_joint_between(s, face_ids, fonts, s->units, &tail_segment, &tail_cluster, head,
                                              &analysis.graphemes[head->first_grapheme])
                           : 0;
        truncated = tl_fill_more(&filler, analysis.segments, analysis.segment_count, analysis.graphemes);
        has_tail = analysis.segment_count > 0 && analysis.segments[analysis.segment_count - 1].grapheme_count > 0;
        if (has_tail) tail_segment = analysis.segments[analysis.segment_count - 1];
        if (has_tail) tail_cluster = analysis.graphemes[tail_segment.first_grapheme + tail_segment.grapheme_count - 1];
        start = s->break_positions[last - 1];
        first = last;
    }
    *lines = filler.emitted;
    return filler.failed ? -1 : truncated;
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

int32_t tl_measure_text(tl_text_cache *texts, tl_segment_cache *segments, const uint64_t *face_ids,
                        const tl_font *fonts, int32_t font_count, const uint8_t *utf8,
                        int64_t length, tl_fill_options options, tl_fill_result *out) {
    if (!texts || length <= 0 || length > (1 << 29) || font_count <= 0 || font_count > 64) return -1;
    tl_scratch *s = tl_scratch_get();
    if (!s) return -1;
    tl_scratch_trim_lines(s);
    tl_text_key key = {face_ids, font_count, utf8, length};
    uint64_t hash = tl_text_hash(face_ids, font_count, utf8, length);
    int32_t lines = 0;
    struct tl_text_memo *memo = tl_memo_for(s);
    uint64_t clears = atomic_load_explicit(&texts->clears, memory_order_acquire);
    tl_text_entry *e = memo ? tl_memo_find(memo, hash, texts, clears, &key) : NULL;
    if (e) {
        atomic_fetch_add_explicit(&texts->memo_hits[s->thread_index % TL_MEMO_STRIPES].count, 1, memory_order_relaxed);
    } else {
        tl_shard *shard = &texts->shards.shard[tl_shard_index(&texts->shards, hash)];
        pthread_mutex_lock(&shard->lock);
        e = (tl_text_entry *)tl_generations_find(&shard->generations, hash, tl_text_matches, &key);
        tl_text_entry *copy = e && memo ? tl_memo_keep(memo, e, hash, texts, clears) : NULL;
        if (e && !copy) {
            // Filled under the lock: the entry may move or go once it is released.
            int result = tl_fill_entry(s, e, options, out);
            pthread_mutex_unlock(&shard->lock);
            return result;
        }
        pthread_mutex_unlock(&shard->lock);
        e = copy;
    }
    if (e) return tl_fill_entry(s, e, options, out);

    // A text has at most as many UTF-16 units as UTF-8 bytes. Plain text is transcoded and
    // broken in one pass; anything else is transcoded again and broken by ICU.
    if (!tl_scratch_reserve_units(s, length) || !tl_scratch_reserve_breaks(s, (int32_t)length)) return -1;
    int32_t count = 0;
    int32_t found = tl_simple_line_breaks_utf8(utf8, length, s->units, &count, s->break_positions, s->break_hard);
    if (found < 0) {
        int64_t units = tl_utf8_to_utf16(utf8, length, s->units);
        if (units < 0) return -1;
        count = (int32_t)units;
        found = tl_icu_line_breaks(s, s->units, count);
    }
    int truncated;
    if (count <= TL_WINDOW_UNITS) {
        if (!tl_scratch_reserve_segments(s, count)) return -1;
        tl_analysis analysis;
        if (tl_analyse_broken(s, segments, face_ids, fonts, font_count, s->units, count, found, &analysis) < 0)
            return -1;
        truncated = tl_fill(s, analysis.segments, analysis.segment_count, analysis.graphemes, analysis.has_joints,
                            options, &lines);
        if (truncated < 0) return -1;
        tl_text_store(texts, hash, &key, &analysis);
    } else {
        truncated = tl_measure_windows(s, segments, face_ids, fonts, font_count, count, found, options, &lines);
        if (truncated < 0) return -1;
    }
    tl_scratch_trim(s);
    *out = (tl_fill_result){s->lines, lines, truncated};
    return 0;
}
