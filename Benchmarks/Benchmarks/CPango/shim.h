#ifndef CPANGO_SHIM_H
#define CPANGO_SHIM_H
// Pango + fontconfig for the benchmark's C peer (TextEngine itself never links Pango).
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#endif
