/// A session's frame clock (X11's `HUDSession`, `WaylandSession`): changes made in one go are drawn as one frame,
/// input is pulled at most once a refresh, and the one `FrameTimer` wakes for the next change. The session's
/// `update` plays its HUDs' deadlines and draws; it tells the clock when a frame was drawn and when to wake.
@MainActor public final class FrameClock {
    private let loop: any EventLoop
    private let update: @MainActor () -> Void
    private var updateScheduled = false
    /// When the last frame of any HUD was drawn (clock seconds).
    private var lastFrameTime: Double?
    public let timer: FrameTimer

    /// A clock at `refreshRate` frames a second on `loop`; `update` is the session's.
    public init(refreshRate: Double, loop: any EventLoop, update: @escaping @MainActor () -> Void) {
        self.loop = loop
        self.update = update
        // The timer's handler reaches the clock weakly, through a box filled once the clock exists.
        let relay = Relay()
        timer = FrameTimer(refreshRate: refreshRate, loop: loop) { relay.clock?.tick() }
        relay.clock = self
    }

    private func tick() {
        timer.fired()
        update()
    }

    @MainActor private final class Relay {
        weak var clock: FrameClock?
    }

    /// The interval between frames.
    public var frameInterval: Double { timer.frameInterval }
    /// Frames tick: the next tick draws what changes now.
    public var isTicking: Bool { timer.isTicking }

    /// Coalesces changes made in one go into one frame. When nothing moves, the frame is drawn as soon as the
    /// current work is done; while the frame timer ticks, the next tick draws them, so a producer writing faster
    /// than the screen refreshes costs one frame per refresh, as a display link does.
    public func setNeedsUpdate() {
        guard !updateScheduled, !timer.isTicking else { return }
        updateScheduled = true
        loop.soon { [weak self] in
            self?.updateScheduled = false
            self?.update()
        }
    }

    /// Input is waiting: pulled and drawn now, unless an update already on its way (a queued one, or the next tick
    /// of the running frame timer) will pull it.
    public func inputArrived() {
        guard !updateScheduled, !timer.isTicking else { return }
        let now = loop.now
        // No more than one frame per refresh: input right after a frame waits for the next refresh.
        if let last = lastFrameTime, now - last < frameInterval {
            timer.wake(noLaterThan: last + frameInterval, now: now)
            return
        }
        update()
    }

    /// The session's `update` drew a frame at `now`.
    public func drew(at now: Double) { lastFrameTime = now }
}
