public import HUDNotify
import HUDControl
import HUDRender
public import HUDScene
public import ProgressFeed
public import WaylandPlatform

/// The desk's display on a Wayland compositor: each notification a named HUD of a `WaylandSession`, a layer
/// surface; bubbles at the same corner stack in one column as on X11 (the session applies `HUDStack`). Written
/// against the session's and the HUD's public API, as `X11NotificationDisplay` is. Over a fullscreen window it
/// tells the desk so, where the compositor says which window is active and fullscreen (`WaylandSession
/// .knowsFullscreen`); elsewhere it never is, and every notification shows as it comes.
@MainActor public final class WaylandNotificationDisplay: NotificationDisplay {
    public let session: WaylandSession
    private let scale: Double?
    private let output: String?
    private let theme: String?

    /// - Parameters:
    ///   - iconTheme: the desktop's icon theme (GTK's settings.ini; Wayland has no XSETTINGS), if it names one.
    public init(session: WaylandSession, iconTheme: String?, scale: Double? = nil, output: String? = nil) {
        self.session = session
        self.scale = scale
        self.output = output
        theme = iconTheme
        // Read from what the compositor last said, when a window changes, not for each notification.
        session.watchActiveWindow { [weak self] in
            guard let self else { return }
            let now = session.activeWindowIsFullscreen(output: output)
            guard now != isFullscreen else { return }
            isFullscreen = now
            fullscreenChanged?()
        }
    }

    public private(set) var isFullscreen = false
    public var fullscreenChanged: (@MainActor () -> Void)?

    /// Where the names live; without it a notification is a HUD of this process only.
    public var naming: (any NotificationNaming)?

    public func claim(_ name: String, update: FeedUpdate) -> NotificationClaim {
        if session.existingHUD(id: name) == nil, naming?.forward(name, update: update) == true { return .forwarded }
        let hud = session.hud(id: name, scale: scale, output: output)
        naming?.hold(name, for: hud)
        return .local(PresentedNotificationHUD(hud))
    }

    public func release(_ name: String) {
        session.forget(id: name)
        if session.existingHUD(id: name) == nil { naming?.release(name) }
    }

    /// Text measured as the HUDs' renderers measure it (in points, the same at every scale).
    private lazy var measurer = TextEngine()

    public func measure(_ content: HUDContent, style: HUDStyle) -> (height: Double, room: Double)? {
        let area = session.area(output: output, scale: scale)
        let layout = HUDLayout(content: content, style: style, area: area, measurer: measurer)
        return (layout.bezel.height, area.height)
    }

    public func iconTheme() -> String? { theme }
}
