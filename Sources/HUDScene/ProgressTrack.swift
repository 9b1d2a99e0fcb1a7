/// The progress value on screen, eased towards the latest input as a pure function of time. (Any other value that
/// must glide rather than jump, such as a stacked HUD's shift, uses it with a duration of its own.)
///
/// A new target starts from the value shown at that moment, so a stream of rising inputs draws a rising
/// indicator with no jump back; it moves backwards only when the input does.
///
/// A track that `followsStreams` fits its eases to the rate of its input: a value that comes while the last ease
/// would still run is part of a stream, and is reached linearly in one and a half times the gap since the last one
/// (never more than `duration`). A steady stream then moves at the stream's own speed, one ease handing over to the
/// next before it ends, with neither stops between updates (stair-steps) nor a growing lag behind the newest value:
/// the display is at most one and a half updates behind.
public struct ProgressTrack: Hashable, Sendable {
    /// How long the indicator takes to catch up with a new value.
    public static let duration = 0.2
    /// How much longer than the gap between two updates of a stream an ease lasts: more than one, so that the
    /// next update comes before the ease ends and the motion never stops while the stream goes on.
    public static let streamOverlap = 1.5

    public private(set) var target: Double
    private var from: Double
    private var start = -Double.infinity
    /// The length of the current ease.
    private var length: Double
    /// The current ease is linear (part of a stream) rather than the spring.
    private var linear = false
    private let duration: Double
    private let followsStreams: Bool

    public init(_ value: Double = 0, duration: Double = ProgressTrack.duration, followsStreams: Bool = false) {
        target = value
        from = value
        self.duration = duration
        length = duration
        self.followsStreams = followsStreams
    }

    /// Moves towards `value` from what is shown at `time`.
    public mutating func set(_ value: Double, at time: Double, animated: Bool = true) {
        guard value != target else { return }
        let gap = time - start
        // What is shown now, by the ease running now (before `linear` says what the next one is).
        let shown = self.value(at: time)
        linear = followsStreams && animated && gap >= 0 && isAnimating(at: time)
        from = animated ? shown : value
        target = value
        length = linear ? min(duration, max(gap * Self.streamOverlap, 1e-3)) : duration
        start = time
    }

    public func value(at time: Double) -> Double {
        let u = (time - start) / length
        let f = linear ? min(max(u, 0), 1) : Spring.criticallyDamped(u)
        return f >= 1 ? target : from + (target - from) * f
    }

    public func isAnimating(at time: Double) -> Bool { from != target && time < start + length }

    /// When the value was last set.
    public var lastChange: Double { start }

    /// When the current ease ends.
    public var endTime: Double { start + length }

    /// The first moment after `time` at which the eased value reaches `level`, or nil when it does not before the
    /// ease ends. The value moves monotonically from `from` to `target`, so halving the interval finds it.
    public func time(reaching level: Double, after time: Double) -> Double? {
        let end = endTime
        guard time < end else { return nil }
        let rising = target > from
        func reached(_ t: Double) -> Bool { rising ? value(at: t) >= level : value(at: t) <= level }
        guard reached(end) else { return nil }
        if reached(time) { return time }
        var lo = time, hi = end
        // 30 halvings of at most 0.2 s: exact to a fifth of a microsecond.
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            if reached(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }
}
