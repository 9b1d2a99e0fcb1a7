internal import CX11
import Dispatch
import FoundationEssentials
import Glibc
public import HUDScene

/// A heads-up display on an X11 screen, after MBProgressHUD: a translucent rounded bezel with an indicator,
/// labels and an optional button, placed on a monitor's work area (the one under the pointer by default), on top of
/// every window, letting clicks through.
///
/// Create it on a display, set its content and style (also while it is up), call `show(animated:)` and later
/// `hide(animated:afterDelay:)`; `completion` runs once the hide transition has finished. Everything happens on the
/// main queue: call `run()` to hand the main thread to Dispatch, or keep your own main loop servicing it.
///
/// ```swift
/// let hud = try HUD()
/// hud.mode = .annular
/// hud.label = "Saving"
/// hud.progress = 0.6
/// hud.completion = { exit(0) }
/// hud.show()
/// hud.hide(afterDelay: 2)
/// hud.run()
/// ```
///
/// > Note: When the X server goes away the process ends with status 74 after one line on stderr (Xlib allows no
/// > recovery); X protocol errors are only logged.
@MainActor public final class HUD {
    let connection: XConnection
    let window: OverlayWindow
    var shape: WindowShape
    let compositor: CompositorWatch
    var monitor: MonitorInfo
    /// `Xft.dpi / 96`, followed while the HUD is up.
    var desktopScale: Double
    var renderer: HUDRenderer
    var scene: HUDScene
    var lifecycle = HUDLifecycle()
    var timer: FrameTimer?
    var pump: EventPump?
    var signals: SignalWatch?
    /// What is on the window now, so an unchanged frame is not drawn again and an Expose can be answered at once.
    var presented: PresentedFrame?
    var buttonPressed = false
    /// The window over the monitor that takes clicks while `blocksInput` (made on first use).
    var blocker: InputBlocker?
    /// The blur region last set on the window (empty: none).
    var blurRegion: [CLong] = []
    var doneReported = true
    var updateScheduled = false

    /// Runs once after a hide has finished (or right away when a hide came during the grace time).
    public var completion: (@MainActor () -> Void)?
    /// Runs when the button (shown when `content.buttonTitle` is not empty) is clicked.
    public var buttonAction: (@MainActor () -> Void)?
    /// Runs when the bezel is clicked outside the button. While it is set the whole bezel takes clicks; while it is
    /// nil clicks go through the bezel to the windows below.
    public var bezelAction: (@MainActor () -> Void)? {
        didSet { setNeedsUpdate() }
    }
    /// While the HUD is (being) shown, pointer clicks anywhere on its monitor are taken by it instead of reaching
    /// the windows below (ProgressHUD's `interaction: false`). The keyboard is never grabbed.
    public var blocksInput = false {
        didSet { setNeedsUpdate() }
    }
    /// Runs at the start of every update (each frame while something moves): the place to pull input that arrived
    /// since, so that a fast producer costs one look per frame.
    public var willUpdate: (@MainActor () -> Void)?
    /// Runs at the end of every update, once it is settled whether frames keep coming (`isRunningFrames`).
    public var didUpdate: (@MainActor () -> Void)?
    /// The HUD is redrawing every frame (an animation, an eased progress) and so calls `willUpdate` within a frame.
    public var isRunningFrames: Bool { timer?.isTicking == true }
    /// How many frames have been put on the window: a static HUD adds none.
    public internal(set) var framesDrawn = 0

    /// Connects to `display` (nil: `$DISPLAY`) and prepares the HUD's window, unmapped.
    /// - Throws: `HUDError` with kind `.displayUnavailable` (exit status 69) when the display cannot be opened.
    /// - Parameters:
    ///   - scale: device pixels per point; nil follows the screen's `Xft.dpi` (dpi / 96, at least 1), also when it
    ///     changes while the HUD is up.
    ///   - monitor: where to appear; the monitor under the pointer by default, as notification daemons do.
    public init(display: String? = nil, scale: Double? = nil, monitor choice: MonitorChoice = .pointer) throws(HUDError) {
        connection = try XConnection(name: display)
        monitorChoice = choice
        fixedScale = scale
        monitor = Self.locate(choice, keeping: nil, connection: connection)
        desktopScale = Self.desktopScale(connection: connection)
        let scale = fixedScale ?? desktopScale
        window = try OverlayWindow(connection: connection,
                                   frame: PixelRect(x: monitor.frame.x, y: monitor.frame.y, width: 1, height: 1))
        shape = WindowShape(connection: connection, window: window.id)
        shape.setInput(nil)
        compositor = CompositorWatch(connection: connection)
        renderer = HUDRenderer(scale: scale)
        scene = HUDScene(content: HUDContent(), style: .theme(.dark), area: Self.area(of: monitor, scale: scale),
                         scale: scale)
        watchRoot()
        timer = FrameTimer(refreshRate: monitor.refreshRate) { [weak self] in
            self?.timer?.fired()
            self?.update()
        }
        pump = EventPump(connection: connection) { [weak self] event in self?.handle(&event) }
    }

    // MARK: Content and style, settable while the HUD is up

