import HUDConfig

/// Do not disturb: whether the desk is paused, until when (a time on the desk's clock, one of the deadlines of
/// `NotificationDesk.update(now:)`), and what still shows meanwhile (`paused-shows`).
struct NotificationPause {
    /// What shows while paused: critical notifications, or nothing.
    let shows: NotificationSettings.PausedShows
    private(set) var isOn = false
    /// When a pause given a duration ends; nil: paused until resumed (or not paused).
    private(set) var until: Double?

    init(shows: NotificationSettings.PausedShows = .critical) { self.shows = shows }

    /// Paused from `now` for `seconds`, nil for until resumed; a pause asked again replaces the duration.
    mutating func start(for seconds: Double?, at now: Double) {
        isOn = true
        until = seconds.map { now + max(0, $0) }
    }

    /// Not paused any more.
    mutating func end() {
        isOn = false
        until = nil
    }

    /// Whether a notification of `urgency` waits for the pause to end: every one while paused, a critical one
    /// aside unless `paused-shows` is nothing (a "battery low" must not wait for the user to remember the pause).
    func holds(_ urgency: Urgency) -> Bool {
        isOn && !(urgency == .critical && shows == .critical)
    }

    /// Seconds left at `now` of a pause given a duration; nil when paused until resumed, or not paused.
    func left(at now: Double) -> Double? {
        guard isOn, let until else { return nil }
        return max(0, until - now)
    }

    /// Whether a pause given a duration is over at `now`.
    func isOver(at now: Double) -> Bool { until.map { $0 <= now } ?? false }
}
