import CommandOptions
import HUDScene

/// What a live HUD cannot do on this desktop, said once at the start.
enum LiveWarnings {
    /// Without a compositor nothing can be translucent: a dim layer would be a black screen (or window), so none
    /// is drawn.
    static func background(style: HUDStyle, canDim: Bool) -> String? {
        guard style.backgroundColor.alpha > 0, !canDim else { return nil }
        return "warning: --background-color needs a compositor (picom, xcompmgr, a compositing window manager) to dim "
            + "what is behind the HUD; without one no dim is drawn"
    }
}
