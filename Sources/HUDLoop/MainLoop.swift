internal import CMainLoop
import Dispatch
import Glibc

/// The main thread's loop when the program has it to itself: one `poll` over the main queue's wake-up descriptor and
/// every watched descriptor (the X connection, standard input, the session bus, the timers), so that a frame, an X
/// event, a D-Bus message or a block sent to the main queue wakes one thread once.
///
/// Why not `dispatchMain()`: on Linux it ends the main thread and serves the main queue from the thread pool, and
/// every timer or read source (and every re-arming of a timer) goes through libdispatch's manager thread first:
/// three threads woken for one frame. The main queue keeps working here exactly as under Foundation's run loop,
/// through the two functions libdispatch exports for it. When Swift's async main (or a test) serves the main queue
/// instead, descriptors are watched by Dispatch sources on the main queue: the same handlers, on the same thread.
@MainActor public enum MainLoop {
    /// The registered watches, by identity; polled when the loop runs.
    private static var watches: [ObjectIdentifier: DescriptorWatch] = [:]
    /// Bumped when a watch comes, goes or changes what it waits for, so that the poll list is rebuilt only then.
    private static var generation = 0
    /// `run()` has taken the main thread.
    public private(set) static var isRunning = false

    /// Serves the main queue and every watched descriptor on this (the main) thread, for good.
    public static func run() -> Never {
        // The first call never returns, so a second can only come from work this loop runs.
        precondition(!isRunning, "MainLoop.run() called again from the main loop")
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

    /// Runs `body` on the main thread after the current work: the next turn of the loop.
    public static func soon(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    /// Runs `body` on the main thread, from any thread (a reader's, a signal queue's).
    public nonisolated static func send(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    static func register(_ watch: DescriptorWatch) {
        watches[ObjectIdentifier(watch)] = watch
        generation += 1
        if !isRunning { watch.startSources() }
    }

    static func unregister(_ watch: DescriptorWatch) {
        guard watches.removeValue(forKey: ObjectIdentifier(watch)) != nil else { return }
        generation += 1
    }

    /// A watch now waits for other events: rebuild the poll list (or its Dispatch sources).
    static func eventsChanged(_ watch: DescriptorWatch) {
        guard watches[ObjectIdentifier(watch)] != nil else { return }
        if isRunning { generation += 1 } else { watch.startSources() }
    }
}
