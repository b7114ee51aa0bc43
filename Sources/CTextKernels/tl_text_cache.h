#ifndef TL_TEXT_CACHE_H
#define TL_TEXT_CACHE_H
// The text cache's two steps of tl_measure_text (tl_measure.c): lookup, which fills a cached
// text's lines, and store, which keeps a new text's analysis.
#include "CTextKernels.h"
#include "tl_scratch.h"

/// What a cached text is found by: its font stack's face ids and its exact UTF-8 bytes.
typedef struct tl_text_key {
    const uint64_t *faces;
    int32_t face_count;
    const uint8_t *bytes;
    int64_t length;
} tl_text_key;

/// The key's hash (the shard, the memo slots and the generations' buckets all come from it).
static inline uint64_t tl_text_hash(const uint64_t *face_ids, int32_t font_count, const uint8_t *utf8, int64_t length) {
    return tl_hash_bytes(utf8, length, tl_hash_bytes(face_ids, 8 * (int64_t)font_count, 0x7E47));
}

/// Fills the lines of the text `key` (hash `hash`) into `out` when this thread's memo or the
/// cache holds it: returns 0 when it did, -1 when it ran out of memory doing so, 1 when the
/// text is not cached.
int32_t tl_text_cache_lookup(tl_text_cache *cache, tl_scratch *s, const tl_text_key *key, uint64_t hash,
                             const tl_fill_options *options, tl_fill_result *out);

/// What tl_text_cache_visit gives a cached text's analysis to; returns 0, or -1 when out of memory.
typedef int32_t (*tl_analysis_visitor)(void *context, tl_scratch *s, const tl_segment *segments, int32_t count,
                                       const tl_grapheme *graphemes, int has_joints);

/// Calls `visit` with the analysis of the text `key` (hash `hash`) when this thread's memo or
/// the cache holds it (under the shard's lock, so it must not call back into the cache) and
/// returns what it returns; 1 when the text is not cached.
int32_t tl_text_cache_visit(tl_text_cache *cache, tl_scratch *s, const tl_text_key *key, uint64_t hash,
                            tl_analysis_visitor visit, void *context);

/// Stores an analysed text (its key and analysis copied in); out of memory stores nothing.
void tl_text_cache_store(tl_text_cache *cache, uint64_t hash, const tl_text_key *key, const tl_analysis *analysis);

#endif
