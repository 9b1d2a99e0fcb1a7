import Dispatch

/// Seconds on the clock Dispatch's timers run on (monotonic, not affected by setting the time of day), so that
/// animation time and timer deadlines agree, and dropped ticks never slow an animation.
public enum MonotonicClock {
    public nonisolated static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// Where a program reads the time and sets its timers: `SystemClock` in a program; in a test, a `ManualClock`, so
/// that grace times, delayed hides, transitions, a notification's expiry or a dialog's timeout are played by
/// setting the time instead of sleeping. Every timer of the program is set on one of these.
@MainActor public protocol LoopClock: AnyObject {
    var now: Double { get }
    /// Runs `action` on the main thread once the clock reads `deadline` or later (at the next turn when it already
    /// does). Keep the timer to cancel it; it runs whether it is kept or not.
    @discardableResult func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void) -> LoopTimer
    /// Real seconds from now until this clock reads `deadline`: how long a frame timer waits for it.
    func realDelay(until deadline: Double) -> Double
}

extension LoopClock {
    /// Runs `action` `seconds` from now (see `schedule(at:_:)`).
    @discardableResult public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void)
        -> LoopTimer {
        schedule(at: now + max(0, seconds), action)
    }
}

/// The clock of a program: `MonotonicClock`, with its timers on one timerfd polled by `MainLoop`.
public final class SystemClock: LoopClock {
    /// One clock and one timer descriptor for the whole process.
    public static let shared = SystemClock()
    private lazy var timers = TimerQueue()

    private init() {}

    public var now: Double { MonotonicClock.now }

    @discardableResult public func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void)
        -> LoopTimer {
        timers.add(LoopTimer(deadline: deadline, action: action))
    }

    public func realDelay(until deadline: Double) -> Double { deadline - now }
}
