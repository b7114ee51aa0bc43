#ifndef TL_JOINTS_H
#define TL_JOINTS_H
#include "CTextKernels.h"
#include "tl_scratch.h"

/// Gives each of the `count` segments its `joint` with the next one in its paragraph (see
/// tl_segment; the last one gets 0): 0 across fonts, beside a cluster longer than 64 units and
/// when the neighbouring characters' glyphs share no contextual lookup of the font
/// (tl_font.joint_classes), else from shaping the two clusters together and apart, kept in this
/// thread's memos of joints (keyed by face id, run props and the clusters' code units). Also 0
/// across a change of script or level run (tl_segment.last_props and first_props). Returns 1 when
/// some joint is not 0.
int32_t tl_segment_joints(tl_scratch *s, const uint64_t *face_ids, const tl_font *fonts,
                       const uint16_t *text, tl_segment *segments, int32_t count,
                       const tl_grapheme *graphemes);

/// The joint (in em) of `segment`, whose last cluster is `last`, with `next`, whose first
/// cluster is `first` (both in `text`): what tl_segment_joints gives `segment`.
double tl_joint_between(tl_scratch *s, const uint64_t *face_ids, const tl_font *fonts,
                        const uint16_t *text, const tl_segment *segment, const tl_grapheme *last,
                        const tl_segment *next, const tl_grapheme *first);

#endif
