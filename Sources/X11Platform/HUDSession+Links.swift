public import X11Display
public import X11Names
internal import CX11
import HUDControl
public import HUDScene
import ProgressFeed

/// A HUD known by a name across the display: this process's own, or another process's.
@MainActor public enum NamedHUD {
    /// This process now holds the name: show the HUD, and requests from other processes will reach it.
    case local(HUD)
    /// Another process shows a HUD by that name.
    case remote(RemoteHUD)
}

extension HUDSession {
    /// Makes the HUD named `id` on the whole display (for the same user), unless a process (this one included) already
    /// shows one by that name: then that one is returned, to update or hide. Two processes asking at the same instant
    /// get one HUD between them.
    /// With `window`, the HUD made is over that window (`makeHUD(over:)`).
    public func claim(id: String, scale: Double? = nil, monitor: MonitorChoice = .pointer,
                      over window: UInt? = nil) throws(HUDError) -> NamedHUD {
        if let hud = existingHUD(id: id), hud.ownsName { return .local(hud) }
        if let owner = links.claim(id) { return .remote(RemoteHUD(endpoint: endpoint, target: owner, id: id)) }
        let hud: HUD
        if let window { hud = try makeHUD(over: window, scale: scale) } else {
            hud = try makeHUD(scale: scale, monitor: monitor)
        }
        hud.ownsName = true
        name(hud, id)
        return .local(hud)
    }

    /// Another process's HUD named `id`, if one is up.
    public func remoteHUD(id: String) -> RemoteHUD? { endpoint.remoteHUD(id: id) }

    /// Every HUD on the display (of every process, this one included), oldest first.
    public func listedHUDs() -> [HUDListing] {
        HUDRegistry.entries(connection: connection).map {
            HUDListing(id: $0.state.id, pid: $0.state.pid, mode: $0.state.mode, label: $0.state.label,
                       monitor: $0.state.monitor, spinner: $0.state.spinner, progress: $0.state.progress,
                       details: $0.state.details ?? "", outcome: $0.state.outcome ?? "running")
        }
    }

    /// Every HUD of other processes on the display, to hide them all.
    public func remoteHUDs() -> [RemoteHUD] { endpoint.remoteHUDs(excluding: Set(huds.map(\.window.id))) }

    /// Calls `body` once no process holds the name `id` (at once if none does): `--queue` waits so.
    public func whenNameFree(_ id: String, _ body: @escaping @MainActor () -> Void) {
        links.watchOwner(of: id)
        nameWaiters.append((id, body))
        nameReleased()
    }

    func name(_ hud: HUD, _ id: String) {
        hud.controller.id = id
        named[id] = hud
    }

    /// A watched name may have been released: run the waiters whose name is free.
    func nameReleased() {
        let ready = nameWaiters.filter { links.owner(of: $0.id) == 0 }
        nameWaiters.removeAll { w in links.owner(of: w.id) == 0 }
        for w in ready { w.body() }
    }

    /// A request from another process, or an answer to one of ours.
    func receive(_ message: XClientMessageEvent) {
        if endpoint.receiveReply(message) { return }
        guard let request = links.request(from: message) else { return }
        if message.window == links.controlWindow, serveRequest(request) { return }
        let target = message.window == links.controlWindow
            ? namedHUDs.first { $0.ownsName && links.selection(for: $0.id ?? "") == request.selection }
            : hud(window: message.window)
        guard let target else {
            links.answer(.gone, 0, to: request)
            return
        }
        target.received(request)
    }
}
