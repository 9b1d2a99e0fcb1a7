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

/// EX_SOFTWARE: the installation is broken, nothing the user typed is wrong.
static void fail(const char *what, const char *why) {
    fprintf(stderr, "%s: cannot load %s: %s\n", program_invocation_short_name, what, why ? why : "unknown error");
    fflush(stderr);
    _exit(70);
}

static void open_library(void) {
    // RTLD_LOCAL: the libraries' symbols stay out of the global scope, so nothing else binds to them by accident.
    handle = dlopen(HUD_TEXT_STACK_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!handle) fail(HUD_TEXT_STACK_LIBRARY, dlerror());
}

void *hud_text_stack_symbol(unsigned index, const char *name) {
    void *address = __atomic_load_n(&hud_text_stack_symbols[index], __ATOMIC_ACQUIRE);
    if (address) return address;
    pthread_once(&once, open_library);
    // dlsym on the handle searches libpangocairo and its dependencies, never this program's own stubs.
    address = dlsym(handle, name);
    if (!address) fail(name, dlerror());
    __atomic_store_n(&hud_text_stack_symbols[index], address, __ATOMIC_RELEASE);
    return address;
}

int hud_text_stack_loaded(void) {
    return __atomic_load_n(&handle, __ATOMIC_ACQUIRE) != NULL;
}
