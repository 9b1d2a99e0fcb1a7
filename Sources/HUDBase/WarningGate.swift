/// Lets warnings through at a bounded rate, so a stream of garbage cannot flood stderr, and counts the rest.
///
/// At most `burst` warnings per `interval` seconds pass; when a later one passes, it carries how many were held
/// back in between. Time is passed in, so tests need no clock.
public struct WarningGate: Sendable {
    public let burst: Int
    public let interval: Double
    private var windowStart = -Double.infinity
    private var passed = 0
    private var suppressed = 0

    public init(burst: Int = 3, interval: Double = 5) {
        self.burst = burst
        self.interval = interval
    }

    /// The text to print for `message` at `time`, or nil when it is held back.
    public mutating func admit(_ message: String, at time: Double) -> String? {
        if time - windowStart >= interval {
            windowStart = time
            passed = 0
        }
        guard passed < burst else {
            suppressed += 1
            return nil
        }
        passed += 1
        defer { suppressed = 0 }
        return suppressed > 0 ? "\(message) (\(suppressed) similar warnings suppressed)" : message
    }

    /// Warnings held back and not yet reported.
    public var pending: Int { suppressed }
}
