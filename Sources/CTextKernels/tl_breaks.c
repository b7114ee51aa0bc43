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

// UAX #14 classes of the characters tl_simple_line_breaks knows.
enum { TL_OTHER, TL_AL, TL_ID, TL_SP, TL_IS, TL_EX, TL_CL, TL_QU, TL_LF };

// The ASCII characters' classes (0, TL_OTHER, for the rest), so the common case is one load.
static const uint8_t tl_ascii_class[128] = {
    ['a' ... 'z'] = TL_AL, ['A' ... 'Z'] = TL_AL,
    [' '] = TL_SP, ['.'] = TL_IS, [','] = TL_IS, [':'] = TL_IS, [';'] = TL_IS,
    ['!'] = TL_EX, ['?'] = TL_EX, ['\''] = TL_QU, ['"'] = TL_QU, ['\n'] = TL_LF,
};

static inline int tl_simple_class(uint16_t u) {
    if (u < 128) return tl_ascii_class[u];
    if (u >= 0x4E00 && u <= 0x9FFF) return TL_ID;   // CJK Unified Ideographs
    switch (u) {
    case 0x3001: case 0x3002: case 0xFF0C: return TL_CL;   // 、。，
    case 0xFF01: case 0xFF1F: return TL_EX;                // ！？
    default: return TL_OTHER;
    }
}

int32_t tl_simple_line_breaks(const uint16_t *text, int32_t length, int32_t *positions,
                              uint8_t *hard, int32_t capacity) {
    int32_t count = 0;
    int previous = TL_OTHER;
    for (int32_t i = 0; i < length; i++) {
        int current = tl_simple_class(text[i]);
        if (current == TL_OTHER) return -1;
        if (i > 0) {
            int breaks;
            if (previous == TL_LF) breaks = 1;                        // LB5: LF !
            else if (current == TL_LF || current == TL_SP) breaks = 0; // LB6, LB7
            else if (current == TL_IS || current == TL_EX || current == TL_CL)
                breaks = 0;                                           // LB13, even after spaces
            else if (previous == TL_SP) breaks = 1;                   // LB18: SP ÷
            else if (current == TL_QU || previous == TL_QU) breaks = 0; // LB19
            else if (current == TL_ID || previous == TL_ID) breaks = 1; // LB31
            else if (previous == TL_EX || previous == TL_CL) breaks = 1; // LB31: EX ÷ AL, CL ÷ AL
            else breaks = 0;                                          // LB28 AL × AL, LB29 IS × AL
            if (breaks) {
                if (count >= capacity) return -1;
                positions[count] = i;
                hard[count] = previous == TL_LF;
                count++;
            }
        }
        previous = current;
    }
    if (length > 0) {
        if (count >= capacity) return -1;
        positions[count] = length;
        hard[count] = previous == TL_LF;
        count++;
    }
    return count;
}
