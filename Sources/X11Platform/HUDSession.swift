import HUDAccess
import HUDBase
// HUDError, MonitorChoice and WindowChoice are in this module's API: a program that imports X11Platform gets them too.
public import X11Display
public import X11Names
internal import CX11
import Glibc
public import HUDLoop
import HUDControl
import HUDRender
public import HUDScene
import ProgressFeed
import Synchronization

/// The facts of one X display that every HUD on it shares: the connection and its event pump, the one frame clock
/// that draws them all, the compositor, the desktop's scale and theme, the signals that end the process, and the
/// HUDs that are up. A program opens one session and makes as many HUDs on it as it likes (`makeHUD()`, or
/// `hud(id:)` for a named one that later calls find again, as MBProgressHUD's `HUDForView:` does).
///
/// Everything happens on the main queue: call `run()` (or `await run(_:)` from an async `main`) to hand the main
/// thread to Dispatch, or keep your own main loop servicing it.
///
/// > Note: When the X server goes away, or another client destroys one of the HUDs' windows, the process ends with
/// > status 74 after one line on stderr (Xlib allows no recovery); X protocol errors are only logged, rate-limited.
@MainActor public final class HUDSession {
    let connection: XConnection
    let compositor: CompositorWatch
    /// `Xft.dpi / 96`, followed while HUDs are up.
    private(set) var desktopScale: Double
    private(set) var clock: FrameClock?
    /// The frame timer (tests read its state).
    var timer: FrameTimer? { clock?.timer }
    private var pump: EventPump?
    private var signals: SignalWatch?
    var activeWindowWatch = ActiveWindowWatch()
    /// The sources read on this thread (`PolledInputSource`), until each reaches its end.
    private var polled: [ObjectIdentifier: DescriptorWatch] = [:]
    /// Set when a polled source asks for a look (from inside its `readable()`, on this thread): the poll handler
    /// then looks at once, without a turn of the main queue (an eventfd write, a poll and a read per line).
    private let polledInputWaiting = WaitingFlag()
    /// The HUDs that are up or will be, in the order they were shown; each leaves when its hide has finished.
    private(set) var huds: [HUD] = []
    /// The text engines of this session's HUDs, one per scale: what the notification server measures is drawn
    /// from the same shaped text.
    let textEngines = TextEnginePool()
    /// Named HUDs of this process, up or not.
    var named: [String: HUD] = [:]
    /// What a client's request to the resident runs (`serve`), and the HUD each served client's window stands for.
    var serveHandler: (@MainActor (ServedRequest) -> Void)?
    var servedClients: [UInt: HUD] = [:]
    /// `whenNameFree` callers.
    var nameWaiters: [(id: String, body: @MainActor () -> Void)] = []
    /// The named-HUD protocol: this process's names and other processes' HUDs it talks to.
    let endpoint: NamedHUDEndpoint
    var links: HUDLinks { endpoint.links }
    /// The loop every HUD of the session runs on: its time, timers, watches and deferred work.
    public let loop: any EventLoop

    /// Connects to `display` (nil: `$DISPLAY`).
    /// - Throws: `HUDError` with kind `.displayUnavailable` (exit status 69) when the display cannot be opened.
    public convenience init(display: String? = nil) throws(HUDError) {
        try self.init(display: display, loop: SystemLoop.main)
    }

    /// Connects to `display` on `loop` (a test's).
    convenience init(display: String?, loop: any EventLoop) throws(HUDError) {
        let connection = try XConnection(name: display, atoms: XConnection.namedHUDAtoms)
        self.init(endpoint: NamedHUDEndpoint(connection: connection), loop: loop)
    }

    /// The whole session on the connection `forwarder` opened, for when the HUD it would forward to is not up (or
    /// has gone): this process shows its own. The forwarder stops reading events.
    public convenience init(adopting forwarder: HUDForwarder) {
        forwarder.stop()
        self.init(endpoint: forwarder.endpoint, loop: forwarder.loop)
    }

