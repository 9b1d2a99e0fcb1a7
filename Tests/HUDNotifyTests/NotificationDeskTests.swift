import HUDBus
import HUDConfig
import HUDLoop
import HUDNotify
import HUDScene
import ProgressFeed
import Testing

/// The desk on a ManualLoop with a display of the test's own: expiry, replacement, the queue and the close reasons,
/// without X, a bus or waiting.
@MainActor struct NotificationDeskTests {
    let clock = ManualLoop()
    let display: TestDisplay
    let icons = IconLookup(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"])
    /// What the desk reported, in order.
    let log = Log()

    @MainActor final class Log {
        var closed: [(id: UInt32, reason: NotificationServer.CloseReason)] = []
        var invoked: [(id: UInt32, action: String)] = []
        var warnings: [String] = []
    }

    init() { display = TestDisplay(clock: clock) }

    func desk(maxVisible: Int = 5, timeout: Double? = nil, settings: NotificationSettings = NotificationSettings())
        -> NotificationDesk
    {
        let desk = NotificationDesk(display: display, clock: clock, icons: icons, style: .theme(.dark),
                                    maxVisible: maxVisible, timeout: timeout, settings: settings)
        desk.onClosed = { [log] in log.closed.append(($0, $1)) }
        desk.onInvoked = { [log] in log.invoked.append(($0, $1)) }
        desk.onWarning = { [log] in log.warnings.append($0) }
        return desk
    }

    /// After `seconds` more, and the hide that may start then: what closed.
    func reasons(after seconds: Double) -> [UInt32: UInt32] {
        clock.advance(by: seconds)
        clock.advance(by: TestHUD.hideTime)
        return Dictionary(log.closed.map { ($0.id, $0.reason.rawValue) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func inABurstBubblesGoAtOnceALoneOneFades() throws {
        // Issue 51: ten a second, each for 0.8 s: every bubble leaves within a glide of the column's last change.
        let desk = desk(maxVisible: 20)
        for id in UInt32(1)...10 {
            desk.show(id, Notification(summary: "Backup done", body: "#\(id)", expireTimeout: 800))
            clock.advance(by: 0.1)
        }
        clock.advance(by: 2)
        let burst = (1...10).compactMap { display.hud("notification-\($0)") }
        #expect(burst.count == 10 && burst.allSatisfy { $0.hides == [false] }, "\(burst.map(\.hides))")
        #expect(log.closed.count == 10 && log.closed.allSatisfy { $0.reason == .expired })
        // One alone fades out.
        desk.show(11, Notification(summary: "Backup done", expireTimeout: 800))
        clock.advance(by: 0.81)
        #expect(try #require(display.hud("notification-11")).hides == [true])
    }

    @Test func aNotificationExpiresAfterItsReadingTimeAndNotBefore() throws {
        let desk = desk()
        let n = Notification(summary: "Backup done", body: "412 files in 3 folders")
        let reading = NotificationDesk.readingTime(summary: n.summary, body: n.body)
        desk.show(1, n)
        let hud = try #require(display.hud("notification-1"))
        #expect(hud.isOnScreen && hud.posted.last?.label == "Backup done")
        clock.advance(by: reading - 0.01)
        #expect(!hud.isHiding, "hidden before its reading time of \(reading) s")
        clock.advance(by: 0.02)
        #expect(hud.isHiding)
        clock.advance(by: TestHUD.hideTime)
        #expect(!hud.isOnScreen)
        #expect(log.closed.map(\.id) == [1] && log.closed.first?.reason == .expired)
        #expect(display.released == ["notification-1"])
    }

    @Test func aCriticalNotificationStaysUntilClosedUnlessATimeIsGiven() {
        let critical: [String: BusValue] = ["urgency": .int(2)]
        let configured = NotificationSettings(urgency: [.critical: .init(timeout: 4)])
        let plain = desk()
        plain.show(1, Notification(summary: "Disk full", hints: critical))
        #expect(reasons(after: 3600).isEmpty)
        #expect(display.onScreen == ["notification-1"])
        #expect(clock.pendingTimers == 0)

        let timed = desk(settings: configured)
        timed.show(2, Notification(summary: "Disk full", hints: critical))
        #expect(reasons(after: 3.9 - TestHUD.hideTime)[2] == nil)
        #expect(reasons(after: 0.1)[2] == 1)
        // expire_timeout beats the urgency's time.
        timed.show(3, Notification(summary: "Disk full", hints: critical, expireTimeout: 1000))
        #expect(reasons(after: 1)[3] == 1)
    }

    @Test(arguments: [(Int32(1500), 1.5), (0, nil), (-1, 3)] as [(Int32, Double?)])
    func expireTimeoutIsHonoured(milliseconds: Int32, seconds: Double?) {
        // 3 s: the server's time for those that leave it to the server (`--timeout 3`).
        let desk = desk(timeout: 3)
        desk.show(7, Notification(summary: "Hello", expireTimeout: milliseconds))
        clock.advance(by: (seconds ?? 60) - 0.001)
        #expect(display.hud("notification-7")?.isHiding == false)
        #expect(reasons(after: 0.002)[7] == (seconds == nil ? nil : 1))
    }

    @Test func aReplacementRestartsItsTimerInTheSameHUD() throws {
        let desk = desk()
        desk.show(1, Notification(summary: "Volume 40", expireTimeout: 2000))
        clock.advance(by: 1.5)
        desk.show(1, Notification(summary: "Volume 45", expireTimeout: 2000))
        #expect(reasons(after: 1.5 - TestHUD.hideTime).isEmpty, "expired 2 s after the first, not the second")
        let hud = try #require(display.hud("notification-1"))
        #expect(display.made.count == 1 && hud.posted.map(\.label) == ["Volume 40", "Volume 45"])
        #expect(reasons(after: 0.5)[1] == 1)
    }

    @Test func aReplacementWhileHidingBringsTheHUDBack() throws {
        let desk = desk()
        desk.show(1, Notification(summary: "Volume 40", expireTimeout: 1000))
        clock.advance(by: 1 + TestHUD.hideTime / 2)
        let hud = try #require(display.hud("notification-1"))
        #expect(hud.isHiding)
        desk.show(1, Notification(summary: "Volume 45", expireTimeout: 1000))
        #expect(hud.isOnScreen && !hud.isHiding)
        #expect(reasons(after: 0.5).isEmpty)
    }

    @Test func atMostMaxVisibleAreShownAndTheRestWaitInOrder() {
        let desk = desk(maxVisible: 2)
        for id in UInt32(1)...4 { desk.show(id, Notification(summary: "n\(id)", expireTimeout: 0)) }
        #expect(display.onScreen == ["notification-1", "notification-2"])
        #expect(desk.queued == [3, 4])
        desk.close(2, reason: .closedByCall)
        #expect(desk.queued == [3, 4], "a place is free only once the HUD has hidden")
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen == ["notification-1", "notification-3"])
        #expect(desk.queued == [4])
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen == ["notification-3", "notification-4"])
        #expect(desk.queued.isEmpty)
        #expect(log.closed.map(\.id) == [2, 1] && log.closed.allSatisfy { $0.reason == .closedByCall })
    }

    @Test func aWaitingNotificationClosedByACallClosesAtOnce() {
        let desk = desk(maxVisible: 1)
        desk.show(1, Notification(summary: "a", expireTimeout: 0))
        desk.show(2, Notification(summary: "b", expireTimeout: 0))
        desk.close(2, reason: .closedByCall)
        #expect(log.closed.map(\.id) == [2] && log.closed.first?.reason == .closedByCall)
        #expect(desk.queued.isEmpty && display.onScreen.count == 1 && display.more == nil)
    }

    @Test func theCloseReasonsAreReported() {
        let desk = desk()
        desk.show(1, Notification(summary: "expires", expireTimeout: 500))
        desk.show(2, Notification(summary: "clicked"))
        desk.show(3, Notification(summary: "closed by a call"))
        desk.show(4, Notification(summary: "hidden by x11hud hide"))
        desk.show(5, Notification(summary: "action", actions: [("default", "Open")]))
        #expect(display.hud("notification-2")?.clickBezel() == true)
        desk.close(3, reason: .closedByCall)
        display.hud("notification-4")?.hide(animated: true)
        #expect(display.hud("notification-5")?.clickBezel() == true)
        // notify-send closes it right after the action: the user's dismissal stands.
        desk.close(5, reason: .closedByCall)
        #expect(reasons(after: 0.5) == [1: 1, 2: 2, 3: 3, 4: 3, 5: 2])
        #expect(log.invoked.map(\.id) == [5] && log.invoked.first?.action == "default")
    }

    @Test func aBarLetsClicksThroughAndAButtonInvokesItsAction() throws {
        let desk = desk()
        desk.show(1, Notification(summary: "Volume", hints: ["value": .int(40)]))
        desk.show(2, Notification(summary: "Update", actions: [("install", "Install")]))
        let bar = try #require(display.hud("notification-1"))
        #expect(!bar.clickBezel())
        #expect(bar.posted.last?.mode == .bar && bar.posted.last?.progress == 0.4)
        let button = try #require(display.hud("notification-2"))
        #expect(button.actions == ["Install"] && button.posted.last?.button == "")
        #expect(button.clickAction(0))
        #expect(log.invoked.map(\.action) == ["install"])
        #expect(reasons(after: 0)[2] == 2)
    }

    @Test func everyActionButDefaultIsAButtonOfItsOwn() throws {
        let desk = desk()
        let actions = [("reply", "Reply"), ("default", "Open"), ("markread", "Mark read"), ("delete", "Delete")]
        for id in UInt32(1)...3 {
            desk.show(id, Notification(summary: "Mail \(id)", actions: actions, expireTimeout: 0))
        }
        let hud = try #require(display.hud("notification-1"))
        #expect(hud.actions == ["Reply", "Mark read", "Delete"] && hud.buttonAction == nil)
        for (id, index) in [(1, 0), (2, 1), (3, 2)] as [(UInt32, Int)] {
            #expect(try #require(display.hud("notification-\(id)")).clickAction(index))
        }
        #expect(log.invoked.map(\.action) == ["reply", "markread", "delete"])
        #expect(log.invoked.map(\.id) == [1, 2, 3])
        #expect(reasons(after: 0) == [1: 2, 2: 2, 3: 2])
        // An OSD (a synchronous tag) is the HUD it is: its first action on the HUD's button.
        desk.show(4, Notification(appName: "keys", summary: "Volume", actions: actions,
                                  hints: ["value": .int(40), "x-canonical-private-synchronous": .string("volume")]))
        let osd = try #require(display.hud("keys:volume"))
        #expect(osd.actions.isEmpty && osd.posted.last?.button == "Reply" && osd.clickButton())
        #expect(log.invoked.last?.action == "reply")
    }

    @Test func theQueueIsLimitedOldestDroppedAsExpired() {
        let desk = desk(maxVisible: 1)
        let total = UInt32(NotificationDesk.queueLimit + 2)
        for id in UInt32(1)...total { desk.show(id, Notification(summary: "n\(id)", expireTimeout: 0)) }
        #expect(desk.queued.count == NotificationDesk.queueLimit)
        #expect(desk.queued.first == 3 && desk.queued.last == total)
        #expect(log.closed.map(\.id) == [2] && log.closed.first?.reason == .expired)
    }

    @Test func aNameShownByAnotherProcessGetsTheUpdateAndTheNotificationIsOver() {
        display.elsewhere = ["mixer:volume"]
        display.failing = ["notification-2"]
        let desk = desk()
        desk.show(1, Notification(appName: "mixer", summary: "Volume",
                                  hints: ["x-canonical-private-synchronous": .string("volume")]))
        desk.show(2, Notification(summary: "Nowhere"))
        #expect(display.forwarded.map(\.name) == ["mixer:volume"] && display.forwarded.first?.update.label == "Volume")
        #expect(display.made.isEmpty)
        #expect(log.closed.map(\.id) == [1, 2] && log.closed.allSatisfy { $0.reason == .undefined })
        #expect(log.warnings.count == 1 && log.warnings[0].contains("notification 2 cannot be shown"))
    }

    @Test func anIconNameBecomesThePictureAndAMissingOneAWarning() throws {
        let desk = desk()
        desk.show(1, Notification(appIcon: "dialog-warning", summary: "Careful"))
        desk.show(2, Notification(appIcon: "no-such-icon-anywhere", summary: "Plain"))
        let icon = try #require(display.hud("notification-1"))
        #expect(icon.picture == .icon(.warning) && icon.posted.last?.mode == .custom)
        let plain = try #require(display.hud("notification-2"))
        #expect(plain.picture == nil && plain.posted.last?.mode == .text)
        #expect(log.warnings == ["notification 2: no icon or image file 'no-such-icon-anywhere'"])
        // Issue 39 item 7: a volume key naming a missing icon warns once, not at every press.
        for id in UInt32(3)...12 {
            desk.show(id, Notification(appIcon: "/nonexistent/volume.png", summary: "Volume", expireTimeout: 0))
        }
        #expect(log.warnings.count == 2 && log.warnings[1].contains("'/nonexistent/volume.png'"), "\(log.warnings)")
    }

    // Issue 31's defects.

    static func synchronous(_ app: String, _ tag: String, _ summary: String) -> Notification {
        Notification(appName: app, summary: summary, hints: ["x-canonical-private-synchronous": .string(tag)],
                     expireTimeout: 0)
    }

    @Test func twoApplicationsWithTheSameTagHaveABubbleEachAndEachIsClosed() throws {
        let desk = desk()
        desk.show(1, Self.synchronous("mixer", "volume", "Mixer 40"))
        desk.show(2, Self.synchronous("player", "volume", "Player 70"))
        #expect(display.made.count == 2 && Set(display.made.map(\.name)).count == 2, "\(display.made.map(\.name))")
        #expect(display.made.map { $0.posted.map(\.label) } == [["Mixer 40"], ["Player 70"]])
        desk.close(1, reason: .closedByCall)
        #expect(reasons(after: 0) == [1: 3], "closing the mixer's closed \(log.closed)")
        #expect(display.made.map(\.isOnScreen) == [false, true])
        desk.close(2, reason: .closedByCall)
        #expect(reasons(after: 0) == [1: 3, 2: 3])
    }

    @Test func fivePairsSharingATagLeaveEveryPlaceFree() {
        let desk = desk(maxVisible: 5)
        for pair in UInt32(0)..<5 {
            desk.show(2 * pair + 1, Self.synchronous("mixer", "volume", "Mixer"))
            desk.show(2 * pair + 2, Self.synchronous("player", "volume", "Player"))
            desk.close(2 * pair + 1, reason: .closedByCall)
            desk.close(2 * pair + 2, reason: .closedByCall)
            clock.advance(by: TestHUD.hideTime)
        }
        #expect(log.closed.map(\.id).sorted() == Array(1...10))
        for id in UInt32(11)...15 { desk.show(id, Notification(summary: "Still shown \(id)", expireTimeout: 0)) }
        #expect(desk.queued.isEmpty, "waiting: \(desk.queued), shown: \(display.onScreen)")
        #expect(display.onScreen == (11...15).map { "notification-\($0)" })
    }

    @Test func aTagCannotTakeOverAnotherApplicationsBubble() throws {
        let desk = desk()
        desk.show(1, Notification(appName: "mail", summary: "3 new messages", expireTimeout: 0))
        desk.show(2, Self.synchronous("intruder", "notification-1", "Your password, please"))
        let mail = try #require(display.hud("notification-1"))
        #expect(mail.posted.map(\.label) == ["3 new messages"])
        #expect(display.made.count == 2)
        desk.close(2, reason: .closedByCall)
        #expect(reasons(after: 0) == [2: 3] && mail.isOnScreen)
        // Names cut to the same 64 characters: a HUD each all the same.
        let long = String(repeating: "x", count: 64)
        desk.show(3, Self.synchronous(long + "1", "t", "First"))
        desk.show(4, Self.synchronous(long + "2", "t", "Second"))
        #expect(display.hud("\(long):t")?.posted.map(\.label) == ["First"])
        #expect(display.hud("notification-4")?.posted.map(\.label) == ["Second"])
        // The application's name ends at the first colon.
        #expect(NotificationDesk.hudName(app: "a:b", tag: "c") == "a%3Ab:c")
        #expect(NotificationDesk.hudName(app: "a", tag: "b:c") == "a:b:c")
        #expect(NotificationDesk.hudName(app: "", tag: "volume\n") == ":volume")
    }

    @Test func theDefaultLifetimeIsAReadingTimeOfEightSecondsAtLeast() {
        let desk = desk()
        desk.show(1, Notification(summary: "Hello", body: "World body"))
        // 424 characters: 2 s + 0.06 s each.
        desk.show(2, Notification(summary: "Long", body: String(repeating: "A long body to read. ", count: 20)))
        #expect(reasons(after: 7.9 - TestHUD.hideTime).isEmpty, "closed before 8 s: \(log.closed)")
        #expect(reasons(after: 0.2)[1] == 1)
        #expect(reasons(after: 27.3 - 8.1 - TestHUD.hideTime)[2] == nil)
        #expect(reasons(after: 0.2)[2] == 1)
    }

    @Test func aResidentNotificationStaysWhenAnActionIsInvoked() throws {
        let desk = desk()
        let actions = [("default", "Open"), ("pause", "Pause")]
        desk.show(1, Notification(summary: "Playing", actions: actions, hints: ["resident": .bool(true)],
                                  expireTimeout: 0))
        desk.show(2, Notification(summary: "Not resident", actions: actions, expireTimeout: 0))
        let resident = try #require(display.hud("notification-1"))
        #expect(resident.clickAction(0) && resident.clickBezel())
        #expect(try #require(display.hud("notification-2")).clickAction(0))
        #expect(log.invoked.map(\.id) == [1, 1, 2] && log.invoked.map(\.action) == ["pause", "default", "pause"])
        #expect(reasons(after: 1) == [2: 2])
        #expect(resident.isOnScreen && !resident.isHiding)
        desk.close(1, reason: .closedByCall)
        #expect(reasons(after: 0)[1] == 3)
    }

    @Test func thePointerOnANotificationHoldsItsTimeoutAndLeavingStartsItAgain() throws {
        let desk = desk()
        desk.show(1, Notification(summary: "Read me", expireTimeout: 2000))
        let hud = try #require(display.hud("notification-1"))
        clock.advance(by: 1.5)
        hud.hovered?(true)
        #expect(reasons(after: 60).isEmpty, "expired under the pointer")
        #expect(clock.pendingTimers == 0)
        // A replacement while the pointer is on it does not start the time either.
        desk.show(1, Notification(summary: "Read me again", expireTimeout: 2000))
        #expect(reasons(after: 10).isEmpty)
        hud.hovered?(false)
        #expect(reasons(after: 1.9 - TestHUD.hideTime).isEmpty, "the whole 2 s again after leaving")
        #expect(reasons(after: 0.1 + TestHUD.hideTime)[1] == 1)
        // One that never expires stays so; a hovered one still closes when asked.
        desk.show(2, Notification(summary: "Stays", expireTimeout: 0))
        try #require(display.hud("notification-2")).hovered?(true)
        try #require(display.hud("notification-2")).hovered?(false)
        #expect(reasons(after: 60)[2] == nil)
        try #require(display.hud("notification-2")).hovered?(true)
        desk.close(2, reason: .closedByCall)
        #expect(reasons(after: 0)[2] == 3)
    }
}
