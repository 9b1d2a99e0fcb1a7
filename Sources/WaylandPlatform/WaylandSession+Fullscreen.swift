/// Whether the window the user works in is fullscreen, and word when that may have changed: what lets the
/// notification server hold ordinary notifications back over a video or a presentation, as `HUDSession` does on X11
/// (dunst's `fullscreen = delay`). Only compositors that list windows say it (wlr-foreign-toplevel-management:
/// sway, Hyprland, river, labwc, Wayfire); elsewhere nothing is ever fullscreen.
extension WaylandSession {
    /// Whether the compositor lists windows with their state, so that `activeWindowIsFullscreen` can answer.
    public var knowsFullscreen: Bool { connection.offersToplevels }

    /// Whether an active (focused) window is fullscreen on the output named `output`; nil: on any output (HUDs
    /// without an output go where the compositor puts them, the focused output, which the active window is on). A
    /// window the compositor names no output for counts on every output. False where the compositor does not say.
    public func activeWindowIsFullscreen(output: String? = nil) -> Bool {
        guard let toplevels = connection.toplevels?.toplevels else { return false }
        return toplevels.contains { toplevel in
            guard toplevel.isActivated, toplevel.isFullscreen else { return false }
            guard let output, !toplevel.outputs.isEmpty else { return true }
            return toplevel.outputs.contains { connection.output($0)?.name == output }
        }
    }

    /// Calls `body` whenever a window comes or goes or changes its focus, fullscreen state or outputs (then
    /// `activeWindowIsFullscreen` may answer otherwise), and once now; nil stops. The first call binds the
    /// compositor's window list (one round trip), which other HUDs never ask for.
    public func watchActiveWindow(_ body: (@MainActor () -> Void)?) {
        if body != nil { connection.watchToplevels() }
        connection.toplevelsChanged = body
        body?()
    }
}
