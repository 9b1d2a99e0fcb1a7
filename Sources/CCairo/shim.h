#ifndef X11HUD_CCAIRO_SHIM_H
#define X11HUD_CCAIRO_SHIM_H
// cairo draws the HUD into an image surface; Pango (HarfBuzz + fontconfig) shapes its text.
#include <cairo.h>
#include <pango/pangocairo.h>

// PANGO_SCALE is a macro, which Swift imports without a type; this is the same value as a typed constant.
static const int hud_pango_scale = PANGO_SCALE;

// The largest font size (Pango units) and scale factor that a piece of markup asks for, so that sizes in markup
// are held to the same limits as font descriptions. Returns 0 when the markup does not parse.
static inline int hud_markup_sizes(const char *markup, int *max_size, double *max_scale) {
    PangoAttrList *attrs = NULL;
    if (!pango_parse_markup(markup, -1, 0, &attrs, NULL, NULL, NULL)) return 0;
    *max_size = 0;
    *max_scale = 1;
    GSList *list = attrs ? pango_attr_list_get_attributes(attrs) : NULL;
    for (GSList *l = list; l; l = l->next) {
        PangoAttribute *a = l->data;
        int size = 0;
        switch (a->klass->type) {
        case PANGO_ATTR_SIZE:
        case PANGO_ATTR_ABSOLUTE_SIZE:
            size = ((PangoAttrSize *)a)->size;
            break;
        case PANGO_ATTR_FONT_DESC:
            if (pango_font_description_get_set_fields(((PangoAttrFontDesc *)a)->desc) & PANGO_FONT_MASK_SIZE)
                size = pango_font_description_get_size(((PangoAttrFontDesc *)a)->desc);
            break;
        case PANGO_ATTR_SCALE:
            if (((PangoAttrFloat *)a)->value > *max_scale) *max_scale = ((PangoAttrFloat *)a)->value;
            break;
        default:
            break;
        }
        if (size > *max_size) *max_size = size;
        pango_attribute_destroy(a);
    }
    g_slist_free(list);
    if (attrs) pango_attr_list_unref(attrs);
    return 1;
}
#endif
