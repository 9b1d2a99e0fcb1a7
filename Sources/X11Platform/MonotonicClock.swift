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
