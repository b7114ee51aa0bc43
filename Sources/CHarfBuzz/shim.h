#ifndef CHARFBUZZ_SHIM_H
#define CHARFBUZZ_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ot.h>
#include <hb-ft.h>
#endif
