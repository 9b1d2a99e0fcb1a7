import Glibc

/// The one place the program reads monotonic time: `CLOCK_MONOTONIC`, the clock its timerfds run on, so that
/// animation time, timer deadlines, sd-bus's deadlines and a feed's rates all agree, and setting the time of day
/// moves none of them.
public enum MonotonicClock {
    /// Seconds since an arbitrary start (the boot, less time suspended).
    public nonisolated static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The same instant in whole microseconds (sd-bus's unit).
    public nonisolated static var microseconds: UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000 + UInt64(t.tv_nsec) / 1000
    }
}

/// The time side of an `EventLoop`: where a program reads the time and sets its timers. Grace times, delayed
/// hides, transitions, a notification's expiry or a dialog's timeout are set on it, so that a test plays them on a
/// `ManualLoop` by setting the time instead of sleeping.
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
