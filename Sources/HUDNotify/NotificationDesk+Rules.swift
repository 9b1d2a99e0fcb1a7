import HUDBus
import HUDConfig
import HUDFeeds
import HUDLoop

extension NotificationDesk {
    /// `n` as the rules that match it change it (each matching rule in order: a later one's timeout, urgency, look
    /// key or `osd` over an earlier one's), and whether any of them keeps it off the screen or out of the history.
    func applyingRules(_ n: Notification) -> (n: Notification, skipDisplay: Bool, skipHistory: Bool,
                                              scripts: [String]) {
        var n = n, skipDisplay = false, skipHistory = false, scripts: [String] = []
        for rule in rules where isEnabled(rule) {
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
            n.ruleLook.overlay(rule.look)
            skipDisplay = skipDisplay || rule.skipDisplay
            skipHistory = skipHistory || rule.skipHistory
            if let osd = rule.osd { n.ruleOSD = osd }
            if let script = rule.script { scripts.append(script) }
        }
        return (n, skipDisplay, skipHistory, scripts)
    }

    /// Runs each of `scripts` for notification `id` with dunst's arguments and environment (`RuleScriptCall`).
    /// No shell reads any of them.
    func run(_ scripts: [String], for id: UInt32, _ n: Notification) {
        for script in scripts {
            let call = RuleScriptCall(script: script, id: id, n, timeout: expiryRule.seconds(for: n), now: clock.now)
            do {
                try runScript(call.arguments, call.environment)
            } catch {
                onWarning?("notification \(id): cannot run the rule's script '\(script)': \(error)")
            }
        }
    }
}
