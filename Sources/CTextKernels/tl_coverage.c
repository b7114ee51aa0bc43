#include "CTextKernels.h"
#include <hb.h>
#include <string.h>

void tl_fill_bmp_coverage(void *hb_face, uint64_t *bits) {
    memset(bits, 0, 1024 * sizeof(uint64_t));
    hb_set_t *set = hb_set_create();
    hb_face_collect_unicodes(hb_face, set);
    hb_codepoint_t c = HB_SET_VALUE_INVALID;
    while (hb_set_next(set, &c) && c < 0x10000) bits[c >> 6] |= (uint64_t)1 << (c & 63);
    hb_set_destroy(set);
}
