#define _GNU_SOURCE
#include "loader.h"
#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// One slot per stub, and the function each stands in for (stubs.c defines them, generated from symbols.txt).
extern void *hud_text_stack_symbols[];
extern const char *const hud_text_stack_names[];
extern const unsigned hud_text_stack_count;

static pthread_once_t cairo_once = PTHREAD_ONCE_INIT;
static void *cairo_handle;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *handle;
// Why the library or one of its functions could not be loaded, for `hud_text_stack_load`'s caller: reported by the
// first call that needs the stack, not by a background load, which must not end a process that may never draw (a
// usage error is still a usage error).
static char load_error[512];

static int is_cairo(const char *name) { return strncmp(name, "cairo_", 6) == 0; }

// Looks up every stub's function of one library (`cairo`: the cairo_ ones, else the others) in `opened`. Every
// function now, not on its first call: a library too old for one of them is then a failure the caller of
// `hud_text_stack_load` hears about, rather than one in the middle of drawing that no caller could handle. dlsym on
// the handle searches that library and its dependencies, never this program's own stubs. All or none: on a missing
// function, none of the library's stubs works.
static int look_up(void *opened, int cairo) {
    for (unsigned i = 0; i < hud_text_stack_count; i++) {
        if (is_cairo(hud_text_stack_names[i]) != cairo) continue;
        void *address = dlsym(opened, hud_text_stack_names[i]);
        if (!address) {
            const char *why = dlerror();
            snprintf(load_error, sizeof load_error, "cannot load %s: %s", hud_text_stack_names[i],
                     why ? why : "unknown error");
            for (unsigned j = 0; j < i; j++) {
                if (is_cairo(hud_text_stack_names[j]) == cairo)
                    __atomic_store_n(&hud_text_stack_symbols[j], NULL, __ATOMIC_RELEASE);
            }
            return 0;
        }
        __atomic_store_n(&hud_text_stack_symbols[i], address, __ATOMIC_RELEASE);
    }
    return 1;
}

// RTLD_LOCAL: the libraries' symbols stay out of the global scope, so nothing else binds to them by accident.
static void *open_or_say_why(const char *library) {
    void *opened = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!opened) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load %s: %s", library, why ? why : "unknown error");
    }
    return opened;
}

// cairo alone, before the rest: shapes and images need nothing else, and it is a third of the libraries' loading
// (issue 51: a bar's first frame waited for Pango, HarfBuzz, GLib and the others to be mapped and relocated).
static void open_cairo(void) {
    void *opened = open_or_say_why(HUD_CAIRO_LIBRARY);
    if (opened && look_up(opened, 1)) __atomic_store_n(&cairo_handle, opened, __ATOMIC_RELEASE);
}

static void open_library(void) {
    pthread_once(&cairo_once, open_cairo);
    if (!__atomic_load_n(&cairo_handle, __ATOMIC_ACQUIRE)) return;
    void *opened = open_or_say_why(HUD_TEXT_STACK_LIBRARY);
    if (opened && look_up(opened, 0)) __atomic_store_n(&handle, opened, __ATOMIC_RELEASE);
}

static pthread_once_t fonts_once = PTHREAD_ONCE_INIT;
static int fonts_ready;
static void (*fonts_ready_callback)(void);

// fontconfig's configuration and caches (FcInit: about two thirds of the stack's start-up), apart from the
// libraries: cairo draws shapes and images without it, and a kept rendering of a label is drawn before it.
// Done here rather than inside the first Pango call: a thread that loads the stack in the background (below)
// then does all of it, and the first text waits for it instead of reading the configuration a second time.
static void init_fonts(void) {
    pthread_once(&once, open_library);
    void *opened = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (!opened) return;
    int (*fc_init)(void) = (int (*)(void))dlsym(opened, "FcInit");
    if (fc_init) fc_init();
    __atomic_store_n(&fonts_ready, 1, __ATOMIC_RELEASE);
}

