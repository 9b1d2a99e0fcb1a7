import Dispatch
import HUDScene

/// Seconds on the clock Dispatch's timers run on (monotonic, not affected by setting the time of day), so that
/// animation time and timer deadlines agree, and dropped ticks never slow an animation.
public enum MonotonicClock {
    public static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    static func dispatchTime(_ seconds: Double) -> DispatchTime {
        DispatchTime(uptimeNanoseconds: InputLimits.nanoseconds(seconds))
    }
}

/// Where a session reads the time: `MonotonicClock` in a program; in a test, a clock the test sets, so that grace
/// time, minimum show time, delayed hides and transitions are played by setting the time instead of sleeping.
@MainActor protocol SessionClock: AnyObject {
    var now: Double { get }
    /// When the frame timer should fire to wake at `seconds` on this clock.
    func dispatchTime(_ seconds: Double) -> DispatchTime
}

/// The clock of a program: `MonotonicClock`.
final class SystemClock: SessionClock {
    var now: Double { MonotonicClock.now }
    func dispatchTime(_ seconds: Double) -> DispatchTime { MonotonicClock.dispatchTime(seconds) }
}
