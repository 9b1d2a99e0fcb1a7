import Dispatch

/// Where the main thread hands work it must not wait for but the exit may: a file written after a frame is on
/// screen, which a process that ends a moment later would lose. The work runs in the order handed, on a thread of
/// its own, and hands nothing back to the loop.
public final class BackgroundQueue: Sendable {
    private let queue: DispatchQueue
    private let pending = DispatchGroup()

    /// A queue named `name` (for a debugger).
    public init(_ name: String) {
        queue = DispatchQueue(label: name)
    }

    /// Runs `body` after everything handed before it.
    public func async(_ body: @escaping @Sendable () -> Void) {
        pending.enter()
        queue.async { [pending] in
            body()
            pending.leave()
        }
    }

    /// Blocks the calling thread until everything handed so far has run or `seconds` have passed; whether it ran.
    public func wait(seconds: Double) -> Bool {
        pending.wait(timeout: .now() + .nanoseconds(Int(max(0, seconds) * 1e9))) == .success
    }
}
