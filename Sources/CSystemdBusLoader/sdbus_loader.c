#define _GNU_SOURCE
#include "sdbus_loader.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Every sd_bus_* function HUDBus calls: its return type, name, parameters (its prototype in sd-bus.h, which the
// compiler checks each stub against) and the arguments passed on.
#define HUD_SDBUS_FUNCTIONS(X) \
    X(int, sd_bus_open_user, (sd_bus **ret), (ret)) \
    X(int, sd_bus_new, (sd_bus **ret), (ret)) \
    X(int, sd_bus_set_address, (sd_bus *bus, const char *address), (bus, address)) \
    X(int, sd_bus_set_bus_client, (sd_bus *bus, int b), (bus, b)) \
    X(int, sd_bus_start, (sd_bus *bus), (bus)) \
    X(sd_bus *, sd_bus_unref, (sd_bus *bus), (bus)) \
    X(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus)) \
    X(int, sd_bus_get_fd, (sd_bus *bus), (bus)) \
    X(int, sd_bus_get_events, (sd_bus *bus), (bus)) \
    X(int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *usec), (bus, usec)) \
    X(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r)) \
    X(int, sd_bus_flush, (sd_bus *bus), (bus)) \
    X(int, sd_bus_is_open, (sd_bus *bus), (bus)) \
    X(int, sd_bus_get_unique_name, (sd_bus *bus, const char **unique), (bus, unique)) \
    X(int, sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), (bus, name, flags)) \
    X(int, sd_bus_get_name_creds, \
      (sd_bus *bus, const char *name, uint64_t mask, sd_bus_creds **creds), \
      (bus, name, mask, creds)) \
    X(sd_bus_creds *, sd_bus_creds_unref, (sd_bus_creds *c), (c)) \
    X(int, sd_bus_creds_get_pid, (sd_bus_creds *c, pid_t *pid), (c, pid)) \
    X(int, sd_bus_creds_get_comm, (sd_bus_creds *c, const char **comm), (c, comm)) \
    X(int, sd_bus_creds_get_unique_name, (sd_bus_creds *c, const char **name), (c, name)) \
    X(int, sd_bus_match_signal, \
      (sd_bus *bus, sd_bus_slot **ret, const char *sender, const char *path, const char *interface, \
       const char *member, sd_bus_message_handler_t callback, void *userdata), \
      (bus, ret, sender, path, interface, member, callback, userdata)) \
    X(int, sd_bus_add_object_vtable, \
      (sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, const sd_bus_vtable *vtable, \
       void *userdata), \
      (bus, slot, path, interface, vtable, userdata)) \
    X(sd_bus_slot *, sd_bus_slot_unref, (sd_bus_slot *slot), (slot)) \
    X(sd_bus_message *, sd_bus_message_ref, (sd_bus_message *m), (m)) \
    X(sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m)) \
    X(const char *, sd_bus_message_get_sender, (sd_bus_message *m), (m)) \
    X(const char *, sd_bus_message_get_member, (sd_bus_message *m), (m)) \
    X(const char *, sd_bus_message_get_signature, (sd_bus_message *m, int complete), (m, complete)) \
    X(int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p)) \
    X(int, sd_bus_message_read_array, \
      (sd_bus_message *m, char type, const void **ptr, size_t *size), \
      (m, type, ptr, size)) \
    X(int, sd_bus_message_enter_container, (sd_bus_message *m, char type, const char *contents), \
      (m, type, contents)) \
    X(int, sd_bus_message_exit_container, (sd_bus_message *m), (m)) \
    X(int, sd_bus_message_peek_type, (sd_bus_message *m, char *type, const char **contents), (m, type, contents)) \
    X(int, sd_bus_message_skip, (sd_bus_message *m, const char *types), (m, types)) \
    X(int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m)) \
    X(int, sd_bus_message_new_signal, \
      (sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member), \
      (bus, m, path, interface, member)) \
    X(int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p)) \
    X(int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), \
      (m, type, contents)) \
    X(int, sd_bus_message_close_container, (sd_bus_message *m), (m)) \
    X(int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie)) \
    X(int, sd_bus_message_new_method_call, \
      (sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, \
       const char *member), \
      (bus, m, destination, path, interface, member)) \
    X(int, sd_bus_message_set_auto_start, (sd_bus_message *m, int b), (m, b)) \
    X(int, sd_bus_call, \
      (sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error, sd_bus_message **reply), \
      (bus, m, usec, ret_error, reply)) \
    X(int, sd_bus_reply_method_error, (sd_bus_message *call, const sd_bus_error *e), (call, e)) \
    X(int, sd_bus_error_set, (sd_bus_error *e, const char *name, const char *message), (e, name, message)) \
    X(void, sd_bus_error_free, (sd_bus_error *e), (e))

