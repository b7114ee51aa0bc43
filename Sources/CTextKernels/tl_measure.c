#include "tl_analyse.h"
#include "tl_fill.h"
#include "tl_text_cache.h"
#include "tl_windows.h"

// tl_measure_text as a pipeline of named steps over one context, in the order they run: look
// the text up (the text cache fills a cached one), else break it, analyse its segments, fill
// its lines and store the analysis. A text longer than a window takes tl_windows.c's path
// after the break step instead (it is never stored).
typedef struct tl_measure_context {
    tl_scratch *scratch;
    tl_text_cache *texts;
    tl_segment_cache *segments;
    const tl_font *fonts;
    tl_text_key key;          // the face ids, their count and the UTF-8 bytes
    uint64_t hash;
    tl_fill_options options;
    int32_t count;            // UTF-16 units, in scratch->units (break)
    int32_t found;            // breaks, in the scratch's break buffers (break)
    tl_analysis analysis;     // segments and clusters (analyse)
    int32_t lines;            // lines filled into scratch->lines (fill)
    int truncated;            // whether the line limit cut the text (fill)
} tl_measure_context;

// Break: the text's UTF-16 units and its UAX #14 breaks into the scratch. A text has at most
// as many UTF-16 units as UTF-8 bytes. Plain text is transcoded and broken in one pass;
// anything else is transcoded again and broken by ICU. 0 when out of memory.
static inline int tl_measure_break(tl_measure_context *c) {
    tl_scratch *s = c->scratch;
    const uint8_t *utf8 = c->key.bytes;
    int64_t length = c->key.length;
    if (!tl_scratch_reserve_units(s, length) || !tl_scratch_reserve_breaks(s, (int32_t)length)) return 0;
    c->found = tl_simple_line_breaks_utf8(utf8, length, s->units, &c->count, s->break_positions, s->break_hard);
    if (c->found < 0) {
        int64_t units = tl_utf8_to_utf16(utf8, length, s->units);
        if (units < 0) return 0;
        c->count = (int32_t)units;
        c->found = tl_icu_line_breaks(s, s->units, c->count);
    }
    return 1;
}

// Analyse: the segments and their shaped clusters (through the segment cache). 0 when out of
// memory.
static inline int tl_measure_analyse(tl_measure_context *c) {
    if (!tl_scratch_reserve_segments(c->scratch, c->count)) return 0;
    return tl_analyse_broken(c->scratch, c->segments, c->key.faces, c->fonts, c->key.face_count, c->scratch->units,
                             c->count, c->found, &c->analysis) >= 0;
}

// Fill: the lines at the options' width. 0 when out of memory.
static inline int tl_measure_fill(tl_measure_context *c) {
    c->truncated = tl_fill(c->scratch, c->analysis.segments, c->analysis.segment_count, c->analysis.graphemes,
                           c->analysis.has_joints, c->options, &c->lines);
    return c->truncated >= 0;
}

// Store: the analysis kept in the text cache for the next measurement of the text.
static inline void tl_measure_store(tl_measure_context *c) {
    tl_text_cache_store(c->texts, c->hash, &c->key, &c->analysis);
}

// Long texts: analysed and filled window by window instead. 0 when out of memory.
static inline int tl_measure_long(tl_measure_context *c) {
    c->truncated = tl_measure_windows(c->scratch, c->segments, c->key.faces, c->fonts, c->key.face_count, c->count,
                                      c->found, c->options, &c->lines);
    return c->truncated >= 0;
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
    // Lookup (tl_text_cache.c): a cached text's lines are filled there (0), or it ran out of
    // memory doing so (-1); the rest runs on a miss (1).
    int32_t lookup = tl_text_cache_lookup(texts, s, &key, hash, &options, out);
    if (lookup <= 0) return lookup;
    tl_measure_context c = {.scratch = s, .texts = texts, .segments = segments, .fonts = fonts, .key = key,
                            .hash = hash, .options = options};
    if (!tl_measure_break(&c)) return -1;
    if (c.count <= TL_WINDOW_UNITS) {
        if (!tl_measure_analyse(&c) || !tl_measure_fill(&c)) return -1;
        tl_measure_store(&c);
    } else {
        if (!tl_measure_long(&c)) return -1;
    }
    tl_scratch_trim(s);
    *out = (tl_fill_result){s->lines, c.lines, c.truncated};
    return 0;
}