const char *hud_text_stack_load_cairo(void) {
    pthread_once(&cairo_once, open_cairo);
    return __atomic_load_n(&cairo_handle, __ATOMIC_ACQUIRE) ? NULL : load_error;
}

const char *hud_text_stack_load_libraries(void) {
    pthread_once(&once, open_library);
    return __atomic_load_n(&handle, __ATOMIC_ACQUIRE) ? NULL : load_error;
}

const char *hud_text_stack_load(void) {
    pthread_once(&fonts_once, init_fonts);
    return __atomic_load_n(&handle, __ATOMIC_ACQUIRE) ? NULL : load_error;
}

int hud_text_stack_fonts_ready(void) {
    return __atomic_load_n(&fonts_ready, __ATOMIC_ACQUIRE);
}

void hud_text_stack_on_fonts_ready(void (*callback)(void)) {
    __atomic_store_n(&fonts_ready_callback, callback, __ATOMIC_RELEASE);
}

void *hud_text_stack_symbol(unsigned index) {
    void *address = __atomic_load_n(&hud_text_stack_symbols[index], __ATOMIC_ACQUIRE);
    if (address) return address;
    int cairo = is_cairo(hud_text_stack_names[index]);
    if (!(cairo ? hud_text_stack_load_cairo() : hud_text_stack_load_libraries())) return hud_text_stack_symbols[index];
    // A caller that did not check `hud_text_stack_load` (a bug in the program, not a broken installation): there
    // is no function to call, and no value a stub could return instead.
    fprintf(stderr, "%s: %s called although the text stack did not load (%s)\n", program_invocation_short_name,
            hud_text_stack_names[index], load_error);
    abort();
}

// With `cairo_only` the thread ends once cairo is there: the rest (Pango, HarfBuzz, GLib and fontconfig's
// configuration) is left to the first text, which loads it on its own thread, as it always could.
static int cairo_only;

static void *load_in_background(void *unused) {
    (void)unused;
    // Published as soon as it is there: a first frame of shapes waits for it alone.
    pthread_once(&cairo_once, open_cairo);
    if (__atomic_load_n(&cairo_only, __ATOMIC_ACQUIRE)) return NULL;
    pthread_once(&fonts_once, init_fonts);
    void (*callback)(void) = __atomic_load_n(&fonts_ready_callback, __ATOMIC_ACQUIRE);
    if (callback && hud_text_stack_fonts_ready()) callback();
    return NULL;
}

int hud_text_stack_load_in_background(int only_cairo) {
    static int started;
    // For instruction counts of one thread's work (the benchmark's callgrind runs) and for ruling the thread out.
    if (getenv("X11HUD_LOAD_TEXT_ON_FIRST_USE")) return 0;
    if (hud_text_stack_fonts_ready() || __atomic_exchange_n(&started, 1, __ATOMIC_ACQ_REL)) return 1;
    __atomic_store_n(&cairo_only, only_cairo != 0, __ATOMIC_RELEASE);
    // glibc gives each new thread an arena of its own; this one's fontconfig allocations would leave about half a
    // MiB resident there beside the main heap's free space (issue 32: 0.3–0.6 MiB of a HUD's peak). The main thread
    // and this one share the main arena (its lock is held for single allocations, not for the load).
    mallopt(M_ARENA_MAX, 1);
    pthread_attr_t attributes;
    pthread_t thread;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // Made with every signal blocked (a thread starts with its creator's mask), as the program's other threads are:
    // it may start before SIGINT and SIGTERM are watched, and one of them delivered to it would end the process
    // unwatched instead of waiting, blocked, for the signal watch's descriptor.
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    // Without the thread, the first call into the text stack loads it, as it always could.
    int created = pthread_create(&thread, &attributes, load_in_background, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attributes);
    return created;
}

int hud_text_stack_loaded(void) {
    return __atomic_load_n(&handle, __ATOMIC_ACQUIRE) != NULL;
}
