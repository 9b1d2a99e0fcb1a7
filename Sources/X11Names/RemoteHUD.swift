import HUDScene
import X11Display
internal import CX11
public import ProgressFeed

/// A HUD that another process shows, reached through the X server (see `HUDLinks`): what `x11hud --id NAME` talks
/// to when NAME is already up, and what `x11hud hide` hides. Updates change it in place with the same animations
/// as its own input.
@MainActor public final class RemoteHUD {
    package let endpoint: NamedHUDEndpoint
    /// The HUD's window, or the control window of the process that owns its name.
    package let target: UInt
    /// Its name, when it is reached by name.
    public let id: String?
    private var ended = false

    /// The HUD's process has read a request.
    public var onAcknowledged: (@MainActor () -> Void)?
    /// The HUD has ended, with 0 (hidden) or 1 (cancelled with its button); only after `send(…, subscribe: true)`.
    public var onEnd: (@MainActor (Int32) -> Void)?
    /// The HUD's process went away without saying how the HUD ended (it was killed), or the HUD ended before the
    /// request arrived: the name is free to claim again.
    public var onVanished: (@MainActor () -> Void)?

    package init(endpoint: NamedHUDEndpoint, target: UInt, id: String?) {
        self.endpoint = endpoint
        self.target = target
        self.id = id
        // Its DestroyNotify tells that the other process has gone.
        _ = XErrorHandlers.quietly(connection: endpoint.connection, sync: true) {
            XSelectInput(endpoint.connection.display, target, StructureNotifyMask)
        }
        endpoint.remotes[target] = self
    }

    /// Hands `input` to the HUD: it shows again if it was hiding and changes in place. With `subscribe`, `onEnd` will
    /// say how it ends; with `autoDetails`, the HUD writes its details from the figures it is given from now on
    /// (`--details auto`), whatever it was started with.
    public func send(_ input: FeedInbox, subscribe: Bool = false, autoDetails: Bool = false) {
        var flags: HUDLinks.Flags = subscribe ? .subscribe : []
        if autoDetails { flags.insert(.autoDetails) }
        let serial = endpoint.links.send([input.jsonLine], flags: flags, to: target, id: id)
        endpoint.pending[serial] = self
    }

    /// Asks the resident x11hud this was reached through (`HUDForwarder.resident(naming:)`) to show a new HUD by this
    /// one's name, described by `lines` (what the resident reads them as is its own business), and to say how it
    /// ends. From its acknowledgement on, `send` and `hide` reach that HUD.
    public func open(_ lines: [String]) {
        let serial = endpoint.links.send(lines, flags: [.open, .subscribe], to: target,
                                         selection: endpoint.links.serveSelection)
        endpoint.pending[serial] = self
    }

    /// Hides the HUD, as its own process would (honouring its minimum show time).
    public func hide(subscribe: Bool = false) {
        let serial = endpoint.links.send([], flags: subscribe ? [.hide, .subscribe] : .hide, to: target, id: id)
        endpoint.pending[serial] = self
    }

    package func received(_ reply: HUDLinks.Reply, value: Int) {
        switch reply {
        case .ack: onAcknowledged?()
        case .ended:
            ended = true
            onEnd?(Int32(value))
        case .gone:
            vanished()
        }
    }

    package func vanished() {
        guard !ended else { return }
        ended = true
        onVanished?()
    }
}
