#include "tl_fill.h"
#include "tl_text_cache.h"
#include <math.h>
#include <string.h>

// How many lines a probe keeps aside (on the stack) rather than filling them again.
enum { TL_PROBE_KEPT_LINES = 32 };
// How many probes of a count's change step down from the lowest limit known to fill with fewer
// lines before the rest halve the interval (tl_probe_visit).
enum { TL_PROBE_DESCENTS = 3 };

// One probe: what is asked and where the answer goes.
typedef struct tl_probe {
    tl_fill_options options;
    double far_limit;
    int32_t max_fills;
    tl_fill_span *out;
} tl_probe;

// One fill at `limit`: its line count and the limits around it with the same lines.
typedef struct tl_probe_fill {
    int32_t truncated;
    int32_t lines;
    double floor;  // the same lines from here (tl_filler.floor)
    double turn;   // up to below here (tl_filler.turn)
} tl_probe_fill;

// Fills at `limit` with the filler tl_fill uses (so the same lines). -1 when out of memory.
static int tl_probe_at(tl_scratch *s, const tl_segment *segments, int32_t count, const tl_grapheme *graphemes,
                       int has_joints, tl_fill_options options, double limit, tl_probe_fill *out) {
    options.limit = limit;
    out->truncated = tl_fill_bounds(s, segments, count, graphemes, has_joints, options, &out->lines, &out->floor,
                                    &out->turn);
    return out->truncated < 0 ? -1 : 0;
}

// Whether the line count of a text filled at `limit` or above can only fall as the limit grows:
// no cluster-by-cluster breaking (every segment fits a line alone at `limit`) and nothing placed
// moves what follows back (no negative advance or joint). Then the k-th line ends at or after
// where it ends at any smaller limit: a line's segments, starting later, still fit.
// Also gives a limit at which the count is most likely below `lines` (from `lines` up): a
// greedy line ends only where the next segment does not fit, so each line but the last holds
// more than the limit less the widest segment, and at the widest segment plus the text's
// advance over `lines - 1` the text takes fewer than `lines` lines (the probe checks it).
// `*paragraphs`: the text's paragraphs (no fill has fewer lines, when the line limit allows).
// `*mask`: the faces the text's lines may be measured with (tl_fill_span.font_mask), found on
// the way.
static int tl_probe_monotone(const tl_segment *segments, int32_t count, tl_fill_options options, double limit,
                             int32_t lines, double *fewer, int32_t *paragraphs, uint64_t *mask) {
    double size = options.size, total = 0, widest = 0;
    int monotone = !options.breaks_at_graphemes;
    *paragraphs = 0;
    *mask = 0;
    for (int32_t i = 0; i < count; i++) {
        const tl_segment *segment = &segments[i];
        *mask |= segment->shaped && segment->font_mask ? segment->font_mask : 1;
        if (segment->ends_paragraph) (*paragraphs)++;
        if (!(segment->joint >= 0)) monotone = 0;
        if (!segment->shaped) continue;
        if (!(segment->advance >= 0) || !((segment->advance - segment->trailing_space) * size <= limit)) monotone = 0;
        total += (segment->advance + segment->joint) * size;
        if (segment->advance * size > widest) widest = segment->advance * size;
    }
    *fewer = lines > 1 ? total / (lines - 1) + widest : INFINITY;
    return monotone;
}

// The faces a text's lines may be measured with, as tl_probe_monotone finds them (`*mask`),
// for a probe that looks no further than its first fill.
static uint64_t tl_probe_mask(const tl_segment *segments, int32_t count) {
    uint64_t mask = 0;
    for (int32_t i = 0; i < count; i++) mask |= segments[i].shaped && segments[i].font_mask ? segments[i].font_mask : 1;
    return mask;
}

