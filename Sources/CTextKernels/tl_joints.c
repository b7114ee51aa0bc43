#include "tl_joints.h"
#include <hb-ot.h>
#include <stdlib.h>
#include <string.h>

void tl_fill_bmp_context(void *hb_face, uint64_t *bits) {
    hb_face_t *face = hb_face;
    // Tables HarfBuzz applies outside GSUB and GPOS (AAT; legacy `kern` unless GPOS has a kern
    // feature, which then replaces it): anything may change.
    hb_tag_t features[64];
    unsigned feature_count = 64, gpos_kern = 0;
    hb_ot_layout_table_get_feature_tags(face, HB_OT_TAG_GPOS, 0, &feature_count, features);
    for (unsigned i = 0; i < feature_count; i++) gpos_kern |= features[i] == HB_TAG('k', 'e', 'r', 'n');
    static const hb_tag_t whole[] = {HB_TAG('k', 'e', 'r', 'n'), HB_TAG('k', 'e', 'r', 'x'),
                                     HB_TAG('m', 'o', 'r', 'x'), HB_TAG('t', 'r', 'a', 'k')};
    for (size_t i = gpos_kern ? 1 : 0; i < sizeof whole / sizeof whole[0]; i++) {
        hb_blob_t *blob = hb_face_reference_table(face, whole[i]);
        unsigned length = hb_blob_get_length(blob);
        hb_blob_destroy(blob);
        if (length > 0) {
            memset(bits, 0xFF, 1024 * sizeof(uint64_t));
            return;
        }
    }
    hb_set_t *glyphs = hb_set_create();
    static const hb_tag_t tables[] = {HB_OT_TAG_GSUB, HB_OT_TAG_GPOS};
    for (int t = 0; t < 2; t++) {
        unsigned lookups = hb_ot_layout_table_get_lookup_count(face, tables[t]);
        for (unsigned i = 0; i < lookups; i++)
            hb_ot_layout_lookup_collect_glyphs(face, tables[t], i, glyphs, glyphs, glyphs, glyphs);
    }
    // Unmapped characters (shaped with .notdef or another font's glyph) stay set.
    memset(bits, 0xFF, 1024 * sizeof(uint64_t));
    hb_font_t *font = hb_font_create(face);
    hb_set_t *unicodes = hb_set_create();
    hb_face_collect_unicodes(face, unicodes);
    hb_codepoint_t c = HB_SET_VALUE_INVALID, glyph;
    while (hb_set_next(unicodes, &c) && c < 0x10000) {
        if (hb_font_get_nominal_glyph(font, c, &glyph) && !hb_set_has(glyphs, glyph))
            bits[c >> 6] &= ~((uint64_t)1 << (c & 63));
    }
    hb_set_destroy(unicodes);
    hb_font_destroy(font);
    hb_set_destroy(glyphs);
}

// The advance of text[start, end) shaped as one run with `font`, in font units.
static int64_t tl_run_units(tl_scratch *s, const tl_font *font, const uint16_t *text,
                            int32_t start, int32_t end) {
    unsigned count = 0;
    hb_glyph_position_t *positions = tl_shape_alone(s, font, text, start, end, &count);
    int64_t advance = 0;
    for (unsigned i = 0; i < count; i++) advance += positions[i].x_advance;
    return advance;
}

// The joint between clusters text[a, b) and text[b, c) in `font`, in em. Widths are summed
// in font units (integers), so the difference is exact.
static double tl_shape_joint(tl_scratch *s, const tl_font *font, const uint16_t *text,
                             int32_t a, int32_t b, int32_t c) {
    int64_t together = tl_run_units(s, font, text, a, c);
    int64_t apart = tl_run_units(s, font, text, a, b) + tl_run_units(s, font, text, b, c);
    return (double)(together - apart) * font->inverse_upem;
}

static inline uint32_t tl_joint_slot(uint64_t face, const uint16_t *units, int32_t count) {
    uint64_t h = face * 0x9E3779B97F4A7C15ull;
    for (int32_t i = 0; i < count; i++) h = (h ^ units[i]) * 0xFF51AFD7ED558CCDull;
    return (uint32_t)(h >> 40) & (TL_JOINT_ENTRIES - 1);
}

