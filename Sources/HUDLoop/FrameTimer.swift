import HUDBase
internal import CMainLoop
import Glibc

/// The one timer that wakes the HUD: ticking at the monitor's refresh rate while something moves, firing once at
/// the next deadline (a spinner step, the end of a grace time) when that is later, and disarmed when nothing will
/// change by itself, so a static HUD costs no wake-ups at all.
///
/// A timerfd rather than a Dispatch timer: `SystemLoop` polls it with the X connection, so a frame wakes the main
/// thread alone, and arming it is one system call rather than a message to libdispatch's manager thread.
@MainActor public final class FrameTimer {
    private enum State: Equatable {
        case suspended
        case ticking
        case once(Double)
    }

    private let descriptor: Int32
    private var watch: DescriptorWatch?
    private let clock: any LoopClock
    private var state = State.suspended
    public private(set) var frameInterval: Double

    public init(refreshRate: Double, loop: any EventLoop, handler: @escaping @MainActor () -> Void) {
        clock = loop
        frameInterval = 1 / refreshRate
        descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard descriptor >= 0 else { return }
        let fd = descriptor
        let watch = loop.watch(fd) {
            // Reading the expiry count makes the descriptor quiet until the next expiry.
            var expiries: UInt64 = 0
            guard read(fd, &expiries, 8) == 8 else { return }
            handler()
        }
        watch.start()
        self.watch = watch
    }

    isolated deinit {
        watch?.cancel()
        if descriptor >= 0 { close(descriptor) }
    }

    public func setRefreshRate(_ rate: Double) {
        frameInterval = 1 / rate
        if state == .ticking { arm(after: frameInterval, every: frameInterval) }
    }

    /// Wakes at `deadline` (monotonic seconds), every frame while that is now or past, never when it is nil.
    public func wake(at deadline: Double?, now: Double) {
        guard let deadline else {
            if state != .suspended { arm(after: 0, every: 0) }
            state = .suspended
            return
        }
        let next: State = deadline <= now + frameInterval / 2 ? .ticking : .once(deadline)
        guard next != state else { return }
        switch next {
        case .ticking:
            arm(after: frameInterval, every: frameInterval)
        case .once(let t):
            // On the session's clock, which a test sets: the real time still to go is what the timer waits.
            arm(after: max(clock.realDelay(until: t), 1e-6), every: 0)
        case .suspended:
            break
        }
        state = next
    }

    /// Wakes at `deadline` at the latest: an earlier wake-up already armed stays, a later one is brought forward.
    public func wake(noLaterThan deadline: Double, now: Double) {
        switch state {
        case .ticking: return
        case .once(let t) where t >= 0 && t <= deadline: return
        default: wake(at: deadline, now: now)
        }
    }

    /// Ticking every frame: a change made now is drawn by the next tick, no sooner.
    public var isTicking: Bool { state == .ticking }
    /// Nothing will change by itself: no wake-up at all.
    public var isSuspended: Bool { state == .suspended }

    /// A one-shot timer that has fired is idle; forget its deadline so the next `wake` re-arms it.
    public func fired() {
        if case .once = state { state = .once(-1) }
    }

    /// A first expiry `after` seconds from now, then one every `every` seconds (0: none); both 0 disarm.
    private func arm(after first: Double, every period: Double) {
        guard descriptor >= 0 else { return }
        var spec = itimerspec(it_interval: Self.timespec(period), it_value: Self.timespec(first))
        // Setting the timer also clears expiries not yet read: an old schedule never fires into a new one.
        timerfd_settime(descriptor, 0, &spec, nil)
    }

    private static func timespec(_ seconds: Double) -> Glibc.timespec {
        let ns = InputLimits.nanoseconds(seconds)
        return Glibc.timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
    }
}
