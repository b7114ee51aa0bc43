#include "tl_runs.h"
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// Whether a code unit may give a paragraph a level other than 0: a right-to-left letter or
// Arabic number (Hebrew to Arabic Extended, the presentation forms, and the supplementary
// right-to-left blocks by their lead surrogates), RLM, ALM, or an embedding, override or
// isolate control. Text without one is all at level 0.
static inline int tl_may_need_bidi(uint16_t u) {
    if (u < 0x0590) return 0;
    return u <= 0x08FF || u == 0x200F || (u >= 0x202A && u <= 0x202E) ||
           (u >= 0x2066 && u <= 0x2069) || (u >= 0xFB1D && u <= 0xFDFF) ||
           (u >= 0xFE70 && u <= 0xFEFF) || u == 0xD802 || u == 0xD803 || u == 0xD83A ||
           u == 0xD83B;
}

// The UAX #24 script of a character: Latin-1 and Latin Extended, general punctuation, the
// CJK ideographs, kana, Hangul syllables and CJK punctuation (most of a Latin or CJK text)
// without asking ICU (its answer for each of these ranges; a weak one as Common).
static inline UScriptCode tl_script_of(uint32_t c) {
    if (c < 0x80) return (c | 0x20) >= 'a' && (c | 0x20) <= 'z' ? USCRIPT_LATIN : USCRIPT_COMMON;
    if (c < 0x250)
        return (c >= 0xC0 && c != 0xD7 && c != 0xF7) || c == 0xAA || c == 0xBA ? USCRIPT_LATIN : USCRIPT_COMMON;
    if (c >= 0x4E00 && c <= 0x9FFF) return USCRIPT_HAN;
    if (c >= 0xAC00 && c <= 0xD7A3) return USCRIPT_HANGUL;
    if (c >= 0x2000 && c <= 0x206F) return USCRIPT_COMMON;
    if (c >= 0x3000 && c <= 0x30FF) {
        if (c >= 0x3041 && c <= 0x3096) return USCRIPT_HIRAGANA;
        if (c >= 0x30A1 && c <= 0x30FA) return USCRIPT_KATAKANA;
        if (c <= 0x3004 || (c >= 0x3008 && c <= 0x3020) || c == 0x30FC) return USCRIPT_COMMON;
    }
    if ((c >= 0xFF01 && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65))
        return USCRIPT_COMMON;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)c, &status);
    return U_FAILURE(status) ? USCRIPT_COMMON : script;
}

static inline int tl_is_weak_script(UScriptCode script) {
    return script == USCRIPT_COMMON || script == USCRIPT_INHERITED || script == USCRIPT_UNKNOWN;
}

// Open brackets whose script a closing bracket takes (UAX #24's paired punctuation), as deep as
// Pango's script iterator keeps them.
enum { TL_BRACKET_DEPTH = 32 };

