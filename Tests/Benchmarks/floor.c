/* floor: the C floor of a HUD on X11, measured beside x11hud (bench.py, issue 32's and 51's "C floor"): an ARGB
 * override-redirect window with one Pango line (Sans Bold 16) drawn by cairo, shown for SECONDS, then gone.
 * Nothing else: no animation, no input, no configuration; what any HUD drawn with Pango on X11 must at least cost.
 * Build: cc -O2 -o floor floor.c $(pkg-config --cflags --libs pangocairo cairo-xlib x11)
 * Usage: floor [SECONDS] [TEXT]   (default 3 s, "x") */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <cairo-xlib.h>
#include <pango/pangocairo.h>
#include <poll.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 3, end = now() + seconds;
    const char *text = argc > 2 ? argv[2] : "x";
    Display *d = XOpenDisplay(NULL);
    if (!d)
        return 1;
    int screen = DefaultScreen(d), w = 160, h = 80;
    XVisualInfo vi;
    if (!XMatchVisualInfo(d, screen, 32, TrueColor, &vi))
        return 1;
    XSetWindowAttributes a = {0};
    a.override_redirect = True;
    a.colormap = XCreateColormap(d, RootWindow(d, screen), vi.visual, AllocNone);
    a.event_mask = ExposureMask;
    Window win = XCreateWindow(d, RootWindow(d, screen), (DisplayWidth(d, screen) - w) / 2,
                               (DisplayHeight(d, screen) - h) / 2, w, h, 0, 32, InputOutput, vi.visual,
                               CWOverrideRedirect | CWColormap | CWBorderPixel | CWBackPixel | CWEventMask, &a);
    XClassHint hint = {"floor", "Floor"};
    XSetClassHint(d, win, &hint);
    XMapRaised(d, win);
    cairo_surface_t *surface = cairo_xlib_surface_create(d, win, vi.visual, w, h);
    for (;;) {
        while (XPending(d)) {
            XEvent ev;
            XNextEvent(d, &ev);
            if (ev.type != Expose || ev.xexpose.count)
                continue;
            cairo_t *cr = cairo_create(surface);
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
            cairo_set_source_rgba(cr, 0.1, 0.1, 0.1, 0.8);
            cairo_paint(cr);
            PangoLayout *layout = pango_cairo_create_layout(cr);
            PangoFontDescription *font = pango_font_description_from_string("Sans Bold 16");
            pango_layout_set_font_description(layout, font);
            pango_layout_set_text(layout, text, -1);
            cairo_set_source_rgba(cr, 1, 1, 1, 1);
            cairo_move_to(cr, 20, 25);
            pango_cairo_show_layout(cr, layout);
            pango_font_description_free(font);
            g_object_unref(layout);
            cairo_destroy(cr);
            cairo_surface_flush(surface);
            XFlush(d);
        }
        double left = end - now();
        if (left <= 0)
            break;
        struct pollfd pf = {ConnectionNumber(d), POLLIN, 0};
        poll(&pf, 1, (int)(left * 1000) + 1);
    }
    cairo_surface_destroy(surface);
    XCloseDisplay(d);
    return 0;
}
