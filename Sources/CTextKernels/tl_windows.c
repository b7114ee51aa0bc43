#include "tl_windows.h"
#include "tl_analyse.h"
#include "tl_fill.h"
#include "tl_joints.h"
#include "tl_runs.h"
#include <string.h>

// A text longer than TL_WINDOW_UNITS UTF-16 code units is analysed and filled a window of segments
// at a time (at least one segment, at most this many units unless one segment is longer) and
// not kept in the text cache: its clusters and segments never all live at once, so memory
// stays a small multiple of the text (the UTF-16 copy and the break positions) plus a window.
// The filler is greedy, so the lines are those of the whole text; a window that ends inside a
// paragraph is shaped without the text after it as context, which changes no advance but
// of a contextual lookup reaching across a break opportunity.

// Code units after a piece of a long segment shaped with it as context (tl_shape_piece).
enum { TL_PIECE_CONTEXT = 32 };

// Where the piece of a long segment that starts at `from` ends: at the last cluster boundary
// at most TL_WINDOW_UNITS after it (after one cluster when that cluster is longer).
static int32_t tl_piece_end(tl_scratch *s, const uint16_t *text, int32_t from, int32_t content_end) {
    if (content_end - from <= TL_WINDOW_UNITS) return content_end;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(s->character, (const UChar *)(text + from), content_end - from, &status);
    if (U_FAILURE(status)) return content_end;
    int32_t cut = ubrk_preceding(s->character, TL_WINDOW_UNITS + 1);
    if (cut <= 0) cut = ubrk_following(s->character, 0);
    ubrk_setText(s->character, NULL, 0, &status);
    return cut <= 0 ? content_end : from + cut;
}

// The last piece shaped into s->graphemes: a piece with the same code units (its context
// after it included) has the same clusters, so a word that repeats itself (a long run of one
// letter, a pasted pattern) is shaped once per distinct piece, not once per piece.
typedef struct tl_piece_memo {
    int32_t from, to, reach, kept;  // kept < 0: nothing shaped yet
} tl_piece_memo;

// Shapes the clusters of text[from, to) into s->graphemes with up to TL_PIECE_CONTEXT code
// units after them (up to content_end) shaped too and dropped, so the last one keeps its
// kerning against what follows, as in one run. The cluster count, or -1.
static int32_t tl_shape_piece(tl_scratch *s, const tl_font *fonts, int32_t font_count, tl_piece_memo *memo,
                              const uint16_t *text, int32_t from, int32_t to, int32_t content_end) {
    int32_t reach = content_end - to > TL_PIECE_CONTEXT ? to + TL_PIECE_CONTEXT : content_end;
    if (memo->kept >= 0 && to - from == memo->to - memo->from && reach - from == memo->reach - memo->from &&
        memcmp(text + from, text + memo->from, sizeof(uint16_t) * (size_t)(reach - from)) == 0) {
        memo->from = from, memo->to = to, memo->reach = reach;
        return memo->kept;
    }
    if (!tl_scratch_reserve_segments(s, reach - from)) return -1;
    // The piece's own runs: the segment's runs are never all at hand.
    int32_t run_count = tl_itemize_or_guess(s, text + from, reach - from, s->runs);
    int32_t n = tl_shape_segment(fonts, font_count, text + from, reach - from, s->runs, run_count, 0,
                                 s->graphemes, reach - from);
    if (n < 0) return -1;
    int32_t kept = 0;
    for (int32_t at = from; at < to && kept < n;) at += s->graphemes[kept++].length;
    *memo = (tl_piece_memo){from, to, reach, kept};
    return kept;
}

