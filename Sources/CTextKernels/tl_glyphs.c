#include "tl_glyphs.h"
#include "tl_runs.h"
#include "tl_scratch.h"
#include <hb-ot.h>
#include <pthread.h>

int32_t tl_shape_glyphs(const tl_font *font, uint16_t props, const uint16_t *text, int32_t length,
                        int32_t start, int32_t end, tl_glyph *out, int32_t capacity, int32_t *backward) {
    if (!font || start < 0 || end < start || end > length) return -1;
    tl_scratch *scratch = tl_scratch_get();
    if (!scratch) return -1;
    // The same steps as tl_shape_run, so the glyphs are the ones whose advances were measured.
    hb_buffer_t *buffer = scratch->buffer;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf16(buffer, text, length, (unsigned)start, end - start);
    tl_set_run_props(buffer, props);
    tl_scratch_shape(scratch, font->hb_font, buffer);
    if (!hb_buffer_allocation_successful(buffer)) return -1;
    unsigned count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    *backward = HB_DIRECTION_IS_BACKWARD(hb_buffer_get_direction(buffer)) ? 1 : 0;
    if (count > (unsigned)INT32_MAX) return -1;
    if ((int32_t)count > capacity) return (int32_t)count;
    for (unsigned i = 0; i < count; i++) {
        out[i] = (tl_glyph){
            .id = infos[i].codepoint, .cluster = (int32_t)infos[i].cluster,
            .x_advance = positions[i].x_advance, .x_offset = positions[i].x_offset,
            .y_offset = positions[i].y_offset,
        };
    }
    return (int32_t)count;
}

// Where the draw callbacks write: steps past `capacity` are only counted.
typedef struct tl_path_sink {
    tl_path_step *steps;
    int32_t count;
    int32_t capacity;
} tl_path_sink;

static void tl_path_add(tl_path_sink *sink, tl_path_step step) {
    if (sink->count < sink->capacity) sink->steps[sink->count] = step;
    if (sink->count < INT32_MAX) sink->count++;
}

static void tl_move_to(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float x, float y, void *u) {
    (void)f; (void)st; (void)u;
    tl_path_add(data, (tl_path_step){.verb = 'M', .x = x, .y = y});
}

static void tl_line_to(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float x, float y, void *u) {
    (void)f; (void)st; (void)u;
    tl_path_add(data, (tl_path_step){.verb = 'L', .x = x, .y = y});
}

static void tl_quadratic_to(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float cx, float cy,
                            float x, float y, void *u) {
    (void)f; (void)st; (void)u;
    tl_path_add(data, (tl_path_step){.verb = 'Q', .x1 = cx, .y1 = cy, .x = x, .y = y});
}

static void tl_cubic_to(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float c1x, float c1y,
                        float c2x, float c2y, float x, float y, void *u) {
    (void)f; (void)st; (void)u;
    tl_path_add(data, (tl_path_step){.verb = 'C', .x1 = c1x, .y1 = c1y, .x2 = c2x, .y2 = c2y, .x = x, .y = y});
}

static void tl_close_path(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, void *u) {
    (void)f; (void)st; (void)u;
    tl_path_add(data, (tl_path_step){.verb = 'Z'});
}

static hb_draw_funcs_t *tl_draw_funcs;
static pthread_once_t tl_draw_funcs_once = PTHREAD_ONCE_INIT;

static void tl_make_draw_funcs(void) {
    hb_draw_funcs_t *funcs = hb_draw_funcs_create();
    hb_draw_funcs_set_move_to_func(funcs, tl_move_to, NULL, NULL);
    hb_draw_funcs_set_line_to_func(funcs, tl_line_to, NULL, NULL);
    hb_draw_funcs_set_quadratic_to_func(funcs, tl_quadratic_to, NULL, NULL);
    hb_draw_funcs_set_cubic_to_func(funcs, tl_cubic_to, NULL, NULL);
    hb_draw_funcs_set_close_path_func(funcs, tl_close_path, NULL, NULL);
    hb_draw_funcs_make_immutable(funcs);
    tl_draw_funcs = funcs;
}

int32_t tl_glyph_outline(void *hb_font, uint32_t glyph, tl_path_step *out, int32_t capacity) {
    pthread_once(&tl_draw_funcs_once, tl_make_draw_funcs);
    tl_path_sink sink = {out, 0, capacity < 0 ? 0 : capacity};
#if HB_VERSION_ATLEAST(7, 0, 0)
    hb_font_draw_glyph(hb_font, glyph, tl_draw_funcs, &sink);
#else
    // HarfBuzz 4 to 6 name the same call hb_font_get_glyph_shape.
    hb_font_get_glyph_shape(hb_font, glyph, tl_draw_funcs, &sink);
#endif
    return sink.count;
}
