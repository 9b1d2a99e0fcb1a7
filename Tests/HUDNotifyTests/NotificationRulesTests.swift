import HUDBus
import HUDConfig
@testable import HUDNotify
import Testing

/// The config file's rules as a value: what each notification becomes, without a desk, a display or a script run.
struct NotificationRulesTests {
    static let battery = Notification(appName: "upower", summary: "Battery low", body: "5% left")

    func rule(_ globs: [NotificationRule.Field: String], name: String? = nil, enabled: Bool = true,
              _ change: (inout NotificationRule) -> Void = { _ in }) -> NotificationRule {
        var rule = NotificationRule(globs: globs)
        rule.name = name
        rule.enabled = enabled
        change(&rule)
        return rule
    }

    @Test func noMatchingRuleLeavesTheNotificationAsItCame() {
        let rules = NotificationRules([rule([.appName: "mail"]) { $0.skipDisplay = true }])
        let outcome = rules.apply(to: Self.battery)
        #expect(!outcome.skipDisplay && !outcome.skipHistory && outcome.scripts.isEmpty)
        #expect(outcome.notification.urgency == .normal && outcome.notification.expiry == .automatic)
    }

    @Test func everyMatchingRuleAppliesInOrderALaterOneOverAnEarlierOne() {
        let rules = NotificationRules([
            rule([.summary: "*Battery*"]) {
                $0.urgency = .critical
                $0.timeout = 5
                $0.script = "/bin/first"
                $0.osd = true
            },
            rule([.body: "*left"]) {
                $0.timeout = 9
                $0.skipHistory = true
                $0.script = "notify-battery"
                $0.osd = false
            },
        ])
        let outcome = rules.apply(to: Self.battery)
        #expect(outcome.notification.urgency == .critical)
        #expect(outcome.notification.hints["urgency"] == .int(2), "the hint carries the wire's byte")
        #expect(outcome.notification.expiry == .seconds(9))
        #expect(outcome.notification.ruleOSD == false)
        #expect(outcome.skipHistory && !outcome.skipDisplay)
        #expect(outcome.scripts == ["/bin/first", "notify-battery"])
    }

    @Test func aLaterRuleMatchesTheUrgencyAnEarlierOneGave() {
        var later = rule([:]) { $0.skipDisplay = true }
        later.matchUrgency = .critical
        let rules = NotificationRules([rule([.appName: "upower"]) { $0.urgency = .critical }, later])
        #expect(rules.apply(to: Self.battery).skipDisplay)
        #expect(!NotificationRules([later]).apply(to: Self.battery).skipDisplay)
    }

    @Test func hintsAreMatchedByCategoryAndDesktopEntry() {
        var n = Self.battery
        n.hints["category"] = .string("device.warning")
        n.hints["desktop-entry"] = .string("org.freedesktop.UPower")
        let rules = NotificationRules([
            rule([.category: "device.*", .desktopEntry: "*UPower"]) { $0.skipHistory = true },
        ])
        #expect(rules.apply(to: n).skipHistory)
        #expect(!rules.apply(to: Self.battery).skipHistory, "no hint, no match")
    }

    @Test func namedRulesAreTurnedOnOffAndToggledAtRunTime() {
        var rules = NotificationRules([
            rule([.appName: "upower"], name: "quiet") { $0.skipDisplay = true },
            rule([.appName: "upower"], name: "later", enabled: false) { $0.skipHistory = true },
            rule([.appName: "upower"]) { $0.timeout = 3 },
        ])
        #expect(rules.named.map(\.name) == ["quiet", "later"] && rules.named.map(\.enabled) == [true, false])
        var outcome = rules.apply(to: Self.battery)
        #expect(outcome.skipDisplay && !outcome.skipHistory)
        let (quiet, later) = (rules.set("quiet", enabled: false), rules.set("later", enabled: nil))
        #expect(quiet && later)
        outcome = rules.apply(to: Self.battery)
        #expect(!outcome.skipDisplay && outcome.skipHistory && outcome.notification.expiry == .seconds(3))
        let toggled = rules.set("later", enabled: nil)
        #expect(toggled && rules.named.map(\.enabled) == [false, false])
        let missing = rules.set("missing", enabled: true)
        #expect(!missing)
    }
}
