#include "CTextKernels.h"
#include <unicode/uchar.h>
#include <unicode/uversion.h>
#include <stdio.h>

const char *tl_icu_version(void) { return U_ICU_VERSION; }

const char *tl_unicode_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    static int done = 0;
    if (!done) {
        UVersionInfo version;
        u_getUnicodeVersion(version);
        snprintf(text, sizeof text, "%d.%d", version[0], version[1]);
        done = 1;
    }
    return text;
}
