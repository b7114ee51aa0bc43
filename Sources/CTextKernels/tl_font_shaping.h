#ifndef TL_FONT_SHAPING_H
#define TL_FONT_SHAPING_H
#include <hb.h>

/// The OpenType features a font instance is shaped with, kept on its `hb_font_t` (user data):
/// a font that has them (or variation coordinates) is shaped by `hb_shape`, whose plan cache
/// keys plans by features and coordinates, rather than by the per-thread plans made for the
/// face alone.
typedef struct tl_font_shaping {
    unsigned int count;
    hb_feature_t features[];
} tl_font_shaping;

/// The features set on `font` by tl_font_set_shaping, or NULL for a font shaped with the face's
/// defaults.
const tl_font_shaping *tl_font_get_shaping(hb_font_t *font);

#endif