// Writes the script runs of text[0, length) to `runs` (props: the script << 7) and returns the
// count; *bidi set to 1 when some unit may need the bidi pass. At most one run per code point.
static int32_t tl_script_runs(const uint16_t *text, int32_t length, tl_run *runs, int *bidi) {
    int32_t count = 0;
    int needs_bidi = 0;
    UScriptCode current = USCRIPT_COMMON;   // the script of the run being built (Common: none yet)
    UChar32 open_closer[TL_BRACKET_DEPTH];  // the closing bracket each open bracket waits for
    UScriptCode open_script[TL_BRACKET_DEPTH];
    int depth = 0;
    for (int32_t at = 0; at < length;) {
        uint32_t c = text[at];
        int32_t next = at + 1;
        needs_bidi |= tl_may_need_bidi((uint16_t)c);
        if (c >= 0xD800 && c <= 0xDBFF && next < length && text[next] >= 0xDC00 && text[next] <= 0xDFFF)
            c = 0x10000 + ((c - 0xD800) << 10) + (text[next++] - 0xDC00);
        UScriptCode script = tl_script_of(c);
        if (tl_is_weak_script(script)) {
            script = current;
            // ASCII's paired brackets are ( ) [ ] { }; other characters ask ICU.
            if (c < 0x80 ? c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' : 1) {
                int32_t type = u_getIntPropertyValue((UChar32)c, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
                if (type == U_BPT_OPEN) {
                    if (depth < TL_BRACKET_DEPTH) {
                        open_closer[depth] = u_getBidiPairedBracket((UChar32)c);
                        open_script[depth++] = current;
                    }
                } else if (type == U_BPT_CLOSE) {
                    for (int k = depth - 1; k >= 0; k--) {
                        if (open_closer[k] != (UChar32)c) continue;
                        if (!tl_is_weak_script(open_script[k])) script = open_script[k];
                        depth = k;
                        break;
                    }
                }
            }
        } else if (current == USCRIPT_COMMON) {
            // The first character with a script: the text before it takes its script.
            for (int k = 0; k < depth; k++) open_script[k] = script;
            current = script;
            if (count > 0) count--;   // the leading weak run joins this one
        }
        if (count == 0 || script != (UScriptCode)(runs[count - 1].props >> 7)) {
            runs[count++] = (tl_run){.end = next, .props = tl_run_props(script, 0)};
        } else {
            runs[count - 1].end = next;
        }
        current = script;
        at = next;
    }
    *bidi = needs_bidi;
    return count;
}

// The script of a paragraph with one script (Common when it has none) and no unit that may
// need the bidi pass (then it is one run at level 0); -1 for any other paragraph. Weak
// characters need no resolving here: they can only take the one script.
static int32_t tl_single_script(const uint16_t *text, int32_t length) {
    // Leading plain ASCII (most of a Latin text): up to its first letter one unit at a time,
    // then four units (a 64-bit word) at a time.
    int32_t at = 0;
    UScriptCode only = USCRIPT_COMMON;
    for (; at < length && text[at] < 0x80; at++) {
        if ((unsigned)((text[at] | 0x20) - 'a') < 26u) {
            only = USCRIPT_LATIN;
            break;
        }
    }
    for (uint64_t word; at + 4 <= length; at += 4) {
        memcpy(&word, text + at, sizeof word);
        if (word & 0xFF80FF80FF80FF80ull) break;
    }
    while (at < length) {
        uint32_t c = text[at++];
        UScriptCode script;
        if (c < 0x80) {
            // ASCII after other text (an apostrophe or quote mark in English, a digit in Chinese).
            if ((unsigned)((c | 0x20) - 'a') >= 26u || only == USCRIPT_LATIN) continue;
            script = USCRIPT_LATIN;
        } else if (c - 0x4E00u <= 0x9FFFu - 0x4E00u) {
            script = USCRIPT_HAN;   // most of a Chinese text, in one test
        } else {
            if (tl_may_need_bidi((uint16_t)c)) return -1;
            if (c >= 0xD800 && c <= 0xDBFF && at < length && text[at] >= 0xDC00 && text[at] <= 0xDFFF)
                c = 0x10000 + ((c - 0xD800) << 10) + (text[at++] - 0xDC00);
            script = tl_script_of(c);
        }
        if (tl_is_weak_script(script) || script == only) continue;
        if (only != USCRIPT_COMMON) return -1;
        only = script;
    }
    return only;
}

int32_t tl_itemize(tl_scratch *s, const uint16_t *text, int32_t length, tl_run *runs, int32_t capacity) {
    if (length <= 0) return 0;
    if (capacity < length) return -1;
    int32_t single = tl_single_script(text, length);
    if (single >= 0) {
        runs[0] = (tl_run){.end = length, .props = tl_run_props(single, 0)};
        return 1;
    }
    int needs_bidi = 0;
    int32_t count = tl_script_runs(text, length, runs, &needs_bidi);
    if (!needs_bidi) return count;
    UErrorCode status = U_ZERO_ERROR;
    if (!s->bidi && !(s->bidi = ubidi_open())) return -1;
    if (s->script_runs_capacity < count) {
        tl_run *grown = realloc(s->script_runs, sizeof(tl_run) * (size_t)count);
        if (!grown) return -1;
        s->script_runs = grown;
        s->script_runs_capacity = count;
    }
    memcpy(s->script_runs, runs, sizeof(tl_run) * (size_t)count);
    ubidi_setPara(s->bidi, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &status);
    if (U_FAILURE(status)) return -1;
    // The level runs cut at the script runs' ends (at most one run per code unit).
    int32_t out = 0, si = 0;
    for (int32_t at = 0, limit; at < length; at = limit) {
        UBiDiLevel level;
        ubidi_getLogicalRun(s->bidi, at, &limit, &level);
        for (int32_t from = at; from < limit;) {
            while (s->script_runs[si].end <= from) si++;
            int32_t end = s->script_runs[si].end < limit ? s->script_runs[si].end : limit;
            runs[out++] = (tl_run){.end = end, .props = tl_run_props(s->script_runs[si].props >> 7, level)};
            from = end;
        }
    }
    // Do not keep a pointer into the caller's memory.
    ubidi_setPara(s->bidi, NULL, 0, UBIDI_DEFAULT_LTR, NULL, &status);
    return out;
}

int32_t tl_itemize_or_guess(tl_scratch *s, const uint16_t *text, int32_t length, tl_run *runs) {
    int32_t count = length > 0 ? tl_itemize(s, text, length, runs, length) : 0;
    if (count > 0) return count;
    runs[0] = (tl_run){.end = length, .props = tl_run_props(USCRIPT_COMMON, 0)};
    return 1;
}

int32_t tl_paragraph_runs(const uint16_t *text, int32_t length, tl_run *runs, int32_t capacity) {
    tl_scratch *s = tl_scratch_get();
    if (!s || length < 0) return -1;
    return tl_itemize(s, text, length, runs, capacity);
}

uint32_t tl_runs_context(const tl_run *runs, int32_t run_count, int32_t *cursor, int32_t start,
                         int32_t end, uint16_t *first_props, uint16_t *last_props) {
    int32_t r = *cursor;
    while (r + 1 < run_count && runs[r].end <= start) r++;
    *cursor = r;
    *first_props = runs[r].props;
    if (runs[r].end >= end || r + 1 >= run_count) {
        *last_props = runs[r].props;
        return runs[r].props;
    }
    // Several runs: their props and where each ends inside the segment.
    uint64_t h = 0x9E3779B97F4A7C15ull;
    int32_t k = r;
    for (; k < run_count; k++) {
        int32_t stop = runs[k].end < end ? runs[k].end : end;
        h = (h ^ ((uint64_t)runs[k].props << 32 | (uint32_t)(stop - start))) * 0xFF51AFD7ED558CCDull;
        if (runs[k].end >= end) break;
    }
    *last_props = runs[k < run_count ? k : run_count - 1].props;
    return 0x80000000u | (uint32_t)(h >> 33);
}

// HarfBuzz's script for each ICU script code (ISO 15924 names in both).
static hb_script_t tl_hb_scripts[512];
static pthread_once_t tl_hb_scripts_once = PTHREAD_ONCE_INIT;

static void tl_fill_hb_scripts(void) {
    for (int32_t code = 0; code < 512; code++) {
        const char *name = code < USCRIPT_CODE_LIMIT ? uscript_getShortName((UScriptCode)code) : NULL;
        tl_hb_scripts[code] = name ? hb_script_from_string(name, -1) : HB_SCRIPT_UNKNOWN;
    }
    tl_hb_scripts[USCRIPT_COMMON] = HB_SCRIPT_INVALID;
}

hb_script_t tl_run_script(uint16_t props) {
    pthread_once(&tl_hb_scripts_once, tl_fill_hb_scripts);
    return tl_hb_scripts[props >> 7];
}

void tl_set_run_props(hb_buffer_t *buffer, uint16_t props) {
    hb_buffer_set_script(buffer, tl_run_script(props));
    hb_buffer_set_direction(buffer, props & 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_guess_segment_properties(buffer);
}
