import HUDControl
import X11Display
import X11Names
internal import CX11

/// A client's request to the resident x11hud (`x11hud serve`): show a HUD of its own, named by the request.
@MainActor public struct ServedRequest {
    let request: HUDLinks.Request
    /// What the client sent to describe its HUD (x11hud's: the command it read, as JSON).
    public var lines: [String] { request.lines }
}

extension HUDSession {
    /// Makes this process the resident x11hud of its user on the display: each client's request to show a HUD goes
    /// to `handler`, which names the HUD it makes (`claim(id:)`) and answers with `accept` or `refuse`. Returns
    /// false, changing nothing, when another process is the resident already.
    public func serve(_ handler: @escaping @MainActor (ServedRequest) -> Void) -> Bool {
        guard links.claimServing() == nil else { return false }
        serveHandler = handler
        return true
    }

    /// Shows `hud` for `served`'s client: it hears how the HUD ends, its updates reach it by the HUD's name, and the
    /// HUD hides when the client goes away, however it ends (its control window is destroyed with its connection).
    public func accept(_ served: ServedRequest, showing hud: HUD) {
        var request = served.request
        request.lines = []
        request.flags.remove(.update)
        _ = XErrorHandlers.quietly(connection: connection, sync: true) {
            XSelectInput(connection.display, request.sender, StructureNotifyMask)
        }
        servedClients[request.sender] = hud
        hud.received(request)
    }

    /// Answers `served` that no HUD was shown for it: the client shows its own.
    public func refuse(_ served: ServedRequest) { links.answer(.gone, 0, to: served.request) }

    /// The resident's part of a request, when it is one (an `open` for its selection); false otherwise.
    func serveRequest(_ request: HUDLinks.Request) -> Bool {
        guard request.flags.contains(.open), request.selection == links.serveSelection else { return false }
        // A client of another user (let in by `xhost`) would have the resident read files (an --image) as ours.
        guard let serveHandler,
              WindowOwner.isSameUser(request.sender, ours: links.controlWindow, connection: connection) else {
            links.answer(.gone, 0, to: request)
            return true
        }
        serveHandler(ServedRequest(request: request))
        return true
    }

    /// A window was destroyed: if it was a served client's, its HUD hides.
    func servedClientGone(_ window: UInt) {
        servedClients.removeValue(forKey: window)?.hide()
    }

    /// `hud` has ended: its client is forgotten (its window's end, if it comes, then finds nothing).
    func servedHUDEnded(_ hud: HUD) {
        if let client = servedClients.first(where: { $0.value === hud })?.key { servedClients[client] = nil }
    }
}