// One slot per function, filled by `hud_sdbus_load`, and the names it looks up.
enum {
#define INDEX(ret, name, params, args) SLOT_##name,
    HUD_SDBUS_FUNCTIONS(INDEX)
#undef INDEX
    SLOT_COUNT
};
static const char *const names[SLOT_COUNT] = {
#define NAME(ret, name, params, args) #name,
    HUD_SDBUS_FUNCTIONS(NAME)
#undef NAME
};
static void *slots[SLOT_COUNT];
// libsystemd's `sd_bus_object_vtable_format`, which a vtable's start refers to.
static const unsigned *vtable_format;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *handle;
// Why the library or one of its functions could not be loaded, for `hud_sdbus_load`'s caller.
static char load_error[512];
static int missing_function;

static void open_library(void) {
    // RTLD_LOCAL: libsystemd's symbols stay out of the global scope; the stubs below find them through the handle.
    void *opened = dlopen(HUD_SDBUS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!opened) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "%s", why ? why : "unknown error");
        return;
    }
    // Every function now, so that one missing (a libsystemd too old) is the caller's error to report, not a call
    // that cannot be made in the middle of a message.
    for (unsigned i = 0; i <= SLOT_COUNT; i++) {
        const char *name = i < SLOT_COUNT ? names[i] : "sd_bus_object_vtable_format";
        void *address = dlsym(opened, name);
        if (!address) {
            const char *why = dlerror();
            snprintf(load_error, sizeof load_error, "cannot load %s from %s: %s", name, HUD_SDBUS_LIBRARY,
                     why ? why : "unknown error");
            missing_function = 1;
            return;
        }
        if (i < SLOT_COUNT) slots[i] = address; else vtable_format = address;
    }
    __atomic_store_n(&handle, opened, __ATOMIC_RELEASE);
}

const char *hud_sdbus_load(void) {
    pthread_once(&once, open_library);
    return __atomic_load_n(&handle, __ATOMIC_ACQUIRE) ? NULL : load_error;
}

int hud_sdbus_missing_function(void) {
    return hud_sdbus_load() && missing_function;
}

/// Calling into libsystemd before `hud_sdbus_load` succeeded is a bug of the caller's (BusConnection loads first):
/// there is no function to call, and no value a stub could return instead.
static void require_loaded(const char *name) {
    if (!hud_sdbus_load()) return;
    fprintf(stderr, "%s: %s called although %s did not load (%s)\n", program_invocation_short_name, name,
            HUD_SDBUS_LIBRARY, load_error);
    abort();
}

static void *function(unsigned slot) {
    require_loaded(names[slot]);
    return slots[slot];
}

// Each stub has the header's own prototype (the compiler checks it) and calls the function looked up at load.
#define STUB(ret, name, params, args) \
    ret name params { return ((ret(*) params)function(SLOT_##name)) args; }
HUD_SDBUS_FUNCTIONS(STUB)
#undef STUB

int hud_sdbus_add_object_vtable(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface,
                                const hud_sdbus_member *members, unsigned count, sd_bus_message_handler_t handler,
                                sd_bus_property_get_t get, sd_bus_property_set_t set, void *userdata,
                                void **vtable) {
    require_loaded("sd_bus_object_vtable_format");
    const unsigned *format = vtable_format;
    // Unused parts of each entry's union must be zero (sd-bus-vtable.h), hence calloc.
    sd_bus_vtable *v = calloc(count + 2, sizeof *v);
    if (!v) return -ENOMEM;
    v[0].type = _SD_BUS_VTABLE_START;
    v[0].x.start.element_size = sizeof *v;
    v[0].x.start.features = _SD_BUS_VTABLE_PARAM_NAMES;
    v[0].x.start.vtable_format_reference = format;
    for (unsigned i = 0; i < count; i++) {
        sd_bus_vtable *e = &v[i + 1];
        if (members[i].property) {
            int writable = members[i].property == 2;
            e->type = writable ? _SD_BUS_VTABLE_WRITABLE_PROPERTY : _SD_BUS_VTABLE_PROPERTY;
            e->flags = writable ? SD_BUS_VTABLE_UNPRIVILEGED : 0;
            e->x.property.member = members[i].member;
            e->x.property.signature = members[i].signature;
            e->x.property.get = get;
            e->x.property.set = writable ? set : NULL;
        } else if (members[i].result) {
            e->type = _SD_BUS_VTABLE_METHOD;
            e->flags = SD_BUS_VTABLE_UNPRIVILEGED;
            e->x.method.member = members[i].member;
            e->x.method.signature = members[i].signature;
            e->x.method.result = members[i].result;
            e->x.method.handler = handler;
            e->x.method.names = "";
        } else {
            e->type = _SD_BUS_VTABLE_SIGNAL;
            e->x.signal.member = members[i].member;
            e->x.signal.signature = members[i].signature;
            e->x.signal.names = "";
        }
    }
    v[count + 1].type = _SD_BUS_VTABLE_END;
    int r = sd_bus_add_object_vtable(bus, slot, path, interface, v, userdata);
    if (r < 0) {
        free(v);
        return r;
    }
    *vtable = v;
    return r;
}

void hud_sdbus_free_vtable(void *vtable) { free(vtable); }
