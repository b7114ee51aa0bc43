#ifndef TL_FILL_H
#define TL_FILL_H
#include "CTextKernels.h"
#include "tl_scratch.h"

/// A line filler's state between segments: the filler is greedy, so a text can be given to it
/// a window of segments at a time (tl_windows.c does so with long texts).
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
    double joint;       // the last segment placed's joint with the next one, in em (tl_segment);
                        // who gives segments in windows sets it for a window's first segment
    double turn;        // the smallest limit above options.limit at which a placement decided so
                        // far would go the other way (INFINITY: none), and the largest width a
    double floor;       // placement that fit was compared with (-INFINITY: none): the lines are
                        // the same at every limit from floor up to below turn (tl_fill_probe.c);
                        // kept by tl_fill_bounds and by every placement cluster by cluster
} tl_filler;

/// Starts filling lines into `scratch->lines`, none placed yet.
void tl_filler_init(tl_filler *f, tl_scratch *scratch, tl_fill_options options);

/// Places the next `count` segments (their clusters in `graphemes`); 1 when the line limit
/// was reached with a segment still to place (the text is truncated), else 0.
int tl_fill_more(tl_filler *f, const tl_segment *segments, int32_t count, const tl_grapheme *graphemes);

/// For a segment given in pieces (its clusters never all at once): places it whole when it
/// fits, as tl_fill_more would (its sums filled in); returns 0 when it must instead be placed
/// cluster by cluster with tl_fill_graphemes, 1 when done (or the line limit is reached).
int tl_fill_whole(tl_filler *f, const tl_segment *segment);

/// For a segment given in pieces whose content alone is known to be wider than a line: does
/// what tl_fill_whole does with such a segment without its sums (starts a new line unless the
/// filler breaks at clusters), so it is then placed with tl_fill_graphemes; 1 when the line
/// limit is reached.
int tl_fill_overflowing(tl_filler *f, const tl_segment *segment);

/// Places a piece of a segment cluster by cluster (`piece`: the piece's start and cluster count;
/// its clusters in `graphemes`); 1 when the line limit was reached (the text is truncated).
int tl_fill_graphemes(tl_filler *f, const tl_segment *piece, const tl_grapheme *graphemes);

/// Ends a segment given in pieces: a new line after it when it ends a paragraph.
void tl_fill_end_segment(tl_filler *f, const tl_segment *segment);

/// Fills the lines of a text's segments into `scratch->lines` (see tl_measure_text); returns
/// 1 when the line limit cut some of the text off, 0 when not, -1 when out of memory.
/// `has_joints` 0 promises every segment's joint is 0 (no joint is then read or added).
int tl_fill(tl_scratch *scratch, const tl_segment *segments, int32_t count,
            const tl_grapheme *graphemes, int has_joints, tl_fill_options options, int32_t *line_count);

/// tl_fill, also giving the limits around options.limit with the same lines: from `*floor` up
/// to below `*turn` (tl_filler's).
int tl_fill_bounds(tl_scratch *scratch, const tl_segment *segments, int32_t count, const tl_grapheme *graphemes,
                   int has_joints, tl_fill_options options, int32_t *line_count, double *floor, double *turn);

#endif
