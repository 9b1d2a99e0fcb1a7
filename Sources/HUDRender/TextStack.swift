import HUDBase
internal import CCairoLoader
import Glibc
import HUDScene

/// The text libraries (cairo, Pango, fontconfig, HarfBuzz, GLib), which are loaded on their first use.
public enum TextStack {
    /// Loads them, and fontconfig's configuration and font caches, on a thread of its own, so that this overlaps
    /// the work a program does before its first drawing (parsing, the X connection, the window) instead of
    /// coming after it. A program that will not draw (one that hands its HUD to another process) must not call it.
    ///
    /// With `keptTexts`, text drawn before the fonts are ready comes from renderings kept there by earlier runs
    /// (a label shown again starts without waiting for fontconfig), and new labels' renderings are kept there.
    ///
    /// With `cairoOnly`, only cairo loads: for a HUD whose content has no text (a bar, a spinner), the rest (Pango,
    /// GLib, HarfBuzz and fontconfig's configuration) loads when text first comes, a label on its input say, on the
    /// thread that draws it. A text-free Wayland bar loaded it for nothing: 1.8 of its 9.6 MiB PSS (issue 51).
    public static func loadInBackground(keptTexts: TextImageCache? = nil, cairoOnly: Bool = false) {
        // Set first: an engine made once the load runs must find it. Without a background load nothing would
        // tell a HUD drawn with kept images that Pango can take over.
        if let keptTexts, !fontsAreReady, TextImageCache.shared == nil { TextImageCache.shared = keptTexts }
        if hud_text_stack_load_in_background(cairoOnly ? 1 : 0) == 0 { TextImageCache.shared = nil }
    }

    /// Why the libraries cannot be loaded (`cannot load libpangocairo-1.0.so.0: …`), or nil once they are: loads
    /// them and the fonts if no one has yet, and waits for a load in the background to finish.
    public static var loadFailure: String? {
        hud_text_stack_load().map { String(cString: $0) }
    }

    /// Whether fontconfig's configuration is read, so that Pango shapes text without waiting.
    public static var fontsAreReady: Bool { hud_text_stack_fonts_ready() != 0 }

    /// `body` runs once, on the loading thread, when a background load has the fonts ready. Set it before the
    /// first drawing: it is how a HUD drawn with kept texts learns that Pango can take over.
    public static func whenFontsReady(_ body: @escaping @Sendable () -> Void) {
        fontsReadyHandler = body
        hud_text_stack_on_fonts_ready { TextStack.fontsReadyHandler?() }
    }

    /// Set before the C side publishes the callback (a release store), read after it loads it (an acquire).
    nonisolated(unsafe) private static var fontsReadyHandler: (@Sendable () -> Void)?

    /// Loads the libraries and the fonts (what text needs), or ends the process (`fail`).
    static func require() {
        fail(hud_text_stack_load())
    }

    /// Loads the libraries only (what Pango needs before fonts), or ends the process (`fail`).
    static func requireLibraries() {
        fail(hud_text_stack_load_libraries())
    }

    /// Loads cairo alone (what shapes and images need: a first frame without text waits for nothing else), or
    /// ends the process (`fail`).
    static func requireCairo() {
        fail(hud_text_stack_load_cairo())
    }

    /// Ends the process with `ExitStatus.internalError` and one line naming what is missing: the installation is
    /// broken, nothing the user typed is wrong. Every way into the stack (a canvas, a text engine's context, an
    /// image, a markup check) calls `require`, `requireLibraries` or `requireCairo` first, so no stub is ever called
    /// without its function. `_exit`: it may run on any thread, and the process has nothing to finish.
    private static func fail(_ failure: UnsafePointer<CChar>?) {
        guard let failure else { return }
        let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "x11hud"
        let line = "\(program): \(String(cString: failure))\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        _exit(ExitStatus.internalError.code)
    }
}
