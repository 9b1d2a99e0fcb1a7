internal import CMainLoop
import Dispatch
import Glibc

/// The loop of a program, on its main thread: one `poll` over the main queue's wake-up descriptor and every watched
/// descriptor (the X connection, standard input, the session bus, the timers), so that a frame, an X event, a D-Bus
/// message or a block sent to the main queue wakes one thread once. Its clock is `MonotonicClock`, its timers are
/// on one timerfd polled with the rest.
///
/// Why not `dispatchMain()`: on Linux it ends the main thread and serves the main queue from the thread pool, and
/// every timer or read source (and every re-arming of a timer) goes through libdispatch's manager thread first:
/// three threads woken for one frame. The main queue keeps working here exactly as under Foundation's run loop,
/// through the two functions libdispatch exports for it. Until `run()` (when Swift's async main or a test serves
/// the main queue), descriptors are watched by Dispatch sources on the main queue, made on the queue's next turn:
/// the same handlers, on the same thread.
@MainActor public final class SystemLoop: EventLoop {
    /// The main thread's loop; there is one per process.
    public nonisolated static let main = SystemLoop()

    /// The registered watches, by identity; polled when the loop runs.
    private var watches: [ObjectIdentifier: DescriptorWatch] = [:]
    /// Bumped when a watch comes, goes or changes what it waits for, so that the poll list is rebuilt only then.
    private var generation = 0
    /// `run()` has taken the main thread.
    public private(set) var isRunning = false
    private lazy var timers = TimerQueue(loop: self)

    private nonisolated init() {}

    // MARK: Clock

    public var now: Double { MonotonicClock.now }

    @discardableResult public func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void)
        -> LoopTimer {
        timers.add(LoopTimer(deadline: deadline, action: action))
    }

    public func realDelay(until deadline: Double) -> Double { deadline - now }

    // MARK: Work

    public func soon(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    public nonisolated func send(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    public func watch(_ descriptor: Int32, _ handler: @escaping @MainActor () -> Void) -> DescriptorWatch {
        DescriptorWatch(descriptor, loop: self, handler: handler)
    }

    // MARK: Running

    /// Serves the main queue and every watched descriptor on this (the main) thread, for good.
    public func run() -> Never {
        // The first call never returns, so a second can only come from work this loop runs.
        precondition(!isRunning, "SystemLoop.run() called again from the loop")
        let queueDescriptor = _dispatch_get_main_queue_handle_4CF()
        guard queueDescriptor >= 0 else { dispatchMain() }
        isRunning = true
        for watch in watches.values { watch.stopSources() }
        var fds: [pollfd] = []
        var polled: [DescriptorWatch] = []
        var built = -1
        while true {
            if built != generation {
                polled = Array(watches.values)
                fds = [pollfd(fd: queueDescriptor, events: Int16(POLLIN), revents: 0)]
                    + polled.map { pollfd(fd: $0.descriptor, events: $0.pollEvents, revents: 0) }
                built = generation
            }
            // Input read into a library's queue by a round trip made outside its handler leaves the descriptor
            // quiet: look without sleeping, and serve it below (Xt and GLib's X sources check the same way).
            let buffered = polled.contains { $0.hasBufferedInput?() == true }
            if poll(&fds, nfds_t(fds.count), buffered ? 0 : -1) < 0 {
                if errno == EINTR { continue }
                // Nothing sensible is left to wait on; Dispatch can still serve the queue.
                isRunning = false
                for watch in watches.values { watch.startSources() }
                dispatchMain()
            }
            if fds[0].revents != 0 {
                // An eventfd that libdispatch writes whenever the main queue gets work: reset before draining, so
                // that work enqueued meanwhile wakes the next poll.
                var count: UInt64 = 0
                _ = read(queueDescriptor, &count, 8)
                _dispatch_main_queue_callback_4CF(nil)
            }
            for (i, watch) in polled.enumerated()
            where fds[i + 1].revents != 0 || (buffered && watch.hasBufferedInput?() == true) {
                // A handler may have removed a later watch.
                guard watches[ObjectIdentifier(watch)] != nil else { continue }
                if fds[i + 1].revents & Int16(POLLNVAL) != 0 {
                    // Closed under its watch: polling it again would spin.
                    unregister(watch)
                    continue
                }
                watch.handler()
            }
        }
    }

    func register(_ watch: DescriptorWatch) {
        watches[ObjectIdentifier(watch)] = watch
        generation += 1
        if !isRunning { startSourcesSoon(watch) }
    }

    func unregister(_ watch: DescriptorWatch) {
        guard watches.removeValue(forKey: ObjectIdentifier(watch)) != nil else { return }
        generation += 1
    }

    /// A watch now waits for other events: rebuild the poll list (or its Dispatch sources).
    func eventsChanged(_ watch: DescriptorWatch) {
        guard watches[ObjectIdentifier(watch)] != nil else { return }
        if isRunning { generation += 1 } else { startSourcesSoon(watch) }
    }

    /// Serves `watch` from Dispatch sources once the main queue is served without `run()` (Swift's async main, a
    /// test): its events reach the main queue only then anyway. A program that calls `run()` right after its start
    /// never makes them, nor the threads Dispatch starts for its first source (issue 51: they held a HUD's first
    /// frame on a loaded machine).
    private func startSourcesSoon(_ watch: DescriptorWatch) {
        soon { [weak self, weak watch] in
            if self?.isRunning == false { watch?.startSources() }
        }
    }
}
