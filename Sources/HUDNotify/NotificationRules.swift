import HUDBus
import HUDConfig

/// The `[[notifications.rule]]`s of the config file and which of them are on: what each notification becomes as it
/// arrives. dunst's rules.c as a value: it knows nothing of the screen, so the desk only asks it what a notification
/// turns into and runs the scripts it names.
struct NotificationRules {
    /// What the rules made of a notification, and what the desk is to do with it beyond showing it.
    struct Outcome {
        var notification: Notification
        /// Kept off the screen: in the history only.
        var skipDisplay = false
        /// Kept out of the history.
        var skipHistory = false
        /// The matching rules' scripts, in their order (`RuleScriptCall`).
        var scripts: [String] = []
    }

    /// In the order they apply.
    let rules: [NotificationRule]
    /// The names turned on or off at run time (`set(_:enabled:)`), over the rules' `enabled` key.
    private var switches: [String: Bool] = [:]

    init(_ rules: [NotificationRule]) { self.rules = rules }

    /// `n` as the rules that match it change it: each matching rule in order, a later one's timeout, urgency, look
    /// key or `osd` over an earlier one's; any one skips the screen or the history for good.
    func apply(to n: Notification) -> Outcome {
        var outcome = Outcome(notification: n)
        for rule in rules where isEnabled(rule) {
            // Matched on what earlier rules left: a rule that raises the urgency lets later ones match on it.
            let current = outcome.notification
            let matches = rule.matches({ field in
                switch field {
                case .appName: return current.appName
                case .summary: return current.summary
                case .body: return current.body
                case .category: return current.hints["category"]?.string
                case .desktopEntry: return current.hints["desktop-entry"]?.string
                }
            }, urgency: current.urgency)
            guard matches else { continue }
            if let urgency = rule.urgency { outcome.notification.hints["urgency"] = .int(Int64(urgency.rawValue)) }
            if let seconds = rule.timeout { outcome.notification.expiry = .seconds(seconds) }
            outcome.notification.ruleLook.overlay(rule.look)
            outcome.skipDisplay = outcome.skipDisplay || rule.skipDisplay
            outcome.skipHistory = outcome.skipHistory || rule.skipHistory
            if let osd = rule.osd { outcome.notification.ruleOSD = osd }
            if let script = rule.script { outcome.scripts.append(script) }
        }
        return outcome
    }

    /// The names of the rules, in the order they apply, and whether each is on.
    var named: [(name: String, enabled: Bool)] {
        rules.compactMap { rule in rule.name.map { ($0, isEnabled(rule)) } }
    }

    /// Turns every rule called `name` on (`true`), off (`false`) or to the other state (nil, dunst's toggle); false
    /// when no rule has that name.
    mutating func set(_ name: String, enabled: Bool?) -> Bool {
        guard let rule = rules.first(where: { $0.name == name }) else { return false }
        switches[name] = enabled ?? !isEnabled(rule)
        return true
    }

    func isEnabled(_ rule: NotificationRule) -> Bool {
        rule.name.flatMap { switches[$0] } ?? rule.enabled
    }
}
