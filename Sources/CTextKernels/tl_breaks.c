#include "CTextKernels.h"
#include "tl_analyse.h"
#include "tl_scratch.h"
#include <pthread.h>
#include <unicode/uchar.h>

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
        positions[count] = at;
        // Mandatory from the character before it (UAX #14's BK, CR, LF and NL), not from ICU's
        // rule status: ICU 72 gives every dictionary break (Thai, Lao, Khmer, Burmese) of a run
        // that ends at a line feed the hard status.
        hard[count] = at > 0 && tl_is_mandatory_break(text[at - 1]);
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
enum { TL_OTHER, TL_AL, TL_ID, TL_SP, TL_IS, TL_EX, TL_CL, TL_QU, TL_LF, TL_NU, TL_CLASSES };

// The ASCII characters' classes (0, TL_OTHER, for the rest), so the common case is one load.
static const uint8_t tl_ascii_class[128] = {
    ['a' ... 'z'] = TL_AL, ['A' ... 'Z'] = TL_AL, ['0' ... '9'] = TL_NU,
    [' '] = TL_SP, ['.'] = TL_IS, [','] = TL_IS, [':'] = TL_IS, [';'] = TL_IS,
    ['!'] = TL_EX, ['?'] = TL_EX, ['\''] = TL_QU, ['"'] = TL_QU, ['\n'] = TL_LF,
};

// Other characters: the common CJK ones by range, the rest by ICU's own Line_Break property.
// Among these classes ICU 72's rules treat every ID and EB character alike (EB differs from ID
// only before EM, ID and EB only after PR or before PO and IN, none of which is known here).
static int tl_simple_class_slow(uint32_t c) {
    if (c >= 0x4E00 && c <= 0x9FFF) return TL_ID;   // CJK Unified Ideographs
    switch (c) {
    case 0x3001: case 0x3002: case 0xFF0C: return TL_CL;   // 、。，
    case 0xFF01: case 0xFF1F: return TL_EX;                // ！？
    default: break;
    }
    if (c < 0x2000) return TL_OTHER;   // no ID or EB character below U+231A
    int32_t lb = u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK);
    return lb == U_LB_IDEOGRAPHIC || lb == U_LB_E_BASE ? TL_ID : TL_OTHER;
}

// Whether UAX #14 (as ICU 72 applies it) allows a break between a character of class
// `previous` and one of class `current` (a mandatory one after LF); the pair rules, in order.
// Next to these classes a digit (NU) breaks as a letter does (LB23 AL × NU, NU × AL; LB25
// NU × NU and NU × IS as ICU tailors it: IS × NU even after a letter), but for one context:
// ICU breaks between a space and IS when a digit follows (` .35`), which the loops check.
static int tl_pair_breaks(int previous, int current) {
    if (previous == TL_NU) previous = TL_AL;
    if (current == TL_NU) current = TL_AL;
    if (previous == TL_LF) return 1;                                  // LB5: LF !
    if (current == TL_LF || current == TL_SP) return 0;               // LB6, LB7
    if (current == TL_IS || current == TL_EX || current == TL_CL) return 0; // LB13, even after spaces
    if (previous == TL_SP) return 1;                                  // LB18: SP ÷
    if (current == TL_QU || previous == TL_QU) return 0;              // LB19
    if (current == TL_ID || previous == TL_ID) return 1;              // LB31
    if (previous == TL_EX || previous == TL_CL) return 1;             // LB31: EX ÷ AL, CL ÷ AL
    return 0;                                                         // LB28 AL × AL, LB29 IS × AL
}

// tl_pair_breaks as a table (filled once), so the loop below takes no data-dependent branch.
static uint8_t tl_pair_table[TL_CLASSES][TL_CLASSES];
static pthread_once_t tl_pair_once = PTHREAD_ONCE_INIT;

