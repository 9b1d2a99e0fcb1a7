#ifndef X11HUD_CSVGLOADER_SVG_LOADER_H
#define X11HUD_CSVGLOADER_SVG_LOADER_H
// SVG icons (most icon themes' scalable/ icons) drawn by librsvg, opened on the first SVG: a HUD that shows no SVG
// never loads it, and a machine without librsvg still shows everything else. Declared here without librsvg's or
// GLib's headers (no pkg-config flags leak into packages that depend on x11hud).

/// The library opened on the first SVG.
#define HUD_SVG_LIBRARY "librsvg-2.so.2"

/// Draws the SVG file at `path` onto the cairo context `cr` (a `cairo_t *`), scaled to fill `width` × `height`
/// device units with its aspect kept. Returns NULL when it did, else a message saying why not (librsvg cannot be
/// loaded, or the file is not a usable SVG); the message stays valid until the next call on this thread.
const char *hud_svg_render(const char *path, void *cr, double width, double height);
#endif
