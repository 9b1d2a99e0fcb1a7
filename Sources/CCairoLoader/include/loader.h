#ifndef X11HUD_CCAIROLOADER_LOADER_H
#define X11HUD_CCAIROLOADER_LOADER_H
// The text stack (cairo, Pango, GLib, fontconfig, HarfBuzz…) is loaded on the first call into it, not when the
// program starts: a HUD maps its window with libX11 alone, and a process that draws nothing never loads it.

/// The library opened on first use; its dependencies bring cairo, Pango, GObject and GLib.
#define HUD_TEXT_STACK_LIBRARY "libpangocairo-1.0.so.0"

/// The address of `name` in the text stack, loading it on the first call (thread-safe). Slot `index` caches it.
/// When the library or the symbol cannot be found, prints one line and ends the process with status 70.
void *hud_text_stack_symbol(unsigned index, const char *name);

/// Starts loading the text stack and fontconfig's configuration on a thread of its own and returns at once, so
/// that the loading overlaps whatever the caller does before its first drawing. With X11HUD_LOAD_TEXT_ON_FIRST_USE
/// set in the environment it does nothing, and the first call loads the stack as before.
void hud_text_stack_load_in_background(void);

/// Whether the text stack has been loaded in this process (for tests and benchmarks).
int hud_text_stack_loaded(void);
#endif
