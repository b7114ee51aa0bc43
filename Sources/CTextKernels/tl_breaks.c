#include "CTextKernels.h"
#include "tl_scratch.h"

int32_t tl_line_breaks(const uint16_t *text, int32_t length, int32_t *positions, uint8_t *hard,
                       int32_t capacity) {
    tl_scratch *scratch = tl_scratch_get();
    if (!scratch) return -1;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(scratch->line, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t at = ubrk_next(scratch->line); at != UBRK_DONE; at = ubrk_next(scratch->line)) {
        if (count >= capacity) return -1;
        int32_t rule = ubrk_getRuleStatus(scratch->line);
        positions[count] = at;
        hard[count] = rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
        count++;
    }
    // Do not keep a pointer into the caller's memory.
    ubrk_setText(scratch->line, NULL, 0, &status);
    return count;
}

int32_t tl_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *positions,
                           int32_t capacity) {
    tl_scratch *scratch = tl_scratch_get();
    if (!scratch) return -1;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(scratch->character, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t at = ubrk_next(scratch->character); at != UBRK_DONE;
         at = ubrk_next(scratch->character)) {
        if (count >= capacity) return -1;
        positions[count++] = at;
    }
    ubrk_setText(scratch->character, NULL, 0, &status);
    return count;
}
