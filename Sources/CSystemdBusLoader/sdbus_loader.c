#define _GNU_SOURCE
#include "sdbus_loader.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *handle;
static char open_error[512];

static void open_library(void) {
    // RTLD_LOCAL: libsystemd's symbols stay out of the global scope; the stubs below find them through the handle.
    void *opened = dlopen(HUD_SDBUS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!opened) {
        const char *why = dlerror();
        snprintf(open_error, sizeof open_error, "%s", why ? why : "unknown error");
        return;
    }
    __atomic_store_n(&handle, opened, __ATOMIC_RELEASE);
}

const char *hud_sdbus_load(void) {
    pthread_once(&once, open_library);
    return handle ? NULL : open_error;
}

/// EX_SOFTWARE: the installation is broken, nothing the user typed is wrong.
static void *resolve(const char *name) {
    const char *why = hud_sdbus_load();
    void *address = why ? NULL : dlsym(handle, name);
    if (!address) {
        fprintf(stderr, "%s: cannot load %s from %s: %s\n", program_invocation_short_name, name, HUD_SDBUS_LIBRARY,
                why ? why : dlerror());
        fflush(stderr);
        _exit(70);
    }
    return address;
}

// Each stub has the header's own prototype (the compiler checks it) and looks its function up once.
#define STUB(ret, name, params, args)                                                  \
    ret name params {                                                                  \
        static ret(*fn) params;                                                        \
        ret(*f) params = __atomic_load_n(&fn, __ATOMIC_ACQUIRE);                        \
        if (!f) {                                                                      \
            f = (ret(*) params)resolve(#name);                                         \
            __atomic_store_n(&fn, f, __ATOMIC_RELEASE);                                \
        }                                                                              \
        return f args;                                                                 \
    }

STUB(int, sd_bus_open_user, (sd_bus **ret), (ret))
STUB(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus))
STUB(int, sd_bus_get_fd, (sd_bus *bus), (bus))
STUB(int, sd_bus_get_events, (sd_bus *bus), (bus))
STUB(int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *usec), (bus, usec))
STUB(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r))
STUB(int, sd_bus_flush, (sd_bus *bus), (bus))
STUB(int, sd_bus_is_open, (sd_bus *bus), (bus))
STUB(int, sd_bus_get_unique_name, (sd_bus *bus, const char **unique), (bus, unique))
STUB(int, sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), (bus, name, flags))
STUB(int, sd_bus_get_name_creds, (sd_bus *bus, const char *name, uint64_t mask, sd_bus_creds **creds),
     (bus, name, mask, creds))
STUB(sd_bus_creds *, sd_bus_creds_unref, (sd_bus_creds *c), (c))
STUB(int, sd_bus_creds_get_pid, (sd_bus_creds *c, pid_t *pid), (c, pid))
STUB(int, sd_bus_creds_get_comm, (sd_bus_creds *c, const char **comm), (c, comm))
STUB(int, sd_bus_creds_get_unique_name, (sd_bus_creds *c, const char **name), (c, name))
STUB(int, sd_bus_match_signal,
     (sd_bus *bus, sd_bus_slot **ret, const char *sender, const char *path, const char *interface,
      const char *member, sd_bus_message_handler_t callback, void *userdata),
     (bus, ret, sender, path, interface, member, callback, userdata))
STUB(int, sd_bus_add_object_vtable,
     (sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, const sd_bus_vtable *vtable,
      void *userdata),
     (bus, slot, path, interface, vtable, userdata))
STUB(sd_bus_slot *, sd_bus_slot_unref, (sd_bus_slot *slot), (slot))
STUB(sd_bus_message *, sd_bus_message_ref, (sd_bus_message *m), (m))
STUB(sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m))
STUB(const char *, sd_bus_message_get_sender, (sd_bus_message *m), (m))
STUB(const char *, sd_bus_message_get_member, (sd_bus_message *m), (m))
STUB(const char *, sd_bus_message_get_signature, (sd_bus_message *m, int complete), (m, complete))
STUB(int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p))
STUB(int, sd_bus_message_read_array, (sd_bus_message *m, char type, const void **ptr, size_t *size),
     (m, type, ptr, size))
STUB(int, sd_bus_message_enter_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents))
STUB(int, sd_bus_message_exit_container, (sd_bus_message *m), (m))
STUB(int, sd_bus_message_peek_type, (sd_bus_message *m, char *type, const char **contents), (m, type, contents))
STUB(int, sd_bus_message_skip, (sd_bus_message *m, const char *types), (m, types))
STUB(int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m))
STUB(int, sd_bus_message_new_signal,
     (sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member),
     (bus, m, path, interface, member))
STUB(int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p))
STUB(int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents))
STUB(int, sd_bus_message_close_container, (sd_bus_message *m), (m))
STUB(int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie))
STUB(int, sd_bus_reply_method_error, (sd_bus_message *call, const sd_bus_error *e), (call, e))
STUB(int, sd_bus_error_set, (sd_bus_error *e, const char *name, const char *message), (e, name, message))
STUB(void, sd_bus_error_free, (sd_bus_error *e), (e))

int hud_sdbus_add_object_vtable(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface,
                                const hud_sdbus_member *members, unsigned count, sd_bus_message_handler_t handler,
                                void *userdata, void **vtable) {
    const unsigned *format = resolve("sd_bus_object_vtable_format");
    // Unused parts of each entry's union must be zero (sd-bus-vtable.h), hence calloc.
    sd_bus_vtable *v = calloc(count + 2, sizeof *v);
    if (!v) return -ENOMEM;
    v[0].type = _SD_BUS_VTABLE_START;
    v[0].x.start.element_size = sizeof *v;
    v[0].x.start.features = _SD_BUS_VTABLE_PARAM_NAMES;
    v[0].x.start.vtable_format_reference = format;
    for (unsigned i = 0; i < count; i++) {
        sd_bus_vtable *e = &v[i + 1];
        if (members[i].result) {
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
