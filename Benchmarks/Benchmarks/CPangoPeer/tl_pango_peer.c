#include "CPangoPeer.h"
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>

struct tl_pango_peer {
    PangoFontMap *font_map;
    PangoContext *context;
    PangoLayout *layout;
    PangoLayout *markup;   // its own layout: markup replaces a layout's attributes
    PangoFontDescription *font;
};

tl_pango_peer *tl_pango_peer_create(const char *fonts_dir) {
    FcConfig *config = FcConfigCreate();
    char xml[4096];
    snprintf(xml, sizeof xml,
             "<?xml version=\"1.0\"?><fontconfig><dir>%s</dir>"
             "<cachedir prefix=\"xdg\">fontconfig</cachedir>"
             "<include ignore_missing=\"yes\">/etc/fonts/conf.d/10-scale-bitmap-fonts.conf</include>"
             "<match target=\"font\"><edit name=\"hinting\" mode=\"assign\"><bool>false</bool></edit>"
             "<edit name=\"hintstyle\" mode=\"assign\"><const>hintnone</const></edit></match>"
             "</fontconfig>",
             fonts_dir);
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)xml, FcTrue) || !FcConfigBuildFonts(config)) {
        FcConfigDestroy(config);
        return NULL;
    }
    tl_pango_peer *peer = calloc(1, sizeof *peer);
    if (!peer) return NULL;
    peer->font_map = pango_cairo_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(peer->font_map), config);
    FcConfigDestroy(config);
    peer->context = pango_font_map_create_context(peer->font_map);
    pango_cairo_context_set_resolution(peer->context, 72);
    pango_context_set_round_glyph_positions(peer->context, FALSE);
    peer->layout = pango_layout_new(peer->context);
    peer->font = pango_font_description_from_string("DejaVu Sans");
    PangoAttrList *attrs = pango_attr_list_new();
    pango_attr_list_insert(attrs, pango_attr_insert_hyphens_new(FALSE));
    pango_layout_set_attributes(peer->layout, attrs);
    pango_attr_list_unref(attrs);
    pango_layout_set_wrap(peer->layout, PANGO_WRAP_WORD_CHAR);
    peer->markup = pango_layout_new(peer->context);
    pango_layout_set_wrap(peer->markup, PANGO_WRAP_WORD_CHAR);
    return peer;
}

int32_t tl_pango_peer_measure(tl_pango_peer *peer, const char *text, int32_t length, double size,
                              double width, double *height) {
    pango_font_description_set_absolute_size(peer->font, size * PANGO_SCALE);
    pango_layout_set_font_description(peer->layout, peer->font);
    pango_layout_set_width(peer->layout, width > 0 ? (int)(width * PANGO_SCALE + 0.5) : -1);
    pango_layout_set_text(peer->layout, text, length);
    PangoRectangle logical;
    pango_layout_get_extents(peer->layout, NULL, &logical);
    if (height) *height = (double)logical.height / PANGO_SCALE;
    return pango_layout_get_line_count(peer->layout);
}

int32_t tl_pango_peer_measure_markup(tl_pango_peer *peer, const char *markup, int32_t length, double size,
                                     double width, double *height) {
    pango_font_description_set_absolute_size(peer->font, size * PANGO_SCALE);
    pango_layout_set_font_description(peer->markup, peer->font);
    pango_layout_set_width(peer->markup, width > 0 ? (int)(width * PANGO_SCALE + 0.5) : -1);
    pango_layout_set_markup(peer->markup, markup, length);
    PangoRectangle logical;
    pango_layout_get_extents(peer->markup, NULL, &logical);
    if (height) *height = (double)logical.height / PANGO_SCALE;
    return pango_layout_get_line_count(peer->markup);
}

void tl_pango_peer_destroy(tl_pango_peer *peer) {
    if (!peer) return;
    pango_font_description_free(peer->font);
    g_object_unref(peer->markup);
    g_object_unref(peer->layout);
    g_object_unref(peer->context);
    g_object_unref(peer->font_map);
    free(peer);
}
