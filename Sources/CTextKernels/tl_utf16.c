#include "CTextKernels.h"
#include <string.h>

int64_t tl_utf8_to_utf16(const uint8_t *bytes, int64_t length, uint16_t *out) {
    int64_t count = 0;
    for (int64_t at = 0; at < length;) {
        // ASCII runs (most UI text) copy a byte per unit, eight at a time while they last.
        while (at + 8 <= length) {
            uint64_t eight;
            memcpy(&eight, bytes + at, 8);
            if (eight & 0x8080808080808080ull) break;
            for (int k = 0; k < 8; k++) out[count + k] = bytes[at + k];
            at += 8;
            count += 8;
        }
        if (at >= length) break;
        uint32_t c = bytes[at];
        if (c < 0x80) {
            out[count++] = (uint16_t)c;
            at++;
            continue;
        }
        int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
        if (at + extra >= length) return -1;   // cut short: Swift strings never are
        c &= extra == 3 ? 0x07 : extra == 2 ? 0x0F : 0x1F;
        for (int k = 1; k <= extra; k++) c = (c << 6) | (bytes[at + k] & 0x3F);
        at += extra + 1;
        if (c >= 0x10000) {
            c -= 0x10000;
            out[count++] = (uint16_t)(0xD800 + (c >> 10));
            out[count++] = (uint16_t)(0xDC00 + (c & 0x3FF));
        } else {
            out[count++] = (uint16_t)c;
        }
    }
    return count;
}
