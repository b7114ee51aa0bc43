#include "tl_analyse.h"
#include "tl_hash.h"
#include "tl_joints.h"
#include "tl_runs.h"
#include "tl_scratch.h"
#include "tl_segment_cache.h"
#include <stdlib.h>
#include <string.h>

// A segment's sums over its clusters, as TextEngine has always made them: summed from the end
// (the order fixes the rounding), the trailing hanging clusters apart, and where its trailing
// run of hanging space separators starts.
static void tl_summarize(const tl_grapheme *g, int32_t count, tl_segment *segment) {
    double advance = 0, trailing = 0;
    uint64_t mask = 0;
    int in_trailing = 1;
    for (int32_t i = count - 1; i >= 0; i--) {
        advance += g[i].advance;
        mask |= (uint64_t)1 << (g[i].font & 63);
        if (in_trailing && g[i].hangs) trailing += g[i].advance; else in_trailing = 0;
    }
    int32_t first = count;
    while (first > 0 && g[first - 1].spaces && g[first - 1].hangs) first--;
    segment->advance = advance;
    segment->trailing_space = trailing;
    segment->font_mask = mask;
    segment->trailing_spaces_start = first;
}

// Copies `count` clusters: most segments hold a few (one per CJK character), where a memcpy
// call costs more than the copy.
static inline void tl_copy_graphemes(tl_grapheme *to, const tl_grapheme *from, int32_t count) {
    if (count > 8) {
        memcpy(to, from, sizeof(tl_grapheme) * (size_t)count);
        return;
    }
    for (int32_t i = 0; i < count; i++) to[i] = from[i];
}

// Cuts a paragraph's clusters (starting at code unit `origin`) at its segments: segment k's
// clusters are cluster_start[k] ..< cluster_start[k + 1], its last cluster given its unkerned
// advance. 0 when a segment boundary falls inside a cluster.
static int tl_cut(tl_grapheme *g, int32_t count, int32_t origin, const tl_segment *segments,
                  int32_t n, int32_t *cluster_start) {
    int32_t index = 0, offset = origin;
    cluster_start[0] = 0;
    for (int32_t k = 0; k < n; k++) {
        // Inner segments of a paragraph have no break characters between them.
        if (offset != segments[k].start) return 0;
        int32_t first = index;
        while (offset < segments[k].content_end && index < count) offset += g[index++].length;
        if (offset != segments[k].content_end) return 0;
        if (index > first) g[index - 1].advance = g[index - 1].tail;
        cluster_start[k + 1] = index;
    }
    return 1;
}

// Whether segment `k` of a paragraph's `n` segments meets a neighbour across a break that
// follows a zero-width space or a soft hyphen (so letters may join across the break).
static int tl_joins_across_break(const uint16_t *text, const tl_segment *segments, int32_t n, int32_t k) {
    for (int32_t before = k - 1; before <= k; before++) {
        if (before < 0 || before + 1 >= n) continue;
        const tl_segment *segment = &segments[before];
        if (segment->content_end <= segment->start) continue;
        uint16_t last = text[segment->content_end - 1];
        if (last == 0x200B || last == 0x00AD) return 1;
    }
    return 0;
}

