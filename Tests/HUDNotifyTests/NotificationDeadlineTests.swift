import HUDLoop
import HUDNotify
import HUDScene
import Testing

/// The desk's time as one deadline (dunst's queues.c): `update(now:)` decides what expires and when a pause ends,
/// `nextDeadline` says when to call it again, and one timer on the clock calls it, however many are shown.
@MainActor struct NotificationDeadlineTests {
    let clock = ManualLoop()
    let display: TestDisplay
    let icons = IconLookup(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"])

    init() { display = TestDisplay(clock: clock) }

    func desk() -> NotificationDesk {
        NotificationDesk(display: display, clock: clock, icons: icons, style: .theme(.dark), maxVisible: 5)
    }

    /// Notification `id`, shown for `seconds`.
    func show(_ desk: NotificationDesk, _ id: UInt32, for seconds: Int32) {
        desk.show(id, Notification(summary: "n\(id)", expireTimeout: seconds * 1000))
    }

    @Test func oneTimerForEveryNotificationShownSetForTheEarliestExpiry() {
        let desk = desk()
        show(desk, 1, for: 20)
        show(desk, 2, for: 5)
        show(desk, 3, for: 12)
        #expect(desk.nextDeadline == 5)
        #expect(clock.pendingTimers == 1)
        clock.advance(by: 5)
        #expect(display.hud("notification-2")?.isHiding == true)
        #expect(display.hud("notification-3")?.isHiding == false)
        #expect(desk.nextDeadline == 12)
        // The desk's timer and the hiding HUD's.
        #expect(clock.pendingTimers == 2)
    }

    @Test func updateDecidesFromTheTimeItIsGivenAlone() {
        let desk = desk()
        show(desk, 1, for: 4)
        show(desk, 2, for: 9)
        show(desk, 3, for: 4)
        // The clock has not moved: what expires is decided by `now` alone.
        desk.update(now: 4)
        #expect(display.hud("notification-1")?.isHiding == true)
        #expect(display.hud("notification-3")?.isHiding == true)
        #expect(display.hud("notification-2")?.isHiding == false)
        #expect(desk.nextDeadline == 9)
        desk.update(now: 8.9)
        #expect(display.hud("notification-2")?.isHiding == false)
    }

    @Test func aReplacementMovesTheDeadline() {
        let desk = desk()
        show(desk, 1, for: 5)
        clock.advance(by: 3)
        show(desk, 1, for: 5)
        #expect(desk.nextDeadline == 8)
        #expect(clock.pendingTimers == 1)
        clock.advance(by: 4.9)
        #expect(display.hud("notification-1")?.isHiding == false)
        clock.advance(by: 0.1)
        #expect(display.hud("notification-1")?.isHiding == true)
    }

    @Test func theEndOfATimedPauseIsADeadlineToo() {
        let desk = desk()
        desk.pause(for: 30)
        #expect(desk.nextDeadline == 30)
        show(desk, 1, for: 5)
        // It waits: no expiry until it shows.
        #expect(desk.queued == [1])
        #expect(desk.nextDeadline == 30)
        clock.advance(by: 30)
        #expect(!desk.isPaused)
        #expect(display.onScreen == ["notification-1"])
        #expect(desk.nextDeadline == 35)
        #expect(clock.pendingTimers == 1)
    }

    @Test func nothingToWaitForSetsNoTimer() {
        let desk = desk()
        show(desk, 1, for: 0)
        #expect(desk.nextDeadline == nil)
        #expect(clock.pendingTimers == 0)
        desk.close(1, reason: .closedByCall)
        show(desk, 2, for: 3)
        desk.close(2, reason: .closedByCall)
        #expect(desk.nextDeadline == nil)
        // Only the hiding HUDs' timers.
        clock.advance(by: 60)
        #expect(clock.pendingTimers == 0)
    }
}
