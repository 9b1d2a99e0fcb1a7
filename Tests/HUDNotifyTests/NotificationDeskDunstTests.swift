import HUDBus
import HUDConfig
import HUDLoop
import HUDNotify
import HUDScene
import Testing

/// Issue 39 item 3's desk logic on the ManualLoop: dunst's displayed order, the newest closed, the context menu's
/// lines and the pick acted on, rules turned off and on by name, and the history taken apart by id.
extension NotificationDeskTests {
    @Test func dunstsOrderIsTheMostUrgentThenTheOldestAndCloseTakesTheNewest() {
        let desk = desk(maxVisible: 5)
        desk.show(1, Notification(summary: "a", expireTimeout: 0))
        desk.show(2, Notification(summary: "b", hints: Self.critical, expireTimeout: 0))
        desk.show(3, Notification(summary: "c", expireTimeout: 0))
        desk.show(4, Notification(summary: "d", hints: Self.low, expireTimeout: 0))
        #expect(desk.displayedInDunstOrder == [2, 1, 3, 4])
        #expect(desk.shownNewestFirst == [4, 3, 2, 1])
        #expect(desk.closeNewest() == 4)
        // A hiding one is no longer shown: the next close takes the one before it.
        #expect(desk.shownNewestFirst == [3, 2, 1] && desk.closeNewest() == 3)
        clock.advance(by: TestHUD.hideTime)
        #expect(log.closed.map(\.id).sorted() == [3, 4] && log.closed.allSatisfy { $0.reason == .dismissed })
    }

    @Test func theMenuListsEachActionAsDunstDoesAndItsPickIsSaidWithoutClosing() {
        let desk = desk(maxVisible: 5)
        desk.show(1, Notification(summary: "Mail", actions: [("reply", "Reply"), ("default", "Open")],
                                  expireTimeout: 0))
        desk.show(2, Notification(summary: "Plain", expireTimeout: 0))
        desk.show(3, Notification(summary: "Update", actions: [("install", "Install")], expireTimeout: 0))
        #expect(desk.menuLines == ["#Install (Update) [3,install]", "#Reply (Mail) [1,reply]",
                                   "#Open (Mail) [1,default]"])
        let picked = desk.invokeMenuLine("#Reply (Mail) [1,reply]\n")
        #expect(picked?.id == 1 && picked?.key == "reply")
        #expect(log.invoked.map(\.id) == [1] && log.invoked.map(\.action) == ["reply"])
        #expect(desk.shownNewestFirst.contains(1), "as in dunst, the menu's action leaves it open")
        // A line naming no action shown, or no notification, is nothing.
        #expect(desk.invokeMenuLine("#Reply (Mail) [1,delete]") == nil)
        #expect(desk.invokeMenuLine("#X (Y) [9,reply]") == nil && desk.invokeMenuLine("https://example.org") == nil)
        #expect(log.invoked.count == 1)
    }

    @Test func aNamedRuleIsTurnedOffAndOnAndAnUnknownNameIsRefused() {
        var mute = NotificationRule(globs: [.appName: "spotify"], skipDisplay: true)
        mute.name = "mute"
        var quiet = NotificationRule(globs: [.appName: "chat"], skipDisplay: true)
        quiet.name = "quiet"
        quiet.enabled = false
        let desk = desk(settings: NotificationSettings(rules: [mute, quiet]))
        #expect(desk.namedRules.map(\.name) == ["mute", "quiet"] && desk.namedRules.map(\.enabled) == [true, false])
        desk.show(1, Notification(appName: "spotify", summary: "song", expireTimeout: 0))
        desk.show(2, Notification(appName: "chat", summary: "hi", expireTimeout: 0))
        #expect(!display.onScreen.contains("notification-1") && display.onScreen.contains("notification-2"))
        #expect(desk.setRule("mute", enabled: false) && desk.setRule("quiet", enabled: nil))
        desk.show(3, Notification(appName: "spotify", summary: "song", expireTimeout: 0))
        desk.show(4, Notification(appName: "chat", summary: "hi", expireTimeout: 0))
        #expect(display.onScreen.contains("notification-3") && !display.onScreen.contains("notification-4"))
        #expect(!desk.setRule("nope", enabled: true))
    }

    @Test func theHistoryIsPoppedRemovedAndClearedById() {
        let desk = desk(maxVisible: 5)
        var next: UInt32 = 10
        desk.reopen = { _ in next += 1; return next }
        for id in UInt32(1)...3 { desk.show(id, Notification(summary: "n\(id)", expireTimeout: 0)) }
        desk.closeAll(reason: .dismissed)
        clock.advance(by: TestHUD.hideTime)
        #expect(Set(desk.closed.map(\.id)) == [1, 2, 3])
        #expect(desk.popHistory(id: 2) == 11 && desk.notification(11)?.summary == "n2")
        #expect(desk.popHistory(id: 2) == nil, "taken out of the history")
        #expect(desk.removeFromHistory(1) && !desk.removeFromHistory(1))
        #expect(desk.closed.map(\.id) == [3])
        #expect(desk.clearHistory() == 1 && desk.closed.isEmpty)
    }
}
