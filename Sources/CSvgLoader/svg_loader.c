#define _GNU_SOURCE
#include "svg_loader.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The few librsvg and GObject calls used, by their documented C signatures (librsvg 2.46 and later).
typedef struct { double x, y, width, height; } hud_rsvg_rectangle;
typedef struct { unsigned domain; int code; char *message; } hud_gerror;
typedef void *(*new_from_file_fn)(const char *, hud_gerror **);
typedef int (*render_document_fn)(void *, void *, const hud_rsvg_rectangle *, hud_gerror **);
typedef void (*unref_fn)(void *);
typedef void (*error_free_fn)(hud_gerror *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static new_from_file_fn new_from_file;
static render_document_fn render_document;
static unref_fn object_unref;
static error_free_fn error_free;
static char open_error[512];
static __thread char message[768];

/// librsvg's messages may end in a newline; a message here is one line.
static void one_line(char *text) {
    for (char *c = text; *c; c++)
        if (*c == '\n' || *c == '\r') *c = ' ';
}

static void open_library(void) {
    // RTLD_LOCAL: librsvg's symbols stay out of the global scope; GObject's come through its handle.
    void *handle = dlopen(HUD_SVG_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(open_error, sizeof open_error, "SVG images need librsvg (%s)", why ? why : "cannot be loaded");
        return;
    }
    new_from_file = (new_from_file_fn)dlsym(handle, "rsvg_handle_new_from_file");
    render_document = (render_document_fn)dlsym(handle, "rsvg_handle_render_document");
    object_unref = (unref_fn)dlsym(handle, "g_object_unref");
    error_free = (error_free_fn)dlsym(handle, "g_error_free");
    if (!new_from_file || !render_document || !object_unref || !error_free) {
        new_from_file = NULL;
        snprintf(open_error, sizeof open_error, "SVG images need librsvg 2.46 or later");
    }
}

const char *hud_svg_render(const char *path, void *cr, double width, double height) {
    pthread_once(&once, open_library);
    if (!new_from_file) return open_error;
    hud_gerror *error = NULL;
    void *svg = new_from_file(path, &error);
    if (!svg) {
        snprintf(message, sizeof message, "not a usable SVG image (%s)", error && error->message ? error->message : "");
        if (error) error_free(error);
        one_line(message);
        return message;
    }
    hud_rsvg_rectangle viewport = {0, 0, width, height};
    int drawn = render_document(svg, cr, &viewport, &error);
    object_unref(svg);
    if (!drawn) {
        snprintf(message, sizeof message, "the SVG image cannot be drawn (%s)",
                 error && error->message ? error->message : "");
        if (error) error_free(error);
        one_line(message);
        return message;
    }
    return NULL;
}