// Gives the `n` segments of one paragraph their clusters (appended at *cursor in the
// scratch's `graphemes`) and sums: from the cache, else shaped (see tl_analyse_text).
static void tl_analyse_paragraph(tl_scratch *s, tl_segment_cache *cache, uint64_t seed,
                                 const uint64_t *faces, const tl_font *fonts, int32_t font_count,
                                 const uint16_t *text, tl_segment *segments, int32_t n,
                                 int32_t *cursor) {
    // Each segment with content is hashed once (outside the locks) and pushed on its shard's
    // list (`next` links, so each list runs from the paragraph's last segment to its first):
    // each shard is then locked once and visited only for its own segments.
    int32_t shards = cache ? cache->shards.count : 1;
    int32_t head[TL_SHARDS_MAX];
    for (int32_t i = 0; i < shards; i++) head[i] = -1;
    int32_t *next = s->order;
    // The paragraph's script and level runs: a segment is shaped, and cached, with its own.
    int32_t origin = segments[0].start, length = segments[n - 1].content_end - origin;
    tl_run *runs = s->runs;
    int32_t run_count = tl_itemize_or_guess(s, text + origin, length, runs);
    // A segment's context (tl_runs_context) goes into its hash through the seed; a paragraph of
    // one run (most) gives all its segments the same context, so contexts[] is filled only
    // for paragraphs of several runs.
    uint32_t *contexts = s->contexts;
    const uint16_t single = runs[0].props;
    const uint64_t single_seed = seed ^ (uint64_t)single * 0x9E3779B97F4A7C15ull;
    tl_segment_key key = {.faces = faces, .face_count = font_count};
    int missing_unkeyed = 0;
    for (int32_t k = 0, cursor = 0; k < n; k++) {
        tl_segment *segment = &segments[k];
        s->fresh[k] = 0;
        if (segment->content_end <= segment->start) {
            segment->first_props = segment->last_props = 0;
            continue;
        }
        uint64_t segment_seed = single_seed;
        if (run_count == 1) {
            segment->first_props = segment->last_props = single;
        } else {
            uint32_t context = tl_runs_context(runs, run_count, &cursor, segment->start - origin,
                                               segment->content_end - origin, &segment->first_props,
                                               &segment->last_props);
            contexts[k] = context;
            segment_seed = seed ^ (uint64_t)context * 0x9E3779B97F4A7C15ull;
        }
        // A break after a zero-width space or a soft hyphen leaves the letters on either side
        // joined (both are transparent to Arabic joining), so the two segments' clusters depend
        // on each other: they are shaped with the paragraph every time and never cached, where a
        // copy would carry one text's neighbour into another text.
        if (tl_joins_across_break(text, segments, n, k)) {
            s->fresh[k] = 2;
            missing_unkeyed = 1;
            continue;
        }
        uint64_t hash = tl_hash_inline(text + segment->start,
                                       2 * (int64_t)(segment->content_end - segment->start), segment_seed);
        s->hashes[k] = hash;
        int32_t shard = cache ? tl_shard_index(&cache->shards, hash) : 0;
        next[k] = head[shard];
        head[shard] = k;
    }
    // Clusters are appended shard by shard: every segment keeps its own first_grapheme, so the
    // order of segments in the cluster array does not matter (misses are appended after hits).
    int missing = missing_unkeyed;
    for (int32_t shard_index = 0; shard_index < shards; shard_index++) {
        if (head[shard_index] < 0) continue;
        if (!cache) {
            for (int32_t k = head[shard_index]; k >= 0; k = next[k]) s->fresh[k] = 1;
            missing = 1;
            continue;
        }
        tl_shard *shard = &cache->shards.shard[shard_index];
        pthread_mutex_lock(&shard->lock);
        // Lookups mostly wait for memory (a slot, then its entry): start every slot's load,
        // then every likely entry's, then look up, so the waits overlap.
        const tl_table *recent = &shard->generations.recent;
        for (int32_t k = head[shard_index]; k >= 0; k = next[k]) tl_table_prefetch_slot(recent, s->hashes[k]);
        for (int32_t k = head[shard_index]; k >= 0; k = next[k]) tl_table_prefetch_record(recent, s->hashes[k]);
        for (int32_t k = head[shard_index]; k >= 0; k = next[k]) {
            tl_segment *segment = &segments[k];
            key.context = run_count == 1 ? single : contexts[k];
            key.units = text + segment->start;
            key.unit_count = segment->content_end - segment->start;
            tl_entry *e = tl_segment_cache_find_locked(shard, s->hashes[k], &key);
            if (!e) {
                s->fresh[k] = 1;
                missing = 1;
                continue;
            }
            tl_copy_graphemes(s->graphemes + *cursor, tl_entry_graphemes(e), e->grapheme_count);
            segment->first_grapheme = *cursor;
            segment->grapheme_count = e->grapheme_count;
            segment->advance = e->advance;
            segment->trailing_space = e->trailing_space;
            segment->font_mask = e->font_mask;
            segment->trailing_spaces_start = e->trailing_spaces_start;
            segment->shaped = 1;
            *cursor += e->grapheme_count;
        }
        pthread_mutex_unlock(&shard->lock);
    }
    if (!missing) return;

    // Shape the paragraph once (few HarfBuzz calls) and cut it; if that fails, each missing
    // segment is shaped alone.
    int32_t count = tl_shape_segment(fonts, font_count, text + origin, length, runs, run_count, 0,
                                     s->paragraph, length);
    int cut = count >= 0 && tl_cut(s->paragraph, count, origin, segments, n, s->cluster_start);
    for (int32_t k = 0; k < n; k++) {
        if (!s->fresh[k]) continue;
        tl_segment *segment = &segments[k];
        int32_t made;
        if (cut) {
            made = s->cluster_start[k + 1] - s->cluster_start[k];
            memcpy(s->graphemes + *cursor, s->paragraph + s->cluster_start[k], sizeof(tl_grapheme) * (size_t)made);
        } else {
            int32_t units = segment->content_end - segment->start;
            made = tl_shape_segment(fonts, font_count, text + segment->start, units, runs, run_count,
                                    segment->start - origin, s->graphemes + *cursor, units);
            if (made < 0) {
                s->fresh[k] = 0;   // not shaped: measured as empty, not cached
                continue;
            }
        }
        segment->first_grapheme = *cursor;
        segment->grapheme_count = made;
        segment->shaped = 1;
        tl_summarize(s->graphemes + *cursor, made, segment);
        *cursor += made;
    }
    if (!cache) return;
    // Last segment first (the lists' order): when a paragraph holds a new word twice, the cache
    // keeps its last occurrence (both copies hash to the same shard). A segment that cannot be stored (out of
    // memory) is just not cached.
    for (int32_t shard_index = 0; shard_index < shards; shard_index++) {
        tl_shard *shard = &cache->shards.shard[shard_index];
        int locked = 0;
        for (int32_t k = head[shard_index]; k >= 0; k = next[k]) {
            if (!s->fresh[k]) continue;
            if (!locked) {
                pthread_mutex_lock(&shard->lock);
                tl_segment_cache_begin_batch_locked(shard);
                locked = 1;
            }
            tl_segment *segment = &segments[k];
            key.context = run_count == 1 ? single : contexts[k];
            key.units = text + segment->start;
            key.unit_count = segment->content_end - segment->start;
            tl_segment_cache_insert_locked(shard, s->hashes[k], &key, s->graphemes + segment->first_grapheme,
                                           segment);
        }
        if (locked) pthread_mutex_unlock(&shard->lock);
    }
}

