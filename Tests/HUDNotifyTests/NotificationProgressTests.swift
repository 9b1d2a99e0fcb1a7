import HUDBus
import HUDConfig
import HUDLoop
import HUDNotify
import HUDScene
import ProgressFeed
import Testing

/// Issue 39 item 2: a value is the centre OSD only in a volume key's short shape (no body, no actions) or with a
/// synchronous tag; any other (a download's, a backup's) is a bubble of the column with its text, picture, buttons
/// and a bar; a rule's `osd` decides either way. Pure: a ManualLoop and a display of the test's own.
@MainActor struct NotificationProgressTests {
    let clock = ManualLoop()
    let display: TestDisplay
    let icons = IconLookup(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"])
    var invoked: [String] { log.invoked }
    let log = Log()

    @MainActor final class Log {
        var invoked: [String] = []
    }

    init() { display = TestDisplay(clock: clock) }

    func desk(maxVisible: Int = 5, valueMode: HUDMode = .bar, rules: [NotificationRule] = []) -> NotificationDesk {
        let desk = NotificationDesk(display: display, clock: clock, icons: icons, style: .theme(.dark),
                                    maxVisible: maxVisible, valueMode: valueMode,
                                    settings: NotificationSettings(rules: rules))
        desk.onInvoked = { [log] in log.invoked.append($1) }
        return desk
    }

    static func value(_ percent: Int64, tag: String? = nil) -> [String: BusValue] {
        var hints: [String: BusValue] = ["value": .int(percent)]
        if let tag { hints["x-canonical-private-synchronous"] = .string(tag) }
        return hints
    }

    static func copying(_ percent: Int64, actions: [(key: String, label: String)] = []) -> Notification {
        Notification(appName: "cp", appIcon: "dialog-information", summary: "Copying files", body: "\(percent)%",
                      actions: actions, hints: value(percent), expireTimeout: 0)
    }

    @Test func theRuleOfTheOSD() {
        #expect(!Self.copying(42).isOSD(), "a value with a body is a bubble")
        #expect(Notification(summary: "Volume", hints: Self.value(40)).isOSD(), "a key's short shape")
        #expect(!Notification(summary: "Volume", actions: [("default", "Open")], hints: Self.value(40)).isOSD())
        #expect(Notification(summary: "Volume", body: "Speakers", hints: Self.value(40, tag: "volume")).isOSD())
        #expect(Notification(summary: "Muted", hints: ["x-dunst-stack-tag": .string("volume")]).isOSD())
        #expect(!Notification(summary: "Mail").isOSD())
        // The value is read from the desk's hints.
        let progress = Notification(summary: "Level", hints: ["x-progress": .int(40)])
        #expect(!progress.isOSD() && progress.isOSD(valueHints: ["x-progress"]))
        var forced = Self.copying(42)
        forced.ruleOSD = true
        #expect(forced.isOSD())
        var volume = Notification(summary: "Volume", hints: Self.value(40, tag: "volume"))
        volume.ruleOSD = false
        #expect(!volume.isOSD())
    }

    @Test func aDownloadsProgressIsABubbleWithItsPictureTextButtonsAndABar() throws {
        // The command line's ring is the OSD's: a bubble's value is always a bar under its text.
        let desk = desk(valueMode: .annular)
        desk.show(1, Self.copying(42, actions: [("cancel", "Cancel")]))
        let hud = try #require(display.hud("notification-1"))
        #expect(hud.style.bubble != nil && hud.style.position == .topRight)
        #expect(hud.posted.last?.mode == .bar && hud.posted.last?.progress == 0.42)
        #expect(hud.posted.last?.label == "Copying files" && hud.posted.last?.details == "42%")
        #expect(hud.picture == .icon(.info) && hud.actions == ["Cancel"])
        // Updates of the same notification go to the same HUD, which eases its bar (the scene's `setProgress`).
        for percent in [50, 61, 77] as [Int64] {
            var n = Self.copying(percent, actions: [("cancel", "Cancel")])
            n.replacesID = 1
            desk.show(1, n)
        }
        #expect(display.made.count == 1 && hud.posted.last?.progress == 0.77 && hud.posted.last?.details == "77%")
        // It takes clicks as any bubble does: its buttons, and the bezel (dismissed, reason 2).
        #expect(hud.clickAction(0) && invoked == ["cancel"])
        desk.show(2, Self.copying(10))
        #expect(try #require(display.hud("notification-2")).clickBezel())
    }

    @Test func aVolumeKeysValueIsStillTheOSDAndLetsClicksThrough() throws {
        let desk = desk()
        desk.show(1, Notification(summary: "Volume", hints: Self.value(40)))
        let osd = try #require(display.hud("notification-1"))
        #expect(osd.style.bubble == nil && osd.posted.last?.mode == .bar && osd.posted.last?.progress == 0.4)
        #expect(!osd.clickBezel())
        // A held key: ten presses with the synchronous tag (the server gives each the id of the first), one HUD,
        // the centre's.
        for percent in stride(from: 40, to: 90, by: 5) {
            desk.show(10, Notification(appName: "keys", summary: "Volume",
                                       hints: Self.value(Int64(percent), tag: "volume")))
        }
        let held = display.made.filter { $0.name == "keys:volume" }
        #expect(held.count == 1 && held[0].style.bubble == nil && held[0].posted.last?.progress == 0.85)
        #expect(held[0].posted.count == 10)
    }

    @Test func aRuleForcesTheOSDOrTheBubbleTheLastOneSaying() throws {
        let rules = [
            NotificationRule(globs: [.appName: "rsync"], osd: true),
            NotificationRule(globs: [.appName: "keys"], osd: false),
            NotificationRule(globs: [.summary: "Brightness"], osd: true),
            NotificationRule(globs: [.summary: "Brightness"], osd: false),
            // Says nothing of it: the earlier rule's word stands.
            NotificationRule(globs: [.appName: "rsync"], skipHistory: true),
        ]
        let desk = desk(rules: rules)
        desk.show(1, Notification(appName: "rsync", summary: "Backup", body: "42%", hints: Self.value(42)))
        desk.show(2, Notification(appName: "keys", summary: "Volume", hints: Self.value(40, tag: "volume")))
        desk.show(3, Notification(appName: "other", summary: "Brightness", hints: Self.value(70)))
        let rsync = try #require(display.hud("notification-1"))
        #expect(rsync.style.bubble == nil && rsync.posted.last?.mode == .bar && !rsync.clickBezel())
        let keys = try #require(display.hud("keys:volume"))
        #expect(keys.style.bubble != nil && keys.posted.last?.progress == 0.4 && keys.clickBezel())
        #expect(try #require(display.hud("notification-3")).style.bubble != nil)
        #expect(desk.notification(1)?.ruleOSD == true)
    }

    @Test func aProgressBubbleTakesAPlaceWaitsOverFullscreenAndIsNeverStacked() {
        let desk = desk(maxVisible: 1)
        desk.show(1, Notification(summary: "Mail", expireTimeout: 0))
        desk.show(2, Self.copying(42))
        desk.show(3, Notification(summary: "Volume", hints: Self.value(40), expireTimeout: 0))
        #expect(desk.queued == [2] && display.onScreen == ["notification-1", "notification-3"])
        let wide = self.desk(maxVisible: 5)
        display.isFullscreen = true
        wide.show(10, Self.copying(42))
        wide.show(11, Notification(summary: "Volume", hints: Self.value(40), expireTimeout: 0))
        #expect(wide.queued == [10] && display.onScreen.contains("notification-11"))
        display.isFullscreen = false
        // Two copies with the same text each keep their own bar: a stack's count would stand for two values.
        wide.show(12, Self.copying(42))
        #expect(display.onScreen.contains("notification-10") && display.onScreen.contains("notification-12"))
        #expect(display.hud("notification-12")?.stackCount == 1)
    }
}
