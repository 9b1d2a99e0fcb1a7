import Dispatch
import Glibc

/// The one timer that does not run on the loop: ending the process at a deadline, whatever the main thread is
/// doing. After a signal that ends x11hud the main thread may be stuck in a round trip to an X server that is
/// stopped or grabbed (holding Xlib's lock), and waiting for it could take for ever; this ends the process anyway.
/// Nothing else may be timed off the loop.
public enum ExitDeadline {
    /// Calls `cleanup` then `_exit(status)` on a thread of its own `seconds` from now, unless the process has ended
    /// by then. `cleanup` must not touch X or anything the main thread may hold (a `kill` is fine).
    public static func exit(after seconds: Double, status: Int32, cleanup: @escaping @Sendable () -> Void = {}) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, seconds) * 1e9))) {
            cleanup()
            // `_exit`: the main thread may hold Xlib's lock, and `exit`'s handlers would wait for it.
            _exit(status)
        }
    }
}
