import HUDBus
import HUDConfig
import HUDFeeds

extension NotificationDesk {
    /// `n` as the rules that match it change it (each matching rule in order: a later one's timeout, urgency or look
    /// key over an earlier one's), and whether any of them keeps it off the screen or out of the history.
    func applyingRules(_ n: Notification) -> (n: Notification, skipDisplay: Bool, skipHistory: Bool,
                                              scripts: [String]) {
        var n = n, skipDisplay = false, skipHistory = false, scripts: [String] = []
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
            n.ruleLook.overlay(rule.look)
            skipDisplay = skipDisplay || rule.skipDisplay
            skipHistory = skipHistory || rule.skipHistory
            if let script = rule.script { scripts.append(script) }
        }
        return (n, skipDisplay, skipHistory, scripts)
    }

    /// Runs each of `scripts` for notification `id`: its arguments are the application's name, the summary, the body,
    /// the icon and the urgency (as dunst passes them), and its environment has `X11HUD_ID`, `X11HUD_APP_NAME`,
    /// `X11HUD_SUMMARY`, `X11HUD_BODY`, `X11HUD_ICON`, `X11HUD_URGENCY`, `X11HUD_CATEGORY` and
    /// `X11HUD_DESKTOP_ENTRY`. No shell reads any of them.
    func run(_ scripts: [String], for id: UInt32, _ n: Notification) {
        let urgency = "\(n.urgency)"
        let environment = [
            "X11HUD_ID": String(id), "X11HUD_APP_NAME": n.appName, "X11HUD_SUMMARY": n.summary, "X11HUD_BODY": n.body,
            "X11HUD_ICON": n.appIcon, "X11HUD_URGENCY": urgency,
            "X11HUD_CATEGORY": n.hints["category"]?.string ?? "",
            "X11HUD_DESKTOP_ENTRY": n.hints["desktop-entry"]?.string ?? "",
        ]
        for script in scripts {
            do {
                try runScript([script, n.appName, n.summary, n.body, n.appIcon, urgency], environment)
            } catch {
                onWarning?("notification \(id): cannot run the rule's script '\(script)': \(error)")
            }
        }
    }
}