int32_t tl_analyse_text(tl_segment_cache *cache, const uint64_t *face_ids, const tl_font *fonts,
                        int32_t font_count, const uint16_t *text, int32_t length,
                        tl_analysis *out) {
    tl_scratch *s = tl_scratch_get();
    if (!s || font_count <= 0 || font_count > 64 || length < 0 ||
        !tl_scratch_reserve_analysis(s, length))
        return -1;
    // Plain English text needs no ICU pass (its breaks are a few pair rules).
    int32_t found = tl_simple_line_breaks(text, length, s->break_positions, s->break_hard, length + 1);
    if (found < 0) found = tl_icu_line_breaks(s, text, length);
    return tl_analyse_broken(s, cache, face_ids, fonts, font_count, text, length, found, out);
}

int32_t tl_icu_line_breaks(tl_scratch *s, const uint16_t *text, int32_t length) {
    int32_t found = tl_line_breaks(text, length, s->break_positions, s->break_hard, length + 1);
    if (found < 0) {
        // ICU failed (out of memory): one segment, still measured.
        s->break_positions[0] = length;
        s->break_hard[0] = 0;
        found = 1;
    }
    return found;
}

int32_t tl_analyse_range(tl_scratch *s, tl_segment_cache *cache, const uint64_t *face_ids,
                         const tl_font *fonts, int32_t font_count, const uint16_t *text,
                         int32_t length, int32_t found, int32_t first, int32_t last,
                         tl_analysis *out) {
    uint64_t seed = tl_hash_bytes(face_ids, 8 * (int64_t)font_count, 0x5E9E47CAC4Eull);
    tl_segment *segments = s->segments;
    int32_t start = first > 0 ? s->break_positions[first - 1] : 0;
    int32_t count = last - first, paragraph_first = 0, cursor = 0;
    for (int32_t i = 0; i < count; i++) {
        int32_t end = s->break_positions[first + i], content_end = end;
        int hard = s->break_hard[first + i] != 0;
        if (hard) {
            while (content_end > start && tl_is_mandatory_break(text[content_end - 1])) content_end--;
        }
        segments[i] = (tl_segment){
            .start = start, .content_end = content_end, .end = end,
            .first_grapheme = cursor, .ends_paragraph = (uint8_t)hard,
        };
        start = end;
        if (hard || i == count - 1) {
            tl_analyse_paragraph(s, cache, seed, face_ids, fonts, font_count, text,
                                 segments + paragraph_first, i + 1 - paragraph_first, &cursor);
            paragraph_first = i + 1;
        }
    }
    // A text ending in a mandatory break has an empty last line (as Pango and TextKit lay it
    // out); otherwise the last segment ends the last paragraph.
    if (last == found && count > 0 && segments[count - 1].ends_paragraph) {
        segments[count] = (tl_segment){
            .start = length, .content_end = length, .end = length,
            .first_grapheme = cursor, .ends_paragraph = 1,
        };
        count++;
    } else if (last == found && count > 0) {
        segments[count - 1].ends_paragraph = 1;
    }
    out->has_joints = tl_segment_joints(s, face_ids, fonts, text, segments, count, s->graphemes);
    out->segments = segments;
    out->segment_count = count;
    out->graphemes = s->graphemes;
    out->grapheme_count = cursor;
    return count;
}

int32_t tl_analyse_broken(tl_scratch *s, tl_segment_cache *cache, const uint64_t *face_ids,
                          const tl_font *fonts, int32_t font_count, const uint16_t *text,
                          int32_t length, int32_t found, tl_analysis *out) {
    return tl_analyse_range(s, cache, face_ids, fonts, font_count, text, length, found, 0, found, out);
}
