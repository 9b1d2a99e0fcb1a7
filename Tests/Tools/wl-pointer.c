// A pointer for tests on a headless compositor, which has no input device: a virtual pointer
// (wlr-virtual-pointer-unstable-v1, which sway and the other wlroots compositors offer) that gives the seat its
// pointer capability for as long as this program runs, and moves and clicks as told on standard input:
//
//     move X Y      the pointer to X, Y on the whole output layout (its size given by `size W H` first)
//     press         the left button down      release    the left button up
//
// Each command is answered "ok" once the compositor has handled it (a round trip). "ready" comes first.
// The protocol's two interfaces are declared here from its XML rather than generated, as only four requests are used.
#include <stdio.h>
#include <string.h>
#include <wayland-client.h>

static const struct wl_interface pointer_interface;
static const struct wl_interface *no_types[] = {NULL, NULL, NULL, NULL, NULL};
static const struct wl_interface *create_types[] = {&wl_seat_interface, &pointer_interface};

static const struct wl_message pointer_requests[] = {
    {"motion", "uff", no_types},          {"motion_absolute", "uuuuu", no_types},
    {"button", "uuu", no_types},          {"axis", "uuf", no_types},
    {"frame", "", no_types},              {"axis_source", "u", no_types},
    {"axis_stop", "uu", no_types},        {"axis_discrete", "uufi", no_types},
    {"destroy", "", no_types},
};
static const struct wl_interface pointer_interface = {"zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0, NULL};
static const struct wl_message manager_requests[] = {{"create_virtual_pointer", "?on", create_types}};
static const struct wl_interface manager_interface = {
    "zwlr_virtual_pointer_manager_v1", 1, 1, manager_requests, 0, NULL};

enum { MOTION_ABSOLUTE = 1, BUTTON = 2, FRAME = 4, DESTROY = 8 };
enum { BTN_LEFT = 0x110 };

static struct wl_seat *seat;
static struct wl_proxy *manager;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data, (void)version;
    if (strcmp(interface, "wl_seat") == 0 && !seat)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, manager_interface.name) == 0 && !manager)
        manager = wl_registry_bind(registry, name, &manager_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "wl-pointer: no compositor\n");
        return 1;
    }
    wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) {
        fprintf(stderr, "wl-pointer: the compositor has no zwlr_virtual_pointer_manager_v1\n");
        return 1;
    }
    struct wl_proxy *pointer =
        wl_proxy_marshal_flags(manager, 0, &pointer_interface, 1, 0, seat, NULL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);
    unsigned width = 1, height = 1, x, y, time = 1;
    char line[128];
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "size %u %u", &width, &height) == 2) {
        } else if (sscanf(line, "move %u %u", &x, &y) == 2) {
            wl_proxy_marshal_flags(pointer, MOTION_ABSOLUTE, NULL, 1, 0, time++, x, y, width, height);
            wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
        } else if (strncmp(line, "press", 5) == 0 || strncmp(line, "release", 7) == 0) {
            wl_proxy_marshal_flags(pointer, BUTTON, NULL, 1, 0, time++, BTN_LEFT, line[0] == 'p' ? 1u : 0u);
            wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
        } else {
            fprintf(stderr, "wl-pointer: unknown command: %s", line);
            continue;
        }
        if (wl_display_roundtrip(display) < 0) return 1;
        printf("ok\n");
        fflush(stdout);
    }
    wl_proxy_marshal_flags(pointer, DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
