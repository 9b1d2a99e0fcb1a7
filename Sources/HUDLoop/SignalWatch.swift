import HUDBase
public import Dispatch
import FoundationEssentials
import Glibc

/// SIGINT and SIGTERM, handled so that they end the process promptly whatever the X server does.
///
/// The default action is switched off first (a Dispatch source installs no handler of its own), so no C signal
/// handler ever runs and X is only used from the main queue. The sources are watched on a queue of their own: the
/// main queue may be stuck in a round trip to a server that another client has grabbed, or that is stopped. A
/// signal asks the main queue to remove the window and exit, and ends the process anyway after `deadline`; the
/// server then destroys the window itself when it sees the connection close.
@MainActor public final class SignalWatch {
    /// How long removing the window may take before the process ends without waiting for the server.
    nonisolated static let deadline = 0.05
    private var sources: [any DispatchSourceSignal] = []

    /// Watches SIGINT and SIGTERM; `handler` runs on the main thread and should end the process. When it has not
    /// ended it `deadline` seconds later, it ends anyway with the shell's status (`ExitStatus.signalled(by:)`).
    public convenience init(handler: @escaping @MainActor (Int32) -> Void) {
        self.init(signals: [SIGINT, SIGTERM], offMain: Self.onSignal(handler: handler))
    }

    /// Watches `signals` with `handler` on a queue of its own, never the main thread: for a program whose main
    /// thread may be stuck on the X server when the signal comes (`x11hud run` passes signals to its command).
    public init(signals: [Int32], offMain handler: @escaping @Sendable (Int32, DispatchQueue) -> Void) {
        let queue = DispatchQueue(label: "x11hud.signals")
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: Self.event(number, queue, handler))
            source.resume()
            sources.append(source)
        }
    }

    /// Made outside the main actor's isolation: a closure written inside `init` would check that it runs there.
    private nonisolated static func event(_ number: Int32, _ queue: DispatchQueue,
                                          _ handler: @escaping @Sendable (Int32, DispatchQueue) -> Void)
        -> @Sendable () -> Void {
        { handler(number, queue) }
    }

    /// Runs on the signal queue, not on the main actor, so it is made outside the main actor's isolation.
    private nonisolated static func onSignal(handler: @escaping @MainActor (Int32) -> Void)
        -> @Sendable (Int32, DispatchQueue) -> Void {
        { number, queue in
            OffMainTimer.after(deadline, on: queue) {
                // `_exit`: the main thread may hold Xlib's lock; nothing more may wait on the server.
                _exit(ExitStatus.signalled(by: number))
            }
            MainLoop.send { handler(number) }
        }
    }

    isolated deinit {
        for source in sources { source.cancel() }
    }
}
