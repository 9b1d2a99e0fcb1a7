import HUDScene

/// What a live HUD cannot do on this desktop, said once at the start.
enum LiveWarnings {
    /// Without a compositor nothing can be translucent: a dim layer would be a black screen, so none is drawn.
    static func background(style: HUDStyle, composited: Bool) -> String? {
        guard style.backgroundColor.alpha > 0, !composited else { return nil }
        return "warning: --background-color needs a compositor (picom, xcompmgr, a compositing window manager) to dim "
            + "the screen; without one no dim is drawn"
    }
}