    private init(endpoint: NamedHUDEndpoint, loop: any EventLoop) {
        let connection = endpoint.connection
        self.loop = loop
        self.connection = connection
        compositor = CompositorWatch(connection: connection)
        desktopScale = Self.desktopScale(connection: connection)
        self.endpoint = endpoint
        watchRoot()
        clock = FrameClock(refreshRate: MonitorInfo.fallbackRefreshRate, loop: loop) { [weak self] in self?.update() }
        pump = EventPump(connection: connection, loop: loop) { [weak self] event in self?.handle(&event) }
        // Text drawn from kept images until the fonts were ready is drawn again by Pango, even by a HUD at rest.
        TextStack.whenFontsReady { [weak self, loop] in loop.send { self?.setNeedsUpdate() } }
    }

    /// The display's name, as given or taken from `DISPLAY`.
    public var displayName: String { connection.name }

    /// A new HUD on this display, hidden until `show()`.
    /// - Parameters:
    ///   - scale: device pixels per point; nil follows the screen's `Xft.dpi` (dpi / 96, at least 1).
    ///   - monitor: where to appear; the monitor under the pointer by default, as notification daemons do.
    public func makeHUD(scale: Double? = nil, monitor: MonitorChoice = .pointer) throws(HUDError) -> HUD {
        startAccessibility()
        return try HUD(session: self, scale: scale, monitor: monitor)
    }

    /// A screen reader hears the HUDs when assistive technology is on (decided once; nothing opened otherwise). A
    /// bridge that cannot start leaves the HUDs as they are: the program that wants to say so starts it itself.
    private func startAccessibility() {
        _ = try? AccessibilityBridge.start(loop: loop)
    }

    /// The HUD of this process named `id`, made (hidden) on first use: a later call with the same name gets the
    /// same HUD, to update or hide from anywhere in the program.
    public func hud(id: String) throws(HUDError) -> HUD {
        if let hud = named[id] { return hud }
        let hud = try makeHUD()
        name(hud, id)
        return hud
    }

    var namedHUDs: Dictionary<String, HUD>.Values { named.values }

    /// The HUD of this process named `id`, if one was made.
    public func existingHUD(id: String) -> HUD? { named[id] }

    /// Lets go of the name `id` once its HUD has finished, so that a program naming many HUDs over its life (the
    /// notification server) keeps only those that are up. A HUD still up keeps its name.
    public func forget(id: String) {
        if let hud = named[id], !hud.isUp, hud.controller.finished { named[id] = nil }
    }

    /// Hides the HUD named `id` (honouring its minimum show time). Returns false when there is none up.
    @discardableResult public func hide(id: String, animated: Bool = true) -> Bool {
        guard let hud = named[id], hud.isUp else { return false }
        hud.hide(animated: animated)
        return true
    }

    /// Hides every HUD of this process.
    public func hideAll(animated: Bool = true) {
        for hud in huds { hud.hide(animated: animated) }
    }

    // MARK: HUDs over windows (MBProgressHUD's showHUDAddedTo:, HUDForView:, hideHUDForView:)

    /// A new HUD over an application window, hidden until `show()`: laid out in that window's area, moved, hidden,
    /// covered and ended with it, as a subview is (`showHUDAddedTo:`). `window` may be the client window, its window
    /// manager's frame or a window inside the client; `window(_:)` finds one from `active` or the pointer.
    /// HUDs over one window stack. When the window is destroyed the HUD ends (`targetClosed`, then `completion`).
    /// - Throws: `HUDError` with kind `.noSuchWindow` when there is no such window.
    public func makeHUD(over window: UInt, scale: Double? = nil) throws(HUDError) -> HUD {
        guard let client = TargetWindows.resolve(.id(window), connection: connection) else {
            throw HUDError(.noSuchWindow, "no window \(WindowChoice.hex(window)) on \(connection.name)")
        }
        startAccessibility()
        return try HUD(session: self, scale: scale, monitor: .pointer, over: client)
    }

    /// The client window `choice` means (the active one, the one under the pointer, or the one an id names,
    /// given as client, frame or a window inside the client).
    /// - Throws: `HUDError` with kind `.noSuchWindow` when there is none.
    public func window(_ choice: WindowChoice) throws(HUDError) -> UInt { try endpoint.window(choice) }

    /// The newest HUD of this process that is up over `window` (`HUDForView:`), if any.
    public func hud(over window: UInt) -> HUD? {
        let client = TargetWindows.resolve(.id(window), connection: connection) ?? window
        return huds.last { $0.targetWindow == client && $0.isUp }
    }

