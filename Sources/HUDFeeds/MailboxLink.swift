import ProgressFeed
import Synchronization

/// An `InputMailbox` behind its one lock, with whom to ask when input waits: the part every source of this library
/// shares, so each implements `HUDInputSource` the same way.
final class MailboxLink: Sendable {
    private struct State {
        var mailbox = InputMailbox()
        var ask: (@Sendable () -> Void)?
        var connected = false
        /// When the oldest input no one has taken yet was posted.
        var waitingSince: Double?
    }
    private let state = Mutex(State())

    /// Sets whom to ask. Returns true on the first call (the source starts reading then).
    func connect(_ ask: @escaping @Sendable () -> Void) -> Bool {
        let (first, waiting) = state.withLock { s in
            defer { s.connected = true }
            s.ask = ask
            return (!s.connected, s.mailbox.isWaiting)
        }
        // What arrived before anyone listened, or while the input moved to another HUD, is looked at now.
        if waiting { ask() }
        return first
    }

    /// Adds `batch` (at `now`, in seconds), asking for a look when the mailbox says so.
    func post(_ batch: FeedInbox, at now: Double = 0) {
        let ask = state.withLock { s in
            if s.waitingSince == nil { s.waitingSince = now }
            return s.mailbox.post(batch) ? s.ask : nil
        }
        ask?()
    }

    /// When the oldest input no one has taken yet was posted, if some is waiting.
    var waitingSince: Double? { state.withLock { $0.waitingSince } }

    func take() -> FeedInbox {
        state.withLock { s in
            s.waitingSince = nil
            return s.mailbox.take()
        }
    }

    func framesLook(_ on: Bool) -> Bool { state.withLock { $0.mailbox.framesLook(on) } }
}
