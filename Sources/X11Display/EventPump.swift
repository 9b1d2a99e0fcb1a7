import HUDScene
package import CX11
package import HUDLoop

/// Reads X events when the connection's socket becomes readable (polled by the loop beside the frame timer),
/// and drains Xlib's queue on demand.
///
/// Any Xlib round trip may pull events off the socket into Xlib's own queue, after which the socket is no longer
/// readable although events wait; so every drain loops on `XPending` (which also flushes output), and the main loop
/// looks at Xlib's queue before it sleeps.
@MainActor package final class EventPump {
    private let connection: XConnection
    private var watch: DescriptorWatch?
    private let handle: (inout XEvent) -> Void
    private var isDraining = false

    package init(connection c: XConnection, loop: any EventLoop, handler: @escaping (inout XEvent) -> Void) {
        connection = c
        handle = handler
        let watch = loop.watch(c.fileDescriptor) { [weak self] in self?.drain() }
        // A round trip made outside `drain` (a forwarded request's sync, a property read) may have queued events.
        // Requests still buffered go out before the loop sleeps (no system call when there are none).
        watch.hasBufferedInput = { XFlush(c.display); return XQLength(c.display) > 0 }
        self.watch = watch
        watch.start()
    }

    isolated deinit { watch?.cancel() }

    /// Handles every queued event. A dead server makes `XPending` call the I/O error handler, which exits.
    /// Re-entrant calls (a handler that draws, which drains) return at once; the outer loop picks up the rest.
    package func drain() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        var event = XEvent()
        while XPending(connection.display) > 0 {
            XNextEvent(connection.display, &event)
            handle(&event)
        }
    }
}
