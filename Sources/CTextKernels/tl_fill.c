#include "tl_fill.h"
#include <limits.h>
#include <math.h>

// The arithmetic below is TextEngine's LineFiller's, operation for operation, so both give
// the same doubles: no fused multiply-adds.
#pragma STDC FP_CONTRACT OFF

static void tl_emit(tl_filler *f, int32_t end) {
    if (!tl_scratch_reserve_lines(f->scratch, f->emitted + 1)) {
        f->failed = 1;
        f->full = 1;
        return;
    }
    f->scratch->lines[f->emitted] = (tl_line){
        .width = f->ink, .font_mask = f->mask == 0 ? 1 : f->mask, .start = f->line_start, .end = end,
    };
    f->emitted++;
    f->full = f->emitted >= f->options.max_lines;
    f->line_start = end;
    f->advance = 0;
    f->ink = 0;
    f->mask = 0;
    f->placed = 0;
}

// Places a segment cluster by cluster, breaking before any that does not fit (keeping the
// filler's floor and turn: this path is rare enough for it to cost nothing).
static void tl_place_graphemes(tl_filler *f, const tl_segment *segment, const tl_grapheme *g) {
    double size = f->options.size;
    int32_t position = segment->start;
    for (int32_t index = 0; index < segment->grapheme_count; index++) {
        if (!g[index].hangs) {
            // A line ending after it does not have its kerning against what follows.
            double tail = g[index].tail * size;
            if (f->placed && f->advance + tail > f->options.limit) {
                if (f->advance + tail < f->turn) f->turn = f->advance + tail;
                tl_emit(f, position);
                if (f->full) return;
            } else if (f->placed && f->advance + tail > f->floor) {
                f->floor = f->advance + tail;
            }
            f->ink = f->advance + tail;
        }
        f->advance += g[index].advance * size;
        f->mask |= (uint64_t)1 << (g[index].font & 63);
        f->placed = 1;
        position += g[index].length;
    }
}

// Places `segment` whole when it fits (after what is on the line, else alone on a new line);
// 0 when it must be placed cluster by cluster, 1 when placed or the line limit is reached.
// `*before` is what the line adds before it (the previous segment's joint, in points); it
// becomes 0 when the segment starts a new line. Inlined: this is most of the warm path.
static inline __attribute__((always_inline)) int tl_place_whole(tl_filler *f, const tl_segment *segment,
                                                                double *before, const int joints, const int bounds) {
    if (!f->options.breaks_at_graphemes) {
        double size = f->options.size;
        double segment_ink = (segment->advance - segment->trailing_space) * size;
        // (Without joints nothing is added: x + 0 is x, but the compiler may not assume it.)
        double start = joints ? f->advance + *before : f->advance;
        if (f->placed && start + segment_ink > f->options.limit) {
            if (bounds && start + segment_ink < f->turn) f->turn = start + segment_ink;
            tl_emit(f, segment->start);
            if (f->full) return 1;
            *before = 0;
            start = 0;  // the new line's advance with nothing before
        }
        // Either it fits after what is on the line, or the line is empty and it fits alone.
        if (f->placed || segment_ink <= f->options.limit) {
            // (On an empty line `start` is 0: what was compared is the segment's ink either way.)
            if (bounds && start + segment_ink > f->floor) f->floor = start + segment_ink;
            if (segment->trailing_space < segment->advance) f->ink = start + segment_ink;
            f->advance = start + segment->advance * size;
            f->mask |= segment->font_mask;
            f->placed = 1;
            return 1;
        }
        // Too wide for a line of its own: placed whole from a limit of its width on.
        if (bounds && segment_ink < f->turn) f->turn = segment_ink;
    }
    return 0;
}

// What a line holding the previous segment (joint `previous_joint` with the next, in em) adds
// before the next one: 0 on an empty line.
static inline double tl_before(const tl_filler *f, double previous_joint) {
    return f->placed && previous_joint != 0 ? previous_joint * f->options.size : 0;
}

