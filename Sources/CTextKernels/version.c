#include "CTextKernels.h"
#include <unicode/uversion.h>

const char *tl_icu_version(void) { return U_ICU_VERSION; }
