#ifndef X11HUD_CSYSTEMDBUSLOADER_H
#define X11HUD_CSYSTEMDBUSLOADER_H
// libsystemd (sd-bus) is opened on first use, not when the program starts: a HUD, a forwarding `x11hud --id` and
// every other command that does not talk D-Bus never map it (the way CCairoLoader defers the text stack).
#include <systemd/sd-bus.h>

/// The library opened on first use.
#define HUD_SDBUS_LIBRARY "libsystemd.so.0"

/// Opens libsystemd and looks up every sd_bus_* function x11hud calls (thread-safe, once). Returns NULL on success,
/// else why not, which the caller reports. Call it before any sd_bus_* function: calling one after it failed is a
/// bug, which aborts.
const char *hud_sdbus_load(void);

/// Whether `hud_sdbus_load` failed because the library opened without one of the functions (too old, or broken),
/// rather than because it cannot be opened at all.
int hud_sdbus_missing_function(void);

/// One method, signal or property of an interface, for `hud_sdbus_add_object_vtable`.
typedef struct {
    const char *member;
    const char *signature;
    /// The reply's signature for a method; NULL marks a signal or a property.
    const char *result;
    /// 0: a method or a signal; 1: a read-only property; 2: a property that can be set.
    int property;
} hud_sdbus_member;

/// Exports `interface` at `path` with these members; every method call goes to `handler` with `userdata`, every
/// property's Get to `get` and Set to `set` (NULL when the interface has no properties). The
/// vtable is built at run time, since its start refers to a variable of libsystemd (`sd_bus_object_vtable_format`),
/// and lives as long as the slot (freed by `hud_sdbus_slot_free_vtable` after the slot is unreferenced).
int hud_sdbus_add_object_vtable(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface,
                                const hud_sdbus_member *members, unsigned count, sd_bus_message_handler_t handler,
                                sd_bus_property_get_t get, sd_bus_property_set_t set, void *userdata,
                                void **vtable);

void hud_sdbus_free_vtable(void *vtable);
#endif
