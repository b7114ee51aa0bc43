#ifndef TL_GLYPHS_H
#define TL_GLYPHS_H
// Glyphs for drawing what TextEngine measured: the glyph ids of a run as the measuring shaper
// makes them, and a glyph's outline. Plain C types only (fonts are `hb_font_t *` as void *).
#include <stdint.h>
#include "CTextKernels.h"

/// One shaped glyph, in font units (fonts are at scale = units per em).
typedef struct tl_glyph {
    uint32_t id;         ///< glyph index in the font
    int32_t cluster;     ///< UTF-16 offset (in the text given) of the first code unit it draws
    int32_t x_advance;   ///< advance along the line
    int32_t x_offset;    ///< shift right from the pen position
    int32_t y_offset;    ///< shift up from the baseline
} tl_glyph;

/// Shapes `text[start, end)` (UTF-16, the rest of `text[0, length)` its context) with `font`
/// and the script and direction of run props `props` (tl_run) exactly as tl_shape_segment
/// shapes a run of clusters sharing a font and a run (the same buffer properties and shape
/// plan), and writes its glyphs in buffer order (visual order: left to
/// right) to `out`. Sets `*backward` to 1 when the run is right-to-left. Returns the glyph count
/// (nothing is written when it exceeds `capacity`: call again with that much room), or -1 on
/// error.
int32_t tl_shape_glyphs(const tl_font *font, uint16_t props, const uint16_t *text, int32_t length,
                        int32_t start, int32_t end, tl_glyph *out, int32_t capacity, int32_t *backward);

/// A step of a glyph outline, in font units, y up.
typedef struct tl_path_step {
    uint8_t verb;   ///< 'M' move, 'L' line, 'Q' quadratic (x1, y1 control), 'C' cubic, 'Z' close
    float x1, y1;   ///< first control point (Q, C)
    float x2, y2;   ///< second control point (C)
    float x, y;     ///< end point (M, L, Q, C)
} tl_path_step;

/// Writes the outline of `glyph` in `hb_font` (an `hb_font_t *`) to `out` (HarfBuzz's draw API:
/// glyf, CFF, CFF2; empty for bitmap-only glyphs). Returns the step count (nothing past
/// `capacity` is written: call again with that much room).
int32_t tl_glyph_outline(void *hb_font, uint32_t glyph, tl_path_step *out, int32_t capacity);

#endif
