import Dispatch
import Glibc

/// A descriptor whose readiness calls `handler` on the main thread: polled by `SystemLoop` while it runs, else (and
/// on a `ManualLoop`) by Dispatch sources on the main queue. Made by `EventLoop.watch(_:_:)`. It waits for input
/// always and for room to write while `wantsWrite` (sd-bus with output queued). The loop holds a started watch
/// until `cancel`, which its owner calls before closing the descriptor.
@MainActor public final class DescriptorWatch {
    public let descriptor: Int32
    let handler: @MainActor () -> Void
    /// The loop that polls it while it runs; nil: always Dispatch sources.
    private weak var loop: SystemLoop?
    private var readSource: (any DispatchSourceRead)?
    private var writeSource: (any DispatchSourceWrite)?
    private var started = false

    /// Also wake when the descriptor can be written to; off by default.
    public var wantsWrite = false {
        didSet { if wantsWrite != oldValue { if let loop { loop.eventsChanged(self) } else { startSources() } } }
    }

    /// Input that a library has already read off the descriptor into a queue of its own (Xlib's event queue, filled
    /// by any round trip): the loop calls the handler for it rather than sleep on a socket that will stay quiet.
    /// Checked before every poll while the main loop runs, so it must be cheap and make no system call.
    public var hasBufferedInput: (@MainActor () -> Bool)?

    init(_ descriptor: Int32, loop: SystemLoop?, handler: @escaping @MainActor () -> Void) {
        self.descriptor = descriptor
        self.loop = loop
        self.handler = handler
    }

    /// Starts watching; until then (and after `cancel`) the handler is never called.
    public func start() {
        started = true
        if let loop { loop.register(self) } else { startSources() }
    }

    public func cancel() {
        started = false
        loop?.unregister(self)
        stopSources()
    }

    isolated deinit { stopSources() }

    var pollEvents: Int16 { Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0) }

    /// Serves the watch from Dispatch sources (the main loop is not running).
    ///
    /// Each source watches a copy of the descriptor that only it closes, in its cancellation handler. Dispatch
    /// cancels asynchronously and keys what it watches by descriptor number, and its rule is that a descriptor stays
    /// open until then; the owner closes its own right after `cancel` (sd-bus's connection, a pipe), and a new
    /// descriptor given that number meanwhile could go unwatched (a bus test's second connection never saw the call
    /// made to it, in a loaded fresh-clone run). A copy keeps its number taken until Dispatch is done with it.
    func startSources() {
        guard started else { return }
        if readSource == nil, let copy = Self.copy(descriptor) {
            let s = DispatchSource.makeReadSource(fileDescriptor: copy, queue: .main)
            s.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.handler() } }
            s.setCancelHandler { Glibc.close(copy) }
            s.resume()
            readSource = s
        }
        if wantsWrite, writeSource == nil, let copy = Self.copy(descriptor) {
            let s = DispatchSource.makeWriteSource(fileDescriptor: copy, queue: .main)
            s.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.handler() } }
            s.setCancelHandler { Glibc.close(copy) }
            s.resume()
            writeSource = s
        } else if !wantsWrite {
            writeSource?.cancel()
            writeSource = nil
        }
    }

    /// A copy of `descriptor` closed on exec; nil if the process has no descriptor left.
    private static func copy(_ descriptor: Int32) -> Int32? {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        return copy >= 0 ? copy : nil
    }

    func stopSources() {
        readSource?.cancel()
        readSource = nil
        writeSource?.cancel()
        writeSource = nil
    }
}
