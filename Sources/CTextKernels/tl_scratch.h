#ifndef TL_SCRATCH_H
#define TL_SCRATCH_H
// Per-thread scratch objects (ICU iterators, a HarfBuzz buffer, an index table), created on first
// use and freed when the thread exits, so no call allocates them again.
#include <stdint.h>
#include <hb.h>
#include <unicode/ubrk.h>

typedef struct tl_scratch {
    UBreakIterator *line;
    UBreakIterator *character;
    hb_buffer_t *buffer;
    int32_t *owner;          // code unit -> grapheme index, `owner_capacity` entries
    uint8_t *shaped;         // grapheme index -> 1 when some glyph's cluster starts in it
    int32_t owner_capacity;
    hb_position_t *advances; // per glyph of a run: the glyph's own advance
    int32_t advances_capacity;
} tl_scratch;

/// This thread's scratch space, or NULL when it cannot be created.
tl_scratch *tl_scratch_get(void);

/// Ensures `owner` and `shaped` hold at least `count` entries; returns 0 on allocation failure.
int tl_scratch_reserve_owner(tl_scratch *scratch, int32_t count);

/// Ensures `advances` holds at least `count` entries; returns 0 on allocation failure.
int tl_scratch_reserve_advances(tl_scratch *scratch, int32_t count);

#endif
