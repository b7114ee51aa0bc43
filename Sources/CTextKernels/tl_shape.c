#include "CTextKernels.h"
#include "tl_analyse.h"
#include "tl_scratch.h"
#include <hb-ot.h>
#include <unicode/uscript.h>

// Characters a font need not have: HarfBuzz hides them (zero advance) when the font lacks them.
// VS16 (U+FE0F) is not among them: it asks for the emoji glyph, so it needs a font that has the
// sequence.
static int tl_is_ignorable(uint32_t c) {
    return c == 0x00AD || c == 0x034F || (c >= 0x180B && c <= 0x180F) ||
           (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2060 && c <= 0x206F) || (c >= 0xFE00 && c <= 0xFE0E) || c == 0xFEFF ||
           (c >= 0xE0000 && c <= 0xE0FFF);
}

// Breakable white space: it may end a line and then does not count toward the line's width.
static int tl_is_hanging_space(uint32_t c) {
    return c == 0x20 || (c >= 0x09 && c <= 0x0D) || c == 0x85 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x2006) || (c >= 0x2008 && c <= 0x200A) || c == 0x2028 ||
           c == 0x2029 || c == 0x205F || c == 0x3000;
}

// Space separators (general category Zs): they do not choose a font of their own.
static int tl_is_space_separator(uint32_t c) {
    return c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F ||
           c == 0x205F || c == 0x3000;
}

// BMP characters with Grapheme_Cluster_Break = Other that no following character of this same
// set extends (printable ASCII, Latin-1 and Latin Extended, general punctuation without the
// zero-width controls and joiners, CJK punctuation, ideographs, fullwidth forms): between two
// of them UAX #29 always breaks (GB999).
static inline int tl_is_lone_grapheme(uint16_t u) {
    return (u >= 0x20 && u < 0x7F) || (u >= 0xA0 && u < 0x300) || (u >= 0x2010 && u <= 0x2027) ||
           (u >= 0x2030 && u <= 0x205E) || (u >= 0x3000 && u <= 0x3029) ||
           (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0xFF01 && u <= 0xFF60);
}

static inline uint32_t tl_decode(const uint16_t *text, int32_t end, int32_t *at) {
    uint32_t c = text[(*at)++];
    if (c >= 0xD800 && c <= 0xDBFF && *at < end && text[*at] >= 0xDC00 && text[*at] <= 0xDFFF) {
        c = 0x10000 + ((c - 0xD800) << 10) + (text[(*at)++] - 0xDC00);
    } else if (c >= 0xD800 && c <= 0xDFFF) {
        c = 0xFFFD;
    }
    return c;
}

static int tl_font_covers(const tl_font *font, const uint16_t *text, int32_t start, int32_t end) {
    hb_font_t *hb = font->hb_font;
    hb_codepoint_t glyph, previous = 0;
    for (int32_t at = start; at < end;) {
        uint32_t c = tl_decode(text, end, &at);
        if (c == 0xFE0F) {
            // A font has the emoji form of `previous` when its cmap lists the variation
            // sequence (format 14), as emoji fonts do. Mapping U+FE0F alone (DejaVu Sans maps
            // it to an empty glyph) does not make a font draw the emoji.
            if (!hb_font_get_variation_glyph(hb, previous, c, &glyph)) return 0;
        } else if (!tl_is_ignorable(c)) {
            if (c < 0x10000 && font->bmp) {
                if (!(font->bmp[c >> 6] >> (c & 63) & 1)) return 0;
            } else if (!hb_font_get_nominal_glyph(hb, c, &glyph)) {
                return 0;
            }
        }
        previous = c;
    }
    return 1;
}