static void tl_fill_pair_table(void) {
    for (int previous = 1; previous < TL_CLASSES; previous++)
        for (int current = 1; current < TL_CLASSES; current++)
            tl_pair_table[previous][current] = (uint8_t)tl_pair_breaks(previous, current);
}

int32_t tl_simple_line_breaks(const uint16_t *text, int32_t length, int32_t *positions,
                              uint8_t *hard, int32_t capacity) {
    pthread_once(&tl_pair_once, tl_fill_pair_table);
    if (length <= 0) return 0;
    // A break goes before at most every character but the first, and one at the end: with
    // room for length + 1, each position is written unconditionally and counted only when it
    // is a break (whether text breaks is not predictable, so branching on it is slow).
    if (capacity <= length) return -1;
    int32_t count = 0;
    int previous = TL_OTHER;
    for (int32_t i = 0; i < length;) {
        int32_t at = i;
        uint32_t u = text[i++];
        int current;
        if (u < 128) {
            current = tl_ascii_class[u];
        } else if (u >= 0xD800 && u <= 0xDBFF) {
            // A surrogate pair is one character; a lone surrogate is left to ICU.
            if (i >= length || text[i] < 0xDC00 || text[i] > 0xDFFF) return -1;
            current = tl_simple_class_slow(0x10000 + ((u - 0xD800) << 10) + (text[i++] - 0xDC00u));
        } else {
            current = tl_simple_class_slow(u);
        }
        if (current == TL_OTHER) return -1;
        // The first character has previous == TL_OTHER, whose row is all 0: no break before it.
        positions[count] = at;
        hard[count] = previous == TL_LF;
        int space_before_number = 0;   // ` .35`: rare, so tested without a data-dependent branch first
        if ((previous == TL_SP) & (current == TL_IS)) space_before_number = i < length && text[i] >= '0' && text[i] <= '9';
        count += tl_pair_table[previous][current] | space_before_number;
        previous = current;
    }
    positions[count] = length;
    hard[count] = previous == TL_LF;
    return count + 1;
}

int32_t tl_simple_line_breaks_utf8(const uint8_t *bytes, int64_t length, uint16_t *out,
                                   int32_t *unit_count, int32_t *positions, uint8_t *hard) {
    pthread_once(&tl_pair_once, tl_fill_pair_table);
    int32_t count = 0, units = 0;
    int previous = TL_OTHER;
    for (int64_t at = 0; at < length;) {
        uint32_t c = bytes[at];
        int current;
        int32_t start = units;
        if (c < 0x80) {
            out[units++] = (uint16_t)c;
            at++;
            current = tl_ascii_class[c];
        } else {
            // Decoded as tl_utf8_to_utf16 does (the bytes are valid UTF-8).
            int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
            if (at + extra >= length) return -1;
            c &= extra == 3 ? 0x07 : extra == 2 ? 0x0F : 0x1F;
            for (int k = 1; k <= extra; k++) c = (c << 6) | (bytes[at + k] & 0x3F);
            at += extra + 1;
            if (c >= 0x10000) {
                out[units++] = (uint16_t)(0xD800 + ((c - 0x10000) >> 10));
                out[units++] = (uint16_t)(0xDC00 + ((c - 0x10000) & 0x3FF));
            } else {
                out[units++] = (uint16_t)c;
            }
            // A surrogate code point (not valid UTF-8, never in a Swift string) is left to ICU.
            current = c >= 0xD800 && c <= 0xDFFF ? TL_OTHER : tl_simple_class_slow(c);
        }
        if (current == TL_OTHER) return -1;
        positions[count] = start;
        hard[count] = previous == TL_LF;
        int space_before_number = 0;
        if ((previous == TL_SP) & (current == TL_IS)) space_before_number = at < length && bytes[at] >= '0' && bytes[at] <= '9';
        count += tl_pair_table[previous][current] | space_before_number;
        previous = current;
    }
    *unit_count = units;
    if (length <= 0) return 0;
    positions[count] = units;
    hard[count] = previous == TL_LF;
    return count + 1;
}
