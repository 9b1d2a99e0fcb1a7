/// Do not disturb: whether the desk is paused, and until when (a time on the desk's clock, one of the deadlines of
/// `NotificationDesk.update(now:)`).
struct NotificationPause {
    private(set) var isOn = false
    /// When a pause given a duration ends; nil: paused until resumed (or not paused).
    private(set) var until: Double?

    /// Paused from `now` for `seconds`, nil for until resumed; a pause asked again replaces the duration.
    mutating func start(for seconds: Double?, at now: Double) {
        isOn = true
        until = seconds.map { now + max(0, $0) }
    }

    /// Seconds left at `now` of a pause given a duration; nil when paused until resumed, or not paused.
    func left(at now: Double) -> Double? {
        guard isOn, let until else { return nil }
        return max(0, until - now)
    }

    /// Whether a pause given a duration is over at `now`.
    func isOver(at now: Double) -> Bool { until.map { $0 <= now } ?? false }
}
