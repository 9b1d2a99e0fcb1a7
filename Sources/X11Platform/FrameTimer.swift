import Dispatch

/// The one timer that wakes the HUD: ticking at the monitor's refresh rate while something moves, firing once at
/// the next deadline (a spinner step, the end of a grace time) when that is later, and suspended when nothing will
/// change by itself, so a static HUD costs no wake-ups at all.
@MainActor final class FrameTimer {
    private enum State: Equatable {
        case suspended
        case ticking
        case once(Double)
    }

    private let timer: any DispatchSourceTimer
    private let clock: any SessionClock
    private var state = State.suspended
    private var interval: DispatchTimeInterval
    private(set) var frameInterval: Double

    init(refreshRate: Double, clock: any SessionClock, handler: @escaping @MainActor () -> Void) {
        self.clock = clock
        frameInterval = 1 / refreshRate
        interval = .nanoseconds(Int(1e9 / refreshRate))
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
        timer.setEventHandler { MainActor.assumeIsolated { handler() } }
        // Activated once and suspended at once: a source may only be suspended when active, and the count is
        // kept balanced from here on.
        timer.schedule(deadline: .distantFuture)
        timer.resume()
        timer.suspend()
    }

    isolated deinit {
        timer.cancel()
        // Releasing a suspended source is a libdispatch crash.
        if state == .suspended { timer.resume() }
    }

    func setRefreshRate(_ rate: Double) {
        frameInterval = 1 / rate
        interval = .nanoseconds(Int(1e9 / rate))
        if state == .ticking {
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
        }
    }

    /// Wakes at `deadline` (monotonic seconds), every frame while that is now or past, never when it is nil.
    func wake(at deadline: Double?, now: Double) {
        guard let deadline else {
            if state != .suspended { timer.suspend() }
            state = .suspended
            return
        }
        let next: State = deadline <= now + frameInterval / 2 ? .ticking : .once(deadline)
        guard next != state else { return }
        switch next {
        case .ticking:
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
        case .once(let t):
            timer.schedule(deadline: clock.dispatchTime(t), repeating: .never, leeway: .milliseconds(1))
        case .suspended:
            break
        }
        if state == .suspended { timer.resume() }
        state = next
    }

    /// Wakes at `deadline` at the latest: an earlier wake-up already armed stays, a later one is brought forward.
    func wake(noLaterThan deadline: Double, now: Double) {
        switch state {
        case .ticking: return
        case .once(let t) where t >= 0 && t <= deadline: return
        default: wake(at: deadline, now: now)
        }
    }

    /// Ticking every frame: a change made now is drawn by the next tick, no sooner.
    var isTicking: Bool { state == .ticking }
    /// Nothing will change by itself: no wake-up at all.
    var isSuspended: Bool { state == .suspended }

    /// A one-shot timer that has fired is idle; forget its deadline so the next `wake` re-arms it.
    func fired() {
        if case .once = state { state = .once(-1) }
    }
}