// The script of a cluster: that of its first character of a script other than Common,
// Inherited and Unknown (Zzzz), or -1 when it has none (digits, punctuation, spaces, emoji).
// The blocks most text is made of are answered without ICU (the same answers as ICU 72's:
// Latin-1 and Latin Extended, CJK ideographs, general punctuation, combining marks, CJK and
// fullwidth punctuation).
static inline int32_t tl_cluster_script(const uint16_t *text, int32_t start, int32_t end) {
    for (int32_t at = start; at < end;) {
        uint16_t u = text[at];
        if (u < 0x250) {
            at++;
            if (u < 0x80 ? (u | 0x20) >= 'a' && (u | 0x20) <= 'z'
                         : (u >= 0xC0 && u != 0xD7 && u != 0xF7) || u == 0xAA || u == 0xBA)
                return USCRIPT_LATIN;
            continue;
        }
        if ((u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3400 && u <= 0x4DBF)) return USCRIPT_HAN;
        if ((u >= 0xFF21 && u <= 0xFF3A) || (u >= 0xFF41 && u <= 0xFF5A)) return USCRIPT_LATIN;
        if ((u >= 0x2000 && u <= 0x206F) || (u >= 0x300 && u <= 0x36F) || (u >= 0x3000 && u <= 0x3004) ||
            (u >= 0x3008 && u <= 0x3020) || (u >= 0xFF01 && u <= 0xFF65)) {
            at++;
            continue;
        }
        uint32_t c = tl_decode(text, end, &at);
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript((UChar32)c, &status);
        if (U_SUCCESS(status) && script != USCRIPT_COMMON && script != USCRIPT_INHERITED &&
            script != USCRIPT_UNKNOWN)
            return script < 255 ? (int32_t)script : 255;
    }
    return -1;
}

int32_t tl_script_of_cluster(const uint16_t *text, int32_t start, int32_t end) {
    return tl_cluster_script(text, start, end);
}

static int tl_all_spaces(const uint16_t *text, int32_t start, int32_t end) {
    for (int32_t at = start; at < end;)
        if (!tl_is_space_separator(tl_decode(text, end, &at))) return 0;
    return 1;
}

static uint8_t tl_pick_font(const tl_font *fonts, int32_t count, const uint16_t *text,
                            int32_t start, int32_t end) {
    for (int32_t f = 0; f < count; f++)
        if (tl_font_covers(&fonts[f], text, start, end)) return (uint8_t)f;
    int32_t first_end = start;
    tl_decode(text, end, &first_end);
    for (int32_t f = 0; f < count; f++)
        if (tl_font_covers(&fonts[f], text, start, first_end)) return (uint8_t)f;
    return 0;
}

// Shapes text[from, to) with `font` and adds the advances of the glyphs whose cluster starts
// in [start, end) to their clusters (the rest is context).
static void tl_shape_run(tl_scratch *scratch, const tl_font *font, const uint16_t *text,
                         int32_t length, int32_t from, int32_t to, int32_t start, int32_t end,
                         tl_grapheme *out) {
    hb_buffer_t *buffer = scratch->buffer;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf16(buffer, text, length, (unsigned)from, to - from);
    hb_buffer_guess_segment_properties(buffer);
    tl_scratch_shape(scratch, font->hb_font, buffer);
    unsigned count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    int forward = HB_DIRECTION_IS_FORWARD(hb_buffer_get_direction(buffer));
    // Each glyph's own (unkerned) advance, fetched for the whole run in one call.
    hb_position_t *own = NULL;
    if (forward && count > 0 && tl_scratch_reserve_advances(scratch, (int32_t)count)) {
        own = scratch->advances;
        hb_font_get_glyph_h_advances(font->hb_font, count, &infos[0].codepoint, sizeof(hb_glyph_info_t),
                                     own, sizeof(hb_position_t));
    }
    for (unsigned i = 0; i < count; i++) {
        int32_t cluster = (int32_t)infos[i].cluster;
        if (cluster < start || cluster >= end) continue;
        tl_grapheme *g = &out[scratch->owner[cluster]];
        scratch->shaped[scratch->owner[cluster]] = 1;
        g->advance += positions[i].x_advance * font->inverse_upem;
        // The logically last glyph of the cluster (last in a forward buffer) carries any
        // kerning against the next cluster; `tail` holds its unkerned advance minus its
        // kerned one until the run is done.
        if (own) g->tail = (own[i] - positions[i].x_advance) * font->inverse_upem;
    }
}

