public import HUDScene
public import X11Display
internal import CX11
package import HUDLoop

/// A client of another process's named HUD and nothing more: the display connection and the named-HUD endpoint,
/// without the compositor watch, XSETTINGS, root-window events, frame timer or text stack that a `HUDSession` sets
/// up. What `x11hud --id NAME …` uses while NAME is up elsewhere: it hands its content over and exits. When the HUD
/// is not up, `HUDSession(adopting:)` carries on with the same connection and endpoint.
@MainActor public final class HUDForwarder {
    package let endpoint: NamedHUDEndpoint
    package var connection: XConnection { endpoint.connection }
    private var pump: EventPump?
    /// The loop its events arrive on, and the one to set a client's timers on.
    package let loop: any EventLoop

    /// Connects to `display` (nil: `$DISPLAY`).
    /// - Throws: `HUDError` with kind `.displayUnavailable` when the display cannot be opened.
    public convenience init(display: String? = nil) throws(HUDError) {
        try self.init(display: display, loop: SystemLoop.main)
    }

    /// Connects to `display` on `loop` (a test's).
    package init(display: String?, loop: any EventLoop) throws(HUDError) {
        endpoint = NamedHUDEndpoint(connection: try XConnection(name: display, atoms: XConnection.namedHUDAtoms))
        self.loop = loop
        pump = EventPump(connection: connection, loop: loop) { [weak self] event in self?.handle(&event) }
    }

    /// The display's name, as given or taken from `DISPLAY`.
    public var displayName: String { connection.name }

    /// Another process's HUD named `id`, if one is up.
    public func remoteHUD(id: String) -> RemoteHUD? { endpoint.remoteHUD(id: id) }

    /// The resident x11hud of this user on the display (`x11hud serve`), as the HUD it will show named `id`
    /// (`RemoteHUD.open`); nil when none runs.
    public func resident(naming id: String) -> RemoteHUD? {
        let owner = endpoint.links.residentOwner()
        return owner == 0 ? nil : RemoteHUD(endpoint: endpoint, target: owner, id: id)
    }

    /// Whether a resident x11hud of this user runs on the display.
    public var residentIsRunning: Bool { endpoint.links.residentOwner() != 0 }

    /// Whether a HUD named `id` is up (in any process).
    public func showsHUD(id: String) -> Bool { endpoint.links.owner(of: id) != 0 }

    /// Every HUD on the display, to hide them all.
    public func remoteHUDs() -> [RemoteHUD] { endpoint.remoteHUDs() }

    /// Every HUD up over `window` (a client window, see `window(_:)`), of every process.
    public func remoteHUDs(over window: UInt) -> [RemoteHUD] { endpoint.remoteHUDs(over: window) }

    /// The client window `choice` means, as `HUDSession.window(_:)` finds it.
    /// - Throws: `HUDError` with kind `.noSuchWindow` when there is none.
    public func window(_ choice: WindowChoice) throws(HUDError) -> UInt { try endpoint.window(choice) }

    /// Hands the main thread to the main loop for good: the answers arrive there.
    public func run() -> Never {
        // An answer that a round trip has already read into Xlib's queue is found there by the loop (EventPump).
        SystemLoop.main.run()
    }

    /// Stops reading events (a session takes the connection over).
    package func stop() { pump = nil }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case ClientMessage: _ = endpoint.receiveReply(event.xclient)
        case DestroyNotify: endpoint.windowDestroyed(event.xdestroywindow.window)
        default: break
        }
    }
}
