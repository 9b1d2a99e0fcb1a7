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
