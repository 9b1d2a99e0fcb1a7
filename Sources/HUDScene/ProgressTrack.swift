/// The progress value on screen, eased towards the latest input as a pure function of time.
///
/// A new target starts from the value shown at that moment, so a stream of rising inputs draws a rising
/// indicator with no jump back; it moves backwards only when the input does.
public struct ProgressTrack: Hashable, Sendable {
    /// How long the indicator takes to catch up with a new value.
    public static let duration = 0.2

    public private(set) var target: Double
    private var from: Double
    private var start = -Double.infinity

    public init(_ value: Double = 0) {
        target = value
        from = value
    }

    /// Moves towards `value` from what is shown at `time`.
    public mutating func set(_ value: Double, at time: Double, animated: Bool = true) {
        guard value != target else { return }
        from = animated ? self.value(at: time) : value
        target = value
        start = time
    }

    public func value(at time: Double) -> Double {
        let f = Spring.criticallyDamped((time - start) / Self.duration)
        return f >= 1 ? target : from + (target - from) * f
    }

    public func isAnimating(at time: Double) -> Bool { from != target && time < start + Self.duration }
}
