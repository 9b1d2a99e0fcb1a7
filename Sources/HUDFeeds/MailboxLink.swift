import ProgressFeed
import Synchronization

/// An `InputMailbox` behind its one lock, with whom to ask when input waits: the part every source of this library
/// shares, so each implements `HUDInputSource` the same way.
final class MailboxLink: Sendable {
    private struct State {
        var mailbox = InputMailbox()
        var ask: (@Sendable () -> Void)?
        var connected = false
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

    /// Adds `batch`, asking for a look when the mailbox says so.
    func post(_ batch: FeedInbox) {
        let ask = state.withLock { s in s.mailbox.post(batch) ? s.ask : nil }
        ask?()
    }

    func take() -> FeedInbox { state.withLock { $0.mailbox.take() } }

    func framesLook(_ on: Bool) -> Bool { state.withLock { $0.mailbox.framesLook(on) } }
}
