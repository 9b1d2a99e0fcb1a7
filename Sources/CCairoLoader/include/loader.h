#ifndef X11HUD_CCAIROLOADER_LOADER_H
#define X11HUD_CCAIROLOADER_LOADER_H
// The text stack (cairo, Pango, GLib, fontconfig, HarfBuzz…) is loaded on the first call into it, not when the
// program starts: a HUD maps its window with libX11 alone, and a process that draws nothing never loads it.

/// The library opened on first use; its dependencies bring cairo, Pango, GObject and GLib.
#define HUD_TEXT_STACK_LIBRARY "libpangocairo-1.0.so.0"
/// cairo, opened first: what shapes and images need (the cairo_ stubs are looked up in it).
#define HUD_CAIRO_LIBRARY "libcairo.so.2"

/// Opens cairo alone and looks up the cairo_ stubs' functions (thread-safe, once): what a canvas, a PNG or an SVG
/// needs. Returns NULL when it did, else one line saying why not (`cannot load libcairo.so.2: …`).
const char *hud_text_stack_load_cairo(void);

/// Opens cairo, then the library, and looks up every function the stubs stand in for (thread-safe, once). Returns NULL when it
/// did, else one line saying what cannot be loaded and why (`cannot load libpangocairo-1.0.so.0: …`), which the
/// caller reports: a program calls this before its first use of cairo and decides how to end.
const char *hud_text_stack_load_libraries(void);

/// `hud_text_stack_load_libraries`, then fontconfig's configuration and caches (once): what text needs first.
const char *hud_text_stack_load(void);

/// Whether fontconfig's configuration has been read (without waiting for it).
int hud_text_stack_fonts_ready(void);

/// A function that the background load (`hud_text_stack_load_in_background`) calls on its own thread once the fonts
/// are ready; set it before starting that load.
void hud_text_stack_on_fonts_ready(void (*callback)(void));

/// The function of stub `index`, loading cairo (a cairo_ stub) or the stack on the first call. Calling a stub after
/// `hud_text_stack_load` failed is a bug of the caller's: it prints one line and aborts.
void *hud_text_stack_symbol(unsigned index);

/// Starts loading cairo, then the text stack and fontconfig's configuration, on a thread of its own (one that blocks
/// every signal) and returns at once, so that the loading overlaps whatever the caller does before its first
/// drawing. With `only_cairo`, the thread loads cairo and ends: for a HUD without text (a bar, a spinner), which
/// then never maps the rest unless text comes, and then loads it on first use. With X11HUD_LOAD_TEXT_ON_FIRST_USE set
/// in the environment it does nothing, and the first call loads the stack as before. Returns whether a background
/// load runs (or has finished); `hud_text_stack_on_fonts_ready`'s callback comes from one that is not `only_cairo`.
int hud_text_stack_load_in_background(int only_cairo);

/// Whether the text stack's libraries have been loaded in this process (for tests and benchmarks).
int hud_text_stack_loaded(void);
#endif
