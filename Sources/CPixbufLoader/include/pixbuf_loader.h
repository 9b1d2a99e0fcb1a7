#ifndef X11HUD_CPIXBUFLOADER_PIXBUF_LOADER_H
#define X11HUD_CPIXBUFLOADER_PIXBUF_LOADER_H
// Pictures other than PNG and SVG (JPEG, GIF's first frame, BMP, TIFF, XPM, ICO, WebP where its loader is installed)
// decoded by gdk-pixbuf, opened on the first such picture: a HUD that shows none never loads it, and a machine
// without it still shows PNG and SVG. Declared here without gdk-pixbuf's or GLib's headers (no pkg-config flags leak
// into packages that depend on x11hud).

/// The library opened on the first picture that is neither PNG nor SVG.
#define HUD_PIXBUF_LIBRARY "libgdk_pixbuf-2.0.so.0"

/// The size of the picture at `path` and its format's name ("jpeg", "gif"…), read from its header. Returns NULL when
/// it could, else a message saying why not (gdk-pixbuf cannot be loaded, or no installed loader knows the file). The
/// name and a message are in buffers of this thread's, valid until the next call on this thread.
const char *hud_pixbuf_info(const char *path, int *width, int *height, const char **format);

/// Decodes the picture at `path` scaled to `width` × `height` pixels (gdk-pixbuf decodes a JPEG at the smaller
/// size directly), into `*pixels`: premultiplied ARGB32 in native byte order, `width` × 4 bytes a row, to be freed
/// with free(). Returns NULL when it did, else a message as `hud_pixbuf_info`'s.
const char *hud_pixbuf_load(const char *path, int width, int height, unsigned char **pixels);
#endif
