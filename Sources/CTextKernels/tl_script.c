#include "CTextKernels.h"
#include <unicode/uchar.h>
#include <unicode/uscript.h>

static uint32_t tl_code_point_at(const uint16_t *text, int32_t length, int32_t at) {
    uint32_t c = text[at];
    if (c >= 0xD800 && c <= 0xDBFF && at + 1 < length && text[at + 1] >= 0xDC00 && text[at + 1] <= 0xDFFF)
        return 0x10000 + ((c - 0xD800) << 10) + (text[at + 1] - 0xDC00);
    return c;
}

static UScriptCode tl_script(uint32_t c) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)c, &status);
    return U_FAILURE(status) ? USCRIPT_COMMON : script;
}

static int tl_is_weak(UScriptCode script) {
    return script == USCRIPT_COMMON || script == USCRIPT_INHERITED || script == USCRIPT_UNKNOWN;
}

int32_t tl_is_emoji_presentation(const uint16_t *text, int32_t length, int32_t at) {
    if (at < 0 || at >= length) return 0;
    uint32_t c = tl_code_point_at(text, length, at);
    int32_t after = at + (c >= 0x10000 ? 2 : 1);
    if (after < length && text[after] == 0xFE0F) return 1;
    if (after < length && text[after] == 0xFE0E) return 0;
    return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI_PRESENTATION) ||
           u_hasBinaryProperty((UChar32)c, UCHAR_REGIONAL_INDICATOR);
}

int32_t tl_continues_script_run(const uint16_t *text, int32_t length, int32_t previous, int32_t next) {
    if (previous < 0 || next < 0 || previous >= length || next >= length) return 0;
    // Pango's emoji iterator cuts runs between emoji and text presentation.
    if (tl_is_emoji_presentation(text, length, previous) != tl_is_emoji_presentation(text, length, next))
        return 0;
    UScriptCode after = tl_script(tl_code_point_at(text, length, next));
    if (tl_is_weak(after)) return 1;
    // The script of the run `previous` is in: its own, or that of the last strong character
    // before it (weak characters join the run before them, as in Pango's script iterator).
    for (int32_t at = previous; at >= 0; at--) {
        if (text[at] >= 0xDC00 && text[at] <= 0xDFFF && at > 0) continue;
        UScriptCode before = tl_script(tl_code_point_at(text, length, at));
        if (!tl_is_weak(before)) return before == after;
    }
    return 1;
}
