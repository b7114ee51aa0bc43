#include "tl_joints.h"
#include <hb-ot.h>
#include <stdlib.h>
#include <string.h>

// Big-endian reads inside a table of `length` bytes (0 past its end).
static inline unsigned tl_u16(const uint8_t *t, unsigned length, unsigned at) {
    return at + 2 <= length ? (unsigned)t[at] << 8 | t[at + 1] : 0;
}
static inline unsigned tl_u32(const uint8_t *t, unsigned length, unsigned at) {
    return at + 4 <= length ? tl_u16(t, length, at) << 16 | tl_u16(t, length, at + 2) : 0;
}

// The type of lookup `index` of a GSUB or GPOS table (an extension lookup's wrapped type), 0 when
// the table does not say.
static unsigned tl_lookup_type(const uint8_t *t, unsigned length, unsigned index, unsigned extension) {
    unsigned list = tl_u16(t, length, 8);
    if (list == 0 || index >= tl_u16(t, length, list)) return 0;
    unsigned lookup = list + tl_u16(t, length, list + 2 + 2 * index);
    unsigned type = tl_u16(t, length, lookup);
    if (type != extension || tl_u16(t, length, lookup + 4) == 0) return type;
    unsigned subtable = lookup + tl_u16(t, length, lookup + 6);
    return tl_u16(t, length, subtable + 2);
}

// Whether GSUB lookup `index` is a ligature lookup (wrapped or not) whose every ligature has at
// least two components, so that it never changes a glyph alone (0 when the table does not say).
static int tl_ligatures_only_join(const uint8_t *t, unsigned length, unsigned index) {
    unsigned list = tl_u16(t, length, 8);
    if (list == 0 || index >= tl_u16(t, length, list)) return 0;
    unsigned lookup = list + tl_u16(t, length, list + 2 + 2 * index);
    unsigned type = tl_u16(t, length, lookup), subtables = tl_u16(t, length, lookup + 4);
    if (subtables == 0 || (type != 4 && type != 7)) return 0;
    for (unsigned k = 0; k < subtables; k++) {
        unsigned subtable = lookup + tl_u16(t, length, lookup + 6 + 2 * k);
        if (type == 7) {
            if (tl_u16(t, length, subtable + 2) != 4) return 0;
            subtable += tl_u32(t, length, subtable + 4);
        }
        if (tl_u16(t, length, subtable) != 1) return 0;
        unsigned sets = tl_u16(t, length, subtable + 4);
        for (unsigned i = 0; i < sets; i++) {
            unsigned set = subtable + tl_u16(t, length, subtable + 6 + 2 * i);
            unsigned ligatures = tl_u16(t, length, set);
            for (unsigned j = 0; j < ligatures; j++) {
                unsigned ligature = set + tl_u16(t, length, set + 2 + 2 * j);
                if (ligature + 4 > length || tl_u16(t, length, ligature + 2) < 2) return 0;
            }
        }
    }
    return 1;
}

