internal import CCairoLoader

/// The text libraries (cairo, Pango, fontconfig, HarfBuzz, GLib), which are loaded on their first use.
public enum TextStack {
    /// Loads them, and fontconfig's configuration and font caches, on a thread of its own, so that this overlaps
    /// the work a program does before its first drawing (parsing, the X connection, the window) instead of
    /// coming after it. A program that will not draw (one that hands its HUD to another process) must not call it.
    public static func loadInBackground() {
        hud_text_stack_load_in_background()
    }
}