// The joint of text[a, b) and text[b, c) in font `f`, through this thread's memos (one for two
// one-unit clusters, one for longer pairs); pairs too long for an entry are shaped every time.
static double tl_joint(tl_scratch *s, const uint64_t *face_ids, const tl_font *fonts, int32_t f,
                       const uint16_t *text, int32_t a, int32_t b, int32_t c) {
    const tl_font *font = &fonts[f];
    int32_t units = c - a;
    if (units > TL_JOINT_UNITS || (!s->joints && !tl_scratch_reserve_joints(s)))
        return tl_shape_joint(s, font, text, a, b, c);
    if (units == 2 && face_ids[f] < 0xFFFFFFFFull) {
        uint64_t key = face_ids[f] << 32 | (uint64_t)text[a] << 16 | text[b];
        uint32_t slot = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 52) & (TL_PAIR_ENTRIES - 1);
        if (s->pair_keys[slot] == key) return s->pair_joints[slot];
        double joint = tl_shape_joint(s, font, text, a, b, c);
        s->pair_keys[slot] = key;
        s->pair_joints[slot] = joint;
        return joint;
    }
    tl_joint_entry *e = &s->joints[tl_joint_slot(face_ids[f], text + a, units)];
    if (e->face == face_ids[f] && e->first == b - a && e->units == units &&
        memcmp(e->text, text + a, sizeof(uint16_t) * (size_t)units) == 0)
        return e->joint;
    double joint = tl_shape_joint(s, font, text, a, b, c);
    e->face = face_ids[f];
    e->first = (uint8_t)(b - a);
    e->units = (uint8_t)units;
    memcpy(e->text, text + a, sizeof(uint16_t) * (size_t)units);
    e->joint = joint;
    return joint;
}

static inline int tl_context_free(const tl_font *font, const uint16_t *text, int32_t start, int32_t end) {
    if (end - start != 1 || !font->context) return 0;
    uint16_t u = text[start];
    return !(font->context[u >> 6] >> (u & 63) & 1);
}

// Clusters longer than this are shaped in pieces (tl_shape.c): their joints are 0, which keeps
// the work per joint bounded.
enum { TL_JOINT_CLUSTER_UNITS = 64 };

double tl_joint_between(tl_scratch *s, const uint64_t *face_ids, const tl_font *fonts,
                        const uint16_t *text, const tl_segment *segment, const tl_grapheme *last,
                        const tl_segment *next, const tl_grapheme *first) {
    if (segment->ends_paragraph || !segment->shaped || !next->shaped ||
        segment->grapheme_count == 0 || next->grapheme_count == 0)
        return 0;
    // A segment's trailing spaces are in the first font that has them (tl_shape_segment), so
    // its last cluster's font is the one the line shapes it in.
    int32_t font = last->font;
    if (font != first->font || last->length > TL_JOINT_CLUSTER_UNITS || first->length > TL_JOINT_CLUSTER_UNITS)
        return 0;
    int32_t b = segment->content_end, a = b - last->length, c = b + first->length;
    if (tl_context_free(&fonts[font], text, a, b) || tl_context_free(&fonts[font], text, b, c))
        return 0;
    return tl_joint(s, face_ids, fonts, font, text, a, b, c);
}

void tl_segment_joints(tl_scratch *s, const uint64_t *face_ids, const tl_font *fonts,
                       const uint16_t *text, tl_segment *segments, int32_t count,
                       const tl_grapheme *graphemes) {
    for (int32_t i = 0; i < count; i++) {
        tl_segment *segment = &segments[i];
        segment->joint = 0;
        if (i + 1 == count || segment->grapheme_count == 0 || segments[i + 1].grapheme_count == 0) continue;
        const tl_segment *next = &segments[i + 1];
        segment->joint = tl_joint_between(s, face_ids, fonts, text, segment,
                                          &graphemes[segment->first_grapheme + segment->grapheme_count - 1],
                                          next, &graphemes[next->first_grapheme]);
    }
}
