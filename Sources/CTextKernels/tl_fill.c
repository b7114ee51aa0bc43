#include "tl_fill.h"
#include <limits.h>

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

// Places a segment cluster by cluster, breaking before any that does not fit.
static void tl_place_graphemes(tl_filler *f, const tl_segment *segment, const tl_grapheme *g) {
    double size = f->options.size;
    int32_t position = segment->start;
    for (int32_t index = 0; index < segment->grapheme_count; index++) {
        if (!g[index].hangs) {
            // A line ending after it does not have its kerning against what follows.
            double tail = g[index].tail * size;
            if (f->placed && f->advance + tail > f->options.limit) {
                tl_emit(f, position);
                if (f->full) return;
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
static int tl_place_whole(tl_filler *f, const tl_segment *segment) {
    if (!f->options.breaks_at_graphemes) {
        double size = f->options.size;
        double segment_ink = (segment->advance - segment->trailing_space) * size;
        if (f->placed && f->advance + segment_ink > f->options.limit) {
            tl_emit(f, segment->start);
            if (f->full) return 1;
        }
        // Either it fits after what is on the line, or the line is empty and it fits alone.
        if (f->placed || segment_ink <= f->options.limit) {
            if (segment->trailing_space < segment->advance) f->ink = f->advance + segment_ink;
            f->advance += segment->advance * size;
            f->mask |= segment->font_mask;
            f->placed = 1;
            return 1;
        }
    }
    return 0;
}

static void tl_place(tl_filler *f, const tl_segment *segment, const tl_grapheme *graphemes) {
    if (!segment->shaped) {
        f->placed = 1;
        return;
    }
    if (f->full || tl_place_whole(f, segment)) return;
    tl_place_graphemes(f, segment, graphemes + segment->first_grapheme);
}

int tl_fill_whole(tl_filler *f, const tl_segment *segment) {
    return f->full || tl_place_whole(f, segment);
}

int tl_fill_graphemes(tl_filler *f, const tl_segment *piece, const tl_grapheme *graphemes) {
    if (!f->full) tl_place_graphemes(f, piece, graphemes);
    return f->full;
}

void tl_fill_end_segment(tl_filler *f, const tl_segment *segment) {
    if (!f->full && segment->ends_paragraph) tl_emit(f, segment->end);
}

void tl_filler_init(tl_filler *f, tl_scratch *scratch, tl_fill_options options) {
    *f = (tl_filler){.scratch = scratch, .options = options};
}

int tl_fill_more(tl_filler *f, const tl_segment *segments, int32_t count, const tl_grapheme *graphemes) {
    for (int32_t i = 0; i < count; i++) {
        if (f->full) return 1;
        tl_place(f, &segments[i], graphemes);
        if (f->full) return 1;
        if (segments[i].ends_paragraph) tl_emit(f, segments[i].end);
    }
    return 0;
}

int tl_fill(tl_scratch *scratch, const tl_segment *segments, int32_t count,
            const tl_grapheme *graphemes, tl_fill_options options, int32_t *line_count) {
    tl_filler f;
    tl_filler_init(&f, scratch, options);
    int truncated = tl_fill_more(&f, segments, count, graphemes);
    *line_count = f.emitted;
    return f.failed ? -1 : truncated;
}
