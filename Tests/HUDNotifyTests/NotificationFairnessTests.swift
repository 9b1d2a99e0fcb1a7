import HUDBus
import HUDLoop
import HUDNotify
import Testing

/// Issue 31: one application's flood cannot delay another application's notification by more than a second.
extension NotificationDeskTests {
    func from(_ app: String, _ n: Int) -> Notification { Notification(appName: app, summary: "\(app) \(n)") }

    @Test func afterAFloodOf5000FromOneApplicationAnotherShowsWithinASecond() throws {
        let desk = desk()
        for i in 1...5000 { desk.show(UInt32(i), from("flood", i)) }
        #expect(display.onScreen.count == 5 && desk.queued.count == NotificationDesk.queueLimit)
        desk.show(5001, from("mail", 1))
        clock.advance(by: 1)
        #expect(display.onScreen.contains("notification-5001"), "\(display.onScreen)")
        // The flood's oldest shown one gave its place (expired early); the flood dropped its own, never mail's.
        #expect(!log.closed.contains { $0.id == 5001 })
        #expect(log.closed.filter { $0.id <= 5 }.count == 1, "one place given up: \(log.closed.filter { $0.id <= 5 })")
    }

    @Test func theWaitingOnesAreTakenInARoundByApplication() {
        let desk = desk(maxVisible: 2)
        for i in 1...2 { desk.show(UInt32(i), from("a", i)) }
        for i in 3...6 { desk.show(UInt32(i), from("a", i)) }
        desk.show(7, from("b", 1))
        desk.show(8, from("b", 2))
        // b's first took a place from a (two more than b's none); b's second waits, as b and a now hold one each.
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen == ["notification-2", "notification-7"], "\(display.onScreen)")
        // The next place goes to b again, which holds none now while a holds one, though a's 3 is older.
        desk.close(7, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen == ["notification-2", "notification-8"], "b holds none now: \(display.onScreen)")
    }

    @Test func neverAPlaceFromAnotherApplicationsCriticalNeverExpiringOrHoveredOnes() throws {
        let desk = desk(maxVisible: 3)
        desk.show(1, Notification(appName: "a", summary: "critical", hints: Self.critical))
        desk.show(2, Notification(appName: "a", summary: "stays", expireTimeout: 0))
        desk.show(3, from("a", 3))
        try #require(display.hud("notification-3")).hovered?(true)
        desk.show(4, from("b", 1))
        clock.advance(by: 60)
        #expect(display.onScreen == ["notification-1", "notification-2", "notification-3"])
        #expect(desk.queued == [4] && log.closed.isEmpty)
    }

    @Test func aFloodDropsItsOwnWaitingOnes() {
        let desk = desk(maxVisible: 1)
        desk.show(1, from("b", 1))
        desk.show(2, from("b", 2))
        for i in 3...200 { desk.show(UInt32(i), from("flood", i)) }
        #expect(desk.queued.contains(2) && desk.queued.count == NotificationDesk.queueLimit)
        #expect(log.closed.allSatisfy { $0.id > 2 })
    }

    @Test func anOSDShownIsNoPlaceItsApplicationHolds() {
        let desk = desk(maxVisible: 2)
        desk.show(1, Notification(appName: "a", summary: "Volume", hints: ["synchronous": .string("volume")]))
        desk.show(2, from("a", 2))
        desk.show(3, from("c", 1))
        desk.show(4, from("b", 1))
        clock.advance(by: 1)
        // a holds one place of the column, as c does: not two ahead of b, so none is given up.
        #expect(desk.queued == [4] && log.closed.isEmpty, "\(log.closed)")
    }
}
