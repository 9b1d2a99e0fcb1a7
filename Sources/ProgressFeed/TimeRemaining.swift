/// zenity's `--time-remaining`: an estimate of when progress reaches 100 %, from the time since the first value
/// and the percentage now, updated when a value arrives (zenity 3.44 `zenity_progress_update_time_remaining`).
///
/// Time is passed in, in seconds, so tests need no clock.
public struct TimeRemaining: Sendable {
    private var start: Double?

    public init() {}

    /// The text for a progress `fraction` arriving at `now`: `Time remaining: 0:01:05`, or empty at 0 % and 100 %
    /// and for the first value, which (re)start the clock as zenity's do.
    public mutating func text(fraction: Double, at now: Double) -> String {
        let percent = fraction * 100
        guard let start, percent > 0, percent < 100 else {
            self.start = now
            return ""
        }
        // zenity counts whole seconds (time_t).
        let elapsed = (now - start).rounded(.down)
        let remaining = max(0, Int((100 * elapsed / percent).rounded(.towardZero)) - Int(elapsed))
        let seconds = remaining % 60, minutes = remaining / 60 % 60, hours = remaining / 3600
        return "Time remaining: \(hours):\(Self.twoDigits(minutes)):\(Self.twoDigits(seconds))"
    }

    private static func twoDigits(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
}
