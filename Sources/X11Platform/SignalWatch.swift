import Dispatch
import FoundationEssentials
import Glibc
import HUDScene

/// SIGINT and SIGTERM, handled so that they end the process promptly whatever the X server does.
///
/// The default action is switched off first (a Dispatch source installs no handler of its own), so no C signal
/// handler ever runs and X is only used from the main queue. The sources are watched on a queue of their own: the
/// main queue may be stuck in a round trip to a server that another client has grabbed, or that is stopped. A
/// signal asks the main queue to remove the window and exit, and ends the process anyway after `deadline`; the
/// server then destroys the window itself when it sees the connection close.
@MainActor final class SignalWatch {
    /// How long removing the window may take before the process ends without waiting for the server.
    nonisolated static let deadline = 0.05
    private var sources: [any DispatchSourceSignal] = []

    init(signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @MainActor (Int32) -> Void) {
        let queue = DispatchQueue(label: "x11hud.signals")
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: Self.onSignal(number, queue: queue, handler: handler))
            source.resume()
            sources.append(source)
        }
    }

    /// Runs on `queue`, not on the main actor, so it is made outside the main actor's isolation.
    private nonisolated static func onSignal(_ number: Int32, queue: DispatchQueue,
                                             handler: @escaping @MainActor (Int32) -> Void) -> @Sendable () -> Void {
        {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(deadline * 1e9))) {
                // `_exit`: the main thread may hold Xlib's lock; nothing more may wait on the server.
                _exit(ExitStatus.signalled(by: number))
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { handler(number) } }
        }
    }

    isolated deinit {
        for source in sources { source.cancel() }
    }
}
