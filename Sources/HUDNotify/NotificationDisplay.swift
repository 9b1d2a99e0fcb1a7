public import HUDControl
public import HUDScene
public import ProgressFeed

/// What the notification desk needs of a display: a HUD for a name, and the desktop's icon theme. The desk decides
/// which notification shows, waits, expires or closes; the display only shows. `SessionNotificationDisplay` is the
/// program's, on either platform; a test gives the desk one of its own and plays the desk's timers on a `ManualLoop`.
@MainActor public protocol NotificationDisplay: AnyObject {
    /// The HUD named `name`, made if no HUD of that name is up. When another process shows a HUD by that name
    /// (`x11hud --id volume`), that one is sent `update` instead and the desk keeps no HUD.
    func claim(_ name: String, update: FeedUpdate) -> NotificationClaim
    /// `name` is no longer the desk's: its HUD has hidden for good.
    func release(_ name: String)
    /// The desktop's icon theme, nil when it names none; asked for each notification, as the desktop may switch.
    func iconTheme() -> String?
    /// How many notifications wait for a place (or for the pause to end), told each time it changes: what an
    /// "N more" indication shows.
    func waitingChanged(_ count: Int)
    /// Whether the user works in a fullscreen window (a video, a presentation): ordinary notifications wait
    /// meanwhile.
    var isFullscreen: Bool { get }
    /// Called when `isFullscreen` may have changed.
    var fullscreenChanged: (@MainActor () -> Void)? { get set }
    /// The height in points `content` takes laid out in `style` where a HUD would appear now, and the height of the
    /// room there; nil when the display cannot tell (the desk then lets every bubble take a place).
    func measure(_ content: HUDContent, style: HUDStyle) -> (height: Double, room: Double)?
}

extension NotificationDisplay {
    /// A display that measures nothing: bubbles are never held back for lack of room.
    public func measure(_ content: HUDContent, style: HUDStyle) -> (height: Double, room: Double)? { nil }
    /// A display that shows no "N more" indication.
    public func waitingChanged(_ count: Int) {}
    /// A display that knows no fullscreen windows.
    public var isFullscreen: Bool { false }
    public var fullscreenChanged: (@MainActor () -> Void)? {
        get { nil }
        set {}
    }
}

/// The answer to `NotificationDisplay.claim`.
@MainActor public enum NotificationClaim {
    /// This process shows the HUD.
    case local(any NotificationHUD)
    /// Another process shows a HUD by that name, and was sent the update.
    case forwarded
    /// No HUD can be shown, for the reason given.
    case failed(String)
}

/// One notification's HUD, as the desk drives it: everything it shows and does comes in one `HUDChange`, through
/// the HUD's one door for input.
@MainActor public protocol NotificationHUD: AnyObject {
    /// Look, picture, buttons, handlers and text at once; the text is taken as any other input is (merged per
    /// frame).
    func post(_ change: HUDChange)
    /// Shows it, also while it is hiding (a replacement arriving for a notification on its way out).
    func show()
    /// Starts hiding it, with its animation or at once; the change's `completion` is called once it has (whoever
    /// hid it: the desk, or `x11hud hide` from another process).
    func hide(animated: Bool)
}

/// A notification's HUD on any display (an X11 `HUD`, a `WaylandHUD`): each change goes through the HUD's one door
/// (`HUDController.post`), its text and value merged with the next frame as standard input is.
@MainActor public final class PresentedNotificationHUD: NotificationHUD {
    private let hud: any HUDPresenter

    public init(_ hud: any HUDPresenter) {
        self.hud = hud
        // The mode comes with each update; the HUD stays up at 100 % (a volume flash at its maximum).
        hud.controller.policy = FeedPolicy(modeIsExplicit: true, hidesAtEnd: false)
    }

    public func post(_ change: HUDChange) { hud.controller.post(change) }
    public func show() { hud.show(animated: true) }
    public func hide(animated: Bool) { hud.hide(animated: animated) }
}
