#define _GNU_SOURCE
#include "loader.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

// One slot per stub, filled on its first call (stubs.c defines the array with its size).
extern void *hud_text_stack_symbols[];

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *handle;
// Why the library could not be opened: reported by the first call that needs it, not by a background load,
// which must not end a process that may never draw (a usage error is still a usage error).
static char open_error[512];

/// EX_SOFTWARE: the installation is broken, nothing the user typed is wrong.
static void fail(const char *what, const char *why) {
    fprintf(stderr, "%s: cannot load %s: %s\n", program_invocation_short_name, what, why ? why : "unknown error");
    fflush(stderr);
    _exit(70);
}

static void open_library(void) {
    // RTLD_LOCAL: the libraries' symbols stay out of the global scope, so nothing else binds to them by accident.
    void *opened = dlopen(HUD_TEXT_STACK_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!opened) {
        const char *why = dlerror();
        snprintf(open_error, sizeof open_error, "%s", why ? why : "unknown error");
        return;
    }
    // fontconfig's configuration and caches, here rather than inside the first Pango call: a thread that loads
    // the stack in the background (below) then does all of it, and the first drawing waits for it instead of
    // reading the configuration a second time beside it.
    int (*fc_init)(void) = (int (*)(void))dlsym(opened, "FcInit");
    if (fc_init) fc_init();
    __atomic_store_n(&handle, opened, __ATOMIC_RELEASE);
}

void *hud_text_stack_symbol(unsigned index, const char *name) {
    void *address = __atomic_load_n(&hud_text_stack_symbols[index], __ATOMIC_ACQUIRE);
    if (address) return address;
    pthread_once(&once, open_library);
    if (!handle) fail(HUD_TEXT_STACK_LIBRARY, open_error);
    // dlsym on the handle searches libpangocairo and its dependencies, never this program's own stubs.
    address = dlsym(handle, name);
    if (!address) fail(name, dlerror());
    __atomic_store_n(&hud_text_stack_symbols[index], address, __ATOMIC_RELEASE);
    return address;
}

static void *load_in_background(void *unused) {
    (void)unused;
    pthread_once(&once, open_library);
    return NULL;
}

void hud_text_stack_load_in_background(void) {
    static int started;
    if (hud_text_stack_loaded() || __atomic_exchange_n(&started, 1, __ATOMIC_ACQ_REL)) return;
    // For instruction counts of one thread's work (the benchmark's callgrind runs) and for ruling the thread out.
    if (getenv("X11HUD_LOAD_TEXT_ON_FIRST_USE")) return;
    pthread_attr_t attributes;
    pthread_t thread;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // Without the thread, the first call into the text stack loads it, as it always could.
    (void)pthread_create(&thread, &attributes, load_in_background, NULL);
    pthread_attr_destroy(&attributes);
}

int hud_text_stack_loaded(void) {
    return __atomic_load_n(&handle, __ATOMIC_ACQUIRE) != NULL;
}
