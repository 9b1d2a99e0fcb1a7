import HUDBus
import HUDConfig
import HUDLoop
import HUDNotify
import HUDScene
import Testing

/// Issue 39: a critical notification is never held back for a place, whatever holds the column, and stands at its
/// edge in red; OSDs, drawn in the centre, take none of the column's places.
extension NotificationDeskTests {
    static let criticalHint: [String: BusValue] = ["urgency": .int(2)]

    func never(_ app: String, _ summary: String) -> Notification {
        Notification(appName: app, summary: summary, expireTimeout: 0)
    }

    @Test func fiveNeverExpiringOnesFromFiveApplicationsDoNotHoldACriticalBack() {
        let desk = desk(maxVisible: 5)
        for i in 1...5 { desk.show(UInt32(i), never("app\(i)", "Stays \(i)")) }
        #expect(display.onScreen.count == 5)
        desk.show(6, Notification(appName: "upower", summary: "Battery critical", hints: Self.criticalHint))
        // At once: no clock has moved.
        #expect(display.onScreen.contains("notification-6"), "\(display.onScreen)")
        #expect(desk.queued.isEmpty && display.onScreen.count == 6)
        // The column grew past its limit for it and no further: an ordinary one still waits.
        desk.show(7, Notification(appName: "mail", summary: "New mail"))
        #expect(desk.queued == [7])
        // When the critical one goes, the column is at its limit again: the ordinary one waits on.
        desk.close(6, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(desk.queued == [7] && !display.onScreen.contains("notification-7"))
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen.contains("notification-7"))
    }

    @Test func aFloodingApplicationsOwnCriticalShowsAtOnce() {
        let desk = desk()
        for i in 1...300 { desk.show(UInt32(i), Notification(appName: "flood", summary: "Line \(i)")) }
        desk.show(301, Notification(appName: "flood", summary: "Disk failing", hints: Self.criticalHint))
        #expect(display.onScreen.contains("notification-301"), "\(display.onScreen)")
        #expect(!desk.queued.contains(301))
    }

    @Test func osdsTakeNoPlaceOfTheColumn() {
        let desk = desk(maxVisible: 5)
        for i in 1...5 {
            let level: [String: BusValue] = ["value": .int(Int64(10 * i))]
            desk.show(UInt32(i), Notification(appName: "keys\(i)", summary: "Level", hints: level))
        }
        #expect(display.onScreen.count == 5)
        desk.show(6, Notification(appName: "mail", summary: "New mail"))
        desk.show(7, Notification(appName: "upower", summary: "Battery critical", hints: Self.criticalHint))
        #expect(display.onScreen.contains("notification-6") && display.onScreen.contains("notification-7"),
                "\(display.onScreen)")
        #expect(desk.queued.isEmpty)
    }

    @Test func aPausedDeskStillShowsACriticalOneWhenTheColumnIsFull() {
        let desk = desk(maxVisible: 2)
        for i in 1...2 { desk.show(UInt32(i), never("app\(i)", "Stays \(i)")) }
        desk.pause()
        desk.show(3, Notification(appName: "mail", summary: "New mail"))
        desk.show(4, Notification(appName: "upower", summary: "Battery critical", hints: Self.criticalHint))
        #expect(display.onScreen.contains("notification-4") && !display.onScreen.contains("notification-3"))
        #expect(desk.queued == [3])
    }

    @Test func aCriticalBubbleIsRedAndFirstInTheColumnAndAnOSDOnlyRed() throws {
        let desk = desk()
        desk.show(1, Notification(appName: "mail", summary: "New mail"))
        desk.show(2, Notification(appName: "upower", summary: "Battery critical", hints: Self.criticalHint))
        let loud: [String: BusValue] = ["value": .int(5), "urgency": .int(2)]
        desk.show(3, Notification(appName: "keys", summary: "Volume", hints: loud))
        let ordinary = try #require(display.hud("notification-1")).style
        let critical = try #require(display.hud("notification-2")).style
        let osd = try #require(display.hud("notification-3")).style
        #expect(!ordinary.stacksFirst && critical.stacksFirst && !osd.stacksFirst)
        #expect(critical.bezelColor == NotificationLook.criticalBezel)
        #expect(critical.contentColor == NotificationLook.criticalContent)
        #expect(ordinary.bezelColor != critical.bezelColor)
        // What the config file sets for critical ones still wins.
        let look = NotificationLook(style: .theme(.dark), settings: NotificationSettings(
            urgency: [.critical: .init(bezelColor: RGBA(red: 0, green: 0, blue: 1))]))
        #expect(look.style(for: .critical, osd: false).bezelColor == RGBA(red: 0, green: 0, blue: 1))
    }
}
