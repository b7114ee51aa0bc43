#include "tl_respace.h"
#include <hb.h>
#include <stddef.h>

void tl_respace(const tl_font *fonts, int32_t font_count, const uint16_t *text, int32_t length,
                tl_segment *segments, int32_t count, const tl_grapheme *graphemes) {
    if (font_count <= 1) return;
    for (int32_t i = 0; i < count; i++) {
        tl_segment *segment = &segments[i];
        const tl_segment *following = !segment->ends_paragraph && i + 1 < count ? &segments[i + 1] : NULL;
        // A segment in one font followed by the same font (or by nothing in this paragraph)
        // keeps its spaces where they are: the common case, decided from the masks.
        if (__builtin_popcountll(segment->font_mask) == 1) {
            uint64_t next_mask = following ? following->font_mask : 0;
            if (next_mask == 0 || next_mask == segment->font_mask) continue;
        }
        if (!segment->shaped || segment->trailing_spaces_start >= segment->grapheme_count) continue;
        const tl_grapheme *g = graphemes + segment->first_grapheme;
        int32_t first_space = segment->trailing_spaces_start, clusters = segment->grapheme_count;
        const tl_grapheme *next = following && following->shaped && following->grapheme_count > 0
                                      ? &graphemes[following->first_grapheme] : NULL;
        // The spaces can only move to the font of the cluster before or after them.
        uint8_t current = g[first_space].font;
        if (!((first_space > 0 && g[first_space - 1].font != current) || (next && next->font != current)))
            continue;
        int32_t space_start = segment->start;
        for (int32_t k = 0; k < first_space; k++) space_start += g[k].length;
        int32_t space_end = space_start;
        for (int32_t k = first_space; k < clusters; k++) space_end += g[k].length;
        int32_t next_font = next && !fonts[next->font].is_color ? next->font : -1;
        int32_t target;
        int32_t before_start = first_space > 0 ? space_start - g[first_space - 1].length : -1;
        if (first_space > 0 && !fonts[g[first_space - 1].font].is_color &&
            tl_is_emoji_presentation(text, length, before_start) == 0) {
            int32_t before = g[first_space - 1].font;
            target = before;
            if (next_font >= 0 && next_font < before &&
                tl_continues_script_run(text, length, before_start, space_end) != 0)
                target = next_font;
        } else {
            target = next_font;
        }
        if (target < 0 || target == g[first_space].font) continue;
        // Spaces do not kern or ligate: their advance in the font is their glyphs' own.
        hb_font_t *font = fonts[target].hb_font;
        double advance = 0;
        int covered = 1;
        for (int32_t at = space_start; at < space_end; at++) {
            hb_codepoint_t glyph;
            if (!hb_font_get_nominal_glyph(font, text[at], &glyph)) {
                covered = 0;
                break;
            }
            advance += (double)hb_font_get_glyph_h_advance(font, glyph) / (double)fonts[target].units_per_em;
        }
        if (!covered) continue;
        // Trailing spaces always hang, so the moved ones replace part of the hanging advance.
        double old = 0;
        for (int32_t k = first_space; k < clusters; k++) old += g[k].advance;
        uint64_t mask = (uint64_t)1 << target;
        for (int32_t k = 0; k < first_space; k++) mask |= (uint64_t)1 << (g[k].font & 63);
        segment->advance = segment->advance - old + advance;
        segment->trailing_space = segment->trailing_space - old + advance;
        segment->font_mask = mask;
        segment->respaced = 1;
        segment->respace_advance = advance;
        segment->respace_mask = (uint64_t)1 << target;
    }
}
