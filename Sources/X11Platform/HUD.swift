internal import CX11
import Dispatch
import FoundationEssentials
import Glibc
import HUDLoop
import HUDRender
public import HUDScene
import ProgressFeed

/// A heads-up display on an X11 screen, after MBProgressHUD: a translucent rounded bezel with an indicator,
/// labels and an optional button, placed on a monitor's work area (the one under the pointer by default), on top of
/// every window, letting clicks through. HUDs that would sit at the same place, in this process or another, stack
/// like notifications instead of overlapping. A HUD made with `HUDSession.makeHUD(over:)` is on an application window
/// instead, as MBProgressHUD's `showHUDAddedTo:` puts it on a view: a child of that window, laid out in its area,
/// moved, hidden and covered with it, ended when it is destroyed.
///
/// Make it from a `HUDSession` (or with `HUD()`, which opens a session of its own), set its content and style (also
/// while it is up), call `show(animated:)` and later `hide(animated:afterDelay:)`; `completion` runs once the hide
/// transition has finished. Everything happens on the main queue.
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
@MainActor public final class HUD {
    /// The display this HUD is on, shared with the other HUDs made from it.
    public let session: HUDSession
    var connection: XConnection { session.connection }
    let window: OverlayWindow
    var shape: WindowShape
    var monitor: MonitorInfo
    var renderer: HUDRenderer
    var scene: HUDScene
    var lifecycle = HUDLifecycle()
    /// What is on the window now, so an unchanged frame is not drawn again and an Expose can be answered at once.
    var presented: PresentedFrame?
    /// The bezel of the last layout, to glide from when the next one differs.
    var laidOutBezel: Rect?
    var buttonPressed = false
    /// The window over the monitor that takes clicks while `blocksInput` (made on first use).
    var blocker: InputBlocker?
    /// The dim layer of a HUD over a window (made on first use); a HUD on a monitor draws its dim itself.
    var dim: WindowDim?
    /// The blur region last set on the window (empty: none).
    var blurRegion: [CLong] = []
    var doneReported = true
    /// Its name on the display, when it has one (`HUDSession.hud(id:)`, `x11hud --id`).
    public internal(set) var id: String?
    /// Whether this process holds the display-wide name (see `claimName()`).
    var ownsName = false
    /// Whether the list of HUD windows on the display has this one.
    var isListed = false
    /// Listed (not up) while waiting out its grace time; its place in a stack is taken when it comes up.
    var listedWhileWaiting = false
    /// What was last published for other processes (`x11hud list`, stacking), to publish only changes.
    var publishedState: HUDRegistry.State?
    /// Input that the HUD pulls once per frame.
    var source: (any HUDInputSource)?
    /// Applies input to the HUD (the spinner → ring rule, auto-close, hiding at the end of the input).
    var feedPolicy = FeedPolicy()
    /// The details `--details auto` writes (nil without it).
    var transferDetails: TransferDetails?
    /// Those waiting for the HUD to finish (`finished()`).
    var finishWaiters: [CheckedContinuation<Void, Never>] = []

    /// Runs once after a hide has finished (or right away when a hide came during the grace time).
    public var completion: (@MainActor () -> Void)?
    /// Runs when the button (shown when `content.buttonTitle` is not empty) is clicked. Without one, a click
    /// cancels the HUD (`cancel()`).
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
    /// How many frames have been put on the window: a static HUD adds none.
    public internal(set) var framesDrawn = 0
    /// How many frames were not drawn because they would look the same as the one on screen.
    public internal(set) var framesSkipped = 0
    /// Bytes of pixels put on the window so far (`XPutImage` data; the request headers add 28 bytes each): what
    /// drawing only the dirty rectangle saves.
    public internal(set) var pixelBytesSent = 0
    /// When set, the HUD hides this many seconds after each `show()`, and so after each update another process
    /// sends it (`x11hud --id NAME --hide-after S`): a held key keeps it up, and it goes once the key is let go.
    public var autoHideDelay: Double?
    /// Whether the HUD was ended by `cancel()` (its button, or a click with `bezelAction`) rather than hidden.
    public private(set) var wasCancelled = false
    /// The application window the HUD is over (`HUDSession.makeHUD(over:)`), nil for a HUD on a monitor. The HUD's
    /// window is its child: the X server moves, hides, covers and destroys it with that window.
    public let targetWindow: UInt?
    /// Whether the HUD ended because the window it was over was destroyed (the command line exits 4).
    public internal(set) var targetClosed = false

