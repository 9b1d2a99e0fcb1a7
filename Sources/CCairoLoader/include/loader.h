#ifndef X11HUD_CCAIROLOADER_LOADER_H
#define X11HUD_CCAIROLOADER_LOADER_H
// The text stack (cairo, Pango, GLib, fontconfig, HarfBuzz…) is loaded on the first call into it, not when the
// program starts: a HUD maps its window with libX11 alone, and a process that draws nothing never loads it.

/// The library opened on first use; its dependencies bring cairo, Pango, GObject and GLib.
#define HUD_TEXT_STACK_LIBRARY "libpangocairo-1.0.so.0"

/// Opens the library and looks up every function the stubs stand in for (thread-safe, once). Returns NULL when it
/// did, else one line saying what cannot be loaded and why (`cannot load libpangocairo-1.0.so.0: …`), which the
/// caller reports: a program calls this before its first use of the text stack and decides how to end.
const char *hud_text_stack_load(void);

/// The function of stub `index`, loading the stack on the first call. Calling a stub after `hud_text_stack_load`
/// failed is a bug of the caller's: it prints one line and aborts.
void *hud_text_stack_symbol(unsigned index);

/// Starts loading the text stack and fontconfig's configuration on a thread of its own and returns at once, so
/// that the loading overlaps whatever the caller does before its first drawing. With X11HUD_LOAD_TEXT_ON_FIRST_USE
/// set in the environment it does nothing, and the first call loads the stack as before.
void hud_text_stack_load_in_background(void);

/// Whether the text stack has been loaded in this process (for tests and benchmarks).
int hud_text_stack_loaded(void);
#endif