// Places a segment longer than a window (code units start ..< end, content up to
// content_end) in pieces of whole clusters (see tl_shape_piece): first for the segment's sums,
// and again to place its clusters when it does not fit whole. The sums stop at the piece where
// the content already is wider than a line (no advance being negative, what follows can only
// widen it), so an overlong word is shaped about once, not twice. Returns 1 when the line limit
// was reached, 0 when not, -1 when out of memory.
static int tl_fill_long_segment(tl_scratch *s, tl_filler *f, const tl_font *fonts, int32_t font_count,
                                const uint16_t *text, tl_segment segment) {
    double advance = 0, trailing = 0;
    uint64_t mask = 0;
    int monotone = 1, overflows = 0;
    tl_piece_memo memo = {.kept = -1};
    // A margin far above the round-off of the sums, so "wider than a line" is certain.
    double line = f->options.limit / f->options.size * (1 + 1e-9) + 1e-9;
    for (int32_t from = segment.start, to; from < segment.content_end && !overflows; from = to) {
        to = tl_piece_end(s, text, from, segment.content_end);
        int32_t n = tl_shape_piece(s, fonts, font_count, &memo, text, from, to, segment.content_end);
        if (n < 0) return -1;
        for (int32_t i = 0; i < n; i++) {
            const tl_grapheme *g = &s->graphemes[i];
            advance += g->advance;
            trailing = g->hangs ? trailing + g->advance : 0;
            mask |= (uint64_t)1 << (g->font & 63);
            monotone &= g->advance >= 0;
        }
        overflows = monotone && f->options.size > 0 && advance - trailing > line;
    }
    segment.advance = advance;
    segment.trailing_space = trailing;
    segment.font_mask = mask;
    segment.shaped = 1;
    if (overflows ? !tl_fill_overflowing(f, &segment) : !tl_fill_whole(f, &segment)) {
        for (int32_t from = segment.start, to; from < segment.content_end; from = to) {
            to = tl_piece_end(s, text, from, segment.content_end);
            int32_t n = tl_shape_piece(s, fonts, font_count, &memo, text, from, to, segment.content_end);
            if (n < 0) return -1;
            tl_segment piece = {.start = from, .grapheme_count = n};
            if (tl_fill_graphemes(f, &piece, s->graphemes)) return 1;
        }
    }
    if (f->full) return 1;
    tl_fill_end_segment(f, &segment);
    return 0;
}

int tl_measure_windows(tl_scratch *s, tl_segment_cache *segments, const uint64_t *face_ids,
                       const tl_font *fonts, int32_t font_count, int32_t count, int32_t found,
                       tl_fill_options options, int32_t *lines) {
    tl_filler filler;
    tl_filler_init(&filler, s, options);
    int truncated = 0;
    // The previous window's last segment and its last cluster (the scratch's analysis is
    // overwritten by the next window), for its joint with the next window's first segment.
    tl_segment tail_segment = {0};
    tl_grapheme tail_cluster = {0};
    int has_tail = 0;
    for (int32_t first = 0, start = 0; first < found && !truncated;) {
        int32_t end = s->break_positions[first];
        if (end - start > TL_WINDOW_UNITS) {
            if (filler.full) {
                truncated = 1;
                break;
            }
            int32_t content_end = end;
            int hard = s->break_hard[first] != 0;
            if (hard) {
                while (content_end > start && tl_is_mandatory_break(s->units[content_end - 1])) content_end--;
            }
            tl_segment segment = {.start = start, .content_end = content_end, .end = end,
                                  .ends_paragraph = (uint8_t)(hard || first == found - 1)};
            // Joints beside a segment longer than a window are 0: its clusters are never all at hand.
            has_tail = 0;
            filler.joint = 0;
            truncated = tl_fill_long_segment(s, &filler, fonts, font_count, s->units, segment);
            if (truncated < 0) return -1;
            if (!truncated && first == found - 1 && hard) {
                // As tl_analyse_range ends such a text: an empty last line.
                tl_segment empty = {.start = count, .content_end = count, .end = count, .ends_paragraph = 1};
                truncated = tl_fill_more(&filler, &empty, 1, s->graphemes);
            }
            start = end;
            first++;
            continue;
        }
        int32_t last = first + 1;
        while (last < found && s->break_positions[last] - start <= TL_WINDOW_UNITS) last++;
        if (!tl_scratch_reserve_segments(s, s->break_positions[last - 1] - start)) return -1;
        tl_analysis analysis;
        if (tl_analyse_range(s, segments, face_ids, fonts, font_count, s->units, count, found, first, last,
                             &analysis) < 0)
            return -1;
        const tl_segment *head = &analysis.segments[0];
        filler.joint = has_tail && analysis.segment_count > 0 && head->grapheme_count > 0
                           ? tl_joint_between(s, face_ids, fonts, s->units, &tail_segment, &tail_cluster, head,
                                              &analysis.graphemes[head->first_grapheme])
                           : 0;
        truncated = tl_fill_more(&filler, analysis.segments, analysis.segment_count, analysis.graphemes);
        has_tail = analysis.segment_count > 0 && analysis.segments[analysis.segment_count - 1].grapheme_count > 0;
        if (has_tail) tail_segment = analysis.segments[analysis.segment_count - 1];
        if (has_tail) tail_cluster = analysis.graphemes[tail_segment.first_grapheme + tail_segment.grapheme_count - 1];
        start = s->break_positions[last - 1];
        first = last;
    }
    *lines = filler.emitted;
    return filler.failed ? -1 : truncated;
}