    /// Opens a session of its own on `display` (nil: `$DISPLAY`) and prepares the HUD's window, unmapped.
    /// - Throws: `HUDError` with kind `.displayUnavailable` (exit status 69) when the display cannot be opened.
    public convenience init(display: String? = nil, scale: Double? = nil,
                            monitor choice: MonitorChoice = .pointer) throws(HUDError) {
        try self.init(session: HUDSession(display: display), scale: scale, monitor: choice)
    }

    /// Prepares a HUD on `session`'s display, unmapped.
    /// - Parameters:
    ///   - scale: device pixels per point; nil follows the screen's `Xft.dpi` (dpi / 96, at least 1), also when it
    ///     changes while the HUD is up.
    ///   - monitor: where to appear; the monitor under the pointer by default, as notification daemons do.
    public convenience init(session: HUDSession, scale: Double? = nil, monitor choice: MonitorChoice = .pointer)
        throws(HUDError) {
        try self.init(session: session, scale: scale, monitor: choice, over: nil)
    }

    /// Prepares a HUD on a monitor, or with `target` (a client window, see `HUDSession.makeHUD(over:)`) inside that
    /// window: laid out in the window's area, as MBProgressHUD's `showHUDAddedTo:` lays a HUD out in its view.
    init(session: HUDSession, scale: Double?, monitor choice: MonitorChoice, over target: UInt?) throws(HUDError) {
        self.session = session
        let connection = session.connection
        monitorChoice = choice
        fixedScale = scale
        targetWindow = target
        if let target {
            guard let found = Self.locate(over: target, connection: connection) else {
                throw HUDError(.noSuchWindow, "no window \(WindowChoice.hex(target)) on \(connection.name)")
            }
            monitor = found
        } else {
            monitor = Self.locate(choice, keeping: nil, connection: connection)
        }
        let scale = fixedScale ?? session.desktopScale
        window = try OverlayWindow(connection: connection,
                                   frame: PixelRect(x: monitor.frame.x, y: monitor.frame.y, width: 1, height: 1),
                                   parent: target, gravity: Self.gravity(of: .center))
        if let target { session.watchTarget(target) }
        shape = WindowShape(connection: connection, window: window.id)
        shape.setInput(nil)
        renderer = HUDRenderer(scale: scale)
        scene = HUDScene(content: HUDContent(), style: .theme(.dark), area: Self.area(of: monitor, scale: scale),
                         scale: scale)
    }

    // MARK: Content and style, settable while the HUD is up

    public var content: HUDContent {
        get { scene.content }
        set { scene.setContent(newValue, at: session.clock.now); setNeedsUpdate() }
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
        set {
            // From rest, the easing starts a frame back (or more, until it moves visibly), so the frame drawn now
            // already shows the change.
            scene.setProgress(newValue, at: session.clock.now, leadIn: session.frameInterval)
            setNeedsUpdate()
        }
    }
    public var buttonTitle: String {
        get { content.buttonTitle }
        set { content.buttonTitle = newValue }
    }
    public var style: HUDStyle {
        get { scene.style }
        set {
            scene.setStyle(newValue, at: session.clock.now)
            setNeedsUpdate()
            if targetWindow != nil { window.setGravity(Self.gravity(of: newValue.placement)) }
        }
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
    /// Whether `monitorChoice` names a monitor that exists (else the HUD is on the primary one).
    public var monitorChoiceExists: Bool { monitorChoice.matches(any: Monitors.list(connection: connection)) }
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
    /// Never for a HUD over a window: the X server copies a child window's pixels into its parent without blending
    /// (with or without a compositor), so that HUD is drawn opaque and shaped.
    public var isComposited: Bool { canDim && targetWindow == nil }
    /// Whether the dim layer (`style.backgroundColor`) can be shown: only a compositor can blend it, on a monitor
    /// and over a window alike.
    public var canDim: Bool { session.compositor.isRunning && window.visual.hasAlpha }

    // MARK: Showing and hiding

    /// Shows the HUD (after the grace time, if one is set and nothing is on screen yet). Cancels a pending delayed
    /// hide; during a hide, reverses it from where it is.
    public func show(animated: Bool = true) {
        guard !targetClosed else { return }
        doneReported = false
        wasCancelled = false
        session.register(self)
        lifecycle.show(at: session.clock.now, animated: animated, scene: &scene)
        if let autoHideDelay { hide(animated: animated, afterDelay: autoHideDelay) }
        setNeedsUpdate()
    }

    /// Hides the HUD `delay` seconds from now (at once when 0), but not before it has been up `minShowTime`.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0) {
        scheduleHide(animated: animated, afterDelay: delay)
    }