// The classes (tl_font.joint_classes) of each of the face's `glyph_count` glyphs: the lookups
// that may make a glyph differ by its neighbours (every GSUB lookup; GPOS pair kerning, cursive
// attachment and contexts; unknown types too) numbered in order, GSUB's then GPOS's, lookup k
// giving its bit k % 8 to every glyph it names. Then, since a substitution may turn a glyph into
// another, each GSUB lookup's input glyphs take the classes of its output glyphs, until nothing
// changes (not through ligatures of two components or more: a lone glyph never becomes one). GPOS lookups that adjust one glyph the same way wherever it is or only place marks
// (attachment moves a mark, never an advance; a mark belongs to its base's cluster) give no
// bit. Lookups of features HarfBuzz does not apply (vertical forms, say) count all the same:
// classes may only be too wide. NULL when out of memory.
static uint8_t *tl_glyph_joint_classes(hb_face_t *face, unsigned glyph_count) {
    uint8_t *classes = calloc(glyph_count ? glyph_count : 1, 1);
    unsigned gsub_lookups = hb_ot_layout_table_get_lookup_count(face, HB_OT_TAG_GSUB);
    hb_set_t **from = calloc(gsub_lookups ? gsub_lookups : 1, sizeof *from);
    hb_set_t **to = calloc(gsub_lookups ? gsub_lookups : 1, sizeof *to);
    if (!classes || !from || !to) {
        free(classes);
        free(from);
        free(to);
        return NULL;
    }
    hb_set_t *named = hb_set_create();
    unsigned contextual = 0;
    static const hb_tag_t tables[] = {HB_OT_TAG_GSUB, HB_OT_TAG_GPOS};
    for (int t = 0; t < 2; t++) {
        hb_blob_t *blob = hb_face_reference_table(face, tables[t]);
        unsigned length = 0;
        const uint8_t *data = (const uint8_t *)hb_blob_get_data(blob, &length);
        unsigned lookups = t == 0 ? gsub_lookups : hb_ot_layout_table_get_lookup_count(face, tables[t]);
        for (unsigned i = 0; i < lookups; i++) {
            unsigned type = tl_lookup_type(data, length, i, t == 0 ? 7 : 9);
            if (t == 0) {
                from[i] = hb_set_create();
                to[i] = hb_set_create();
            }
            hb_set_clear(named);
            hb_ot_layout_lookup_collect_glyphs(face, tables[t], i, named, t == 0 ? from[i] : named, named,
                                               t == 0 ? to[i] : named);
            // GPOS adjustments of one glyph and mark attachments never change an advance by a
            // neighbour. (One-glyph substitutions do count: a shaper picks some of them by the
            // neighbours, as Arabic joining forms.)
            if (t == 1 && (type == 1 || (type >= 4 && type <= 6))) continue;
            if (t == 0) {
                hb_set_union(named, from[i]);
                hb_set_union(named, to[i]);
                // A ligature needs its next component, so a lone glyph never becomes one: two
                // neighbours forming it share this lookup's class anyway.
                if (tl_ligatures_only_join(data, length, i)) hb_set_clear(to[i]);
            }
            uint8_t bit = (uint8_t)(1u << (contextual++ % 8));
            hb_codepoint_t g = HB_SET_VALUE_INVALID;
            while (hb_set_next(named, &g))
                if (g < glyph_count) classes[g] |= bit;
        }
        hb_blob_destroy(blob);
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (unsigned i = 0; i < gsub_lookups; i++) {
            uint8_t reached = 0;
            hb_codepoint_t g = HB_SET_VALUE_INVALID;
            while (hb_set_next(to[i], &g))
                if (g < glyph_count) reached |= classes[g];
            if (!reached) continue;
            for (g = HB_SET_VALUE_INVALID; hb_set_next(from[i], &g);) {
                if (g >= glyph_count || (classes[g] | reached) == classes[g]) continue;
                classes[g] |= reached;
                changed = 1;
            }
        }
    }
    for (unsigned i = 0; i < gsub_lookups; i++) {
        hb_set_destroy(from[i]);
        hb_set_destroy(to[i]);
    }
    free(from);
    free(to);
    hb_set_destroy(named);
    return classes;
}

void tl_fill_bmp_joint_classes(void *hb_face, uint8_t *classes) {
    hb_face_t *face = hb_face;
    // Unmapped characters (shaped with .notdef or another font's glyph) may join anything.
    memset(classes, 0xFF, 65536);
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
        if (length > 0) return;
    }
    unsigned glyph_count = hb_face_get_glyph_count(face);
    uint8_t *glyph_classes = tl_glyph_joint_classes(face, glyph_count);
    if (!glyph_classes) return;
    hb_font_t *font = hb_font_create(face);
    hb_set_t *unicodes = hb_set_create();
    hb_face_collect_unicodes(face, unicodes);
    hb_codepoint_t c = HB_SET_VALUE_INVALID, glyph;
    while (hb_set_next(unicodes, &c) && c < 0x10000) {
        if (hb_font_get_nominal_glyph(font, c, &glyph))
            classes[c] = glyph < glyph_count ? glyph_classes[glyph] : 0xFF;
    }
    hb_set_destroy(unicodes);
    hb_font_destroy(font);
    free(glyph_classes);
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

