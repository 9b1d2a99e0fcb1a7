import HUDBus
import HUDConfig

extension NotificationDesk {
    /// `n` as the rules that match it change it (each matching rule in order: a later one's timeout or urgency over
    /// an earlier one's), and whether any of them keeps it off the screen or out of the history.
    func applyingRules(_ n: Notification) -> (n: Notification, skipDisplay: Bool, skipHistory: Bool) {
        var n = n, skipDisplay = false, skipHistory = false
        for rule in rules {
            let matches = rule.matches({ field in
                switch field {
                case .appName: return n.appName
                case .summary: return n.summary
                case .body: return n.body
                case .category: return n.hints["category"]?.string
                case .desktopEntry: return n.hints["desktop-entry"]?.string
                }
            }, urgency: Self.level(n.urgency))
            guard matches else { continue }
            if let level = rule.urgency {
                let urgency: Notification.Urgency = level == .low ? .low : level == .normal ? .normal : .critical
                n.hints["urgency"] = .int(Int64(urgency.rawValue))
            }
            if let seconds = rule.timeout { n.expiry = .seconds(seconds) }
            skipDisplay = skipDisplay || rule.skipDisplay
            skipHistory = skipHistory || rule.skipHistory
        }
        return (n, skipDisplay, skipHistory)
    }
}
