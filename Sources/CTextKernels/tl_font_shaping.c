#include "tl_font_shaping.h"
#include "CTextKernels.h"
#include <stdlib.h>
#include <string.h>

static hb_user_data_key_t tl_font_shaping_key;

const tl_font_shaping *tl_font_get_shaping(hb_font_t *font) {
    return hb_font_get_user_data(font, &tl_font_shaping_key);
}

int32_t tl_font_set_shaping(void *hb_font, const void *features, int32_t count) {
    if (count < 0) return -1;
    tl_font_shaping *shaping = malloc(sizeof(tl_font_shaping) + sizeof(hb_feature_t) * (size_t)count);
    if (!shaping) return -1;
    shaping->count = (unsigned int)count;
    if (count > 0) memcpy(shaping->features, features, sizeof(hb_feature_t) * (size_t)count);
    if (!hb_font_set_user_data(hb_font, &tl_font_shaping_key, shaping, free, 1)) {
        free(shaping);
        return -1;
    }
    return 0;
}
