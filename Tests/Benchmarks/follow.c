/* follow - does an overlay keep up with the window it is on? (issue 23: x11hud --over-window)
 *
 * Build:  cc -O2 -Wall -o follow follow.c -lX11
 *
 *   follow chase TARGET      an override-redirect window that moves itself onto TARGET on each ConfigureNotify of
 *                            TARGET's top-level window (its window manager's frame, if any): the design x11hud did
 *                            not take; prints its id, then runs until killed
 *   follow move TARGET HUD   moves TARGET 200 times at 60 Hz; right after each move (XSync, then 2 ms for a window
 *                            manager to move the frame) looks, under a server grab, where HUD is relative to
 *                            TARGET, and counts the looks that find it off its place
 *   follow blend TARGET      a depth-32 child of TARGET filled with premultiplied 50 % red (0x80800000): a
 *                            screenshot shows whether the X server blends a child of another depth (it copies)
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void where(Display *d, Window w, int *x, int *y) {
    Window child;
    XTranslateCoordinates(d, w, DefaultRootWindow(d), 0, 0, x, y, &child);
}

/* The ancestor of w that is a child of the root. */
static Window toplevel(Display *d, Window w) {
    for (;;) {
        Window root, parent, *children;
        unsigned n;
        if (!XQueryTree(d, w, &root, &parent, &children, &n)) return w;
        if (children) XFree(children);
        if (parent == root) return w;
        w = parent;
    }
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: follow chase|move|blend TARGET [HUD]\n"); return 64; }
    Display *d = XOpenDisplay(NULL);
    if (!d) { fprintf(stderr, "follow: no display\n"); return 69; }
    Window t = strtoul(argv[2], 0, 0);
    if (!strcmp(argv[1], "chase")) {
        XSetWindowAttributes a = {0};
        a.override_redirect = 1;
        a.background_pixel = 0x202020;
        int x, y;
        where(d, t, &x, &y);
        Window w = XCreateWindow(d, DefaultRootWindow(d), x + 10, y + 10, 60, 60, 0, CopyFromParent, InputOutput,
                                 CopyFromParent, CWOverrideRedirect | CWBackPixel, &a);
        XSelectInput(d, toplevel(d, t), StructureNotifyMask);
        XMapRaised(d, w);
        XSync(d, 0);
        printf("0x%lx\n", w);
        fflush(stdout);
        for (;;) {
            XEvent e;
            XNextEvent(d, &e);
            if (e.type == ConfigureNotify) {
                where(d, t, &x, &y);
                XMoveWindow(d, w, x + 10, y + 10);
                XFlush(d);
            }
        }
    } else if (!strcmp(argv[1], "move") && argc > 3) {
        Window h = strtoul(argv[3], 0, 0);
        int tx0, ty0, hx0, hy0, off = 0, n = 200;
        where(d, t, &tx0, &ty0);
        where(d, h, &hx0, &hy0);
        for (int i = 0; i < n; i++) {
            XMoveWindow(d, t, 100 + (i % 20) * 10, 100 + (i % 7) * 10);
            XSync(d, 0);
            usleep(2000);
            int tx, ty, hx, hy;
            XGrabServer(d);
            where(d, t, &tx, &ty);
            where(d, h, &hx, &hy);
            XUngrabServer(d);
            if (hx - tx != hx0 - tx0 || hy - ty != hy0 - ty0) off++;
            usleep(16667);
        }
        printf("off=%d of %d\n", off, n);
    } else if (!strcmp(argv[1], "blend")) {
        XVisualInfo vi;
        if (!XMatchVisualInfo(d, DefaultScreen(d), 32, TrueColor, &vi)) return 70;
        XSetWindowAttributes a = {0};
        a.colormap = XCreateColormap(d, DefaultRootWindow(d), vi.visual, AllocNone);
        a.border_pixel = 0;
        a.background_pixel = 0x80800000;
        Window w = XCreateWindow(d, t, 10, 10, 60, 60, 0, 32, InputOutput, vi.visual,
                                 CWColormap | CWBorderPixel | CWBackPixel, &a);
        XMapWindow(d, w);
        XSync(d, 0);
        printf("0x%lx\n", w);
        fflush(stdout);
        pause();
    }
    return 0;
}
