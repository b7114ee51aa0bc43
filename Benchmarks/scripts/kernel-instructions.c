// Measures the 1,000 UI strings (15 pt, widths 343/288/200 in turn) through tl_measure_text as
// TextMeasurer does, in one of three modes: cold (both caches emptied before each string), new
// (the text cache emptied: words known, text new), warm (both cached). Built and run under
// callgrind by kernel-instructions.sh, which gives instructions per string.
// Usage: kernel-instructions MODE ROUNDS FONTS_DIR STRINGS.bin
#include "CTextKernels.h"
#include <hb.h>
#include <hb-ot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    if (argc < 5) return 2;
    const char *mode = argv[1]; int rounds = atoi(argv[2]);
    const char *names[3] = {"DejaVuSans.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf"};
    char paths[3][4096];
    for (int i = 0; i < 3; i++) snprintf(paths[i], sizeof paths[i], "%s/%s", argv[3], names[i]);
    tl_font fonts[3]; uint64_t ids[3];
    for (int i = 0; i < 3; i++) {
        hb_blob_t *blob = hb_blob_create_from_file(paths[i]);
        hb_face_t *face = hb_face_create(blob, 0);
        hb_font_t *font = hb_font_create(face);
        hb_ot_font_set_funcs(font);
        unsigned upem = hb_face_get_upem(face);
        hb_font_set_scale(font, upem, upem);
        hb_font_make_immutable(font);
        uint64_t *bmp = malloc(8192); tl_fill_bmp_coverage(face, bmp);
        fonts[i] = (tl_font){.hb_font = font, .inverse_upem = 1.0 / upem, .is_color = i == 2, .bmp = bmp, .units_per_em = (int32_t)upem};
#if defined(TL_HAS_JOINT_CLASSES)
        uint8_t *classes = malloc(65536); tl_fill_bmp_joint_classes(face, classes); fonts[i].joint_classes = classes;
#elif defined(TL_HAS_CONTEXT)
        uint64_t *ctx = malloc(8192); tl_fill_bmp_context(face, ctx); fonts[i].context = ctx;
#endif
        ids[i] = 100 + i;
    }
    FILE *f = fopen(argv[4], "rb");
    if (!f) return 2;
    static uint8_t data[200000]; size_t n = fread(data, 1, sizeof data, f);
    const uint8_t *texts[1000]; int64_t lengths[1000]; int count = 0;
    for (size_t at = 0; at < n && count < 1000;) { uint32_t l; memcpy(&l, data + at, 4); at += 4; texts[count] = data + at; lengths[count++] = l; at += l; }
    // Warm keeps every text; the other modes empty the text cache per string, which costs little when it is small.
    tl_text_cache *tc = tl_text_cache_create(strcmp(mode, "warm") ? 16 : 4096); tl_segment_cache *sc = tl_segment_cache_create(16384);
    double widths[3] = {343, 288, 200}; double checksum = 0;
    tl_fill_result r;
    // Fill the caches once.
    for (int i = 0; i < count; i++) tl_measure_text(tc, sc, ids, fonts, 3, texts[i], lengths[i], (tl_fill_options){15, widths[i % 3] + 1e-5, 0, 0x7fffffff}, &r);
    double start = now();
    for (int round = 0; round < rounds; round++)
        for (int i = 0; i < count; i++) {
            if (!strcmp(mode, "cold")) { tl_text_cache_clear(tc); tl_segment_cache_clear(sc); }
            else if (!strcmp(mode, "new")) tl_text_cache_clear(tc);
            tl_measure_text(tc, sc, ids, fonts, 3, texts[i], lengths[i], (tl_fill_options){15, widths[i % 3] + 1e-5, 0, 0x7fffffff}, &r);
            for (int k = 0; k < r.line_count; k++) checksum += r.lines[k].width;
        }
    double t = now() - start;
    printf("%s: %.3f us per string (checksum %.6f)\n", mode, t / (rounds * count) * 1e6, checksum);
    return 0;
}
