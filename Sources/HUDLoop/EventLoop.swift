/// The one loop a program's main thread runs: its descriptor watches, its timers, work for "soon" and work sent from
/// other threads, all run on the main actor, all timed on one monotonic clock. `SystemLoop.main` in a program; in a
/// test, a `ManualLoop`, whose time the test sets, so that timers are played without sleeping (swift-nio's
/// `EventLoop` and `EmbeddedEventLoop` are the model).
///
/// Code that sets a timer, watches a descriptor or defers work takes a loop; code that only reads the time and sets
/// timers may take it as its `LoopClock`.
@MainActor public protocol EventLoop: LoopClock, Sendable {
    /// Runs `body` on the main thread after the current work: the next turn of the loop.
    func soon(_ body: @escaping @MainActor () -> Void)
    /// Runs `body` on the loop's thread, from any thread (a reader's, a signal watch's).
    nonisolated func send(_ body: @escaping @MainActor @Sendable () -> Void)
    /// A watch of `descriptor` whose readiness calls `handler` on the loop, once started.
    func watch(_ descriptor: Int32, _ handler: @escaping @MainActor () -> Void) -> DescriptorWatch
}

extension EventLoop {
    /// Runs `handler` on the loop for each of `signals` that comes (see `SignalWatch`); kept until the watch goes.
    public func watchSignals(_ signals: [Int32], _ handler: @escaping @MainActor @Sendable (Int32) -> Void)
        -> SignalWatch {
        SignalWatch(signals: signals, offMain: Self.sending(handler, to: self))
    }

    /// Made outside the main actor's isolation: it runs on the signal watch's thread.
    private nonisolated static func sending(_ handler: @escaping @MainActor @Sendable (Int32) -> Void,
                                            to loop: Self) -> @Sendable (Int32) -> Void {
        { number in loop.send { handler(number) } }
    }
}
