/// Where a HUD's input comes from: a reader that keeps the latest values of what arrived (a pipe, a command's
/// output, a watched process, another process's updates), which the HUD pulls at most once per frame.
///
/// A source keeps an `InputMailbox` behind one lock: `take()` and `framesLook(_:)` are its two calls, and the
/// reader calls `ask` when its `post` says so, so one input costs one turn of the main queue at most.
public protocol HUDInputSource: AnyObject, Sendable {
    /// Starts reading (the first call only) and from now on calls `ask`, on any thread, when input is waiting that
    /// no one was asked to look at: whoever attached the source must `take()` soon. A later call replaces `ask`
    /// (the input moving to another HUD).
    func start(asking ask: @escaping @Sendable () -> Void)
    /// Everything that arrived since the last call.
    func take() -> FeedInbox
    /// Tells the source whether the HUD pulls every frame by itself. Returns true when input is waiting that no one
    /// will pull otherwise: the HUD must look now.
    func framesLook(_ on: Bool) -> Bool
}

/// A source that reads one descriptor and lets the loop that draws poll it, instead of blocking a thread of its
/// own: each write of the producer then wakes one thread, not a reader and then the drawing thread.
/// `HUD.attach` polls such a source on the main thread (`x11hud`'s own loop, or a Dispatch read source on the
/// main queue); any other caller may still use `start(asking:)` and its thread.
public protocol PolledInputSource: HUDInputSource {
    /// What to poll for readability.
    var descriptor: Int32 { get }
    /// Like `start(asking:)`, without starting a thread: the caller calls `readable()` when `descriptor` can be
    /// read, and `ask` is called from inside `readable()` (or from here, for input already waiting). Returns false
    /// when the source already reads on a thread of its own (`start(asking:)` came first): then the caller must not
    /// poll, and should connect through `start(asking:)` instead.
    func startPolled(asking ask: @escaping @Sendable () -> Void) -> Bool
    /// Reads what waits (one read, which does not block after a poll said the descriptor is readable). Returns
    /// false at the end of the input: stop polling. Called on one thread only.
    func readable() -> Bool
}
