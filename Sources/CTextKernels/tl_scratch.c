#include "tl_scratch.h"
#include "tl_font_shaping.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static pthread_key_t tl_scratch_key;
static pthread_once_t tl_scratch_once = PTHREAD_ONCE_INIT;

static void tl_scratch_free(void *pointer) {
    tl_scratch *scratch = pointer;
    if (!scratch) return;
    if (scratch->line) ubrk_close(scratch->line);
    if (scratch->character) ubrk_close(scratch->character);
    if (scratch->buffer) hb_buffer_destroy(scratch->buffer);
    for (int i = 0; i < TL_PLAN_ENTRIES; i++) {
        if (scratch->plans[i].plan) hb_shape_plan_destroy(scratch->plans[i].plan);
        if (scratch->plans[i].face) hb_face_destroy(scratch->plans[i].face);
    }
    free(scratch->owner);
    free(scratch->shaped);
    free(scratch->advances);
    free(scratch->break_positions);
    free(scratch->break_hard);
    free(scratch->segments);
    free(scratch->graphemes);
    free(scratch->paragraph);
    free(scratch->hashes);
    free(scratch->cluster_start);
    free(scratch->order);
    free(scratch->fresh);
    free(scratch->units);
    free(scratch->lines);
    tl_text_memo_free(scratch->text_memo);
    free(scratch->joints);
    free(scratch->pair_keys);
    free(scratch->pair_joints);
    if (scratch->bidi) ubidi_close(scratch->bidi);
    free(scratch->script_runs);
    free(scratch->runs);
    free(scratch->contexts);
    free(scratch->cluster_props);
    free(scratch);
}

static void tl_scratch_make_key(void) { pthread_key_create(&tl_scratch_key, tl_scratch_free); }

static _Atomic uint32_t tl_scratch_threads;

tl_scratch *tl_scratch_get(void) {
    pthread_once(&tl_scratch_once, tl_scratch_make_key);
    tl_scratch *scratch = pthread_getspecific(tl_scratch_key);
    if (scratch) return scratch;
    scratch = calloc(1, sizeof *scratch);
    if (!scratch) return NULL;
    scratch->thread_index = atomic_fetch_add_explicit(&tl_scratch_threads, 1, memory_order_relaxed);
    UErrorCode status = U_ZERO_ERROR;
    // The root locale gives UAX #14 as ICU tailors it by default (CJ as NS: strict kinsoku).
    scratch->line = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    scratch->character = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &status);
    scratch->buffer = hb_buffer_create();
    if (U_FAILURE(status) || !hb_buffer_allocation_successful(scratch->buffer)) {
        tl_scratch_free(scratch);
        return NULL;
    }
    pthread_setspecific(tl_scratch_key, scratch);
    return scratch;
}

int tl_scratch_reserve_owner(tl_scratch *scratch, int32_t count) {
    if (scratch->owner_capacity >= count) return 1;
    int32_t capacity = count < 256 ? 256 : count * 2;
    int32_t *owner = realloc(scratch->owner, sizeof(int32_t) * (size_t)capacity);
    if (!owner) return 0;
    scratch->owner = owner;
    uint8_t *shaped = realloc(scratch->shaped, (size_t)capacity);
    if (!shaped) return 0;
    scratch->shaped = shaped;
    uint16_t *props = realloc(scratch->cluster_props, sizeof(uint16_t) * (size_t)capacity);
    if (!props) return 0;
    scratch->cluster_props = props;
    scratch->owner_capacity = capacity;
    return 1;
}

int tl_scratch_reserve_advances(tl_scratch *scratch, int32_t count) {
    if (scratch->advances_capacity >= count) return 1;
    int32_t capacity = count < 256 ? 256 : count * 2;
    hb_position_t *advances = realloc(scratch->advances, sizeof(hb_position_t) * (size_t)capacity);
    if (!advances) return 0;
    scratch->advances = advances;
    scratch->advances_capacity = capacity;
    return 1;
}

