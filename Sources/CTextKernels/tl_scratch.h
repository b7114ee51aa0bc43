#ifndef TL_SCRATCH_H
#define TL_SCRATCH_H
// Per-thread scratch objects (ICU iterators, a HarfBuzz buffer, an index table), created on first
// use and freed when the thread exits, so no call allocates them again.
#include <stdint.h>
#include "CTextKernels.h"
#include <hb.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>

/// A shape plan this thread reuses: HarfBuzz's own cached plan for (face, properties), held
/// with a reference to the face so the face's address cannot be reused while it is here.
typedef struct tl_plan_entry {
    hb_face_t *face;
    hb_segment_properties_t props;
    hb_shape_plan_t *plan;
} tl_plan_entry;

#define TL_PLAN_ENTRIES 8

/// A joint between two clusters this thread has shaped (tl_joints.c): the face's id, the run
/// props they were shaped with, the two clusters' code units (the first `first` of them are the
/// first cluster) and the joint in em.
#define TL_JOINT_UNITS 12
#define TL_JOINT_ENTRIES 1024
/// Joints of two one-unit clusters (most of them), keyed by face id (below 2^16 - 1), run props
/// and the two code units packed into 64 bits: direct-mapped, TL_PAIR_ENTRIES keys and joints.
#define TL_PAIR_ENTRIES 4096
typedef struct tl_joint_entry {
    uint64_t face;
    double joint;
    uint16_t props;
    uint8_t first;
    uint8_t units;
    uint16_t text[TL_JOINT_UNITS];
} tl_joint_entry;

typedef struct tl_scratch {
    UBreakIterator *line;
    UBreakIterator *character;
    hb_buffer_t *buffer;
    int32_t *owner;          // code unit -> grapheme index, `owner_capacity` entries
    uint8_t *shaped;         // grapheme index -> 1 when some glyph's cluster starts in it
    int32_t owner_capacity;
    hb_position_t *advances; // per glyph of a run: the glyph's own advance
    int32_t advances_capacity;
    tl_plan_entry plans[TL_PLAN_ENTRIES];
    int32_t next_plan;       // the entry replaced next when all are taken
    // tl_analyse_text's buffers: the breaks for `breaks_capacity` code units (+ 2), the rest
    // for `analysis_capacity` (+ 2).
    int32_t *break_positions;
    uint8_t *break_hard;
    int32_t breaks_capacity;
    tl_segment *segments;
    tl_grapheme *graphemes;  // the text's clusters, segment after segment
    tl_grapheme *paragraph;  // a paragraph shaped in one pass
    uint64_t *hashes;        // per segment of a paragraph
    uint32_t *contexts;      // per segment of a paragraph: its runs' context (tl_runs_context)
    int32_t *cluster_start;
    int32_t *order;          // links of a paragraph's per-shard segment lists
    uint8_t *fresh;
    int32_t analysis_capacity;
    uint16_t *units;         // tl_measure_text's UTF-16 text
    int64_t units_capacity;
    tl_line *lines;          // tl_measure_text's lines
    int32_t lines_capacity;
    struct tl_text_memo *text_memo;  // tl_text_cache.c's copies of texts this thread measures again
    uint32_t thread_index;   // a number per thread, which spreads per-thread counters
    tl_joint_entry *joints;  // TL_JOINT_ENTRIES entries, direct-mapped, made on first use
    uint64_t *pair_keys;     // TL_PAIR_ENTRIES keys (UINT64_MAX: empty), made with `joints`
    double *pair_joints;
    UBiDi *bidi;             // tl_runs.c's bidi pass, made on first use
    tl_run *script_runs;     // tl_runs.c's script runs before they are cut at the level runs
    int32_t script_runs_capacity;
    tl_run *runs;            // a paragraph's runs (tl_analyse.c), `analysis_capacity` + 2
    uint16_t *cluster_props; // tl_shape_segment: each cluster's run props, `owner_capacity`
} tl_scratch;

/// Frees a thread's text memo and the texts it holds (tl_text_cache.c).
void tl_text_memo_free(struct tl_text_memo *memo);

/// This thread's scratch space, or NULL when it cannot be created.
tl_scratch *tl_scratch_get(void);

/// Ensures `owner` and `shaped` hold at least `count` entries; returns 0 on allocation failure.
int tl_scratch_reserve_owner(tl_scratch *scratch, int32_t count);

/// Ensures `advances` holds at least `count` entries; returns 0 on allocation failure.
int tl_scratch_reserve_advances(tl_scratch *scratch, int32_t count);

/// Ensures tl_analyse_text's buffers hold a text of `length` code units; 0 on allocation failure.
int tl_scratch_reserve_analysis(tl_scratch *scratch, int32_t length);

/// Ensures the break buffers hold the breaks of a text of `length` code units; 0 on failure.
int tl_scratch_reserve_breaks(tl_scratch *scratch, int32_t length);

/// Ensures the buffers other than the breaks hold `length` code units of segments; 0 on failure.
int tl_scratch_reserve_segments(tl_scratch *scratch, int32_t length);

/// Ensures `units` holds `count` code units; 0 on allocation failure.
int tl_scratch_reserve_units(tl_scratch *scratch, int64_t count);

/// Makes the joint memo (all entries empty); 0 on allocation failure.
int tl_scratch_reserve_joints(tl_scratch *scratch);

/// Ensures `lines` holds `count` lines; 0 on allocation failure.
int tl_scratch_reserve_lines(tl_scratch *scratch, int32_t count);

/// Frees the buffers a long text grew past what ordinary texts need (all but `lines`, which
/// hold the caller's result), so a thread does not keep a long text's peak memory.
void tl_scratch_trim(tl_scratch *scratch);

/// Frees `lines` when a long text grew it past what ordinary texts need.
void tl_scratch_trim_lines(tl_scratch *scratch);

/// Shapes `buffer` (segment properties set) with `font` as hb_shape does, with no features,
/// through the same cached shape plan, but found in this thread's small table instead of by
/// building HarfBuzz's plan key on every call.
void tl_scratch_shape(tl_scratch *scratch, hb_font_t *font, hb_buffer_t *buffer);

/// Shapes text[start, end) alone (no context) with `font` in the scratch's buffer, with the
/// script and direction of run props `props`; returns its glyph positions (valid until the
/// buffer's next use) and their count in `*count`.
hb_glyph_position_t *tl_shape_alone(tl_scratch *scratch, const tl_font *font, uint16_t props,
                                    const uint16_t *text, int32_t start, int32_t end, unsigned *count);

#endif