    /// Hides every HUD of this process that is up over `window` (`hideHUDForView:`). Returns false when there was
    /// none.
    @discardableResult public func hide(over window: UInt, animated: Bool = true) -> Bool {
        let client = TargetWindows.resolve(.id(window), connection: connection) ?? window
        let up = huds.filter { $0.targetWindow == client && $0.isUp }
        for hud in up { hud.hide(animated: animated) }
        return !up.isEmpty
    }

    /// The monitors there are, by name, in RandR's order (the order `MonitorChoice.index` counts in).
    public var monitorNames: [String] { Monitors.list(connection: connection).map(\.name) }

    /// Whether the desktop asks for dark windows (`GTK_THEME`, the XSETTINGS `Net/ThemeName`, or GTK 3's
    /// `settings.ini`), or nil when it does not say.
    public func desktopPrefersDarkTheme(environment: [String: String] = [:]) -> Bool? {
        DesktopTheme.prefersDark(gtkThemeVariable: environment["GTK_THEME"],
                                 xsettings: RootProperties.xsettings(connection: connection),
                                 gtkSettings: GTKSettingsFile.load(environment: environment))
    }

    /// The desktop's icon theme: the XSETTINGS `Net/IconThemeName` (what GTK applications use), else GTK 3's
    /// `settings.ini` `gtk-icon-theme-name`; nil when neither says.
    public func desktopIconTheme(environment: [String: String] = [:]) -> String? {
        if case .string(let name)? = RootProperties.xsettings(connection: connection)["Net/IconThemeName"],
           !name.isEmpty {
            return name
        }
        return GTKSettingsFile.load(environment: environment)?.iconThemeName
    }

    // MARK: Running

    /// Hands the main thread to the main loop for good (it serves the main queue, X events and frames). SIGINT and
    /// SIGTERM then remove every window and end the process with status 128 + the signal number.
    public func run() -> Never {
        watchSignals()
        setNeedsUpdate()
        SystemLoop.main.run()
    }

    /// Hands the main thread to the loop that serves the main queue, every session's X events and frames, for good:
    /// what `run()` ends with, for a program that handles signals itself. Use it instead of `dispatchMain()`, which
    /// wakes three threads for each frame.
    public static func runMainLoop() -> Never { SystemLoop.main.run() }

    /// Runs `body` (which shows HUDs and does the work) from an async context, such as `static func main() async`,
    /// whose main queue Swift already services, then waits until every HUD has hidden. SIGINT and SIGTERM remove the
    /// windows and end the process with status 128 + the signal number meanwhile.
    public func run<R>(_ body: @MainActor (HUDSession) async throws -> R) async rethrows -> R {
        watchSignals()
        let result = try await body(self)
        while let hud = huds.first { await hud.finished() }
        return result
    }

    /// Ends the process on SIGINT and SIGTERM with every window removed (what `run()` starts with), for a session
    /// made while the main queue already runs.
    public func watchSignals() {
        guard signals == nil else { return }
        signals = SignalWatch.ending(on: loop) { [weak self] number in self?.terminate(signal: number) }
    }

    /// Replaces the exit with status 74 when the HUD can no longer be shown (the connection to the server lost, its
    /// window destroyed by another client): `handler` runs after the one-line message, on the thread whose Xlib
    /// call noticed (the main thread, which it may keep), and must end the process itself. `note` is added to
    /// that line (`; reading the input to its end`). `x11hud run` lets its command finish; the default command reads
    /// its piped input to the end, so that the program writing it is not killed.
    public nonisolated static func whenLost(saying note: String = "", _ handler: @escaping @Sendable () -> Never) {
        XErrorHandlers.replaceLossExit(with: handler, note: note)
    }

    func terminate(signal number: Int32) -> Never {
        for hud in huds { hud.window.unmap() }
        XSync(connection.display, 0)
        exit(ExitStatus.signalled(by: number))
    }

    // MARK: HUDs coming and going

    func register(_ hud: HUD) {
        guard !huds.contains(where: { $0 === hud }) else { return }
        huds.append(hud)
    }

    func unregister(_ hud: HUD) {
        huds.removeAll { $0 === hud }
    }