// Grows *pointer to `count` elements of `size` bytes; 0 on failure (the old block stays).
static int tl_grow(void **pointer, size_t count, size_t size) {
    void *grown = realloc(*pointer, count * size);
    if (!grown) return 0;
    *pointer = grown;
    return 1;
}

// The capacity to grow a buffer to for `length` code units.
static int32_t tl_grown_capacity(int32_t length) {
    int32_t capacity = length < 1024 ? 1024 : length + length / 2;
    return capacity > INT32_MAX / 2 - 4 ? length : capacity;
}

int tl_scratch_reserve_analysis(tl_scratch *scratch, int32_t length) {
    return tl_scratch_reserve_breaks(scratch, length) && tl_scratch_reserve_segments(scratch, length);
}

int tl_scratch_reserve_breaks(tl_scratch *scratch, int32_t length) {
    if (length < 0 || length > INT32_MAX / 2 - 4) return 0;
    if (scratch->breaks_capacity >= length) return 1;
    int32_t capacity = tl_grown_capacity(length);
    size_t n = (size_t)capacity + 2;
    if (!tl_grow((void **)&scratch->break_positions, n, sizeof(int32_t)) ||
        !tl_grow((void **)&scratch->break_hard, n, sizeof(uint8_t)))
        return 0;
    scratch->breaks_capacity = capacity;
    return 1;
}

int tl_scratch_reserve_segments(tl_scratch *scratch, int32_t length) {
    if (length < 0 || length > INT32_MAX / 2 - 4) return 0;
    if (scratch->analysis_capacity >= length) return 1;
    int32_t capacity = tl_grown_capacity(length);
    size_t n = (size_t)capacity + 2;
    // The capacity is raised only when every buffer has grown.
    if (!tl_grow((void **)&scratch->segments, n, sizeof(tl_segment)) ||
        !tl_grow((void **)&scratch->graphemes, n, sizeof(tl_grapheme)) ||
        !tl_grow((void **)&scratch->paragraph, n, sizeof(tl_grapheme)) ||
        !tl_grow((void **)&scratch->hashes, n, sizeof(uint64_t)) ||
        !tl_grow((void **)&scratch->cluster_start, n, sizeof(int32_t)) ||
        !tl_grow((void **)&scratch->order, n, sizeof(int32_t)) ||
        !tl_grow((void **)&scratch->fresh, n, sizeof(uint8_t)) ||
        !tl_grow((void **)&scratch->runs, n, sizeof(tl_run)) ||
        !tl_grow((void **)&scratch->contexts, n, sizeof(uint32_t)))
        return 0;
    scratch->analysis_capacity = capacity;
    return 1;
}

int tl_scratch_reserve_units(tl_scratch *scratch, int64_t count) {
    if (scratch->units_capacity >= count) return 1;
    int64_t capacity = count < 1024 ? 1024 : count + count / 2;
    if (!tl_grow((void **)&scratch->units, (size_t)capacity, sizeof(uint16_t))) return 0;
    scratch->units_capacity = capacity;
    return 1;
}

int tl_scratch_reserve_lines(tl_scratch *scratch, int32_t count) {
    if (scratch->lines_capacity >= count) return 1;
    if (count > INT32_MAX / 2) return 0;
    int32_t capacity = count < 64 ? 64 : count * 2;
    if (!tl_grow((void **)&scratch->lines, (size_t)capacity, sizeof(tl_line))) return 0;
    scratch->lines_capacity = capacity;
    return 1;
}

// Capacities kept across calls: a text of up to this many code units (or lines, or glyphs in
// a shaped run) reuses its buffers; a longer one frees them when it is done.
enum { TL_SCRATCH_KEEP = 1 << 16 };

// Frees *pointer and sets it to NULL.
static void tl_drop(void **pointer) {
    free(*pointer);
    *pointer = NULL;
}

