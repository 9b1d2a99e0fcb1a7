import HUDBus
import HUDConfig
import HUDLoop
import HUDNotify
import Testing

/// Issue 53 item 3: a pause takes the bubbles shown off the screen, as dunst's does, and brings them back on resume.
extension NotificationDeskTests {
    @Test func aPauseTakesTheBubblesShownOffAndResumeBringsThemBackInOrderWithTheirWholeTime() {
        let desk = desk(maxVisible: 2)
        desk.show(1, Notification(summary: "first", expireTimeout: 5000))
        desk.show(2, Notification(summary: "second", expireTimeout: 0))
        desk.show(3, Notification(summary: "waited already", expireTimeout: 0))
        desk.show(4, Notification(summary: "Battery low", hints: Self.critical, expireTimeout: 0))
        clock.advance(by: 4)
        desk.pause()
        clock.advance(by: TestHUD.hideTime)
        // Off the screen, ahead of the one that waited, in their order; the critical one stays.
        #expect(display.onScreen == ["notification-4"])
        #expect(desk.queued == [1, 2, 3])
        #expect(desk.displayedInDunstOrder == [4] && desk.counts.waiting == 3)
        // Nothing is said to their senders, and no time passes for them while they wait.
        clock.advance(by: 3600)
        #expect(log.closed.isEmpty && desk.closed.isEmpty)
        desk.show(5, Notification(summary: "during", expireTimeout: 0))
        #expect(desk.queued == [1, 2, 3, 5])
        desk.resume()
        // The critical one holds a place of the two: the first back takes the other.
        #expect(display.onScreen == ["notification-4", "notification-1"])
        #expect(desk.queued == [2, 3, 5])
        // Its 5 s start again, as dunst restarts a notification's time when it shows.
        clock.advance(by: 4.9)
        #expect(log.closed.isEmpty)
        clock.advance(by: 0.2 + TestHUD.hideTime)
        #expect(log.closed.map(\.id) == [1] && log.closed[0].reason == .expired)
        #expect(display.onScreen == ["notification-4", "notification-2"] && desk.queued == [3, 5])
    }

    @Test func aBubbleClosedOrReplacedWhileLeavingForAPauseIsClosedOrWaitsAsItNowIs() {
        let desk = desk()
        desk.show(1, Notification(summary: "closed on the way out", expireTimeout: 0))
        desk.show(2, Notification(summary: "old text", expireTimeout: 0))
        desk.pause()
        desk.close(1, reason: .dismissed)
        desk.show(2, Notification(summary: "new text", expireTimeout: 0))
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen.isEmpty)
        #expect(log.closed.map(\.id) == [1] && log.closed[0].reason == .dismissed)
        #expect(desk.queued == [2] && desk.notification(2)?.summary == "new text")
        // Resumed before it has hidden: it comes back once it has.
        desk.resume()
        desk.pause()
        desk.resume()
        #expect(desk.displayedInDunstOrder.isEmpty)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen == ["notification-2"] && desk.queued.isEmpty)
    }

    @Test func pausedShowsNothingTakesCriticalOnesOffToo() {
        let desk = desk(settings: NotificationSettings(pausedShows: .nothing))
        desk.show(1, Notification(summary: "Battery low", hints: Self.critical, expireTimeout: 0))
        desk.pause()
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen.isEmpty && desk.queued == [1])
        desk.resume()
        #expect(display.onScreen == ["notification-1"])
    }
}
