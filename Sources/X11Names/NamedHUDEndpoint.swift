package import HUDScene
package import X11Display
package import CX11

/// One process's end of the named-HUD protocol (`HUDLinks`) as a client: the other processes' HUDs it talks to and
/// the requests waiting for their answer. A `HUDSession` and a `HUDForwarder` each have one; a session that adopts
/// a forwarder takes its endpoint over with the connection, so answers on their way still find their request.
@MainActor package final class NamedHUDEndpoint {
    package let connection: XConnection
    package let links: HUDLinks
    /// Other processes' HUDs talked to, by the window requests go to.
    package var remotes: [UInt: RemoteHUD] = [:]
    /// Requests waiting for an answer, by serial.
    package var pending: [Int: RemoteHUD] = [:]

    package init(connection: XConnection) {
        self.connection = connection
        links = HUDLinks(connection: connection)
    }

    /// Another process's HUD named `id`, if one is up.
    package func remoteHUD(id: String) -> RemoteHUD? {
        let owner = links.owner(of: id)
        guard owner != 0, owner != links.controlWindow else { return nil }
        return RemoteHUD(endpoint: self, target: owner, id: id)
    }

    /// Every HUD on the display but those whose windows are `excluded` (this process's own), to hide them all.
    package func remoteHUDs(excluding excluded: Set<UInt> = []) -> [RemoteHUD] {
        HUDRegistry.entries(connection: connection).filter { !excluded.contains($0.window) }
            .map { RemoteHUD(endpoint: self, target: $0.window, id: nil) }
    }

    /// Every HUD up over `window` (a client window), of every process.
    package func remoteHUDs(over window: UInt) -> [RemoteHUD] {
        let name = MonitorInfo.area(over: window)
        return HUDRegistry.entries(connection: connection).filter { $0.state.up && $0.state.monitor == name }
            .map { RemoteHUD(endpoint: self, target: $0.window, id: nil) }
    }

    /// The client window `choice` means (the active one, the one under the pointer, or the one an id names, given
    /// as client, frame or a window inside the client).
    /// - Throws: `HUDError` with kind `.noSuchWindow` when there is none.
    package func window(_ choice: WindowChoice) throws(HUDError) -> UInt {
        guard let client = TargetWindows.resolve(choice, connection: connection) else {
            throw HUDError(.noSuchWindow, "no window '\(choice)' on \(connection.name)")
        }
        return client
    }

    /// Hands an answer to the request it answers; false when the message is not an answer.
    package func receiveReply(_ message: XClientMessageEvent) -> Bool {
        guard let (reply, value, serial, from) = links.reply(from: message) else { return false }
        // Only the window asked answers for it; anything else is another client's forgery, ignored.
        guard let remote = pending[serial], remote.target == from else { return true }
        if reply == .ended { pending[serial] = nil }
        remote.received(reply, value: value)
        return true
    }

    /// A window was destroyed: if it was another process's HUD we talk to, that process has gone.
    package func windowDestroyed(_ window: UInt) {
        remotes.removeValue(forKey: window)?.vanished()
    }
}