    public var content: HUDContent {
        get { scene.content }
        set { scene.setContent(newValue, at: MonotonicClock.now); setNeedsUpdate() }
    }
    public var mode: HUDMode {
        get { content.mode }
        set { content.mode = newValue }
    }
    public var label: String {
        get { content.label }
        set { content.label = newValue }
    }
    public var details: String {
        get { content.details }
        set { content.details = newValue }
    }
    /// 0...1, clamped. The indicator eases to a new value from what it shows, as MBProgressHUD's display link does.
    public var progress: Double {
        get { content.progress }
        set { scene.setProgress(newValue, at: MonotonicClock.now); setNeedsUpdate() }
    }
    public var buttonTitle: String {
        get { content.buttonTitle }
        set { content.buttonTitle = newValue }
    }
    public var style: HUDStyle {
        get { scene.style }
        set { scene.setStyle(newValue, at: MonotonicClock.now); setNeedsUpdate() }
    }
    /// Device pixels per point in use.
    public var scale: Double { scene.scale }
    /// A scale that overrides the screen's; nil follows `Xft.dpi`.
    public var fixedScale: Double? {
        didSet { applyScale() }
    }
    /// Where the HUD appears; changing it moves the HUD.
    public var monitorChoice: MonitorChoice {
        didSet { place(keepingMonitor: false) }
    }
    /// The name of the monitor the HUD is on.
    public var monitorName: String { monitor.name }
    /// The monitors there are, by name, in RandR's order (the order `MonitorChoice.index` counts in).
    public var monitorNames: [String] { Monitors.list(connection: connection).map(\.name) }
    /// Whether `monitorChoice` names a monitor that exists (else the HUD is on the primary one).
    public var monitorChoiceExists: Bool { monitorChoice.matches(any: Monitors.list(connection: connection)) }

    /// Whether the desktop asks for dark windows (`GTK_THEME`, the XSETTINGS `Net/ThemeName`, or GTK 3's
    /// `settings.ini`), or nil when it does not say.
    public func desktopPrefersDarkTheme(environment: [String: String] = [:]) -> Bool? {
        let home = environment["XDG_CONFIG_HOME"].map { $0 + "/gtk-3.0/settings.ini" }
            ?? environment["HOME"].map { $0 + "/.config/gtk-3.0/settings.ini" }
        let ini = home.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        return DesktopTheme.prefersDark(gtkThemeVariable: environment["GTK_THEME"],
                                        xsettings: RootProperties.xsettings(connection: connection), gtkSettingsIni: ini)
    }
    /// Seconds a `show` waits before the HUD appears; a hide before then means it never appears. Set before `show`.
    public var graceTime: Double {
        get { lifecycle.graceTime }
        set { lifecycle.graceTime = max(0, newValue) }
    }
    /// Once shown, the HUD stays at least this many seconds.
    public var minShowTime: Double {
        get { lifecycle.minShowTime }
        set { lifecycle.minShowTime = max(0, newValue) }
    }
    /// Whether any of the HUD is on screen.
    public var isVisible: Bool { window.isMapped }
    /// Whether a compositor blends the HUD (true translucency) rather than it being drawn opaque and shaped.
    public var isComposited: Bool { compositor.isRunning && window.visual.hasAlpha }

    // MARK: Showing and hiding

    /// Shows the HUD (after the grace time, if one is set and nothing is on screen yet). Cancels a pending delayed
    /// hide; during a hide, reverses it from where it is.
    public func show(animated: Bool = true) {
        doneReported = false
        lifecycle.show(at: MonotonicClock.now, animated: animated, scene: &scene)
        setNeedsUpdate()
    }

    /// Hides the HUD `delay` seconds from now (at once when 0), but not before it has been up `minShowTime`.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0) {
        lifecycle.hide(at: MonotonicClock.now, animated: animated, afterDelay: max(0, delay), scene: &scene)
        setNeedsUpdate()
    }

    /// Hands the main thread to Dispatch for good. SIGINT and SIGTERM then remove the window and end the process with
    /// status 128 + the signal number.
    public func run() -> Never {
        signals = SignalWatch { [weak self] number in self?.terminate(signal: number) }
        setNeedsUpdate()
        dispatchMain()
    }

    func terminate(signal number: Int32) -> Never {
        window.unmap()
        XSync(connection.display, 0)
        exit(HUDExitStatus.signalBase + number)
    }

    /// The usable part of the monitor in points, relative to the monitor's top-left corner (where the window
    /// geometry starts counting).
    static func area(of monitor: MonitorInfo, scale: Double) -> Rect {
        let u = monitor.usable
        return Rect(x: Double(u.x - monitor.frame.x) / scale, y: Double(u.y - monitor.frame.y) / scale,
                    width: Double(u.width) / scale, height: Double(u.height) / scale)
    }

    /// Coalesces changes made in one go into one frame. While the frame timer ticks, the next tick draws them: a
    /// producer writing faster than the screen refreshes then costs one frame per refresh, as a display link does.
    func setNeedsUpdate() {
        guard !updateScheduled, timer?.isTicking != true else { return }
        updateScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                self?.updateScheduled = false
                self?.update()
            }
        }
    }

    /// Plays due deadlines, draws the frame if it changed, and arms the timer for the next change, if any.
    func update() {
        willUpdate?()
        let now = MonotonicClock.now
        lifecycle.advance(to: now, scene: &scene)
        let visible = lifecycle.isVisible(at: now, scene: scene)
        if visible {
            draw(at: now)
        } else {
            window.unmap()
            presented = nil
        }
        updateBlocker(visible: visible)
        let done = !doneReported && lifecycle.isDone(at: now, scene: scene)
        var next = doneReported || done ? nil : lifecycle.nextDeadline(scene: scene)
        if visible, let frame = scene.nextFrameTime(after: now) { next = min(next ?? frame, frame) }
        timer?.wake(at: next, now: now)
        pump?.drain()
        didUpdate?()
        if done {
            doneReported = true
            completion?()
        }
    }
}
