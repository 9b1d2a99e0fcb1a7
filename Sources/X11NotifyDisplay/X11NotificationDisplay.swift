public import HUDNotify
public import X11Display
import X11Names
import HUDControl
import HUDRender
public import HUDScene
public import ProgressFeed
public import X11Platform

/// The desk's display on X: each notification a named HUD of a `HUDSession`. Written against the public HUD and
/// HUDSession API only (claim, forget, content, style, attach, show, hide, completion, the two actions), so that it
/// does not change when the HUD's insides do.
@MainActor public final class X11NotificationDisplay: NotificationDisplay {
    public let session: HUDSession
    /// For GTK's settings.ini when XSETTINGS names no icon theme.
    private let environment: [String: String]
    /// The scale of every HUD, nil to follow the screen's; the monitor they appear on.
    private let scale: Double?
    private let monitor: MonitorChoice

    public init(session: HUDSession, environment: [String: String], scale: Double? = nil,
                monitor: MonitorChoice = .pointer) {
        self.session = session
        self.environment = environment
        self.scale = scale
        self.monitor = monitor
        // Read when the active window or its state changes, not for each notification (a flood would make two round
        // trips each).
        session.watchActiveWindow { [weak self] in
            guard let self else { return }
            let now = session.activeWindowIsFullscreen()
            guard now != isFullscreen else { return }
            isFullscreen = now
            fullscreenChanged?()
        }
    }

    public private(set) var isFullscreen = false
    public var fullscreenChanged: (@MainActor () -> Void)?

    public func claim(_ name: String, update: FeedUpdate) -> NotificationClaim {
        let named: NamedHUD
        do { named = try session.claim(id: name, scale: scale, monitor: monitor) } catch {
            return .failed(error.message)
        }
        switch named {
        case .local(let hud):
            return .local(PresentedNotificationHUD(hud))
        case .remote(let remote):
            // Another x11hud shows a HUD by that name (`x11hud --id volume …`): it gets the update.
            var inbox = FeedInbox()
            inbox.update = update
            remote.send(inbox)
            return .forwarded
        }
    }

    public func release(_ name: String) { session.forget(id: name) }

    /// Text measured as the HUDs' renderers measure it (in points, the same at every scale).
    private lazy var measurer = TextEngine()

    public func measure(_ content: HUDContent, style: HUDStyle) -> (height: Double, room: Double)? {
        let area = session.usableArea(monitor: monitor, scale: scale)
        let layout = HUDLayout(content: content, style: style, area: area, measurer: measurer)
        return (layout.bezel.height, area.height)
    }

    public func iconTheme() -> String? { session.desktopIconTheme(environment: environment) }
}