// HarfBuzz's work on one cluster grows with the square of its length (each combining mark
// looks back over the marks before it for its base), and its buffer with the run it shapes.
// So a cluster longer than TL_PIECE_UNITS code units is shaped in pieces of at most that many
// (cut between code points), each with the text around it as HarfBuzz context (a piece of
// marks then gets no dotted circle): as UAX #15's Stream-Safe Text Format (a CGJ after every
// 30 non-starters) does, this bounds the work per character; a mark past the first piece is
// not attached to its base, which moves no advance (marks have none), only ink. And a run
// longer than TL_RUN_UNITS is shaped in pieces of whole clusters, each with up to
// TL_CONTEXT_CLUSTERS clusters on either side shaped with it and dropped, so kerning and
// ligatures at a cut come out as in one run.
enum { TL_PIECE_UNITS = 64, TL_RUN_UNITS = 4096, TL_CONTEXT_CLUSTERS = 8 };

// tl_shape_run over clusters first...last (starting at code unit `start`) in pieces.
static void tl_shape_run_in_pieces(tl_scratch *scratch, const tl_font *font, const uint16_t *text,
                                   int32_t length, tl_grapheme *out, int32_t first, int32_t last,
                                   int32_t start) {
    for (int32_t i = first, at = start; i <= last;) {
        if (out[i].length > TL_PIECE_UNITS) {
            int32_t end = at + out[i].length;
            for (int32_t piece = at; piece < end;) {
                int32_t cut = end - piece > TL_PIECE_UNITS ? piece + TL_PIECE_UNITS : end;
                if (cut < end && text[cut] >= 0xDC00 && text[cut] <= 0xDFFF &&
                    text[cut - 1] >= 0xD800 && text[cut - 1] <= 0xDBFF)
                    cut--;
                tl_shape_run(scratch, font, text, length, piece, cut, piece, cut, out);
                piece = cut;
            }
            at = end;
            i++;
            continue;
        }
        int32_t next = i, end = at;
        while (next <= last && out[next].length <= TL_PIECE_UNITS &&
               (next == i || end - at + out[next].length <= TL_RUN_UNITS))
            end += out[next++].length;
        int32_t from = at, to = end;
        for (int32_t k = i - 1; k >= first && i - k <= TL_CONTEXT_CLUSTERS && out[k].length <= TL_PIECE_UNITS; k--)
            from -= out[k].length;
        for (int32_t k = next; k <= last && k - next < TL_CONTEXT_CLUSTERS && out[k].length <= TL_PIECE_UNITS; k++)
            to += out[k].length;
        tl_shape_run(scratch, font, text, length, from, to, at, end, out);
        i = next;
        at = end;
    }
}

hb_glyph_position_t *tl_shape_alone(tl_scratch *scratch, const tl_font *font, const uint16_t *text,
                                    int32_t start, int32_t end, unsigned *count) {
    hb_buffer_t *buffer = scratch->buffer;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf16(buffer, text + start, end - start, 0, end - start);
    hb_buffer_guess_segment_properties(buffer);
    tl_scratch_shape(scratch, font->hb_font, buffer);
    return hb_buffer_get_glyph_positions(buffer, count);
}

