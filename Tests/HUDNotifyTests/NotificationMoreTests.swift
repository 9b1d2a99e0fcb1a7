import HUDLoop
import HUDNotify
import HUDScene
import Testing

/// Issue 31: the "N more" pill under the column while notifications wait for a place.
extension NotificationDeskTests {
    @Test func thePillCountsWhatWaitsAndGoesAtNone() throws {
        let desk = desk(maxVisible: 2)
        #expect(display.more == nil)
        for id in UInt32(1)...5 { desk.show(id, Notification(summary: "n\(id)", expireTimeout: 0)) }
        #expect(display.more == "3 more")
        let pill = try #require(display.hud(NotificationDesk.moreName))
        #expect(pill.style.stacksLast && pill.style.bubble == nil && pill.style.position == .topRight)
        // A second apart, so that each bubble fades (in a burst they would go at once).
        for (id, left) in [(1, "2 more"), (2, "1 more")] as [(UInt32, String)] {
            clock.advance(by: 1)
            desk.close(id, reason: .closedByCall)
            clock.advance(by: TestHUD.hideTime)
            #expect(display.more == left)
        }
        clock.advance(by: 1)
        desk.close(3, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.more == nil && pill.isHiding)
        clock.advance(by: TestHUD.hideTime)
        #expect(!pill.isOnScreen && display.released.contains(NotificationDesk.moreName))
        #expect(display.onScreen == ["notification-4", "notification-5"])
        // Back when some wait again: a new pill, as the first went for good.
        desk.show(6, Notification(summary: "n6", expireTimeout: 0))
        #expect(display.more == "1 more")
    }

    @Test func aPillHiddenFromElsewhereComesBackAtOnceWhileSomeWait() throws {
        let desk = desk(maxVisible: 2)
        for id in UInt32(1)...6 { desk.show(id, Notification(summary: "n\(id)", expireTimeout: 0)) }
        // `x11hud hide --id notifications-more`: the count does not change, and the pill is back.
        try #require(display.hud(NotificationDesk.moreName)).hide(animated: true)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.more == "4 more")
        // `x11hud hide --all`, the pill's hide over first: back at once, then counting what the bubbles left.
        let shown = display.made.filter { $0.isOnScreen }
        let pill = shown.filter { $0.name == NotificationDesk.moreName }
        for hud in pill + shown.filter({ $0.name != NotificationDesk.moreName }) { hud.hide(animated: true) }
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen == ["notification-3", "notification-4"] && display.more == "2 more")
        #expect(desk.queued.count == 2)
    }

    @Test func noPillWhilePausedOrOverAFullscreenWindow() {
        let desk = desk(maxVisible: 1)
        desk.pause()
        for id in UInt32(1)...3 { desk.show(id, Notification(summary: "n\(id)", expireTimeout: 0)) }
        #expect(desk.queued.count == 3 && display.more == nil)
        desk.resume()
        #expect(display.more == "2 more")
        display.isFullscreen = true
        desk.show(4, Notification(summary: "n4", expireTimeout: 0))
        clock.advance(by: TestHUD.hideTime)
        #expect(desk.queued.count == 3 && display.more == nil)
        display.isFullscreen = false
        #expect(display.more == "3 more")
    }
}
