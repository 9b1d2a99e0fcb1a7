import Dispatch
import HUDBase
import Glibc

/// Signals, watched on a thread of their own, never the main thread: the main thread may be stuck in a round trip
/// to an X server that another client has grabbed, or that is stopped, and a signal must still act (end the
/// process, pass itself on to a command, resize a terminal). `EventLoop.watchSignals` runs a handler on the loop
/// instead, for signals that only ask the program to do something.
///
/// The signals are blocked in the calling thread (the main thread, whose mask later threads inherit) before the
/// sources are made, and `init` returns once Dispatch has registered them (on its own thread, a moment after
/// `resume`): a signal that came in between was lost (ignored) or ended the process unwatched. Blocked, it waits
/// for the source's signalfd.
/// Dispatch's threads block every signal; a child is started with its mask emptied (`CommandJob`, `DmenuPick`).
/// The watch lasts until `cancel()` or until it goes; after it the signals stay blocked, so they do nothing.
public final class SignalWatch: @unchecked Sendable {
    /// How long removing the window may take, after SIGINT or SIGTERM, before the process ends without waiting for
    /// the server.
    static let deadline = 0.05
    // Set once in `init`; a Dispatch source may be cancelled from any thread.
    private let sources: [any DispatchSourceSignal]

    /// Calls `handler` on the signal thread for each of `signals` that comes.
    public init(signals: [Int32], offMain handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "x11hud.signals")
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let registered = DispatchGroup()
        sources = signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            return source
        }
        // Until Dispatch has installed its handler, a signal that reaches a thread made before this watch (one not
        // blocking it) would take its default action: the process would end unwatched, its cleanup skipped.
        _ = registered.wait(timeout: .now() + .seconds(2))
    }

    /// SIGINT and SIGTERM, handled so that they end the process promptly whatever the X server does: `handler` runs
    /// on `loop` and should end the process (removing its window first); when it has not ended `deadline` seconds
    /// later, it ends anyway with the shell's status (`ExitStatus.signalled(by:)`), and the server destroys the
    /// window itself when it sees the connection close.
    public static func ending(on loop: any EventLoop, handler: @escaping @MainActor @Sendable (Int32) -> Void)
        -> SignalWatch {
        SignalWatch(signals: [SIGINT, SIGTERM]) { number in
            ExitDeadline.exit(after: deadline, status: ExitStatus.signalled(by: number))
            loop.send { handler(number) }
        }
    }

    /// Stops watching; the signals stay blocked.
    public func cancel() {
        for source in sources { source.cancel() }
    }

    deinit { cancel() }
}
