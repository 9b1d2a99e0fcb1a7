#ifndef X11HUD_CCAIRO_SHIM_H
#define X11HUD_CCAIRO_SHIM_H
// cairo draws the HUD into an image surface; Pango (HarfBuzz + fontconfig) shapes its text.
#include <cairo.h>
#include <pango/pangocairo.h>

// PANGO_SCALE is a function-like-free macro in theory, but keep a typed constant for Swift.
static const int hud_pango_scale = PANGO_SCALE;
#endif
