#ifndef CTEXTKERNELS_H
#define CTEXTKERNELS_H
// C kernels for TextEngine. Every symbol carries the `tl_` prefix.
#include <stdint.h>

/// The ICU version this build links, e.g. "72.1" (used to pick the matching Unicode test data).
const char *tl_icu_version(void);

#endif
