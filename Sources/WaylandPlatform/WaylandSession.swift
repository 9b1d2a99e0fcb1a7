import HUDAccess
import HUDBase
import Glibc
public import HUDLoop
import HUDControl
import HUDRender
import ProgressFeed
public import HUDScene

/// One connection to a Wayland compositor and the HUDs shown through it, as `HUDSession` is for an X display: the
/// connection read on the main loop, one frame clock for every HUD, the signals that end the process.
///
/// > Note: When the compositor goes away the process ends with status 74 after one line on stderr, unless
/// > `whenLost` says otherwise (the command line then lets its command or its input finish). From then on the
/// > session is inert: its connection is neither read nor written, its HUDs are not drawn.
@MainActor public final class WaylandSession {
    let connection: WaylandConnection
    public let loop: any EventLoop
    private var clock: FrameClock?
    private var watch: DescriptorWatch?
    private var signals: SignalWatch?
    private(set) var huds: [WaylandHUD] = []
    /// The text engines of this session's HUDs, one per scale: what the notification server measures is drawn
    /// from the same shaped text.
    let textEngines = TextEnginePool()
    /// The scale a new HUD starts at before its surface is on an output: the largest output's.
    var defaultScale: Double { Double(connection.outputs.map(\.scale).max() ?? 1) }
    /// The HUD whose surface the pointer is over.
    private weak var underPointer: WaylandHUD?
    /// Other processes' HUDs on this compositor, where they stand (their sockets tell): this process's HUDs stack
    /// with them as with its own.
    public var neighbours: [HUDStack.Place] = [] {
        didSet { if neighbours != oldValue { restack() } }
    }
    /// This process's `places` changed (a HUD came, went or changed size): other processes are to be told.
    public var onPlacesChanged: (@MainActor () -> Void)?
    /// What runs when the connection is lost, after the line saying so; it ends the process, now or later.
    private var lost: @MainActor () -> Void = { exit(ExitStatus.connectionLost.code) }
    /// What that line adds (`whenLost`).
    private var lostNote = ""
    /// The compositor went away: nothing is read, sent or drawn any more.
    private(set) var isLost = false

