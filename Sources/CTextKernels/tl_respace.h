#ifndef TL_RESPACE_H
#define TL_RESPACE_H
#include "CTextKernels.h"

/// Gives each segment's trailing spaces the font Pango's itemizer gives them (see
/// tl_analyse_text), updating the segment's sums. `graphemes` are the text's clusters.
void tl_respace(const tl_font *fonts, int32_t font_count, const uint16_t *text, int32_t length,
                tl_segment *segments, int32_t count, const tl_grapheme *graphemes);

#endif
