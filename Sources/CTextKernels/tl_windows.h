#ifndef TL_WINDOWS_H
#define TL_WINDOWS_H
// Long texts, analysed and filled a window at a time (tl_measure.c's path for them).
#include "CTextKernels.h"
#include "tl_scratch.h"

/// A text longer than this many UTF-16 code units is analysed and filled a window of segments
/// at a time and not kept in the text cache (tl_windows.c says how).
enum { TL_WINDOW_UNITS = 1 << 16 };

/// Analyses and fills the text in s->units (`count` units, `found` breaks in the scratch's
/// break buffers) window by window into s->lines, `*lines` of them; returns tl_fill's result.
int tl_measure_windows(tl_scratch *s, tl_segment_cache *segments, const uint64_t *face_ids,
                       const tl_font *fonts, int32_t font_count, int32_t count, int32_t found,
                       tl_fill_options options, int32_t *lines);

#endif
