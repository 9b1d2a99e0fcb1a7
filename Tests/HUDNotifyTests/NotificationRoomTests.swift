import HUDBus
import HUDLoop
import HUDNotify
import HUDScene
import Testing

/// Issue 31: a column taller than the screen never overlaps; what does not fit waits, counted in the pill.
extension NotificationDeskTests {
    @Test func aBubbleThatWouldNotFitWaitsUntilThereIsRoom() {
        // Bubbles of 124 points (five lines), the pill 44, 20-point margins and 10-point gaps in 420 points: two fit.
        display.room = 420
        let desk = desk()
        for id in UInt32(1)...3 { desk.show(id, Notification(summary: "n\(id)", body: "a\nb\nc\nd", expireTimeout: 0)) }
        #expect(display.onScreen == ["notification-1", "notification-2"] && desk.queued == [3])
        #expect(display.more == "1 more")
        // A short one fits where a long one does not, but waits its turn behind it (the order stands).
        desk.show(4, Notification(summary: "short", expireTimeout: 0))
        #expect(desk.queued == [3, 4])
        // An OSD is not in the column.
        desk.show(5, Notification(summary: "Volume", hints: ["value": .int(40)], expireTimeout: 0))
        #expect(display.onScreen.contains("notification-5"))
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        // 3 takes the place, and the short one fits under it now.
        #expect(display.onScreen == ["notification-2", "notification-5", "notification-3", "notification-4"],
                "\(display.onScreen)")
        #expect(desk.queued.isEmpty && display.more == nil)
    }

    /// A replacement that makes a shown bubble taller keeps it in its place, its body cut to what fits.
    @Test func aReplacementThatGrowsABubbleCutsItsBodyToTheRoomLeft() {
        // 240 points: margins 40, the first bubble 64 and a gap, the pill 44 and a gap leave 72: two lines.
        display.room = 240
        let desk = desk()
        desk.show(1, Notification(summary: "n1", body: "a", expireTimeout: 0))
        desk.show(2, Notification(summary: "n2", body: "b", expireTimeout: 0))
        #expect(display.onScreen == ["notification-1", "notification-2"])
        desk.show(2, Notification(replacesID: 2, summary: "n2", body: "a\nb\nc\nd", expireTimeout: 0))
        #expect(display.onScreen == ["notification-1", "notification-2"])
        #expect(display.hud("notification-2")?.style.bubble?.bodyLines == 1)
        // Alone, it gets its lines back when it is shown again.
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        desk.show(2, Notification(replacesID: 2, summary: "n2", body: "a\nb\nc\nd", expireTimeout: 0))
        #expect(display.hud("notification-2")?.style.bubble?.bodyLines == 5)
    }

    @Test func oneBubbleAloneAlwaysShows() {
        display.room = 100
        let desk = desk()
        desk.show(1, Notification(summary: "tall", body: "a\nb\nc\nd\ne\nf", expireTimeout: 0))
        #expect(display.onScreen == ["notification-1"])
    }
}
