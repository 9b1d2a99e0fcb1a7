import Glibc
public import HUDControl
import HUDLoop
public import ProgressFeed

/// Another process's HUD by a name, reached through the name's socket: what `x11hud --id NAME` on Wayland talks
/// to while NAME is up elsewhere. The `Delivery` drives it as it drives an X11 `RemoteHUD`.
@MainActor public final class NameClient: DeliveryEndpoint {
    public let id: String?
    private var socket: LineSocket?
    private var ended = false
    public var onAcknowledged: (@MainActor () -> Void)?
    public var onEnd: (@MainActor (Int32) -> Void)?
    public var onVanished: (@MainActor () -> Void)?
    /// The HUD's answer to `describe()`: what it shows, one JSON object.
    public var onListing: (@MainActor (String) -> Void)?
    /// The other process's answer to a `places` request: its HUDs' places, a JSON array.
    var onPlaces: (@MainActor (String) -> Void)?

    init(id: String?, descriptor: Int32, loop: any EventLoop) {
        self.id = id
        socket = LineSocket(descriptor: descriptor, loop: loop, onLine: { [weak self] line in
            self?.received(String(decoding: line, as: UTF8.self))
        }, onEnd: { [weak self] in
            // The other process closed without saying how its HUD ended: it was killed, or it ended as we came.
            guard let self, !ended else { return }
            ended = true
            onVanished?()
        })
    }

    private func received(_ line: String) {
        if line == "ack" {
            onAcknowledged?()
            return
        }
        if line.hasPrefix("places ") {
            onPlaces?(String(line.dropFirst(7)))
            return
        }
        if line.hasPrefix("listing ") {
            onListing?(String(line.dropFirst(8)))
            return
        }
        if line.hasPrefix("ended "), let status = Int32(line.dropFirst(6)) {
            ended = true
            onEnd?(status)
        }
    }

    public func send(_ input: FeedInbox, subscribe: Bool, autoDetails: Bool) {
        write(NameRequest(lines: [input.jsonLine], subscribe: subscribe, autoDetails: autoDetails))
    }

    /// Asks the resident to show a HUD as `lines` describe it; this connection then drives that HUD.
    public func open(_ lines: [String]) { write(NameRequest(lines: lines, subscribe: true, open: true)) }

    public func hide(subscribe: Bool) { write(NameRequest(hide: true, subscribe: subscribe)) }

    /// Asks what the HUD shows: `onListing`, then `onAcknowledged`.
    public func describe() { write(NameRequest(describe: true)) }

    func write(_ request: NameRequest) { socket?.write(request.wireLine) }

    /// For a request sent and not waited for: this client keeps itself until the other process answers it or
    /// goes, then lets go, and the connection closes with it.
    public func keepUntilAnswered() {
        var kept: NameClient? = self
        onAcknowledged = { kept = nil }
        onVanished = { kept = nil }
        _ = kept
    }
}
