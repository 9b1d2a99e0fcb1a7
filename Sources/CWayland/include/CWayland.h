// libwayland-client, the core protocol (wl_compositor, wl_shm, wl_seat, wl_output…) and the generated client code
// of wlr-layer-shell and wlr-foreign-toplevel-management. Only WaylandPlatform imports this module, internally: no
// Wayland type is public.
#ifndef X11HUD_CWAYLAND_H
#define X11HUD_CWAYLAND_H

#include <stddef.h>
#include <wayland-client.h>
#include "wlr-layer-shell-unstable-v1-client.h"
#include "wlr-foreign-toplevel-management-unstable-v1-client.h"
#include "fractional-scale-v1-client.h"
#include "viewporter-client.h"

// The interfaces to bind, by address (Swift would pass a copy of an imported C constant).
static inline const struct wl_interface *hud_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *hud_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *hud_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *hud_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *hud_layer_shell_interface(void) { return &zwlr_layer_shell_v1_interface; }
static inline const struct wl_interface *hud_toplevel_manager_interface(void) {
    return &zwlr_foreign_toplevel_manager_v1_interface;
}
static inline const struct wl_interface *hud_fractional_scale_manager_interface(void) {
    return &wp_fractional_scale_manager_v1_interface;
}
static inline const struct wl_interface *hud_viewporter_interface(void) { return &wp_viewporter_interface; }

// A sealed, close-on-exec anonymous file of `size` bytes for a wl_shm pool, or -1 with errno set.
int hud_wayland_shm_file(size_t size);

#endif