void tl_scratch_trim(tl_scratch *s) {
    if (s->breaks_capacity > TL_SCRATCH_KEEP) {
        tl_drop((void **)&s->break_positions);
        tl_drop((void **)&s->break_hard);
        s->breaks_capacity = 0;
    }
    if (s->analysis_capacity > TL_SCRATCH_KEEP) {
        tl_drop((void **)&s->segments);
        tl_drop((void **)&s->graphemes);
        tl_drop((void **)&s->paragraph);
        tl_drop((void **)&s->hashes);
        tl_drop((void **)&s->cluster_start);
        tl_drop((void **)&s->order);
        tl_drop((void **)&s->fresh);
        tl_drop((void **)&s->runs);
        tl_drop((void **)&s->contexts);
        s->analysis_capacity = 0;
    }
    if (s->units_capacity > TL_SCRATCH_KEEP) {
        tl_drop((void **)&s->units);
        s->units_capacity = 0;
    }
    if (s->owner_capacity > TL_SCRATCH_KEEP) {
        tl_drop((void **)&s->owner);
        tl_drop((void **)&s->shaped);
        tl_drop((void **)&s->cluster_props);
        s->owner_capacity = 0;
    }
    if (s->script_runs_capacity > TL_SCRATCH_KEEP) {
        tl_drop((void **)&s->script_runs);
        s->script_runs_capacity = 0;
    }
    if (s->advances_capacity > TL_SCRATCH_KEEP) {
        tl_drop((void **)&s->advances);
        s->advances_capacity = 0;
    }
}

void tl_scratch_trim_lines(tl_scratch *s) {
    if (s->lines_capacity > TL_SCRATCH_KEEP) {
        tl_drop((void **)&s->lines);
        s->lines_capacity = 0;
    }
}

void tl_scratch_shape(tl_scratch *scratch, hb_font_t *font, hb_buffer_t *buffer) {
    // A font instance (features or variation coordinates): HarfBuzz's own plan cache keys its
    // plans by both, which the per-thread plans below (by face) do not.
    const tl_font_shaping *own = tl_font_get_shaping(font);
    if (own) {
        hb_shape(font, buffer, own->features, own->count);
        return;
    }
    hb_face_t *face = hb_font_get_face(font);
    hb_segment_properties_t props;
    hb_buffer_get_segment_properties(buffer, &props);
    for (int i = 0; i < TL_PLAN_ENTRIES; i++) {
        tl_plan_entry *entry = &scratch->plans[i];
        if (entry->plan && entry->face == face && hb_segment_properties_equal(&entry->props, &props)) {
            hb_shape_plan_execute(entry->plan, font, buffer, NULL, 0);
            return;
        }
    }
    hb_shape_plan_t *plan = hb_shape_plan_create_cached(face, &props, NULL, 0, NULL);
    if (!plan || plan == hb_shape_plan_get_empty()) {
        hb_shape(font, buffer, NULL, 0);
        return;
    }
    tl_plan_entry *entry = &scratch->plans[scratch->next_plan];
    scratch->next_plan = (scratch->next_plan + 1) % TL_PLAN_ENTRIES;
    if (entry->plan) hb_shape_plan_destroy(entry->plan);
    if (entry->face) hb_face_destroy(entry->face);
    entry->face = hb_face_reference(face);
    entry->props = props;
    entry->plan = plan;
    hb_shape_plan_execute(plan, font, buffer, NULL, 0);
}

int tl_scratch_reserve_joints(tl_scratch *scratch) {
    if (scratch->joints) return 1;
    // Zeroed entries have 0 units and match no pair.
    tl_joint_entry *joints = calloc(TL_JOINT_ENTRIES, sizeof(tl_joint_entry));
    uint64_t *keys = malloc(sizeof(uint64_t) * TL_PAIR_ENTRIES);
    double *values = malloc(sizeof(double) * TL_PAIR_ENTRIES);
    if (!joints || !keys || !values) {
        free(joints);
        free(keys);
        free(values);
        return 0;
    }
    memset(keys, 0xFF, sizeof(uint64_t) * TL_PAIR_ENTRIES);
    scratch->joints = joints;
    scratch->pair_keys = keys;
    scratch->pair_joints = values;
    return 1;
}
