import Glibc

/// The activity indicator's motion: twelve spokes whose brightest one steps round once a second, like the
/// classic large UIActivityIndicatorView. A pure function of time.
public enum ActivityIndicator {
    public static let spokes = 12
    public static let period = 1.0
    package static let stepLength = period / Double(spokes)

    /// Which spoke is brightest at `time` (0 is 12 o'clock, increasing clockwise).
    public static func step(at time: Double) -> Int {
        guard time.isFinite else { return 0 }
        let steps = Int((time / stepLength).rounded(.down))
        return ((steps % spokes) + spokes) % spokes
    }

    /// When the next step begins after `time`: the frame loop need not draw a spinner more often than this.
    public static func nextStepTime(after time: Double) -> Double {
        ((time / stepLength).rounded(.down) + 1) * stepLength
    }
}
