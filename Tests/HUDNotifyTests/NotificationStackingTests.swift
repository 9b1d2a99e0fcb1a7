import HUDConfig
import HUDBus
import HUDLoop
import ProgressFeed
import HUDNotify
import Testing

/// Issue 31: duplicates from one application stacked into one bubble with a count, every id closed as itself.
extension NotificationDeskTests {
    func failed(_ app: String = "make", body: String = "exit 2") -> Notification {
        Notification(appName: app, summary: "Build failed", body: body, expireTimeout: 5000)
    }

    @Test func threeDuplicatesAreOneBubbleWithACountAndTheirTimeStartsAgain() throws {
        let desk = desk()
        desk.show(1, failed())
        clock.advance(by: 4)
        desk.show(2, failed())
        desk.show(3, failed())
        #expect(display.made.count == 1 && desk.visibleCount == 1)
        let hud = try #require(display.hud("notification-1"))
        #expect(hud.labels == ["Build failed", "Build failed ×2", "Build failed ×3"])
        #expect(hud.stackCount == 3)
        // 5 s from the third, not the first.
        #expect(reasons(after: 4.9 - TestHUD.hideTime).isEmpty)
        #expect(reasons(after: 0.2) == [1: 1, 2: 1, 3: 1])
        #expect(desk.counts.history == 1, "one record for the stack")
    }

    @Test func onlyTheSameAgainFromTheSameApplicationStacks() {
        let desk = desk(maxVisible: 10)
        desk.show(1, failed())
        desk.show(2, failed("ninja"))
        desk.show(3, failed(body: "exit 1"))
        var replacing = failed()
        replacing.replacesID = 1
        desk.show(4, replacing)
        desk.show(5, Notification(appName: "make", summary: "Build failed", body: "exit 2",
                                  hints: ["urgency": .int(2)]))
        desk.show(6, Notification(appName: "make", summary: "Build failed", body: "exit 2",
                                  hints: ["value": .int(40)]))
        desk.show(7, Notification(appName: "make", summary: "Build failed", body: "exit 2",
                                  hints: ["image-data": .image(BusImage(width: 1, height: 1, rowstride: 4,
                                                                        hasAlpha: true, bitsPerSample: 8,
                                                                        channels: 4, data: [0, 0, 0, 255]))]))
        desk.show(8, failed())
        #expect(display.made.count == 7, "\(display.made.map(\.name))")
        // 4 came as a replacement (of an id not open) and did not join 1, but the next one alike joins it.
        #expect(display.hud("notification-4")?.labels.last == "Build failed ×2")
        #expect(display.hud("notification-1")?.labels.last == "Build failed")
        #expect(display.hud("notification-7")?.labels.last == "Build failed")
    }

    @Test func closingOneIdOfAStackTakesItOutAlone() throws {
        let desk = desk()
        for id in UInt32(1)...3 { desk.show(id, failed()) }
        let hud = try #require(display.hud("notification-1"))
        desk.close(2, reason: .closedByCall)
        #expect(log.closed.map(\.id) == [2] && log.closed.last?.reason == .closedByCall)
        #expect(hud.labels.last == "Build failed ×2" && !hud.isHiding)
        // The id the stack is kept under goes too: the stack goes on as 3, clicks and all.
        desk.close(1, reason: .closedByCall)
        #expect(log.closed.map(\.id) == [2, 1] && hud.labels.last == "Build failed" && !hud.isHiding)
        #expect(desk.notification(3)?.summary == "Build failed" && desk.notification(1) == nil)
        desk.show(4, failed())
        #expect(display.made.count == 1 && hud.labels.last == "Build failed ×2")
        #expect(hud.clickBezel())
        clock.advance(by: TestHUD.hideTime)
        #expect(log.closed.map(\.id) == [2, 1, 3, 4] && log.closed.last?.reason == .dismissed)
        #expect(clock.pendingTimers == 0)
    }

    @Test func closingTheFirstIdOfAStackOnItsWayOutStillFreesItsPlace() {
        let desk = desk(maxVisible: 1)
        desk.show(1, failed())
        desk.show(2, failed())
        desk.show(3, Notification(summary: "next", expireTimeout: 0))
        clock.advance(by: 5)
        #expect(display.hud("notification-1")?.isHiding == true)
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(log.closed.map(\.id) == [1, 2] && log.closed.map(\.reason) == [.closedByCall, .expired])
        #expect(display.onScreen == ["notification-3"])
    }

    @Test func theTimeoutOfARekeyedStackKeepsItsDeadline() {
        let desk = desk()
        desk.show(1, failed())
        desk.show(2, failed())
        clock.advance(by: 3)
        desk.close(1, reason: .closedByCall)
        #expect(reasons(after: 2 - TestHUD.hideTime - 0.01)[2] == nil)
        #expect(reasons(after: 0.02)[2] == 1)
    }

    @Test func aReplacementOfOneIdOfAStackShowsItAsItself() {
        let desk = desk()
        desk.show(1, failed())
        desk.show(2, failed())
        var fixed = Notification(appName: "make", replacesID: 2, summary: "Build fixed")
        fixed.replacesID = 2
        desk.show(2, fixed)
        #expect(display.made.map(\.name) == ["notification-1", "notification-2"])
        #expect(display.hud("notification-1")?.labels.last == "Build failed")
        #expect(display.hud("notification-2")?.posted.last?.label == "Build fixed")
        #expect(log.closed.isEmpty)
    }

    @Test func aWaitingNotificationTakesDuplicatesAndShowsTheirCount() {
        let desk = desk(maxVisible: 1)
        desk.show(1, Notification(summary: "first", expireTimeout: 0))
        desk.show(2, failed())
        desk.show(3, failed())
        #expect(desk.queued == [2] && display.waitingCounts.last == 1)
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.hud("notification-2")?.labels.last == "Build failed ×2")
    }

    @Test func anActionOnAStackIsSaidOfItsNewestIdAndClosesThemAll() throws {
        let desk = desk()
        let n = Notification(appName: "mail", summary: "New mail", actions: [("open", "Open")])
        for id in UInt32(1)...3 { desk.show(id, n) }
        let hud = try #require(display.hud("notification-1"))
        #expect(hud.clickAction(0))
        clock.advance(by: TestHUD.hideTime)
        #expect(log.invoked.map(\.id) == [3] && log.invoked.first?.action == "open")
        #expect(Set(log.closed.map(\.id)) == [1, 2, 3] && log.closed.allSatisfy { $0.reason == .dismissed })
    }
}

extension NotificationDeskTests {
    @Test func aRuleSkippingTheScreenForAReplacementOfOneIdOfAStackClosesThatOneOnly() throws {
        let rule = NotificationRule(globs: [.summary: "Skipped"], skipDisplay: true)
        let desk = desk(settings: NotificationSettings(rules: [rule]))
        for id in UInt32(1)...3 { desk.show(id, failed()) }
        var skipped = Notification(appName: "make", replacesID: 2, summary: "Skipped")
        skipped.replacesID = 2
        desk.show(2, skipped)
        #expect(log.closed.map(\.id) == [2] && log.closed.first?.reason == .expired)
        let hud = try #require(display.hud("notification-1"))
        #expect(hud.labels.last == "Build failed ×2" && !hud.isHiding)
    }
}