// Places the next `count` segments (tl_fill_more), the last one's joint kept in the filler;
// with `joints` 0 (a compile-time constant) every joint is known to be 0 and none is read;
// with `bounds` 0 (one too) the filler's floor and turn are not kept, so measuring does not pay
// for what only height curves read.
// Inlined into both callers so tl_fill's filler, on its stack, is read without a call per
// segment.
static inline __attribute__((always_inline)) int tl_fill_segments(tl_filler *f, const tl_segment *segments,
                                                                  int32_t count, const tl_grapheme *graphemes,
                                                                  const int joints, const int bounds) {
    double joint = joints ? f->joint : 0;
    for (int32_t i = 0; i < count; i++) {
        if (f->full) return 1;
        const tl_segment *segment = &segments[i];
        if (!segment->shaped) {
            f->placed = 1;
        } else {
            double before = joints ? tl_before(f, joint) : 0;
            if (!tl_place_whole(f, segment, &before, joints, bounds)) {
                // A first cluster that does not fit starts a new line, which resets the advance.
                if (joints) f->advance += before;
                tl_place_graphemes(f, segment, graphemes + segment->first_grapheme);
            }
        }
        if (joints) joint = segment->joint;
        if (f->full) return 1;
        if (segment->ends_paragraph) tl_emit(f, segment->end);
    }
    f->joint = joints ? joint : 0;
    return 0;
}

int tl_fill_whole(tl_filler *f, const tl_segment *segment) {
    if (f->full) return 1;
    double before = tl_before(f, f->joint);
    if (tl_place_whole(f, segment, &before, 1, 0)) return 1;
    f->advance += before;
    return 0;
}

int tl_fill_overflowing(tl_filler *f, const tl_segment *segment) {
    if (f->full) return 1;
    // As tl_place_whole with segment_ink > limit: a segment after others on a line moves to a
    // new one, and the clusters then start it. Breaking at clusters, it follows on the line.
    if (!f->options.breaks_at_graphemes) {
        if (f->placed) tl_emit(f, segment->start);
    } else {
        f->advance += tl_before(f, f->joint);
    }
    return f->full;
}

int tl_fill_graphemes(tl_filler *f, const tl_segment *piece, const tl_grapheme *graphemes) {
    if (!f->full) tl_place_graphemes(f, piece, graphemes);
    return f->full;
}

void tl_fill_end_segment(tl_filler *f, const tl_segment *segment) {
    if (!f->full && segment->ends_paragraph) tl_emit(f, segment->end);
}

void tl_filler_init(tl_filler *f, tl_scratch *scratch, tl_fill_options options) {
    *f = (tl_filler){.scratch = scratch, .options = options, .turn = INFINITY, .floor = -INFINITY};
}

int tl_fill_more(tl_filler *f, const tl_segment *segments, int32_t count, const tl_grapheme *graphemes) {
    return tl_fill_segments(f, segments, count, graphemes, 1, 0);
}

// tl_fill's filling into a started filler `f`, without reading joints when there are none and
// keeping its floor and turn only with `bounds` (a compile-time constant).
static inline __attribute__((always_inline)) int tl_fill_all(tl_filler *f, const tl_segment *segments, int32_t count,
                                                             const tl_grapheme *graphemes, int has_joints,
                                                             const int bounds) {
    return has_joints ? tl_fill_segments(f, segments, count, graphemes, 1, bounds)
                      : tl_fill_segments(f, segments, count, graphemes, 0, bounds);
}

int tl_fill(tl_scratch *scratch, const tl_segment *segments, int32_t count,
            const tl_grapheme *graphemes, int has_joints, tl_fill_options options, int32_t *line_count) {
    tl_filler f;
    tl_filler_init(&f, scratch, options);
    int truncated = tl_fill_all(&f, segments, count, graphemes, has_joints, 0);
    *line_count = f.emitted;
    return f.failed ? -1 : truncated;
}

int tl_fill_bounds(tl_scratch *scratch, const tl_segment *segments, int32_t count, const tl_grapheme *graphemes,
                   int has_joints, tl_fill_options options, int32_t *line_count, double *floor, double *turn) {
    tl_filler f;
    tl_filler_init(&f, scratch, options);
    int truncated = tl_fill_all(&f, segments, count, graphemes, has_joints, 1);
    *line_count = f.emitted;
    *floor = f.floor;
    *turn = f.turn;
    return f.failed ? -1 : truncated;
}