    func scheduleHide(animated: Bool, afterDelay delay: Double) {
        lifecycle.hide(at: session.clock.now, animated: animated, afterDelay: max(0, delay), scene: &scene)
        setNeedsUpdate()
    }

    /// Hides the HUD as its Cancel button does: `wasCancelled` is then true (the command line exits 1).
    public func cancel() {
        wasCancelled = true
        hide()
    }

    /// Hands the main thread to Dispatch for good (see `HUDSession.run()`).
    public func run() -> Never { session.run() }

    /// Whether the HUD is showing or will (not hidden, not hiding).
    var isUp: Bool { lifecycle.phase == .shown || lifecycle.phase == .waiting }

    /// The usable part of the monitor in points, relative to the monitor's top-left corner (where the window
    /// geometry starts counting).
    static func area(of monitor: MonitorInfo, scale: Double) -> Rect {
        let u = monitor.usable
        return Rect(x: Double(u.x - monitor.frame.x) / scale, y: Double(u.y - monitor.frame.y) / scale,
                    width: Double(u.width) / scale, height: Double(u.height) / scale)
    }

    func setNeedsUpdate() { session.setNeedsUpdate() }

    /// Plays due deadlines and draws the frame if it changed. Returns when this HUD next needs a frame, if ever.
    func update(at now: Double) -> Double? {
        if let source {
            // What the input changes is drawn by this very update: asking for another would cost a turn.
            session.absorbsChanges = true
            apply(source.take())
            session.absorbsChanges = false
        }
        lifecycle.advance(to: now, scene: &scene)
        let visible = lifecycle.isVisible(at: now, scene: scene)
        if visible {
            draw(at: now)
        } else {
            window.unmap()
            presented = nil
            publish(layout: nil)
        }
        updateBlocker(visible: visible)
        updateDim(visible: visible, at: now)
        if doneReported || isDone { return nil }
        var next = lifecycle.nextDeadline(scene: scene)
        if visible, let frame = scene.nextFrameTime(after: now, shownProgress: presented?.snapshot.content.progress) {
            next = min(next ?? frame, frame)
        }
        return next
    }

    /// The hide has finished (or a hide came during the grace time).
    var isDone: Bool { !doneReported && lifecycle.isDone(at: session.clock.now, scene: scene) }

    /// Tears down what the HUD showed and tells everyone who waits for it.
    func finish() {
        doneReported = true
        window.unmap()
        dim = nil
        presented = nil
        unlist()
        releaseName()
        session.unregister(self)
        session.links.hudEnded(window: window.id,
                               status: targetClosed ? Int(HUDExitStatus.windowClosed) : wasCancelled ? 1 : 0)
        let waiters = finishWaiters
        finishWaiters = []
        for w in waiters { w.resume() }
        completion?()
    }

    /// Returns once the HUD is not up any more (its hide has finished), at once if it is not.
    public func finished() async {
        guard !doneReported else { return }
        await withCheckedContinuation { finishWaiters.append($0) }
    }
}