    private static func say(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// Connects to `display` (nil: `WAYLAND_DISPLAY`).
    /// - Throws: `WaylandError` (exit status 69) when no compositor answers or it cannot show overlays.
    public convenience init(display: String? = nil) throws(WaylandError) {
        try self.init(display: display, loop: SystemLoop.main)
    }

    init(display: String?, loop: any EventLoop) throws(WaylandError) {
        connection = try WaylandConnection(name: display)
        self.loop = loop
        clock = FrameClock(refreshRate: connection.outputs.map(\.refreshRate).max() ?? 60, loop: loop) { [weak self] in
            self?.update()
        }
        let watch = loop.watch(connection.descriptor) { [weak self] in self?.readEvents() }
        watch.start()
        self.watch = watch
        connection.seat?.handler = { [weak self] event in self?.pointer(event) }
        connection.outputsChanged = { [weak self] in self?.setNeedsUpdate() }
    }

    /// The compositor's socket name.
    public var displayName: String { connection.name }

    /// The outputs there are, by name (`wl_output.name`), in the order the compositor announced them.
    public var outputNames: [String] { connection.outputs.map(\.name).filter { !$0.isEmpty } }

    /// The area HUDs on `output` (nil: the first) lay out in, in points at `scale` (nil: the output's): the whole
    /// output, as the compositor's usable area is known only once a surface is on it.
    public func area(output: String? = nil, scale: Double? = nil) -> Rect {
        let outputs = connection.outputs
        guard let o = outputs.first(where: { $0.name == output }) ?? outputs.first, o.pixelWidth > 0 else {
            return Rect(x: 0, y: 0, width: 1280, height: 720)
        }
        let s = scale ?? Double(o.scale)
        return Rect(x: 0, y: 0, width: Double(o.pixelWidth) / s, height: Double(o.pixelHeight) / s)
    }

    /// A new HUD, hidden until `show()`.
    /// - Parameters:
    ///   - scale: device pixels per point; nil follows the output's scale.
    ///   - output: the output's name; nil: the one the compositor picks (the focused one).
    public func makeHUD(scale: Double? = nil, output: String? = nil) -> WaylandHUD {
        // A screen reader hears the HUDs when assistive technology is on (decided once; nothing opened otherwise).
        _ = try? AccessibilityBridge.start(loop: loop)
        return WaylandHUD(session: self, scale: scale, output: output)
    }

    /// Replaces the exit with status 74 when the compositor goes away: `handler` runs once, after the one-line
    /// message (`note` added to it), and ends the process, at once or later: it may return to the main loop, which
    /// goes on serving everything but this session (to read the input to its end, say). It must not call `run()`:
    /// the loop runs already (the handler is called from it), and a second `run()` traps.
    public func whenLost(saying note: String = "", _ handler: @escaping @MainActor () -> Void) {
        lostNote = note
        lost = handler
    }

    /// The connection is lost: the session stops using it, says so, and hands over to `lost`.
    private func connectionLost() {
        guard !isLost else { return }
        isLost = true
        // The descriptor stays readable (hung up): watched, it would call here again at every turn of the loop.
        watch?.cancel()
        watch = nil
        clock?.timer.wake(at: nil, now: loop.now)
        Self.say("x11hud: the Wayland compositor went away\(lostNote)")
        lost()
    }

    // MARK: Running

    /// Hands the main thread to the main loop for good. SIGINT and SIGTERM then remove every surface and end the
    /// process with status 128 + the signal number.
    public func run() -> Never {
        watchSignals()
        setNeedsUpdate()
        SystemLoop.main.run()
    }

    public func watchSignals() {
        guard signals == nil else { return }
        signals = SignalWatch.ending(on: loop) { [weak self] number in self?.terminate(signal: number) }
    }

    func terminate(signal number: Int32) -> Never {
        if !isLost {
            for hud in huds { hud.takeDown() }
            connection.roundtrip()
        }
        exit(ExitStatus.signalled(by: number))
    }

    private func readEvents() {
        if !connection.dispatch() { connectionLost() }
    }

    // MARK: HUDs coming and going

    func register(_ hud: WaylandHUD) {
        guard !huds.contains(where: { $0 === hud }) else { return }
        huds.append(hud)
    }

    func unregister(_ hud: WaylandHUD) {
        huds.removeAll { $0 === hud }
        restack()
        // Its surface is gone: the compositor must hear so before the process ends.
        if !isLost, !connection.flush() { connectionLost() }
    }

    // MARK: Names and stacks

    /// This process's HUDs by name (the notification server names each notification's).
    private var named: [String: WaylandHUD] = [:]

    /// The HUD of this process named `id`, made (hidden) on first use.
    public func hud(id: String, scale: Double? = nil, output: String? = nil) -> WaylandHUD {
        if let hud = named[id] { return hud }
        let hud = makeHUD(scale: scale, output: output)
        hud.controller.id = id
        named[id] = hud
        return hud
    }

    public func existingHUD(id: String) -> WaylandHUD? { named[id] }

    /// Lets go of the name `id` once its HUD has finished (a HUD still up keeps it).
    public func forget(id: String) {
        if let hud = named[id], !hud.controller.isUp, hud.controller.finished { named[id] = nil }
    }

    // MARK: The pointer

    private func pointer(_ event: WaylandSeat.PointerEvent) {
        switch event {
        case .entered(let surface, let x, let y):
            underPointer = huds.first { $0.surface?.surface == surface }
            underPointer?.pointerMoved(to: (x, y))
        case .left:
            underPointer?.pointerMoved(to: nil)
            underPointer = nil
        case .moved(let x, let y):
            underPointer?.pointerMoved(to: (x, y))
        case .button(let code, let pressed):
            underPointer?.pointerButton(code, pressed: pressed)
        }
    }

    // MARK: The frame clock

    var frameInterval: Double { clock?.frameInterval ?? 1.0 / 60 }

    /// Draws the changes made in one go as one frame (`FrameClock`).
    func setNeedsUpdate() { clock?.setNeedsUpdate() }

    /// What an input source calls, on any thread, when input is waiting: one turn of the main loop pulls it.
    nonisolated var askForInput: @Sendable () -> Void {
        { [weak self, loop] in loop.send { self?.inputArrived() } }
    }

    private func inputArrived() { clock?.inputArrived() }

    /// Plays every HUD's due deadlines, draws the frames that changed, and arms the timer for the next change.
    func update() {
        guard !isLost else { return }
        let now = loop.now
        var next: Double? = nil
        let drawnBefore = huds.reduce(0) { $0 + $1.framesCommitted }
        for hud in huds {
            if let t = hud.update(at: now) { next = min(next ?? t, t) }
        }
        if huds.reduce(0, { $0 + $1.framesCommitted }) != drawnBefore { clock?.drew(at: now) }
        clock?.timer.wake(at: next, now: now)
        let ticking = clock?.isTicking == true
        for hud in huds where hud.controller.inputNeedsALook(ticking: ticking) { setNeedsUpdate() }
        for hud in huds where hud.controller.isDone { hud.finish() }
        if !connection.flush() { connectionLost() }
    }
}
