public import HUDControl
public import HUDLoop
public import HUDScene

/// What a command needs of the display system it shows on, whichever it is: X11 or a Wayland compositor. Every
/// behaviour above the HUD (the show host, the resident, `list`, `hide`, the notification server) is written once
/// against this and `NameService`, as dunst writes its queues once against `struct output`; each platform module
/// has one implementation, and the command module picks one in one place.
@MainActor public protocol DisplaySession: AnyObject {
    /// The loop the session's connection is read on.
    var loop: any EventLoop { get }
    /// The display's name as a person sets it: `:0`, `wayland-1`.
    var displayName: String { get }
    /// The HUDs across processes on this display: claimed names, other processes' HUDs, the resident.
    /// - Throws: `PlatformFailure` when names cannot be had here (no private runtime directory).
    func names() throws(PlatformFailure) -> any NameService
    /// A HUD of this process's own at `place`, not shown yet. A named place must have been claimed
    /// (`NameService.claim`); an unnamed one is still reachable by `hide --all` and `list`.
    func makeHUD(_ place: HUDPlace) throws(PlatformFailure) -> any HUDPresenter
    /// One line when the monitor `place` names does not exist here (`hud` still shows, elsewhere); nil when it does.
    func placeWarning(for hud: any HUDPresenter, place: HUDPlace) -> String?
    /// One line for each setting of `style` this platform cannot honour.
    func unsupported(_ style: HUDStyle) -> [String]
    /// The client window `choice` means (`--over-window`).
    /// - Throws: `PlatformFailure` when there is no such window, or windows cannot be named on this platform.
    func window(_ choice: WindowChoice) throws(PlatformFailure) -> UInt
    /// `hud` has ended with `status`: its name is let go and whoever asked for it (a resident's client) is told.
    func ended(_ hud: any HUDPresenter, status: Int32)
    /// The HUD of this process named `name`, while it has not been let go (`forget`).
    func existingHUD(named name: String) -> (any HUDPresenter)?
    /// Lets go of `name` once its HUD has finished (a HUD still up keeps it), and of what carries it across
    /// processes.
    func forget(_ name: String)
    /// The part of the screen `place` names that HUDs may use (panels left out), in points at its scale.
    func usableArea(_ place: HUDPlace) -> Rect
    /// What a HUD at `place` measures its text with: the engine its renderer draws with, so text measured before a
    /// HUD is made (a notification's room) is shaped once.
    func textMeasurer(_ place: HUDPlace) -> any TextMeasuring
    /// The desktop's icon theme, nil when it names none.
    func iconTheme() -> String?
    /// Whether the active window is fullscreen where `place` would show (its monitor or output).
    func activeWindowIsFullscreen(at place: HUDPlace) -> Bool
    /// Calls `body` whenever the active window or its state may have changed; nil stops. Where the platform
    /// cannot tell (a compositor without a window list), never.
    func watchActiveWindow(_ body: (@MainActor () -> Void)?)
    /// SIGINT, SIGTERM and SIGHUP take every HUD of the process down, then end it.
    func watchSignals()
    /// Replaces the exit when the display goes away: one line (with `note` added) is written, then `handler`
    /// runs, on whichever thread noticed, and must end the process itself.
    func whenLost(saying note: String, _ handler: @escaping @Sendable () -> Never)
    /// Whether the desktop asks for dark windows (`theme auto`); nil when it does not say.
    func desktopPrefersDark() -> Bool?
    /// Hands the main thread to the loop for good.
    func run() -> Never
}

/// Where a HUD goes: its name across processes, its scale, the monitor (X11) or output (Wayland) a person named,
/// the window it goes over.
public struct HUDPlace: Hashable, Sendable {
    /// The name other processes reach it by (`--id`), or nil.
    public var name: String?
    /// `--scale`; nil for the display's own.
    public var scale: Double?
    /// `--monitor` as given: `pointer`, `primary`, `focus`, a name or a number.
    public var monitor: String
    /// The window it goes over (`--over-window`, resolved by `DisplaySession.window`).
    public var window: UInt?

    public init(name: String? = nil, scale: Double? = nil, monitor: String = "pointer", window: UInt? = nil) {
        self.name = name
        self.scale = scale
        self.monitor = monitor
        self.window = window
    }
}
