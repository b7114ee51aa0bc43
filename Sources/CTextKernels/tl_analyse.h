#ifndef TL_ANALYSE_H
#define TL_ANALYSE_H
// tl_analyse_text in two steps, so tl_measure_text can find the breaks its own way.
#include "CTextKernels.h"
#include "tl_scratch.h"

/// Whether a UTF-16 unit is a character of UAX #14 classes BK, CR, LF and NL.
static inline int tl_is_mandatory_break(uint16_t u) {
    return (u >= 0x0A && u <= 0x0D) || u == 0x85 || u == 0x2028 || u == 0x2029;
}

/// tl_shape_segment over a paragraph of `segment_count` break segments (`segments`, their
/// offsets counted from `origin`, where `text` starts): each cluster's script is found within
/// its own segment, so every segment is shaped as tl_shape_segment shapes it alone (but for
/// HarfBuzz's context across the cut, which joints account for). Without segments, one.
int32_t tl_shape_segments(const tl_font *fonts, int32_t font_count, const uint16_t *text,
                          int32_t length, tl_grapheme *out, int32_t capacity,
                          const tl_segment *segments, int32_t segment_count, int32_t origin);

/// The UAX #14 breaks of `text` by ICU into the scratch's break buffers (reserved for
/// `length`); one break at the end when ICU fails. Returns the count.
int32_t tl_icu_line_breaks(tl_scratch *s, const uint16_t *text, int32_t length);

/// tl_analyse_text once its `found` breaks are in the scratch's break buffers (the analysis
/// buffers reserved for `length` units); `s` is this thread's scratch, font_count is 1...64.
int32_t tl_analyse_broken(tl_scratch *s, tl_segment_cache *cache, const uint64_t *face_ids,
                          const tl_font *fonts, int32_t font_count, const uint16_t *text,
                          int32_t length, int32_t found, tl_analysis *out);

/// tl_analyse_broken for breaks first ..< last of the `found` only: their segments from the
/// scratch's first segment and cluster on (a text's last segments also get the end-of-text
/// handling when `last` is `found`).
int32_t tl_analyse_range(tl_scratch *s, tl_segment_cache *cache, const uint64_t *face_ids,
                         const tl_font *fonts, int32_t font_count, const uint16_t *text,
                         int32_t length, int32_t found, int32_t first, int32_t last,
                         tl_analysis *out);

#endif
