// First pixels on a Wayland compositor, from the outside: forks a command and copies the output's frames through
// wlr-screencopy (zwlr_screencopy_manager_v1, which sway and the other wlroots compositors offer) until a pixel
// differs from the frame before the fork, then reports how long that took. The X11 benchmarks' pbench watches
// XDamage; a Wayland client cannot see another's surfaces, so this looks at what the compositor composited.
//
//     wlfirst [-r X,Y,W,H] [-b RRGGBB] [-s TEXT] [-S MS] [-H MS] [-T MS] -- COMMAND [ARG...]
//
//   -r  only this region of the output (logical coordinates; screencopy version 2), else the whole output
//   -b  wait (up to 5 s) until every pixel of the region is this colour before forking: the last run's surface gone
//   -s  written on the command's standard input (\n for a newline), which stays open until the end; else
//       standard input is /dev/null
//   -S  after the first pixels, go on copying damaged frames until none has changed a pixel for this long (within
//       -H): the time of the last change is when the first display was complete (a fade-in, a bar easing to its
//       value)
//   -H  how long the command runs after its first pixels before it is sent SIGTERM (default 100 ms); a command
//       that ends by itself (notify-send) is waited for, not killed
//   -T  give up after this long without a changed pixel (default 5000 ms)
//
// Output, one line of key=value words (NA when there is none):
//   first_ms   fork → the screencopy "ready" of the first frame with a changed pixel, as this process received it
//   frame_ms   fork → that frame's presentation time as the compositor stamped it (CLOCK_MONOTONIC on wlroots)
//   pixels     changed pixels in that frame; bbox=X,Y,W,H their bounding box in the captured region
//   frames     damaged frames copied before it; exit= the command's exit status (or -SIGNAL), after -H
//   settled_ms (with -S) fork → the last frame that changed a pixel before a quiet -S ms; NA if still changing at
//              the end of -H; changes= the frames that changed pixels up to then, the first one included
//
// Frames are requested with copy_with_damage, so nothing is copied while the screen is still: the measurement
// itself costs the compositor nothing until something changes. The output's refresh (60 Hz on sway's headless
// backend) quantises what any client can get on screen; this reports what the compositor showed, not what the
// client committed.
//
// The protocol's two interfaces are declared here by hand from wlr-screencopy-unstable-v1.xml (version 3), as
// Tests/Tools/wl-pointer.c does for the virtual pointer: the XML is not packaged on Debian 12.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

// --- zwlr_screencopy_manager_v1 and zwlr_screencopy_frame_v1 (version 3) -----------------------------------------

static const struct wl_interface frame_interface;
static const struct wl_interface *no_types[] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
static const struct wl_interface *capture_types[] = {&frame_interface, NULL, &wl_output_interface};
static const struct wl_interface *region_types[] = {&frame_interface, NULL, &wl_output_interface,
                                                    NULL, NULL, NULL, NULL};
static const struct wl_interface *copy_types[] = {&wl_buffer_interface};

static const struct wl_message manager_requests[] = {
    {"capture_output", "nio", capture_types},
    {"capture_output_region", "2nioiiii", region_types},
    {"destroy", "", no_types},
};
static const struct wl_interface manager_interface = {"zwlr_screencopy_manager_v1", 3, 3, manager_requests, 0, NULL};

static const struct wl_message frame_requests[] = {
    {"copy", "o", copy_types},
    {"destroy", "", no_types},
    {"copy_with_damage", "2o", copy_types},
};
static const struct wl_message frame_events[] = {
    {"buffer", "uuuu", no_types},   {"flags", "u", no_types},        {"ready", "uuu", no_types},
    {"failed", "", no_types},       {"damage", "2uuuu", no_types},   {"linux_dmabuf", "3uuu", no_types},
    {"buffer_done", "3", no_types},
};
static const struct wl_interface frame_interface = {"zwlr_screencopy_frame_v1", 3, 3, frame_requests, 7, frame_events};

enum { CAPTURE_OUTPUT = 0, CAPTURE_OUTPUT_REGION = 1 };
enum { FRAME_COPY = 0, FRAME_DESTROY = 1, FRAME_COPY_WITH_DAMAGE = 2 };
enum { Y_INVERT = 1 };

struct frame_listener {
    void (*buffer)(void *, struct wl_proxy *, uint32_t format, uint32_t width, uint32_t height, uint32_t stride);
    void (*flags)(void *, struct wl_proxy *, uint32_t flags);
    void (*ready)(void *, struct wl_proxy *, uint32_t sec_hi, uint32_t sec_lo, uint32_t nsec);
    void (*failed)(void *, struct wl_proxy *);
    void (*damage)(void *, struct wl_proxy *, uint32_t x, uint32_t y, uint32_t w, uint32_t h);
    void (*linux_dmabuf)(void *, struct wl_proxy *, uint32_t format, uint32_t width, uint32_t height);
    void (*buffer_done)(void *, struct wl_proxy *);
};

