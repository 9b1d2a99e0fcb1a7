import Dispatch

/// Where work that blocks gets a thread: a read to the end of a pipe or terminal, a `waitpid`, an `XOpenDisplay`
/// that may hang. Such work hands what it got to the loop (`EventLoop.send`, or a feed's mailbox that asks the
/// loop to take it) and does nothing else with it: everything the program decides runs on the loop.
public enum BlockingThread {
    /// Runs `body` on a thread of its own, named `name` (for a debugger); `body` may block for as long as it needs.
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        DispatchQueue(label: name).async(execute: body)
    }
}
