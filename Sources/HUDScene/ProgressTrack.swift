/// The progress value on screen, eased towards the latest input as a pure function of time. (Any other value that
/// must glide rather than jump, such as a stacked HUD's shift, uses it with a duration of its own.)
///
/// A new target starts from the value shown at that moment, so a stream of rising inputs draws a rising
/// indicator with no jump back; it moves backwards only when the input does.
public struct ProgressTrack: Hashable, Sendable {
    /// How long the indicator takes to catch up with a new value.
    public static let duration = 0.2

    public private(set) var target: Double
    private var from: Double
    private var start = -Double.infinity
    private let duration: Double

    public init(_ value: Double = 0, duration: Double = ProgressTrack.duration) {
        target = value
        from = value
        self.duration = duration
    }

    /// Moves towards `value` from what is shown at `time`.
    public mutating func set(_ value: Double, at time: Double, animated: Bool = true) {
        guard value != target else { return }
        from = animated ? self.value(at: time) : value
        target = value
        start = time
    }

    public func value(at time: Double) -> Double {
        let f = Spring.criticallyDamped((time - start) / duration)
        return f >= 1 ? target : from + (target - from) * f
    }

    public func isAnimating(at time: Double) -> Bool { from != target && time < start + duration }
}
