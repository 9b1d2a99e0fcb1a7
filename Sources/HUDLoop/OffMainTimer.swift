public import Dispatch

/// Timers and watches that must not wait for the main thread, which may be stuck in a round trip to an X server
/// that is stopped or grabbed: ending the process after a signal, escalating a stop to SIGKILL, a watcher's looks
/// at /proc. Everything else is timed on a `LoopClock` and runs on the main loop.
public enum OffMainTimer {
    /// Runs `body` on `queue` `seconds` from now, whatever the main thread is doing.
    public static func after(_ seconds: Double, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, seconds) * 1e9)), execute: body)
    }

    /// Calls `body` on `queue` whenever `descriptor` is readable, until the returned watch is cancelled.
    public static func whenReadable(_ descriptor: Int32, on queue: DispatchQueue,
                                    _ body: @escaping @Sendable () -> Void) -> Watch {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler(handler: body)
        source.resume()
        return Watch(source: source)
    }

    /// A readability watch off the main thread (a Dispatch source: safe to cancel from any thread).
    public struct Watch: @unchecked Sendable {
        fileprivate let source: any DispatchSourceRead
        public func cancel() { source.cancel() }
    }
}
