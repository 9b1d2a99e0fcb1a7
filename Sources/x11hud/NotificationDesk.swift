import FoundationEssentials
import Dispatch
import HUDConfig
import HUDFeeds
import HUDControl
import HUDScene
import ProgressFeed
import X11Platform
import HUDLoop

/// Shows the server's notifications as HUDs: at most `maxVisible` at once (the rest wait in order), each with its
/// expiry timer, its button and bezel actions, and the reason it closed reported back to the server.
@MainActor final class NotificationDesk {
    private struct Entry {
        var notification: Notification
        var hud: HUD?
        var name: String
        var feed = NotificationFeed()
        var timer: LoopTimer?
        /// Why it is hiding, when this process hid it; a hide from elsewhere (`x11hud hide`) is a close (3).
        var reason: NotificationServer.CloseReason?
    }

    /// Notifications waiting for a place beyond this many are dropped, oldest first (reason 1, as if expired
    /// unseen): a client sending thousands a second must not grow the server without bound.
    static let queueLimit = 100

    private let session: HUDSession
    private let server: NotificationServer
    private let style: HUDStyle
    private let maxVisible: Int
    /// How the `value` hint is drawn: `.bar` or `.annular`.
    private let valueMode: HUDMode
    /// Seconds for `expire_timeout` -1; nil: the reading time of the text.
    private let timeout: Double?
    /// The hints whose number is drawn as a bar, the first present winning.
    private let valueHints: [String]
    /// The look of each urgency level over `style`, and the time of those the sender leaves to the server.
    private let urgency: [NotificationSettings.Urgency: NotificationSettings.UrgencyStyle]
    private var entries: [UInt32: Entry] = [:]
    private var waiting: [UInt32] = []

    init(session: HUDSession, server: NotificationServer, style: HUDStyle, maxVisible: Int, valueMode: HUDMode = .bar,
         timeout: Double? = nil, settings: NotificationSettings = NotificationSettings()) {
        self.session = session
        self.server = server
        var style = style
        if let width = settings.width {
            // Every bezel as wide: the text wraps inside it, and a column of notifications lines up.
            style.minSize.width = width
            style.maxTextWidth = max(40, width - 2 * style.margin)
        }
        self.style = style
        self.maxVisible = maxVisible
        self.valueMode = valueMode
        self.timeout = timeout
        valueHints = settings.valueHints ?? Notification.valueHints
        urgency = settings.urgency
        server.onShow = { [unowned self] id, n, replacing in show(id, n, replacing: replacing) }
        server.onClose = { [unowned self] id in close(id, reason: .closedByCall) }
    }

    private var visibleCount: Int { entries.values.count { $0.hud != nil } }

    private func show(_ id: UInt32, _ n: Notification, replacing: Bool) {
        if var entry = entries[id] {
            entry.notification = n
            entries[id] = entry
            if entry.hud != nil { present(id) }
            return
        }
        let name = n.synchronousTag.map(Self.hudName(tag:)) ?? "notification-\(id)"
        entries[id] = Entry(notification: n, name: name)
        if visibleCount < maxVisible {
            present(id)
        } else {
            waiting.append(id)
            if waiting.count > Self.queueLimit {
                let dropped = waiting.removeFirst()
                entries[dropped] = nil
                server.closed(dropped, reason: .expired)
            }
        }
    }

