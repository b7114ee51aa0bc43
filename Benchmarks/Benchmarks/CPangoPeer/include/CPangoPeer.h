#ifndef CPANGOPEER_H
#define CPANGOPEER_H
// The Pango peer of the text benchmarks: the same label-height work done by Pango 1.50
// (PangoCairo font map, only the bundled fonts, unhinted, unrounded positions, no hyphens).
#include <stdint.h>

typedef struct tl_pango_peer tl_pango_peer;

/// A peer that sees only the fonts in `fonts_dir`, laying out with "DejaVu Sans"; NULL on error.
tl_pango_peer *tl_pango_peer_create(const char *fonts_dir);

/// Lays `text` (UTF-8, `length` bytes) out at `size` points in `width` points (<= 0: no limit)
/// with word wrapping, and returns the line count; `height` gets Pango's logical height.
int32_t tl_pango_peer_measure(tl_pango_peer *peer, const char *text, int32_t length, double size,
                              double width, double *height);

/// Lays out Pango markup (`<span>`s over the layout's DejaVu Sans at `size` points; UTF-8,
/// `length` bytes) in `width` points with word wrapping, as tl_pango_peer_measure does, and
/// returns the line count; `height` gets Pango's logical height.
int32_t tl_pango_peer_measure_markup(tl_pango_peer *peer, const char *markup, int32_t length, double size,
                                     double width, double *height);

/// Frees the peer.
void tl_pango_peer_destroy(tl_pango_peer *peer);

#endif
