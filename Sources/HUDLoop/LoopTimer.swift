/// One timer set on a `LoopClock`: its action runs once at its deadline unless it is cancelled first.
@MainActor public final class LoopTimer {
    public let deadline: Double
    private var action: (@MainActor () -> Void)?

    init(deadline: Double, action: @escaping @MainActor () -> Void) {
        self.deadline = deadline
        self.action = action
    }

    /// Whether it has neither run nor been cancelled.
    public var isPending: Bool { action != nil }

    /// It will not run (nothing happens when it already has).
    public func cancel() { action = nil }

    /// Runs the action, once.
    func fire() {
        guard let action else { return }
        self.action = nil
        action()
    }
}
