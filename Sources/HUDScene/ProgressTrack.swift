/// The progress value on screen, eased towards the latest input as a pure function of time. (Any other value that
/// must glide rather than jump, such as a stacked HUD's shift, uses it with a duration of its own.)
///
/// A new target starts from the value shown at that moment, so a stream of rising inputs draws a rising
/// indicator with no jump back; it moves backwards only when the input does.
///
/// A track that `followsStreams` treats a value that comes while the last change would still be easing as part of a
/// run (a held key, a producer's stream): it is drawn whole in the next frame, not eased, so the display settles
/// within two frames of the last update and a run of steps costs one frame each (issue 51: easing every step of a
/// held key over the spring settled 140 ms after the last press and drew every frame in between). Updates closer
/// together than two frames are eased linearly over their gap instead, so that the frame loop paces them (a frame
/// for each of 100 updates a second would outrun the monitor) and the display is never more than one behind.
public struct ProgressTrack: Hashable, Sendable {
    /// How long the indicator takes to catch up with a new value.
    public static let duration = 0.2
    /// The longest a change in a run takes to be drawn whole: two frames at 60 Hz.
    public static let runSettle = 1.0 / 30

    public private(set) var target: Double
    private var from: Double
    private var start = -Double.infinity
    /// The length of the current ease.
    private var length: Double
    /// The current ease is linear (part of a run) rather than the spring.
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
        let shown = self.value(at: time)
        let isInRun = animated && continuesRun(at: time)
        linear = isInRun && gap < Self.runSettle
        from = animated && (linear || !isInRun) ? shown : value
        target = value
        length = linear ? max(gap, 1e-3) : duration
        start = time
    }

    /// Whether a change at `time` would be part of a run: it comes while the last change would still be easing.
    public func continuesRun(at time: Double) -> Bool {
        followsStreams && time >= start && time - start < duration
    }

    public func value(at time: Double) -> Double {
        let u = (time - start) / length
        let f = linear ? min(max(u, 0), 1) : Spring.criticallyDamped(u)
        return f >= 1 ? target : from + (target - from) * f
    }

    public func isAnimating(at time: Double) -> Bool { from != target && time < start + length }

    /// Whether `value` lies strictly between where the current ease began and its target: a frame drawn on the
    /// way, which must not be what stays on screen once the ease is over.
    public func isOnTheWay(_ value: Double) -> Bool {
        min(from, target) < value && value < max(from, target)
    }

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
