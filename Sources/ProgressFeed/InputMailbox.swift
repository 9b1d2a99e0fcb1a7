/// The state an input source keeps between a reader that posts updates and a HUD that takes them: the latest of
/// each value, whether the HUD was already asked to look, and whether its frames look by themselves. Keep it behind
/// one lock (`Mutex<InputMailbox>`), so input is never left waiting unseen; `HUDInputSource`'s two calls are
/// `take()` and `framesLook(_:)` under that lock.
public struct InputMailbox: Sendable {
    private var inbox = FeedInbox()
    /// A look is already asked of the main queue.
    private var lookAsked = false
    /// The frame loop looks every frame by itself: no need to ask.
    private var framesLook = false

    public init() {}

    /// Adds `batch`. Returns true when the HUD must be asked to look (the source's `ask`), once per take.
    public mutating func post(_ batch: FeedInbox) -> Bool {
        inbox.take(batch)
        guard !framesLook, !lookAsked else { return false }
        lookAsked = true
        return true
    }

    /// Whether something was posted that no one has taken yet.
    public var isWaiting: Bool { !inbox.isEmpty }

    /// Everything posted since the last call.
    public mutating func take() -> FeedInbox {
        lookAsked = false
        defer { inbox = FeedInbox() }
        return inbox
    }

    /// Whether the HUD pulls every frame by itself. Returns true when input is waiting that no one will look at
    /// otherwise.
    public mutating func framesLook(_ on: Bool) -> Bool {
        framesLook = on
        return !on && !lookAsked && !inbox.isEmpty
    }
}
