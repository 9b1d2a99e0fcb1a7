#define _GNU_SOURCE
#include "pixbuf_loader.h"
#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// The few gdk-pixbuf and GObject calls used, by their documented C signatures (gdk-pixbuf 2.26 and later).
typedef struct { unsigned domain; int code; char *message; } hud_gerror;
typedef void *(*file_info_fn)(const char *, int *, int *);
typedef char *(*format_name_fn)(void *);  // a copy: the caller g_free()s it
typedef void *(*new_at_scale_fn)(const char *, int, int, int, hud_gerror **);
typedef int (*int_fn)(const void *);
typedef const unsigned char *(*pixels_fn)(const void *);
typedef void (*unref_fn)(void *);
typedef void (*error_free_fn)(hud_gerror *);
typedef void (*g_free_fn)(void *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static file_info_fn file_info;
static format_name_fn format_name;
static new_at_scale_fn new_at_scale;
static int_fn get_width, get_height, get_rowstride, get_n_channels, get_has_alpha, get_bits_per_sample;
static pixels_fn read_pixels;
static unref_fn object_unref;
static error_free_fn error_free;
static g_free_fn g_free_call;
static char open_error[512];
static __thread char message[768];
static __thread char format_buffer[32];

/// gdk-pixbuf's messages may end in a newline; a message here is one line.
static const char *one_line(void) {
    for (char *c = message; *c; c++)
        if (*c == '\n' || *c == '\r') *c = ' ';
    return message;
}

static void open_library(void) {
    // RTLD_LOCAL: gdk-pixbuf's symbols stay out of the global scope; GObject's come through its handle.
    void *handle = dlopen(HUD_PIXBUF_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(open_error, sizeof open_error, "JPEG and other pictures need gdk-pixbuf (%s)",
                 why ? why : "cannot be loaded");
        return;
    }
    // Each call and where its address goes; all of them or none (2.32 added the last, gdk_pixbuf_read_pixels).
    struct { const char *name; void **slot; } calls[] = {
        {"gdk_pixbuf_get_file_info", (void **)&file_info}, {"gdk_pixbuf_format_get_name", (void **)&format_name},
        {"gdk_pixbuf_new_from_file_at_scale", (void **)&new_at_scale}, {"gdk_pixbuf_get_width", (void **)&get_width},
        {"gdk_pixbuf_get_height", (void **)&get_height}, {"gdk_pixbuf_get_rowstride", (void **)&get_rowstride},
        {"gdk_pixbuf_get_n_channels", (void **)&get_n_channels}, {"gdk_pixbuf_get_has_alpha", (void **)&get_has_alpha},
        {"gdk_pixbuf_get_bits_per_sample", (void **)&get_bits_per_sample},
        {"gdk_pixbuf_read_pixels", (void **)&read_pixels}, {"g_object_unref", (void **)&object_unref},
        {"g_error_free", (void **)&error_free}, {"g_free", (void **)&g_free_call},
    };
    int missing = 0;
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
        *calls[i].slot = dlsym(handle, calls[i].name);
        if (!*calls[i].slot) missing = 1;
    }
    if (missing) {
        file_info = NULL;
        snprintf(open_error, sizeof open_error, "JPEG and other pictures need gdk-pixbuf 2.32 or later");
    }
}

/// The format's name in this thread's buffer, `upper` in capitals. gdk_pixbuf_format_get_name returns a copy
/// each time, which was kept and so leaked one allocation a picture (LeakSanitizer's report, issue 41).
static const char *copy_format_name(void *found, int upper) {
    char *name = format_name(found);
    size_t i = 0;
    for (; name && name[i] && i + 1 < sizeof format_buffer; i++)
        format_buffer[i] = upper ? (char)toupper((unsigned char)name[i]) : name[i];
    format_buffer[i] = 0;
    g_free_call(name);
    return format_buffer;
}

const char *hud_pixbuf_info(const char *path, int *width, int *height, const char **format) {
    pthread_once(&once, open_library);
    if (!file_info) return open_error;
    *width = *height = 0;
    void *found = file_info(path, width, height);
    if (!found) {
        snprintf(message, sizeof message, "not a picture x11hud reads (PNG, SVG, JPEG, GIF, BMP, TIFF, XPM, ICO)");
        return message;
    }
    if (*width <= 0 || *height <= 0) {
        // Known by its first bytes, but no size could be read: named by its format ("jpeg" → JPEG).
        snprintf(message, sizeof message, "a damaged or truncated %s picture", copy_format_name(found, 1));
        return message;
    }
    *format = copy_format_name(found, 0);
    return NULL;
}

const char *hud_pixbuf_load(const char *path, int width, int height, unsigned char **pixels) {
    pthread_once(&once, open_library);
    if (!file_info) return open_error;
    hud_gerror *error = NULL;
    void *pixbuf = new_at_scale(path, width, height, 0, &error);
    if (!pixbuf) {
        snprintf(message, sizeof message, "a damaged or unreadable picture (%s)",
                 error && error->message ? error->message : "");
        if (error) error_free(error);
        return one_line();
    }
    int w = get_width(pixbuf), h = get_height(pixbuf), stride = get_rowstride(pixbuf);
    int channels = get_n_channels(pixbuf), alpha = get_has_alpha(pixbuf);
    if (w != width || h != height || get_bits_per_sample(pixbuf) != 8 || channels != (alpha ? 4 : 3)) {
        object_unref(pixbuf);
        snprintf(message, sizeof message, "gdk-pixbuf gave an unexpected picture (%dx%d, %d channels)", w, h, channels);
        return message;
    }
    uint32_t *out = malloc((size_t)w * (size_t)h * 4);
    if (!out) {
        object_unref(pixbuf);
        snprintf(message, sizeof message, "out of memory");
        return message;
    }
    const unsigned char *rows = read_pixels(pixbuf);
    for (int y = 0; y < h; y++) {
        const unsigned char *p = rows + (size_t)y * (size_t)stride;
        for (int x = 0; x < w; x++, p += channels) {
            // gdk-pixbuf's are R, G, B(, A) bytes, not premultiplied; cairo's a premultiplied native word.
            uint32_t a = alpha ? p[3] : 255;
            uint32_t r = (p[0] * a + 127) / 255, g = (p[1] * a + 127) / 255, b = (p[2] * a + 127) / 255;
            out[(size_t)y * (size_t)w + (size_t)x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
    object_unref(pixbuf);
    *pixels = (unsigned char *)out;
    return NULL;
}
