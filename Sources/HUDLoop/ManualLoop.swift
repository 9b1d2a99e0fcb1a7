import Dispatch

/// The loop of a test: its clock moves only when the test says, and its timers run when `advance(by:)` or
/// `set(to:)` passes their deadlines, in deadline order, each seeing the clock at its own deadline. Everything else
/// is real: work sent to it or deferred with `soon` runs on the main queue, and its watches are served by Dispatch
/// sources there, so a session on a real X server can be driven on it.
@MainActor public final class ManualLoop: EventLoop {
    public private(set) var now: Double
    private var timers: [LoopTimer] = []

    public init(now: Double = 0) { self.now = now }

    @discardableResult public func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void)
        -> LoopTimer {
        let timer = LoopTimer(deadline: deadline, action: action)
        timers.append(timer)
        return timer
    }

    /// A frame timer waits in real time for what the test moves the clock by: none, for what is already due.
    public func realDelay(until deadline: Double) -> Double { max(0, deadline - now) }

    /// Moves the clock forward by `seconds`, running every timer due on the way.
    public func advance(by seconds: Double) { set(to: now + max(0, seconds)) }

    /// Moves the clock to `time` (never back), running every timer due on the way.
    public func set(to time: Double) {
        while let next = timers.filter(\.isPending).min(by: { $0.deadline < $1.deadline }), next.deadline <= time {
            now = max(now, next.deadline)
            timers.removeAll { $0 === next || !$0.isPending }
            next.fire()
        }
        now = max(now, time)
        timers.removeAll { !$0.isPending }
    }

    /// How many timers are waiting.
    public var pendingTimers: Int { timers.filter(\.isPending).count }

    public func soon(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    public nonisolated func send(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    public func watch(_ descriptor: Int32, _ handler: @escaping @MainActor () -> Void) -> DescriptorWatch {
        DescriptorWatch(descriptor, loop: nil, handler: handler)
    }
}
