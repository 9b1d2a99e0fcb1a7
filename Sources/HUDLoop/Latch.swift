import Dispatch

/// A one-time gate between threads: closed until `open()`, then open for good. For what a blocking thread finishes
/// (a command's output passed through) and another thread waits for; the loop's own work never waits on one.
public final class Latch: Sendable {
    private let group = DispatchGroup()

    /// A closed latch.
    public init() { group.enter() }

    /// Opens it (once only: a second call is a programming error).
    public func open() { group.leave() }

    /// Blocks the calling thread until it is open.
    public func wait() { group.wait() }

    /// Blocks the calling thread until it is open or `seconds` have passed; whether it opened.
    public func wait(seconds: Double) -> Bool {
        group.wait(timeout: .now() + .nanoseconds(Int(max(0, seconds) * 1e9))) == .success
    }

    /// Runs `body` on a thread of its own once it is open; soon if it already is.
    public func whenOpen(_ body: @escaping @Sendable () -> Void) {
        group.notify(queue: .global(), execute: body)
    }
}
