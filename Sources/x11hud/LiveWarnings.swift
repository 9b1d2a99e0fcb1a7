import HUDScene

/// What a live HUD cannot do on this desktop, said once at the start.
enum LiveWarnings {
    /// Without a compositor nothing can be translucent: a dim layer would be a black screen, so none is drawn.
    /// Over a window (`--over-window`) the HUD's window is a child of that window, which the X server copies into
    /// it without blending, compositor or not.
    static func background(style: HUDStyle, composited: Bool, overWindow: Bool = false) -> String? {
        guard style.backgroundColor.alpha > 0, !composited else { return nil }
        if overWindow {
            return "warning: --background-color (the dim layer) is not drawn over a window (--over-window): the HUD is "
                + "part of the window and drawn opaque"
        }
        return "warning: --background-color needs a compositor (picom, xcompmgr, a compositing window manager) to dim "
            + "the screen; without one no dim is drawn"
    }
}
