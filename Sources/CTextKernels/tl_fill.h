#ifndef TL_FILL_H
#define TL_FILL_H
#include "CTextKernels.h"
#include "tl_scratch.h"

/// Fills the lines of a text's segments into `scratch->lines` (see tl_measure_text); returns
/// 1 when the line limit cut some of the text off, 0 when not, -1 when out of memory.
int tl_fill(tl_scratch *scratch, const tl_segment *segments, int32_t count,
            const tl_grapheme *graphemes, tl_fill_options options, int32_t *line_count);

#endif