// The joint of text[a, b) and text[b, c) in font `f` when the memo of two one-unit clusters
// does not hold it: through the memo of longer pairs, else shaped (and memoised); pairs too long
// for an entry are shaped every time.
static double tl_joint_slow(tl_scratch *s, const uint64_t *face_ids, const tl_font *fonts, int32_t f,
                            const uint16_t *text, int32_t a, int32_t b, int32_t c) {
    const tl_font *font = &fonts[f];
    int32_t units = c - a;
    if (units > TL_JOINT_UNITS || (!s->joints && !tl_scratch_reserve_joints(s)))
        return tl_shape_joint(s, font, text, a, b, c);
    if (units == 2 && face_ids[f] < 0xFFFFFFFFull) {
        uint64_t key = face_ids[f] << 32 | (uint64_t)text[a] << 16 | text[b];
        uint32_t slot = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 52) & (TL_PAIR_ENTRIES - 1);
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

// Clusters longer than this are shaped in pieces (tl_shape.c): their joints are 0, which keeps
// the work per joint bounded.
enum { TL_JOINT_CLUSTER_UNITS = 64 };

// tl_joint_between, inlined in the walk over a text's segments: the common cases (a joint
// across fonts or paragraphs, beside a character that changes next to nothing, or two one-unit
// clusters already memoised) cost a few comparisons and no call.
static inline __attribute__((always_inline)) double
tl_joint_of(tl_scratch *s, const uint64_t *face_ids, const tl_font *fonts, const uint16_t *text,
            const tl_segment *segment, const tl_grapheme *last, const tl_segment *next,
            const tl_grapheme *first) {
    if (segment->ends_paragraph || !segment->shaped || !next->shaped ||
        segment->grapheme_count == 0 || next->grapheme_count == 0)
        return 0;
    // A segment's trailing spaces are in the first font that has them (tl_shape_segment), so
    // its last cluster's font is the one the line shapes it in.
    int32_t f = last->font;
    // Across scripts a line is two runs, as across fonts.
    if (f != first->font || last->script != first->script || last->length > TL_JOINT_CLUSTER_UNITS ||
        first->length > TL_JOINT_CLUSTER_UNITS)
        return 0;
    int32_t b = segment->content_end, a = b - last->length, c = b + first->length;
    // Two characters whose glyphs share no contextual lookup never join (tl_font.joint_classes);
    // a longer cluster may hold any glyph.
    const uint8_t *classes = fonts[f].joint_classes;
    if (classes && !((last->length == 1 ? classes[text[a]] : 0xFF) & (first->length == 1 ? classes[text[b]] : 0xFF)))
        return 0;
    if (c - a == 2 && s->pair_keys && face_ids[f] < 0xFFFFFFFFull) {
        uint64_t key = face_ids[f] << 32 | (uint64_t)text[a] << 16 | text[b];
        uint32_t slot = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 52) & (TL_PAIR_ENTRIES - 1);
        if (s->pair_keys[slot] == key) return s->pair_joints[slot];
    }
    return tl_joint_slow(s, face_ids, fonts, f, text, a, b, c);
}

double tl_joint_between(tl_scratch *s, const uint64_t *face_ids, const tl_font *fonts,
                        const uint16_t *text, const tl_segment *segment, const tl_grapheme *last,
                        const tl_segment *next, const tl_grapheme *first) {
    return tl_joint_of(s, face_ids, fonts, text, segment, last, next, first);
}

int32_t tl_segment_joints(tl_scratch *s, const uint64_t *face_ids, const tl_font *fonts,
                          const uint16_t *text, tl_segment *segments, int32_t count,
                          const tl_grapheme *graphemes) {
    int32_t any = 0;
    for (int32_t i = 0; i + 1 < count; i++) {
        tl_segment *segment = &segments[i];
        const tl_segment *next = &segments[i + 1];
        segment->joint = segment->grapheme_count == 0 || next->grapheme_count == 0 ? 0
            : tl_joint_of(s, face_ids, fonts, text, segment,
                          &graphemes[segment->first_grapheme + segment->grapheme_count - 1], next,
                          &graphemes[next->first_grapheme]);
        any |= segment->joint != 0;
    }
    if (count > 0) segments[count - 1].joint = 0;
    return any;
}