static int32_t tl_probe_visit(void *context, tl_scratch *s, const tl_segment *segments, int32_t count,
                              const tl_grapheme *graphemes, int has_joints) {
    tl_probe *p = context;
    tl_fill_options options = p->options;
    tl_probe_fill here, there;
    if (tl_probe_at(s, segments, count, graphemes, has_joints, options, options.limit, &here) < 0) return -1;
    // The lines at the limit asked about, kept aside while other fills take their place.
    tl_line kept[TL_PROBE_KEPT_LINES];
    if (here.lines <= TL_PROBE_KEPT_LINES) memcpy(kept, s->lines, sizeof(tl_line) * (size_t)here.lines);
    uint64_t mask = 0;
    int32_t fills = 1, paragraphs = 0;
    // The count is here.lines at every limit from options.limit up to below `below`.
    double below = here.turn, fewer = INFINITY;
    // Lines that hold past the far limit need no other fill: only the faces are read then.
    int monotone = 0;
    if (below <= p->far_limit) {
        monotone = tl_probe_monotone(segments, count, options, options.limit, here.lines, &fewer, &paragraphs, &mask);
    } else {
        mask = tl_probe_mask(segments, count);
    }
    if (below <= p->far_limit && monotone) {
        // The count can only fall: bisect between `below` and `above`, the lowest limit known to
        // fill with fewer lines, each probe moving one of them to its fill's edge. The first
        // probe is where fewer lines are likely, else as far as asked.
        double first = fewer > below && fewer < p->far_limit ? fewer : p->far_limit;
        if (tl_probe_at(s, segments, count, graphemes, has_joints, options, first, &there) < 0) return -1;
        fills++;
        if (there.lines == here.lines && first < p->far_limit) {
            below = there.turn;
            if (below <= p->far_limit) {
                if (tl_probe_at(s, segments, count, graphemes, has_joints, options, p->far_limit, &there) < 0) return -1;
                fills++;
            }
        }
        if (there.lines == here.lines) {
            below = there.turn > below ? there.turn : below;
        } else {
            double above = there.floor;
            // One line per paragraph is one fill (every segment on its paragraph's line), so no
            // limit below its floor has that count: one line more than it, the count drops there.
            if (there.lines == paragraphs && paragraphs <= options.max_lines && here.lines == paragraphs + 1) below = above;
            // The first probes step just below `above`: each finds the count there (so it changes
            // at `above`) or fewer lines with a lower floor. Where a few sets of lines lie between
            // the two counts, stepping down meets the change in fewer fills than halving.
            int descents = TL_PROBE_DESCENTS;
            while (below < above && fills < p->max_fills) {
                double middle = below + (above - below) / 2;
                if (descents > 0) {
                    descents--;
                    double under = nextafter(above, -INFINITY);
                    if (under > below) middle = under;
                }
                if (tl_probe_at(s, segments, count, graphemes, has_joints, options, middle, &there) < 0) return -1;
                fills++;
                if (there.lines == here.lines) {
                    below = there.turn;
                } else {
                    above = there.floor;
                }
            }
            // Met: the count changes there (`above` is never below `below`, nor below the first
            // fill's turn: its fill's lines hold down to it).
            if (below >= above) below = above > here.turn ? above : here.turn;
        }
    } else {
        // Each fill's lines hold up to below its turn, so the walk visits every set of lines in turn.
        while (below <= p->far_limit && fills < p->max_fills) {
            if (tl_probe_at(s, segments, count, graphemes, has_joints, options, below, &there) < 0) return -1;
            fills++;
            if (there.lines != here.lines) break;
            below = there.turn;
        }
    }
    // Other fills took their place: back, or filled again when there were too many to keep.
    if (fills > 1 && here.lines <= TL_PROBE_KEPT_LINES) {
        memcpy(s->lines, kept, sizeof(tl_line) * (size_t)here.lines);
    } else if (fills > 1 && tl_probe_at(s, segments, count, graphemes, has_joints, options, options.limit, &here) < 0) {
        return -1;
    }
    *p->out = (tl_fill_span){
        .line_count = here.lines, .fills = fills, .lines_end = here.turn, .count_end = below, .font_mask = mask,
        .lines = s->lines, .truncated = here.truncated,
    };
    return 0;
}

int32_t tl_measure_span(tl_text_cache *texts, const uint64_t *face_ids, int32_t font_count, const uint8_t *utf8,
                        int64_t length, tl_fill_options options, double far_limit, int32_t max_fills,
                        tl_fill_span *out) {
    if (!texts || !out || length <= 0 || length > (1 << 29) || font_count <= 0 || font_count > 64) return -1;
    if (!(options.limit == options.limit)) return -1;
    tl_scratch *s = tl_scratch_get();
    if (!s) return -1;
    tl_scratch_trim_lines(s);
    tl_text_key key = {face_ids, font_count, utf8, length};
    tl_probe probe = {options, far_limit, max_fills < 1 ? 1 : max_fills, out};
    return tl_text_cache_visit(texts, s, &key, tl_text_hash(face_ids, font_count, utf8, length), tl_probe_visit,
                               &probe);
}
