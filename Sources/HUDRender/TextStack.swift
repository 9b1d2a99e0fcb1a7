internal import CCairoLoader
import Glibc
import HUDScene

/// The text libraries (cairo, Pango, fontconfig, HarfBuzz, GLib), which are loaded on their first use.
public enum TextStack {
    /// Loads them, and fontconfig's configuration and font caches, on a thread of its own, so that this overlaps
    /// the work a program does before its first drawing (parsing, the X connection, the window) instead of
    /// coming after it. A program that will not draw (one that hands its HUD to another process) must not call it.
    public static func loadInBackground() {
        hud_text_stack_load_in_background()
    }

    /// Why the libraries cannot be loaded (`cannot load libpangocairo-1.0.so.0: …`), or nil once they are: loads
    /// them if no one has yet, and waits for a load in the background to finish.
    public static var loadFailure: String? {
        hud_text_stack_load().map { String(cString: $0) }
    }

    /// Loads the libraries, or ends the process with `ExitStatus.internalError` and one line naming what is
    /// missing: the installation is broken, nothing the user typed is wrong. Every way into the text stack (a
    /// canvas, a text engine's context, an image, a markup check) calls it first, so no stub is ever called without
    /// its function. `_exit`: it may run on any thread, and the process has nothing to finish.
    static func require() {
        guard let why = loadFailure else { return }
        let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "x11hud"
        let line = "\(program): \(why)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        _exit(ExitStatus.internalError.code)
    }
}