    /// Another HUD window (of any process) came, went or changed size: every HUD finds its place in its stack again.
    func restack() {
        let entries = HUDRegistry.entries(connection: connection)
        for hud in huds { hud.restack(among: entries) }
    }

    // MARK: The frame clock

    /// Frames drawn by every HUD up.
    private var framesDrawn: Int { huds.reduce(0) { $0 + $1.framesDrawn } }

    /// The interval between frames at the fastest refresh rate of the monitors HUDs are on.
    var frameInterval: Double { clock?.frameInterval ?? 1 / MonitorInfo.fallbackRefreshRate }

    /// Draws every HUD on the next turn of the loop, even while frames tick: a HUD just shown beside others that
    /// move (a resident's, while an earlier client's HUD fades out) would otherwise wait up to a refresh for the tick.
    public func updateSoon() { loop.soon { [weak self] in self?.update() } }

    /// Draws the changes made in one go as one frame (`FrameClock`).
    func setNeedsUpdate() { clock?.setNeedsUpdate() }

    /// What an input source calls, on any thread, when input is waiting (`HUDInputSource.start(asking:)`): one turn
    /// of the main queue pulls it and draws the frame.
    nonisolated var askForInput: @Sendable () -> Void {
        { [weak self, loop] in loop.send { self?.inputArrived() } }
    }

    /// What a source read by `poll` calls when input is waiting: a flag the poll handler reads as soon as the
    /// source's `readable()` returns. (The source cannot be looked at from inside its own read.)
    nonisolated var askWhenPolled: @Sendable () -> Void {
        { [flag = polledInputWaiting] in flag.set() }
    }

    /// Reads `source` on this thread whenever its descriptor is readable, once however many HUDs it is attached to.
    func poll(_ source: any PolledInputSource) {
        let key = ObjectIdentifier(source)
        guard polled[key] == nil else { return }
        let watch = loop.watch(source.descriptor) { [weak self] in
            let open = source.readable()
            if let self, self.polledInputWaiting.take() { self.inputArrived() }
            guard !open else { return }
            self?.polled.removeValue(forKey: key)?.cancel()
        }
        polled[key] = watch
        watch.start()
    }

    /// Input is waiting: pulled and drawn now, or with the next refresh (`FrameClock`).
    func inputArrived() { clock?.inputArrived() }

    /// Plays every HUD's due deadlines, draws the frames that changed, and arms the timer for the next change.
    func update() {
        let now = loop.now
        var next: Double? = nil
        let drawnBefore = framesDrawn
        for hud in huds {
            if let t = hud.update(at: now) { next = min(next ?? t, t) }
        }
        if framesDrawn != drawnBefore {
            clock?.drew(at: now)
            // A visible step due within the next refresh waits for it: one frame per refresh at most.
            if let t = next, t > now + frameInterval / 2, t < now + frameInterval { next = now + frameInterval }
        }
        let rate = huds.map(\.monitor.refreshRate).max() ?? MonitorInfo.fallbackRefreshRate
        if rate != 1 / frameInterval { clock?.timer.setRefreshRate(rate) }
        clock?.timer.wake(at: next, now: now)
        // While frames run, each frame pulls the input; when they stop, input that came meanwhile needs a look.
        let ticking = clock?.isTicking == true
        for hud in huds where hud.controller.inputNeedsALook(ticking: ticking) { setNeedsUpdate() }
        pump?.drain()
        for hud in huds where hud.controller.isDone { hud.finish() }
    }

    // MARK: Desktop facts

    static func desktopScale(connection c: XConnection) -> Double {
        XResources.scale(forDPI: RootProperties.resources(connection: c).flatMap(XResources.dpi(in:)))
    }

    /// The X resources changed: `Xft.dpi` may have.
    func resourcesChanged() {
        desktopScale = Self.desktopScale(connection: connection)
        for hud in huds { hud.applyScale() }
    }

    /// The monitors or the work area changed: every HUD finds its place again.
    func desktopChanged() {
        for hud in huds { hud.place(keepingMonitor: true) }
    }
}

/// A flag set from any thread and taken on one.
final class WaitingFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .releasing) }
    /// Whether it was set, clearing it.
    func take() -> Bool { value.exchange(false, ordering: .acquiringAndReleasing) }
}
