#ifndef TL_FILL_PROBE_H
#define TL_FILL_PROBE_H
// How far a cached text's lines at one width stay alike as the width grows (a height curve's
// proof, docs/layout.md "Height curves"), from the filler's own decisions: no search.

/// What tl_measure_span found about a text filled at `options.limit` and at larger limits.
typedef struct tl_fill_span {
    int32_t line_count;   ///< lines at options.limit (as tl_measure_text fills them)
    int32_t fills;        ///< fills the walk took
    double lines_end;     ///< the smallest limit above options.limit whose lines differ from
                          ///< those at it (INFINITY: none): the same lines at every limit below
    double count_end;     ///< the line count is `line_count` at every limit from options.limit up
                          ///< to below this one (the first limit found with another count, or
                          ///< where the walk stopped: past `far_limit`, or after `max_fills`)
    uint64_t font_mask;   ///< the faces any of the text's segments uses (bit i: face i), and bit 0
                          ///< when a line may hold no face (an unshaped or empty segment: such a
                          ///< line is measured with the primary face)
    const tl_line *lines; ///< the lines at options.limit, in this thread's scratch space (valid
                          ///< until the thread's next call), as tl_measure_text gives them
    int32_t truncated;    ///< 1 when max_lines cut some of the text off at options.limit
} tl_fill_span;

/// For a text the text cache holds (`texts`, the fonts' ids and the UTF-8 bytes as
/// tl_measure_text takes them): its lines at `options.limit`, where they first change above it,
/// and where the line count first changes, found by filling at each limit where the lines
/// change (every fill exact, each one a limit's lines) until the count changes, the limit passes
/// `far_limit` or `max_fills` fills were made. Returns 0, 1 when the text is not cached (a long
/// text is never cached), -1 when out of memory or the arguments are not a text.
int32_t tl_measure_span(tl_text_cache *texts, const uint64_t *face_ids, int32_t font_count, const uint8_t *utf8,
                        int64_t length, tl_fill_options options, double far_limit, int32_t max_fills,
                        tl_fill_span *out);

#endif
