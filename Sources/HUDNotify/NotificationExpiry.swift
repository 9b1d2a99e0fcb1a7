import HUDConfig

/// How long a notification stays: the rule, apart from the desk that keeps the time.
struct NotificationExpiry {
    /// Seconds for `expire_timeout` -1 (`--timeout`); nil: the reading time of the text.
    let timeout: Double?
    /// The time of each urgency level's notifications that leave it to the server.
    let urgency: [Urgency: NotificationSettings.UrgencyStyle]

    /// Seconds `n` stays, nil for until closed: its `expire_timeout`; when it leaves that to the server, its
    /// urgency's configured time, else none for a critical one (the specification's advice), else `timeout`, else
    /// the time to read it.
    func seconds(for n: Notification) -> Double? {
        switch n.expiry {
        case .never: return nil
        case .seconds(let s): return s
        case .automatic:
            if let configured = urgency[n.urgency]?.timeout { return configured }
            if n.urgency == .critical { return nil }
            return timeout ?? Self.readingTime(summary: n.summary, body: n.body)
        }
    }

    /// Seconds a notification stays when its sender leaves the time to the server (and neither `--timeout` nor
    /// the config file sets one): 2 s + 0.06 s a character of its summary and body (about 1,000 characters a
    /// minute), at least 8 s and at most 30 s. dunst keeps each 10 s; a HUD's flash time (`ReadingTime`, 2 s for
    /// "Hello" / "World body") is too short for a message read after looking up from other work.
    static func readingTime(summary: String, body: String) -> Double {
        min(max(2 + 0.06 * Double(summary.count + body.count), 8), 30)
    }
}