// The advance of text[start, end) shaped alone with `font`, in em.
static double tl_solo_advance(tl_scratch *scratch, const tl_font *font, const uint16_t *text,
                              int32_t start, int32_t end) {
    // One character (a ligature's usual component): its glyph's own advance, no shaping call.
    int32_t at = start;
    uint32_t c = tl_decode(text, end, &at);
    hb_codepoint_t glyph;
    if (at == end && hb_font_get_nominal_glyph(font->hb_font, c, &glyph))
        return hb_font_get_glyph_h_advance(font->hb_font, glyph) * font->inverse_upem;
    unsigned count = 0;
    hb_glyph_position_t *positions = tl_shape_alone(scratch, font, text, start, end, &count);
    double advance = 0;
    for (unsigned i = 0; i < count; i++) advance += positions[i].x_advance * font->inverse_upem;
    return advance;
}

// A ligature spanning several clusters (DejaVu's "fi") gives its whole advance to the first.
// A line may end inside it, where Pango reshapes the part before the break without the
// ligature: share the ligature's advance in proportion to each cluster's own advance, and
// let each but the last have the tail of the clusters shaped alone up to it.
static void tl_split_ligatures(tl_scratch *scratch, const tl_font *fonts, const uint16_t *text,
                               tl_grapheme *out, int32_t count) {
    int32_t start = 0;
    for (int32_t i = 0; i < count;) {
        int32_t last = i + 1, end = start + out[i].length;
        while (last < count && !scratch->shaped[last] && out[last].font == out[i].font)
            end += out[last++].length;
        // (Ligatures span a few clusters; a longer group is left whole rather than sized on
        // the stack.)
        if (last - i > 1 && last - i <= 64 && scratch->shaped[i]) {
            const tl_font *font = &fonts[out[i].font];
            double solo[last - i], total = 0;
            for (int32_t k = i, at = start; k < last; at += out[k++].length) {
                solo[k - i] = tl_solo_advance(scratch, font, text, at, at + out[k].length);
                total += solo[k - i];
            }
            double ligature = out[i].advance, tail_adjust = out[i].tail - out[i].advance;
            double solo_sum = 0, shared_sum = 0;
            for (int32_t k = i; k < last; k++) {
                double shared = total > 0 ? ligature * solo[k - i] / total : 0;
                solo_sum += solo[k - i];
                out[k].advance = shared;
                out[k].tail = k + 1 < last ? solo_sum - shared_sum : shared + tail_adjust;
                shared_sum += shared;
            }
        }
        i = last;
        start = end;
    }
}

int32_t tl_shape_segment(const tl_font *fonts, int32_t font_count, const uint16_t *text,
                         int32_t length, tl_grapheme *out, int32_t capacity) {
    return tl_shape_segments(fonts, font_count, text, length, out, capacity, NULL, 0, 0);
}

