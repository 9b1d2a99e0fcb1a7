import HUDBase
import HUDControl
public import HUDLoop
public import ProgressFeed
public import SocketNames
public import WaylandPlatform

/// The notification server's names on Wayland: a socket per notification in the user's name directory, answered
/// as any named HUD's (`WaylandDisplaySession.answer`), so `list`, `hide --id` and `--id` reach bubbles as on X11.
@MainActor public final class WaylandNotificationNames: NotificationNaming {
    private let directory: NameDirectory
    private let loop: any EventLoop
    private let output: String
    private var owners: [String: NameOwner] = [:]

    public init(directory: NameDirectory, loop: any EventLoop, output: String) {
        self.directory = directory
        self.loop = loop
        self.output = output
    }

    public func forward(_ name: String, update: FeedUpdate) -> Bool {
        guard owners[name] == nil, let client = NameClaim.client(for: name, in: directory, loop: loop) else {
            return false
        }
        var inbox = FeedInbox()
        inbox.update = update
        client.keepUntilAnswered()
        client.send(inbox, subscribe: false, autoDetails: false)
        return true
    }

    public func hold(_ name: String, for hud: WaylandHUD) {
        guard owners[name] == nil else { return }
        // Another process that took the name since `forward` keeps it: this bubble is then this process's only.
        guard case .ours(let owner)? = try? NameClaim.claim(name, in: directory, loop: loop) else { return }
        WaylandDisplaySession.answer(owner, for: hud, on: output)
        owners[name] = owner
    }

    public func release(_ name: String) { owners.removeValue(forKey: name)?.end(status: ExitStatus.done.code) }
}
