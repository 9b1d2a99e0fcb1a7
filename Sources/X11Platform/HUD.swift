import HUDBase
public import X11Display
import X11Names
internal import CX11
import Glibc
@_exported public import HUDControl
import HUDLoop
import HUDRender
public import HUDScene
public import ProgressFeed

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
/// This class is the HUD's presenter: the window, its shape, the input blocker, the dim layer, the blur region and
/// the pixels, drawn from what its `controller` (the HUD without X: scene, life, input, name) says.
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
    /// The HUD without X: its scene, its life, its input and policy, its name, those who wait for it.
    public let controller: HUDController
    var connection: XConnection { session.connection }
    let window: OverlayWindow
    var shape: WindowShape
    var monitor: MonitorInfo
    var renderer: HUDRenderer
    /// The controller's scene in place: every frame reads it many times, and a copy per read retains its strings.
    var scene: HUDScene {
        _read { yield controller.scene }
        _modify { yield &controller.scene }
    }
    /// What is on the window now, so an unchanged frame is not drawn again and an Expose can be answered at once.
    var presented: PresentedFrame?
    /// The bezel of the last layout, to glide from when the next one differs.
    var laidOutBezel: Rect?
    var buttonPressed = false
    /// The action button being pressed (an index of `content.actions`).
    var pressedAction: Int?
    /// The window over the monitor that takes clicks while `blocksInput` (made on first use).
    var blocker: InputBlocker?
    /// The dim layer of a HUD over a window (made on first use); a HUD on a monitor draws its dim itself.
    var dim: WindowDim?
    /// The blur region last set on the window (empty: none).
    var blurRegion: [CLong] = []
    /// Its entry in the display's list of HUDs (`x11hud list`, stacking).
    var listing = RegistryListing()
    /// Whether this process holds the display-wide name (see `claimName()`).
    var ownsName = false
    /// How many frames have been put on the window: a static HUD adds none.
    public internal(set) var framesDrawn = 0
    /// How many frames were not drawn because they would look the same as the one on screen.
    public internal(set) var framesSkipped = 0
    /// Bytes of pixels put on the window so far (`XPutImage` data; the request headers add 28 bytes each): what
    /// drawing only the dirty rectangle saves.
    public internal(set) var pixelBytesSent = 0
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
            guard let found = MonitorInfo.locate(over: target, connection: connection) else {
                throw HUDError(.noSuchWindow, "no window \(WindowChoice.hex(target)) on \(connection.name)")
            }
            monitor = found
        } else {
            monitor = MonitorInfo.locate(choice, keeping: nil, connection: connection)
        }
        let scale = fixedScale ?? session.desktopScale
        window = try OverlayWindow(connection: connection,
                                   frame: PixelRect(x: monitor.frame.x, y: monitor.frame.y, width: 1, height: 1),
                                   parent: target, gravity: OverlayWindow.gravity(of: .center))
        if let target { session.watchTarget(target) }
        shape = WindowShape(connection: connection, window: window.id)
        shape.setInput(nil)
        renderer = session.textEngines.renderer(scale: scale)
        controller = HUDController(
            clock: session.loop,
            scene: HUDScene(content: HUDContent(), style: .theme(.dark), area: Self.area(of: monitor, scale: scale),
                            scale: scale))
        controller.onChange = { [unowned session] in session.setNeedsUpdate() }
        // A posted update is drawn with the next turn, not inside the handler that posted it: a request from
        // another process is answered first (its sender shows a HUD of its own when no answer comes within a
        // second, and a first frame may load the text stack).
        controller.onInput = { [unowned session] in session.setNeedsUpdate() }
        controller.onShow = { [unowned self] in session.register(self) }
        controller.frameInterval = session.frameInterval
        controller.onStyle = { [unowned self] style in
            if targetWindow != nil { window.setGravity(OverlayWindow.gravity(of: style.placement)) }
        }
    }

    // The settings kept by its controller (content, style, life, the actions) are `HUDPresenter`'s.

    // MARK: Where it is

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
        controller.show(animated: animated)
    }


    /// Hands the main thread to the main loop for good (see `HUDSession.run()`).
    public func run() -> Never { session.run() }

    /// Whether the HUD is showing or will (not hidden, not hiding).
    var isUp: Bool { controller.isUp }


    // MARK: Input


    /// Starts `source` (a `FileDescriptorFeed`, a `CommandFeed`, a `ProcessWatch`…) and pulls it once per frame
    /// while frames run, and, when it asks, with the next frame.
    public func attach(_ source: any HUDInputSource, policy: FeedPolicy = FeedPolicy()) {
        controller.attach(source, policy: policy)
        if let polled = source as? any PolledInputSource, polled.startPolled(asking: session.askWhenPolled) {
            session.poll(polled)
        } else {
            // Read by a thread of its own (also a forwarding client's whose owner went away): its asks come from
            // that thread, through the main queue.
            source.start(asking: session.askForInput)
        }
    }

    /// Input is waiting in the attached source: look at it with the next frame. A source attached here need not
    /// call it: it asks the session itself.
    public func inputArrived() { session.setNeedsUpdate() }

    // MARK: Frames

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
        controller.frameInterval = session.frameInterval
        let visible = controller.update(at: now)
        if visible {
            draw(at: now)
        } else {
            window.unmap()
            presented = nil
            publish(layout: nil)
        }
        updateBlocker(visible: visible)
        updateDim(visible: visible, at: now)
        if controller.finished || controller.isDone { return nil }
        var next = controller.nextDeadline
        if visible, let frame = scene.nextFrameTime(after: now, shownProgress: presented?.snapshot.content.progress) {
            next = min(next ?? frame, frame)
        }
        return next
    }

    /// Tears down what the HUD showed and tells everyone who waits for it.
    func finish() {
        window.unmap()
        dim = nil
        presented = nil
        listing.remove(window: window.id, connection: connection)
        releaseName()
        session.unregister(self)
        session.servedHUDEnded(self)
        let status: ExitStatus = targetClosed ? .windowClosed : controller.wasCancelled ? .cancelled : .done
        session.links.hudEnded(window: window.id, status: Int(status.code))
        controller.finish()
    }
}

extension HUD: HUDPresenter {}
