public import HUDShow
import HUDControl
public import HUDScene
public import ProgressFeed

/// The desk's display on any platform: each notification a named HUD of a `DisplaySession`, its name claimed
/// through the session's `NameService` like any `--id` (so `list` shows it, `hide --id` closes it, and a name
/// another process shows gets the update instead). Written once above the seam: X11 and Wayland differ only in the
/// session they give it.
@MainActor public final class SessionNotificationDisplay: NotificationDisplay {
    public let session: any DisplaySession
    private let names: (any NameService)?
    /// Where every bubble goes: the monitor (X11) or output (Wayland), the scale.
    private let place: HUDPlace

    /// - Parameter warn: told once when notifications cannot be names of the display (Wayland without a private
    ///   runtime directory): each is then a HUD of this process only.
    public init(session: any DisplaySession, monitor: String, scale: Double?, warn: (String) -> Void) {
        self.session = session
        place = HUDPlace(scale: scale, monitor: monitor)
        do throws(PlatformFailure) {
            let names = try session.names()
            // A long-lived process: what killed processes left among the names is swept once, here.
            names.sweep()
            self.names = names
        } catch {
            names = nil
            warn("warning: \(error.message); notifications will not be named HUDs (list, hide --id) nor stack with "
                + "other HUDs")
        }
        // Read when the active window or its state changes, not for each notification (a flood would ask the
        // display each time).
        session.watchActiveWindow { [weak self] in
            guard let self else { return }
            let now = session.activeWindowIsFullscreen(at: place)
            guard now != isFullscreen else { return }
            isFullscreen = now
            fullscreenChanged?()
        }
    }

    public private(set) var isFullscreen = false
    public var fullscreenChanged: (@MainActor () -> Void)?

    public func claim(_ name: String, update: FeedUpdate) -> NotificationClaim {
        // A replacement: the bubble up (or on its way out) by that name is this process's own.
        if let hud = session.existingHUD(named: name) { return .local(PresentedNotificationHUD(hud)) }
        var named = place
        named.name = name
        do throws(PlatformFailure) {
            if let names, case .taken(let remote) = try names.claim(named) {
                // Another x11hud shows a HUD by that name (`x11hud --id volume …`): it gets the update.
                var inbox = FeedInbox()
                inbox.update = update
                remote.keepUntilAnswered()
                remote.send(inbox, subscribe: false, autoDetails: false)
                return .forwarded
            }
            return .local(PresentedNotificationHUD(try session.makeHUD(named)))
        } catch {
            return .failed(error.message)
        }
    }

    public func release(_ name: String) { session.forget(name) }

    public func measure(_ content: HUDContent, style: HUDStyle) -> (height: Double, room: Double)? {
        let area = session.usableArea(place)
        let layout = HUDLayout(content: content, style: style, area: area, measurer: session.textMeasurer(place))
        return (layout.bezel.height, area.height)
    }

    public func iconTheme() -> String? { session.iconTheme() }
}
