#ifndef TL_RUNS_H
#define TL_RUNS_H
// A paragraph's script and level runs (tl_paragraph_runs), and what a segment's shaping depends
// on among them.
#include "CTextKernels.h"
#include "tl_scratch.h"

/// tl_paragraph_runs with this thread's scratch `s`.
int32_t tl_itemize(tl_scratch *s, const uint16_t *text, int32_t length, tl_run *runs, int32_t capacity);

/// tl_itemize into `runs` (room for `length`, at least 1), or, for an empty paragraph or when
/// ICU fails (out of memory), one run shaped as HarfBuzz guesses. Returns the count (at least 1).
int32_t tl_itemize_or_guess(tl_scratch *s, const uint16_t *text, int32_t length, tl_run *runs);

/// What shaping text[start, end) of a paragraph depends on besides its units and fonts, given
/// its `run_count` runs (at least one): the props of its run when it lies in one, else a hash
/// of its runs' props and where they end in it (with bit 31 set). Sets the props at its first
/// and last unit. `*cursor` is a run index before the segment's (0 at first), advanced to
/// its first run, so a paragraph's segments in order walk the runs once.
uint32_t tl_runs_context(const tl_run *runs, int32_t run_count, int32_t *cursor, int32_t start,
                         int32_t end, uint16_t *first_props, uint16_t *last_props);

/// The HarfBuzz script of a run's props (HB_SCRIPT_INVALID for Common: no script).
hb_script_t tl_run_script(uint16_t props);

/// Sets a run's script and direction on `buffer` (its language as HarfBuzz guesses it).
void tl_set_run_props(hb_buffer_t *buffer, uint16_t props);

#endif