// --- state ----------------------------------------------------------------------------------------------------

static struct wl_display *display;
static struct wl_output *output;
static struct wl_shm *shm;
static struct wl_proxy *manager;
static uint32_t manager_version;

static int region_given, rx, ry, rw, rh;

static struct wl_buffer *buffer;
static void *pixels;
static uint32_t buf_format, buf_width, buf_height, buf_stride;
static uint32_t *baseline, *previous;

// The frame being copied.
static struct wl_proxy *frame;
static int frame_state;  // 0 waiting for buffer info, 1 copy sent, 2 ready, 3 failed
static int frame_has_info, frame_with_damage;
static uint32_t frame_flags;
static double frame_time;  // its presentation time, seconds (CLOCK_MONOTONIC on wlroots)

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void die(const char *message) {
    fprintf(stderr, "wlfirst: %s\n", message);
    exit(2);
}

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    if (strcmp(interface, "wl_output") == 0 && !output)
        output = wl_registry_bind(registry, name, &wl_output_interface, 1);
    else if (strcmp(interface, "wl_shm") == 0 && !shm)
        shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    else if (strcmp(interface, manager_interface.name) == 0 && !manager) {
        manager_version = version < 3 ? version : 3;
        manager = wl_registry_bind(registry, name, &manager_interface, manager_version);
    }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

// The shm buffer, made once at the size the first frame asks for.
static void make_buffer(void) {
    size_t size = (size_t)buf_stride * buf_height;
    int fd = memfd_create("wlfirst", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)size) < 0) die("cannot make the shared memory");
    pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) die("cannot map the shared memory");
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, (int32_t)size);
    buffer = wl_shm_pool_create_buffer(pool, 0, (int32_t)buf_width, (int32_t)buf_height, (int32_t)buf_stride,
                                       buf_format);
    wl_shm_pool_destroy(pool);
    close(fd);
}

static void send_copy(void) {
    if (!buffer) make_buffer();
    wl_proxy_marshal_flags(frame, frame_with_damage ? FRAME_COPY_WITH_DAMAGE : FRAME_COPY, NULL,
                           wl_proxy_get_version(frame), 0, buffer);
    frame_state = 1;
}

static void on_buffer(void *data, struct wl_proxy *f, uint32_t format, uint32_t width, uint32_t height,
                      uint32_t stride) {
    (void)data, (void)f;
    if (buffer && (width != buf_width || height != buf_height || stride != buf_stride || format != buf_format))
        die("the output changed size during the run");
    buf_format = format, buf_width = width, buf_height = height, buf_stride = stride;
    frame_has_info = 1;
    if (manager_version < 3) send_copy();  // before version 3 no buffer_done follows
}

static void on_flags(void *data, struct wl_proxy *f, uint32_t flags) {
    (void)data, (void)f;
    frame_flags = flags;
}

static void on_ready(void *data, struct wl_proxy *f, uint32_t sec_hi, uint32_t sec_lo, uint32_t nsec) {
    (void)data, (void)f;
    frame_time = ((double)(((uint64_t)sec_hi << 32) | sec_lo)) + nsec / 1e9;
    frame_state = 2;
}

static void on_failed(void *data, struct wl_proxy *f) {
    (void)data, (void)f;
    frame_state = 3;
}

static void on_damage(void *data, struct wl_proxy *f, uint32_t x, uint32_t y, uint32_t w, uint32_t h) {
    (void)data, (void)f, (void)x, (void)y, (void)w, (void)h;
}

static void on_dmabuf(void *data, struct wl_proxy *f, uint32_t format, uint32_t width, uint32_t height) {
    (void)data, (void)f, (void)format, (void)width, (void)height;
}

static void on_buffer_done(void *data, struct wl_proxy *f) {
    (void)data, (void)f;
    if (!frame_has_info) die("the compositor offers no wl_shm buffer for screencopy");
    send_copy();
}

static const struct frame_listener frame_listener = {on_buffer, on_flags, on_ready, on_failed,
                                                     on_damage, on_dmabuf, on_buffer_done};

// Starts copying the next frame (with damage: the next frame that changed something).
static void capture(int with_damage) {
    if (frame) wl_proxy_marshal_flags(frame, FRAME_DESTROY, NULL, wl_proxy_get_version(frame),
                                      WL_MARSHAL_FLAG_DESTROY);
    if (region_given)
        frame = wl_proxy_marshal_flags(manager, CAPTURE_OUTPUT_REGION, &frame_interface, manager_version, 0,
                                       NULL, 0, output, rx, ry, rw, rh);
    else
        frame = wl_proxy_marshal_flags(manager, CAPTURE_OUTPUT, &frame_interface, manager_version, 0, NULL, 0,
                                       output);
    frame_state = 0, frame_has_info = 0, frame_flags = 0;
    frame_with_damage = with_damage && manager_version >= 2;
    wl_proxy_add_listener(frame, (void (**)(void))&frame_listener, NULL);
    wl_display_flush(display);
}

