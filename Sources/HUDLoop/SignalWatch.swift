import HUDBase
import Glibc

/// Signals, watched on a thread of their own, never the main thread: the main thread may be stuck in a round trip
/// to an X server that another client has grabbed, or that is stopped, and a signal must still act (end the
/// process, pass itself on to a command, resize a terminal). `EventLoop.watchSignals` runs a handler on the loop
/// instead, for signals that only ask the program to do something.
///
/// The signals are blocked in the calling thread (the main thread, whose mask later threads inherit) and read from
/// `SignalThread`'s signalfd, which has them in its mask before `init` returns: one that comes from then on waits
/// for it, blocked. The program's own threads block every signal (Dispatch's, the signal thread, the text stack's
/// loader); a child is started with its mask emptied (`CommandJob`, `DmenuPick`). The watch lasts until `cancel()`
/// or until it goes; after it the signals stay blocked, so they do nothing.
public final class SignalWatch: Sendable {
    /// How long removing the window may take, after SIGINT or SIGTERM, before the process ends without waiting for
    /// the server.
    static let deadline = 0.05
    private let id: Int

    /// Calls `handler` on the signal thread for each of `signals` that comes.
    public init(signals: [Int32], offMain handler: @escaping @Sendable (Int32) -> Void) {
        id = SignalThread.shared.add(signals, handler)
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
        SignalThread.shared.remove(id)
    }

    deinit { cancel() }
}