int32_t tl_shape_segments(const tl_font *fonts, int32_t font_count, const uint16_t *text,
                          int32_t length, tl_grapheme *out, int32_t capacity,
                          const tl_segment *segments, int32_t segment_count, int32_t origin) {
    if (font_count <= 0 || font_count > 255 || length < 0) return -1;
    if (length == 0) return 0;
    tl_scratch *scratch = tl_scratch_get();
    if (!scratch || !tl_scratch_reserve_owner(scratch, length)) return -1;

    // Text made only of characters that are each a whole grapheme cluster (most UI text)
    // needs no ICU pass: every code unit boundary is a cluster boundary.
    int simple = 1;
    for (int32_t i = 0; i < length && simple; i++) simple = tl_is_lone_grapheme(text[i]);
    UErrorCode status = U_ZERO_ERROR;
    if (!simple) {
        ubrk_setText(scratch->character, (const UChar *)text, length, &status);
        if (U_FAILURE(status)) return -1;
    }
    int32_t count = 0, start = 0, longest = 0;
    // Scripts (tl_grapheme.script), segment by segment: a cluster without a script of its own
    // takes the one of the cluster before it in its segment, else of the first one after it
    // that has one, else Common. Nothing outside the segment counts: the segment cache keys a
    // segment by its own code units, so its shaping must not depend on the text around it.
    // Clusters first_unresolved ..< count are still waiting for a script.
    int32_t script = -1, first_unresolved = 0, segment = 0;
    int32_t segment_end = segment_count > 1 ? segments[0].content_end - origin : length;
    for (int32_t end = simple ? 1 : ubrk_next(scratch->character); end != UBRK_DONE;
         end = simple ? (end < length ? end + 1 : UBRK_DONE) : ubrk_next(scratch->character)) {
        if (count >= capacity) {
            if (!simple) ubrk_setText(scratch->character, NULL, 0, &status);
            return -1;
        }
        tl_grapheme *g = &out[count];
        g->advance = 0;
        g->tail = 0;
        g->length = end - start;
        if (g->length > longest) longest = g->length;
        if (start >= segment_end) {
            for (; first_unresolved < count; first_unresolved++) out[first_unresolved].script = USCRIPT_COMMON;
            script = -1;
            while (start >= segment_end && ++segment < segment_count)
                segment_end = segment + 1 < segment_count ? segments[segment].content_end - origin : length;
        }
        int32_t own = text[start] < 0x80 && end - start == 1
            ? ((text[start] | 0x20) >= 'a' && (text[start] | 0x20) <= 'z' ? USCRIPT_LATIN : -1)
            : tl_cluster_script(text, start, end);
        if (own >= 0) script = own;
        if (script >= 0) {
            for (; first_unresolved < count; first_unresolved++) out[first_unresolved].script = (uint8_t)script;
            g->script = (uint8_t)script;
            first_unresolved = count + 1;
        }
        if (end - start == 1 && tl_is_lone_grapheme(text[start])) {
            // One simple character: its own font by the coverage bitmaps, no decoding.
            uint16_t c = text[start];
            g->font = 0;
            if (!tl_is_ignorable(c)) {
                for (int32_t f = 0; f < font_count; f++) {
                    int has = fonts[f].bmp ? (int)(fonts[f].bmp[c >> 6] >> (c & 63) & 1)
                                           : tl_font_covers(&fonts[f], text, start, end);
                    if (has) { g->font = (uint8_t)f; break; }
                }
            }
            g->spaces = (uint8_t)tl_is_space_separator(c);
            g->hangs = (uint8_t)tl_is_hanging_space(c);
            scratch->owner[start] = count;
        } else {
            g->font = tl_pick_font(fonts, font_count, text, start, end);
            g->spaces = (uint8_t)tl_all_spaces(text, start, end);
            g->hangs = 1;
            for (int32_t at = start; at < end;) {
                if (!tl_is_hanging_space(tl_decode(text, end, &at))) { g->hangs = 0; break; }
            }
            for (int32_t at = start; at < end; at++) scratch->owner[at] = count;
        }
        scratch->shaped[count] = 0;
        count++;
        start = end;
    }
    if (!simple) ubrk_setText(scratch->character, NULL, 0, &status);
    for (; first_unresolved < count; first_unresolved++) out[first_unresolved].script = USCRIPT_COMMON;

    // Shape each run of clusters that share a font and a script, with the whole text as context.
    int32_t run_first = 0, run_start = 0;
    while (run_first < count) {
        uint8_t font = out[run_first].font, run_script = out[run_first].script;
        int32_t run_last = run_first, run_end = run_start + out[run_first].length;
        while (run_last + 1 < count && out[run_last + 1].font == font && out[run_last + 1].script == run_script) {
            run_last++;
            run_end += out[run_last].length;
        }
        if (longest > TL_PIECE_UNITS || run_end - run_start > TL_RUN_UNITS)
            tl_shape_run_in_pieces(scratch, &fonts[font], text, length, out, run_first, run_last, run_start);
        else
            tl_shape_run(scratch, &fonts[font], text, length, run_start, run_end, run_start, run_end, out);
        run_first = run_last + 1;
        run_start = run_end;
    }
    for (int32_t i = 0; i < count; i++) out[i].tail += out[i].advance;
    tl_split_ligatures(scratch, fonts, text, out, count);
    return count;
}
