import X11Display
import X11Names
internal import CX11

/// Whether the window the user works in is fullscreen, and word when that may have changed: what lets a notification
/// server hold non-critical notifications back over a video or a presentation (dunst's `fullscreen = delay`).
extension HUDSession {
    /// Whether the active window (`_NET_ACTIVE_WINDOW`) has `_NET_WM_STATE_FULLSCREEN`. False without a window
    /// manager that says which window is active.
    public func activeWindowIsFullscreen() -> Bool {
        guard let window = activeWindow() else { return false }
        let fullscreen = connection.atom("_NET_WM_STATE_FULLSCREEN")
        let states = XErrorHandlers.quietly(connection: connection) {
            Property.longs(connection, window: window, name: "_NET_WM_STATE")
        }
        return states?.contains(fullscreen) ?? false
    }

    private func activeWindow() -> UInt? {
        guard let active = Property.longs(connection, window: connection.root, name: "_NET_ACTIVE_WINDOW")?.first,
              active != 0 else { return nil }
        return active
    }

    /// Calls `body` whenever the active window, or its state, changes (then `activeWindowIsFullscreen` may answer
    /// otherwise); nil stops. The active window's own property changes are listened to, beside whatever else this
    /// process listens to on it.
    public func watchActiveWindow(_ body: (@MainActor () -> Void)?) {
        activeWindowWatch.changed = body
        activeWindowChanged()
    }

    /// `_NET_ACTIVE_WINDOW` changed: its state is listened to on the new window too.
    func activeWindowChanged() {
        guard activeWindowWatch.changed != nil else { return }
        if let window = activeWindow(), window != activeWindowWatch.window {
            activeWindowWatch.window = window
            XErrorHandlers.quietly(connection: connection) {
                var attributes = XWindowAttributes()
                guard XGetWindowAttributes(connection.display, window, &attributes) != 0 else { return }
                XSelectInput(connection.display, window, attributes.your_event_mask | PropertyChangeMask)
            }
        }
        activeWindowWatch.changed?()
    }

    /// A property of another window changed: the active window's state is news.
    func propertyChanged(_ event: XPropertyEvent) {
        guard event.window == activeWindowWatch.window, event.atom == connection.atom("_NET_WM_STATE") else { return }
        activeWindowWatch.changed?()
    }
}

/// What `watchActiveWindow` keeps.
struct ActiveWindowWatch {
    var changed: (@MainActor () -> Void)?
    /// The window whose property changes are listened to.
    var window: UInt = 0
}
