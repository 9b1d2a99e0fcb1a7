internal import CX11
import Dispatch
import Glibc

/// The main thread's loop when x11hud has it to itself: one `poll` over the main queue's wake-up descriptor, the X
/// connection and the frame timer, so that a frame, an X event or a block sent to the main queue wakes one thread
/// once.
///
/// Why not `dispatchMain()`: on Linux it ends the main thread and serves the main queue from the thread pool, and
/// every timer or read source (and every re-arming of a timer) goes through libdispatch's manager thread first:
/// three threads woken for one frame. The main queue keeps working here exactly as under Foundation's run loop,
/// through the two functions libdispatch exports for it. When Swift's async main serves the main queue instead,
/// descriptors are watched by Dispatch read sources.
@MainActor enum MainLoop {
    /// The registered watches, by identity; polled when the loop runs.
    private static var watches: [ObjectIdentifier: DescriptorWatch] = [:]
    /// Bumped when a watch comes or goes, so that the loop rebuilds its poll list only then.
    private static var generation = 0
    /// `run()` has taken the main thread.
    private(set) static var isRunning = false

    /// Serves the main queue and every watched descriptor on this (the main) thread, for good.
    static func run() -> Never {
        // The first call never returns, so a second can only come from work this loop runs.
        precondition(!isRunning, "MainLoop.run() called again from the main loop")
        let queueDescriptor = _dispatch_get_main_queue_handle_4CF()
        guard queueDescriptor >= 0 else { dispatchMain() }
        isRunning = true
        for watch in watches.values { watch.stopSource() }
        var fds: [pollfd] = []
        var polled: [DescriptorWatch] = []
        var built = -1
        while true {
            if built != generation {
                polled = Array(watches.values)
                fds = [pollfd(fd: queueDescriptor, events: Int16(POLLIN), revents: 0)]
                    + polled.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
                built = generation
            }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                // Nothing sensible is left to wait on; Dispatch can still serve the queue.
                isRunning = false
                for watch in watches.values { watch.startSource() }
                dispatchMain()
            }
            if fds[0].revents != 0 {
                // An eventfd that libdispatch writes whenever the main queue gets work: reset before draining, so
                // that work enqueued meanwhile wakes the next poll.
                var count: UInt64 = 0
                _ = read(queueDescriptor, &count, 8)
                _dispatch_main_queue_callback_4CF(nil)
            }
            for (i, watch) in polled.enumerated() where fds[i + 1].revents != 0 {
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

    static func register(_ watch: DescriptorWatch) {
        watches[ObjectIdentifier(watch)] = watch
        generation += 1
        if !isRunning { watch.startSource() }
    }

    static func unregister(_ watch: DescriptorWatch) {
        guard watches.removeValue(forKey: ObjectIdentifier(watch)) != nil else { return }
        generation += 1
    }
}

/// A descriptor whose readability calls `handler` on the main thread: polled by `MainLoop` while it runs, else by a
/// Dispatch read source on the main queue. The loop holds a started watch until `cancel`, which its owner calls
/// before closing the descriptor.
@MainActor final class DescriptorWatch {
    let descriptor: Int32
    let handler: @MainActor () -> Void
    private var source: (any DispatchSourceRead)?

    init(_ descriptor: Int32, handler: @escaping @MainActor () -> Void) {
        self.descriptor = descriptor
        self.handler = handler
    }

    /// Starts watching; until then (and after `cancel`) the handler is never called.
    func start() { MainLoop.register(self) }

    func cancel() {
        MainLoop.unregister(self)
        stopSource()
    }

    isolated deinit { stopSource() }

    fileprivate func startSource() {
        guard source == nil else { return }
        let s = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        s.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.handler() } }
        s.resume()
        source = s
    }

    fileprivate func stopSource() {
        source?.cancel()
        source = nil
    }
}
