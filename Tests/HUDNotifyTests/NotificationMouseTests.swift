import HUDConfig
import HUDLoop
import HUDNotify
import Testing

/// Issue 31: middle and right clicks, and what `mouse-left`, `mouse-middle` and `mouse-right` make of each button.
extension NotificationDeskTests {
    func mail(_ n: Int) -> Notification {
        Notification(appName: "mail", summary: "Mail \(n)", actions: [("reply", "Reply"), ("delete", "Delete")],
                     expireTimeout: 0)
    }

    @Test func byDefaultTheMiddleButtonDoesTheFirstActionAndTheRightClosesAll() throws {
        let desk = desk(maxVisible: 2)
        for id in UInt32(1)...3 { desk.show(id, mail(Int(id))) }
        // Left: no default action, so it closes (reason 2), invoking nothing.
        #expect(try #require(display.hud("notification-1")).click(1))
        clock.advance(by: TestHUD.hideTime)
        #expect(log.invoked.isEmpty && log.closed.map(\.id) == [1] && log.closed.last?.reason == .dismissed)
        // Middle: its first action (no default), then it closes.
        #expect(try #require(display.hud("notification-2")).click(2))
        clock.advance(by: TestHUD.hideTime)
        #expect(log.invoked.map(\.id) == [2] && log.invoked.last?.action == "reply")
        // Right: every one, shown or waiting.
        desk.show(4, mail(4))
        #expect(try #require(display.hud("notification-3")).click(3))
        clock.advance(by: TestHUD.hideTime)
        #expect(Set(log.closed.map(\.id)) == [1, 2, 3, 4] && log.closed.allSatisfy { $0.reason == .dismissed })
        #expect(desk.counts.shown == 0 && desk.counts.waiting == 0)
    }

    @Test func theButtonsDoWhatTheTableSays() throws {
        let settings = NotificationSettings(mouseLeft: NotificationSettings.MouseAction.none, mouseMiddle: .close,
                                            mouseRight: .doAction)
        let desk = desk(settings: settings)
        var withDefault = mail(1)
        withDefault.actions.append(("default", "Open"))
        desk.show(1, withDefault)
        desk.show(2, mail(2))
        let first = try #require(display.hud("notification-1"))
        #expect(first.click(1) && log.invoked.isEmpty && !first.isHiding, "left does nothing")
        #expect(first.click(3))
        #expect(log.invoked.map(\.action) == ["default"], "do-action: the default action first")
        #expect(try #require(display.hud("notification-2")).click(2))
        clock.advance(by: TestHUD.hideTime)
        #expect(log.invoked.count == 1 && Set(log.closed.map(\.id)) == [1, 2])
    }

    @Test func noButtonDoingAnythingLetsClicksThrough() {
        let none = NotificationSettings.MouseAction.none
        let desk = desk(settings: NotificationSettings(mouseLeft: none, mouseMiddle: none, mouseRight: none))
        desk.show(1, mail(1))
        #expect(display.hud("notification-1")?.click(1) == false)
    }
}
