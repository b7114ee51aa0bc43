#include "tl_fill.h"
#include <limits.h>

// The arithmetic below is TextEngine's LineFiller's, operation for operation, so both give
// the same doubles: no fused multiply-adds.
#pragma STDC FP_CONTRACT OFF

typedef struct tl_filler {
    tl_scratch *scratch;
    tl_fill_options options;
    int32_t line_start;
    double advance;     // everything placed on the line, hanging space included
    double ink;         // advance up to the end of the last non-hanging content
    uint64_t mask;
    int placed;         // whether anything is on the current line
    int32_t emitted;
    int full;           // max_lines lines emitted: anything more is truncated
    int failed;         // out of memory
} tl_filler;

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
    int32_t respace_from = segment->respaced ? segment->trailing_spaces_start : INT32_MAX;
    for (int32_t index = 0; index < segment->grapheme_count; index++) {
        if (index == respace_from) {
            // The trailing spaces hang, in the font the respacing gave them.
            f->advance += segment->respace_advance * size;
            f->mask |= segment->respace_mask;
            f->placed = 1;
            return;
        }
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

static void tl_place(tl_filler *f, const tl_segment *segment, const tl_grapheme *graphemes) {
    if (!segment->shaped) {
        f->placed = 1;
        return;
    }
    double size = f->options.size;
    // What a line holding the previous segment adds before this one (0 on an empty line; a
    // line is never placed before the first segment, and an unshaped one has no joint).
    double joint = f->placed && segment[-1].joint != 0 ? segment[-1].joint * size : 0;
    if (!f->options.breaks_at_graphemes) {
        double segment_ink = (segment->advance - segment->trailing_space) * size;
        if (f->placed && f->advance + joint + segment_ink > f->options.limit) {
            tl_emit(f, segment->start);
            if (f->full) return;
            joint = 0;
        }
        // Either it fits after what is on the line, or the line is empty and it fits alone.
        if (f->placed || segment_ink <= f->options.limit) {
            double start = f->advance + joint;
            if (segment->trailing_space < segment->advance) f->ink = start + segment_ink;
            f->advance = start + segment->advance * size;
            f->mask |= segment->font_mask;
            f->placed = 1;
            return;
        }
    }
    // A first cluster that does not fit starts a new line, which resets the advance.
    f->advance += joint;
    tl_place_graphemes(f, segment, graphemes + segment->first_grapheme);
}

int tl_fill(tl_scratch *scratch, const tl_segment *segments, int32_t count,
            const tl_grapheme *graphemes, tl_fill_options options, int32_t *line_count) {
    tl_filler f = {.scratch = scratch, .options = options};
    int truncated = 0;
    for (int32_t i = 0; i < count; i++) {
        if (f.full) { truncated = 1; break; }
        tl_place(&f, &segments[i], graphemes);
        if (f.full) { truncated = 1; break; }
        if (segments[i].ends_paragraph) tl_emit(&f, segments[i].end);
    }
    *line_count = f.emitted;
    return f.failed ? -1 : truncated;
}