// Dispatches until the frame is ready or failed, or `deadline` (CLOCK_MONOTONIC seconds) passes: 0 then.
static int wait_frame(double deadline) {
    while (frame_state < 2) {
        while (wl_display_prepare_read(display) != 0) wl_display_dispatch_pending(display);
        wl_display_flush(display);
        double left = deadline - now();
        if (left <= 0) {
            wl_display_cancel_read(display);
            return 0;
        }
        struct pollfd p = {wl_display_get_fd(display), POLLIN, 0};
        int n = poll(&p, 1, (int)(left * 1000) + 1);
        if (n > 0) {
            if (wl_display_read_events(display) < 0) die("lost the compositor");
        } else {
            wl_display_cancel_read(display);
            if (n < 0 && errno != EINTR) die("poll failed");
        }
        if (wl_display_dispatch_pending(display) < 0) die("lost the compositor");
    }
    if (frame_state == 3) die("the compositor failed a frame copy");
    return 1;
}

static uint32_t pixel(uint32_t x, uint32_t y) {
    uint32_t row = (frame_flags & Y_INVERT) ? buf_height - 1 - y : y;
    return ((uint32_t *)((char *)pixels + (size_t)row * buf_stride))[x] & 0x00ffffffu;
}

// Changed pixels against the baseline and their bounding box.
static long changed(int *bx, int *by, int *bw, int *bh) {
    long count = 0;
    uint32_t x0 = buf_width, y0 = buf_height, x1 = 0, y1 = 0;
    for (uint32_t y = 0; y < buf_height; y++)
        for (uint32_t x = 0; x < buf_width; x++)
            if (pixel(x, y) != baseline[(size_t)y * buf_width + x]) {
                count++;
                if (x < x0) x0 = x;
                if (y < y0) y0 = y;
                if (x > x1) x1 = x;
                if (y > y1) y1 = y;
            }
    if (count) *bx = (int)x0, *by = (int)y0, *bw = (int)(x1 - x0 + 1), *bh = (int)(y1 - y0 + 1);
    return count;
}

// Copies the frame into `into`; returns whether it differs from what was there.
static int keep(uint32_t *into) {
    int differs = 0;
    for (uint32_t y = 0; y < buf_height; y++)
        for (uint32_t x = 0; x < buf_width; x++) {
            uint32_t p = pixel(x, y);
            if (into[(size_t)y * buf_width + x] != p) differs = 1, into[(size_t)y * buf_width + x] = p;
        }
    return differs;
}

static int all_colour(uint32_t colour) {
    for (uint32_t y = 0; y < buf_height; y++)
        for (uint32_t x = 0; x < buf_width; x++)
            if (pixel(x, y) != colour) return 0;
    return 1;
}

// "a\nb" → "a" newline "b".
static char *unescape(const char *text) {
    char *out = malloc(strlen(text) + 1), *o = out;
    for (const char *s = text; *s; s++) {
        if (s[0] == '\\' && s[1] == 'n') *o++ = '\n', s++;
        else *o++ = *s;
    }
    *o = 0;
    return out;
}