    /// A synchronous tag as a HUD name: `x11hud --id volume` then reaches the same HUD.
    static func hudName(tag: String) -> String {
        String(tag.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\u{7F}" }.prefix(64).map(Character.init))
    }

    /// Shows (or updates in place) the HUD of `id`.
    private func present(_ id: UInt32) {
        guard var entry = entries[id] else { return }
        let n = entry.notification
        let hud: HUD
        if let shown = entry.hud {
            hud = shown
        } else {
            guard let made = makeHUD(for: id, name: entry.name) else { return }
            hud = made
            entry.hud = hud
        }
        entry.reason = nil
        let environment = ProcessInfo.processInfo.environment
        let theme = session.desktopIconTheme(environment: environment)
        let (picture, warnings) = NotificationPicture.resolve(n, theme: theme, environment: environment)
        for warning in warnings { X11HUDCommand.printError("warning: notification \(id): \(warning)") }
        hud.content.custom = picture
        hud.style = style(for: n)
        entry.feed.post(n.update(valueMode: valueMode, valueHints: valueHints, hasPicture: picture != nil))
        if let key = n.buttonAction?.key {
            hud.buttonAction = { [unowned self] in invoke(id, key) }
        } else {
            hud.buttonAction = nil
        }
        if let key = n.defaultAction {
            hud.bezelAction = { [unowned self] in invoke(id, key) }
        } else if n.value(hints: valueHints) == nil {
            // A click dismisses it, as in dunst; a bar (a volume flash) lets clicks through.
            hud.bezelAction = { [unowned self] in close(id, reason: .dismissed) }
        } else {
            hud.bezelAction = nil
        }
        // Shown again if it was hiding: the held key's case.
        hud.show()
        entry.timer?.cancel()
        entry.timer = expiryTimer(for: id, n)
        entries[id] = entry
    }

    private func makeHUD(for id: UInt32, name: String) -> HUD? {
        let named: NamedHUD
        do { named = try session.claim(id: name) } catch {
            X11HUDCommand.printError("warning: notification \(id) cannot be shown: \(error.message)")
            entries[id] = nil
            server.closed(id, reason: .undefined)
            return nil
        }
        let hud: HUD
        switch named {
        case .local(let local):
            hud = local
        case .remote(let remote):
            // Another x11hud shows a HUD by that name (`x11hud --id volume …`): it gets the update.
            var inbox = FeedInbox()
            inbox.update = entries[id]?.notification.update(valueMode: valueMode, valueHints: valueHints)
                ?? FeedUpdate()
            remote.send(inbox)
            entries[id] = nil
            server.closed(id, reason: .undefined)
            return nil
        }
        hud.style = style
        hud.attach(entries[id]!.feed, policy: FeedPolicy(modeIsExplicit: true, hidesAtEnd: false))
        hud.completion = { [unowned self] in finished(id) }
        return hud
    }

    private func expiryTimer(for id: UInt32, _ n: Notification) -> LoopTimer? {
        let seconds: Double
        switch n.expiry {
        case .never: return nil
        case .seconds(let s): seconds = s
        case .automatic:
            if let configured = urgency[Self.level(n.urgency)]?.timeout {
                seconds = configured
                break
            }
            // Critical notifications stay until closed unless the client gave a time (the specification's advice).
            if n.urgency == .critical { return nil }
            seconds = timeout ?? ReadingTime.seconds(label: n.summary, details: n.body)
        }
        return session.clock.schedule(after: seconds) { [weak self] in self?.close(id, reason: .expired) }
    }

    /// The look of `n`: the HUD's, with its urgency's colours from `[notifications.low|normal|critical]`.
    private func style(for n: Notification) -> HUDStyle {
        var s = style
        guard let u = urgency[Self.level(n.urgency)] else { return s }
        if let c = u.bezelColor { s.bezelColor = c }
        if let c = u.contentColor { s.contentColor = c }
        return s
    }

    private static func level(_ u: Notification.Urgency) -> NotificationSettings.Urgency {
        switch u {
        case .low: return .low
        case .normal: return .normal
        case .critical: return .critical
        }
    }

    private func invoke(_ id: UInt32, _ key: String) {
        server.invoked(id, action: key)
        close(id, reason: .dismissed)
    }

    /// Hides `id` for `reason`; one still waiting for a place closes at once.
    func close(_ id: UInt32, reason: NotificationServer.CloseReason) {
        guard var entry = entries[id] else { return }
        entry.timer?.cancel()
        entry.timer = nil
        guard let hud = entry.hud else {
            waiting.removeAll { $0 == id }
            entries[id] = nil
            server.closed(id, reason: reason)
            return
        }
        // The first reason stands: notify-send calls CloseNotification right after ActionInvoked, and the
        // notification was still dismissed by the user (2), not closed by the call (3).
        if entry.reason == nil { entry.reason = reason }
        entries[id] = entry
        hud.hide()
    }

    /// The HUD of `id` has hidden: the server says why, and the next waiting notification takes its place.
    private func finished(_ id: UInt32) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        entry.timer?.cancel()
        session.forget(id: entry.name)
        server.closed(id, reason: entry.reason ?? .closedByCall)
        while visibleCount < maxVisible, !waiting.isEmpty { present(waiting.removeFirst()) }
    }

    /// Every notification hidden at once (the name lost to another server).
    func closeAll() {
        for id in Array(entries.keys) { close(id, reason: .undefined) }
    }
}