int main(int argc, char **argv) {
    const char *input = NULL;
    long hold_ms = 100, timeout_ms = 5000, background = -1, quiet_ms = -1;
    int opt;
    while ((opt = getopt(argc, argv, "r:b:s:S:H:T:")) != -1) {
        switch (opt) {
        case 'r':
            if (sscanf(optarg, "%d,%d,%d,%d", &rx, &ry, &rw, &rh) != 4 || rw <= 0 || rh <= 0) die("-r X,Y,W,H");
            region_given = 1;
            break;
        case 'b': background = strtol(optarg[0] == '#' ? optarg + 1 : optarg, NULL, 16); break;
        case 's': input = unescape(optarg); break;
        case 'S': quiet_ms = atol(optarg); break;
        case 'H': hold_ms = atol(optarg); break;
        case 'T': timeout_ms = atol(optarg); break;
        default: die("usage: wlfirst [-r X,Y,W,H] [-b RRGGBB] [-s TEXT] [-S MS] [-H MS] [-T MS] -- COMMAND [ARG...]");
        }
    }
    if (optind >= argc) die("no command");
    signal(SIGPIPE, SIG_IGN);

    display = wl_display_connect(NULL);
    if (!display) die("no compositor ($WAYLAND_DISPLAY)");
    wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!output || !shm) die("the compositor has no output or no wl_shm");
    if (!manager) die("the compositor has no zwlr_screencopy_manager_v1");
    if (region_given && manager_version < 2) die("-r needs screencopy version 2");

    // The baseline: a frame copied now (a plain copy makes the compositor render one), again until it is all the
    // background colour when one is given.
    double settle_end = now() + 5;
    for (;;) {
        capture(0);
        if (!wait_frame(now() + 5)) die("no frame from the compositor within 5 s");
        if (background < 0 || all_colour((uint32_t)background)) break;
        if (now() > settle_end) die("the output did not come back to the background colour within 5 s");
        struct timespec pause = {0, 20 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    baseline = malloc((size_t)buf_width * buf_height * sizeof *baseline);
    for (uint32_t y = 0; y < buf_height; y++)
        for (uint32_t x = 0; x < buf_width; x++) baseline[(size_t)y * buf_width + x] = pixel(x, y);

    // The first damaged frame is asked for before the fork, so that no change can come before the request.
    capture(1);
    wl_display_roundtrip(display);

    int to_child[2] = {-1, -1};
    if (input && pipe2(to_child, O_CLOEXEC) < 0) die("pipe failed");
    double start = now();
    pid_t child = fork();
    if (child < 0) die("fork failed");
    if (child == 0) {
        setpgid(0, 0);
        if (input) {
            dup2(to_child[0], 0);
        } else {
            int null = open("/dev/null", O_RDONLY);
            dup2(null, 0);
        }
        execvp(argv[optind], argv + optind);
        _exit(127);
    }
    setpgid(child, child);
    if (input) {
        close(to_child[0]);
        if (write(to_child[1], input, strlen(input)) < 0) perror("wlfirst: write");
    }

    double deadline = start + timeout_ms / 1000.0, seen = -1, presented = -1;
    long count = 0, frames = 0;
    int bx = 0, by = 0, bw = 0, bh = 0;
    while (wait_frame(deadline)) {
        double t = now();
        frames++;
        count = changed(&bx, &by, &bw, &bh);
        if (count) {
            seen = t - start;
            if (frame_time >= start - 1 && frame_time <= t + 0.001) presented = frame_time - start;
            break;
        }
        capture(1);
    }

    // The command runs on for -H ms, then ends: SIGTERM to its group, unless it already ended by itself. With -S,
    // the frames go on being copied meanwhile until a quiet spell.
    double hold_end = now() + hold_ms / 1000.0, settled = -1;
    long changes = 0;
    int status = 0, ended = 0;
    if (seen >= 0 && quiet_ms >= 0) {
        previous = malloc((size_t)buf_width * buf_height * sizeof *previous);
        keep(previous);
        changes = 1;
        double last = start + seen;
        for (;;) {
            capture(1);
            double until = last + quiet_ms / 1000.0;
            if (until > hold_end) until = hold_end;
            if (!wait_frame(until)) {
                if (until < hold_end) settled = last - start;
                break;
            }
            if (keep(previous)) last = now(), changes++;
        }
    }
    while (now() < hold_end) {
        if (waitpid(child, &status, WNOHANG) == child) {
            ended = 1;
            break;
        }
        struct timespec pause = {0, 2 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    if (!ended) {
        kill(-child, SIGTERM);
        if (input) close(to_child[1]), input = NULL;
        double kill_end = now() + 2;
        while (!(ended = waitpid(child, &status, WNOHANG) == child) && now() < kill_end) {
            struct timespec pause = {0, 2 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
        if (!ended) {
            kill(-child, SIGKILL);
            waitpid(child, &status, 0);
        }
    }
    if (input) close(to_child[1]);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);

    if (seen >= 0) {
        printf("first_ms=%.2f frame_ms=", seen * 1000);
        if (presented >= 0) printf("%.2f", presented * 1000);
        else printf("NA");
        printf(" pixels=%ld bbox=%d,%d,%d,%d frames=%ld exit=%d", count, bx, by, bw, bh, frames, code);
        if (quiet_ms >= 0) {
            if (settled >= 0) printf(" settled_ms=%.2f changes=%ld", settled * 1000, changes);
            else printf(" settled_ms=NA changes=%ld", changes);
        }
        printf("\n");
    } else {
        printf("first_ms=NA frame_ms=NA pixels=0 bbox=NA frames=%ld exit=%d\n", frames, code);
    }
    fflush(stdout);
    if (frame) wl_proxy_marshal_flags(frame, FRAME_DESTROY, NULL, wl_proxy_get_version(frame),
                                      WL_MARSHAL_FLAG_DESTROY);
    wl_display_flush(display);
    wl_display_disconnect(display);
    return seen >= 0 ? 0 : 1;
}
