import HUDBus
import HUDConfig
import HUDLoop
import HUDNotify
import HUDScene
import ProgressFeed
import Testing

/// Issue 31's desk logic on the ManualLoop: the waiting order, the history, the pause, what scripts ask, and
/// pictures held at the size they are drawn at.
extension NotificationDeskTests {
    static let low: [String: BusValue] = ["urgency": .int(0)]
    static let critical: [String: BusValue] = ["urgency": .int(2)]

    @Test func aCriticalAfter200LowOnesShowsAtOnceAndOthersWaitByUrgency() {
        let desk = desk(maxVisible: 5)
        for id in UInt32(1)...200 {
            desk.show(id, Notification(summary: "low \(id)", hints: Self.low, expireTimeout: 0))
        }
        desk.show(201, Notification(summary: "Battery low", hints: Self.critical, expireTimeout: 0))
        desk.show(202, Notification(summary: "normal", expireTimeout: 0))
        // Issue 39: the critical one never waits for a place; the column grows past its limit for it.
        #expect(display.onScreen.contains("notification-201") && !desk.queued.contains(201))
        #expect(desk.queued.first == 202, "\(desk.queued.prefix(3))")
        #expect(desk.queued.count == NotificationDesk.queueLimit)
        // The low ones dropped are the oldest waiting: 6…101; 102…200 still wait.
        #expect(log.closed.map(\.id) == Array(6...100) + [101] && log.closed.allSatisfy { $0.reason == .expired })
        #expect(desk.queued.last == 200)
        // Issue 39 item 7: the dropped ones, never seen, stay out of the history, which keeps what was shown.
        #expect(desk.dropped == 96 && desk.closed.isEmpty)
        // Five in the column with the critical one: a place freed is not one more than the limit.
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(!display.onScreen.contains("notification-202"))
        desk.close(201, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen.contains("notification-202"))
        #expect(desk.closed.map(\.id) == [201, 1], "the history keeps the ones that were shown")
    }

    @Test func waitingOnesAreOrderedByUrgencyThenAgeAndCriticalOnesDoNotWait() {
        let desk = desk(maxVisible: 1)
        desk.show(1, Notification(summary: "shown", expireTimeout: 0))
        let urgencies: [[String: BusValue]] = [Self.low, [:], Self.critical, Self.low, Self.critical, [:]]
        for (i, hints) in urgencies.enumerated() {
            desk.show(UInt32(i + 2), Notification(summary: "n\(i)", hints: hints, expireTimeout: 0))
        }
        #expect(desk.queued == [3, 7, 2, 5])
        #expect(display.onScreen == ["notification-1", "notification-4", "notification-6"])
        // A replacement that raises a waiting one's urgency to critical shows it.
        desk.show(5, Notification(summary: "now critical", hints: Self.critical, expireTimeout: 0))
        #expect(desk.queued == [3, 7, 2] && display.onScreen.contains("notification-5"))
        // One raised to normal moves ahead of the low ones.
        desk.show(2, Notification(summary: "now normal", expireTimeout: 0))
        #expect(desk.queued == [3, 7, 2])
        desk.show(7, Notification(summary: "now low", hints: Self.low, expireTimeout: 0))
        #expect(desk.queued == [3, 2, 7])
        #expect(display.waitingCounts == [1, 2, 3, 4, 3])
    }

    @Test func criticalOnesAreDroppedOnlyBeyondTheirOwnLimit() {
        // Critical ones wait only while a pause holds them too (`paused-shows = "nothing"`).
        let desk = desk(maxVisible: 1, settings: NotificationSettings(pausedShows: .nothing))
        desk.pause()
        let total = UInt32(NotificationDesk.criticalQueueLimit + 2)
        for id in UInt32(1)...total {
            desk.show(id, Notification(summary: "c\(id)", hints: Self.critical, expireTimeout: 0))
        }
        #expect(desk.queued.count == NotificationDesk.criticalQueueLimit)
        #expect(log.closed.map(\.id) == [1, 2])
    }

    @Test func theDisplayIsToldHowManyWait() {
        let desk = desk(maxVisible: 1)
        for id in UInt32(1)...3 { desk.show(id, Notification(summary: "n\(id)", expireTimeout: 0)) }
        #expect(display.waitingCounts == [1, 2])
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        desk.close(3, reason: .closedByCall)
        #expect(display.waitingCounts == [1, 2, 1, 0])
    }

    // MARK: History

    @Test func closedAndExpiredOnesAreKeptNewestFirstButNotTransientOnes() throws {
        let desk = desk(settings: NotificationSettings(historyLength: 3))
        desk.show(1, Notification(appName: "mail", summary: "Expires", expireTimeout: 500))
        desk.show(2, Notification(summary: "Closed", expireTimeout: 0))
        desk.show(3, Notification(summary: "Transient", hints: ["transient": .bool(true)], expireTimeout: 0))
        desk.close(2, reason: .closedByCall)
        desk.close(3, reason: .closedByCall)
        _ = reasons(after: 0.5)
        #expect(desk.closed.map(\.id) == [1, 2], "\(desk.closed.map(\.id))")
        #expect(desk.closed.map(\.reason) == [.expired, .closedByCall])
        #expect(desk.closed.first?.notification.appName == "mail")
        for id in UInt32(4)...6 {
            desk.show(id, Notification(summary: "n\(id)", expireTimeout: 0))
            desk.close(id, reason: .dismissed)
        }
        _ = reasons(after: 0)
        #expect(desk.closed.map(\.id) == [6, 5, 4], "at most history-length")
        #expect(desk.counts.history == 3)
    }

    @Test func popShowsTheNewestClosedOneAgainUnderANewId() throws {
        let desk = desk()
        final class Reopened { var summaries: [String] = [] }
        let reopened = Reopened()
        desk.reopen = { n in
            reopened.summaries.append(n.summary)
            return 100 + UInt32(reopened.summaries.count)
        }
        #expect(desk.popHistory() == nil)
        desk.show(1, Notification(summary: "First", expireTimeout: 0))
        desk.show(2, Notification(appIcon: "dialog-warning", summary: "Second", expireTimeout: 0))
        desk.close(1, reason: .closedByCall)
        desk.close(2, reason: .dismissed)
        _ = reasons(after: 0)
        #expect(display.onScreen.isEmpty)
        #expect(desk.popHistory() == 101)
        let hud = try #require(display.hud("notification-101"))
        #expect(hud.isOnScreen && hud.posted.last?.label == "Second" && hud.picture == .icon(.warning))
        #expect(desk.closed.map(\.id) == [1])
        #expect(reopened.summaries == ["Second"])
    }

    /// Issue 39 item 4: a popped notification is there to be read, so it stays until closed (dunst's
    /// `sticky_history`), however short its own time was; `popped = "expire"` gives it that time again.
    @Test(arguments: [NotificationSettings.Popped.stay, .expire])
    func aPoppedNotificationStaysUntilClosedUnlessItShouldExpire(_ popped: NotificationSettings.Popped) throws {
        let desk = desk(settings: NotificationSettings(popped: popped))
        desk.reopen = { _ in 50 }
        desk.show(1, Notification(summary: "Brief", expireTimeout: 800))
        #expect(reasons(after: 1) == [1: 1], "expired after its 0.8 s")
        #expect(desk.popHistory() == 50)
        let closed = reasons(after: 60)
        if popped == .stay {
            let hud = try #require(display.hud("notification-50"))
            #expect(closed[50] == nil && hud.isOnScreen)
            desk.close(50, reason: .dismissed)
            #expect(reasons(after: 0)[50] == 2)
        } else {
            #expect(closed[50] == 1, "the popped one expired again: \(closed)")
        }
    }

    @Test func noHistoryWhenItsLengthIsZero() {
        let desk = desk(settings: NotificationSettings(historyLength: 0))
        desk.show(1, Notification(summary: "Gone", expireTimeout: 0))
        desk.close(1, reason: .closedByCall)
        _ = reasons(after: 0)
        #expect(desk.closed.isEmpty && desk.popHistory() == nil)
    }

    // MARK: Pause

    @Test func pausedNothingNewShowsButCriticalOnesAndResumingShowsWhatWaitedInOrder() {
        let desk = desk(maxVisible: 3)
        desk.show(1, Notification(summary: "before", expireTimeout: 0))
        desk.pause()
        #expect(desk.isPaused)
        desk.show(2, Notification(summary: "low", hints: Self.low, expireTimeout: 0))
        desk.show(3, Notification(summary: "normal", expireTimeout: 0))
        desk.show(4, Notification(summary: "critical", hints: Self.critical, expireTimeout: 0))
        clock.advance(by: TestHUD.hideTime)
        // The one shown before the pause waits again, first (issue 53 item 3).
        #expect(display.onScreen == ["notification-4"])
        #expect(desk.queued == [1, 3, 2])
        // Waiting, they do not expire: their time starts when they show.
        clock.advance(by: 3600)
        #expect(log.closed.isEmpty)
        desk.resume()
        #expect(display.onScreen == ["notification-4", "notification-1", "notification-3"])
        #expect(desk.queued == [2])
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen == ["notification-4", "notification-3", "notification-2"])
    }

    @Test func aPauseWithADurationEndsByItself() {
        let desk = desk()
        desk.pause(for: 60)
        #expect(desk.pauseLeft == 60)
        desk.show(1, Notification(summary: "waits", expireTimeout: 0))
        clock.advance(by: 59.9)
        #expect(display.onScreen.isEmpty && desk.isPaused)
        #expect(abs((desk.pauseLeft ?? 0) - 0.1) < 1e-6)
        clock.advance(by: 0.2)
        #expect(!desk.isPaused && desk.pauseLeft == nil)
        #expect(display.onScreen == ["notification-1"])
        // Paused again without a duration: until resumed.
        desk.pause(for: 5)
        desk.pause()
        clock.advance(by: 10)
        #expect(desk.isPaused && desk.pauseLeft == nil)
    }

    @Test func pausedShowsNothingHoldsCriticalOnesToo() {
        let desk = desk(settings: NotificationSettings(pausedShows: .nothing))
        desk.pause()
        desk.show(1, Notification(summary: "critical", hints: Self.critical, expireTimeout: 0))
        #expect(display.onScreen.isEmpty && desk.queued == [1])
        desk.resume()
        #expect(display.onScreen == ["notification-1"])
    }

    @Test func overAFullscreenWindowOnlyCriticalOnesAndValuesShow() {
        let desk = desk()
        display.isFullscreen = true
        desk.show(1, Notification(summary: "mail", expireTimeout: 0))
        desk.show(2, Notification(summary: "Volume", hints: ["value": .int(40)], expireTimeout: 0))
        desk.show(3, Notification(summary: "Battery", hints: Self.critical, expireTimeout: 0))
        #expect(display.onScreen == ["notification-2", "notification-3"])
        #expect(desk.queued == [1])
        display.isFullscreen = false
        #expect(display.onScreen == ["notification-2", "notification-3", "notification-1"])
    }

    // MARK: What scripts ask

    @Test func closeAllClosesShownAndWaitingOnesAsDismissed() {
        let desk = desk(maxVisible: 2)
        for id in UInt32(1)...4 { desk.show(id, Notification(summary: "n\(id)", expireTimeout: 0)) }
        #expect(desk.counts == (2, 2, 0))
        #expect(desk.closeAll(reason: .dismissed) == 4)
        #expect(reasons(after: 0) == [1: 2, 2: 2, 3: 2, 4: 2])
        #expect(display.onScreen.isEmpty && desk.queued.isEmpty, "a waiting one took a freed place")
        #expect(desk.counts == (0, 0, 4))
    }

    @Test func anActionIsInvokedByIdAndKey() throws {
        let desk = desk()
        desk.show(1, Notification(summary: "Mail", actions: [("default", "Open"), ("reply", "Reply")],
                                  expireTimeout: 0))
        desk.show(2, Notification(summary: "Plain", expireTimeout: 0))
        #expect(throws: NotificationDesk.InvokeFailure.noSuchNotification) { try desk.invoke(9, action: nil) }
        #expect(throws: NotificationDesk.InvokeFailure.noSuchAction(available: [])) {
            try desk.invoke(2, action: nil)
        }
        #expect(throws: NotificationDesk.InvokeFailure.noSuchAction(available: ["default", "reply"])) {
            try desk.invoke(1, action: "delete")
        }
        try desk.invoke(1, action: "reply")
        #expect(log.invoked.map(\.action) == ["reply"])
        #expect(reasons(after: 0)[1] == 2)
        desk.show(3, Notification(summary: "Mail", actions: [("open", "Open"), ("later", "Later")],
                                  expireTimeout: 0))
        try desk.invoke(3, action: nil)
        #expect(log.invoked.map(\.action) == ["reply", "open"], "without a key: default, else the first")
    }

    // MARK: Rules

    @Test func rulesSkipTheScreenOrTheHistoryAndChangeUrgencyAndTimeout() throws {
        let rules = [
            NotificationRule(globs: [.appName: "spotify"], skipDisplay: true),
            NotificationRule(globs: [.category: "email.*"], skipHistory: true),
            NotificationRule(globs: [.summary: "*battery*"], urgency: .critical),
            NotificationRule(globs: [.appName: "chat"], timeout: 2),
        ]
        let desk = desk(maxVisible: 1, settings: NotificationSettings(rules: rules))
        desk.show(1, Notification(appName: "spotify", summary: "Now playing", expireTimeout: 0))
        #expect(display.made.isEmpty && log.closed.map(\.id) == [1] && log.closed.first?.reason == .expired)
        #expect(desk.closed.map(\.notification.summary) == ["Now playing"])
        desk.show(2, Notification(appName: "mail", summary: "New mail", hints: ["category": .string("email.arrived")],
                                  expireTimeout: 0))
        desk.show(3, Notification(summary: "Later", expireTimeout: 0))
        desk.show(4, Notification(summary: "Low battery", hints: Self.low, expireTimeout: 0))
        #expect(desk.queued == [3] && display.onScreen.contains("notification-4"), "the rule made it critical")
        desk.close(2, reason: .dismissed)
        clock.advance(by: TestHUD.hideTime)
        #expect(desk.closed.count == 1, "the mail was kept in the history")
        #expect(display.onScreen == ["notification-4"])
        desk.close(4, reason: .dismissed)
        clock.advance(by: TestHUD.hideTime)
        #expect(display.onScreen == ["notification-3"])
        desk.close(3, reason: .dismissed)
        clock.advance(by: TestHUD.hideTime)
        // The chat's time is the rule's, not the one it asked for.
        desk.show(5, Notification(appName: "chat", summary: "Hi", expireTimeout: 0))
        #expect(reasons(after: 2 - 0.01)[5] == nil)
        #expect(reasons(after: 0.02)[5] == 1)
    }

    /// Every matching rule's look keys, in order, reach the matching notification's HUD, and no other's; `pop`
    /// shows it again with them.
    @Test func rulesLookKeysReachOnlyTheMatchingNotifications() throws {
        let red = RGBA(red: 1, green: 0, blue: 0), blue = RGBA(red: 0, green: 0, blue: 1)
        var mail = NotificationRule(globs: [.appName: "mail"]), urgent = NotificationRule(globs: [.summary: "!*"])
        mail.look.set("bezel-color", .color(red))
        mail.look.set("details-font", .font(try FontSpec("Mono 10")))
        urgent.look.set("bezel-color", .color(blue))
        let desk = desk(settings: NotificationSettings(rules: [mail, urgent]))
        desk.show(1, Notification(appName: "mail", summary: "From Ann", expireTimeout: 0))
        desk.show(2, Notification(appName: "mail", summary: "!Now", expireTimeout: 0))
        desk.show(3, Notification(appName: "chat", summary: "Hi", expireTimeout: 0))
        let (one, two, three) = (try #require(display.hud("notification-1")).style,
                                 try #require(display.hud("notification-2")).style,
                                 try #require(display.hud("notification-3")).style)
        #expect(one.bezelColor == red && one.detailsFont.description == "Mono 10")
        #expect(two.bezelColor == blue && two.detailsFont.description == "Mono 10", "the later rule's colour")
        #expect(three.bezelColor == HUDStyle.theme(.dark).bezelColor && three.detailsFont == NotificationLook.bodyFont)
        desk.close(1, reason: .dismissed)
        _ = reasons(after: 0)
        desk.reopen = { _ in 100 }
        #expect(desk.popHistory() == 100)
        #expect(try #require(display.hud("notification-100")).style.bezelColor == red)
    }

    @Test func aRulesScriptGetsTheFieldsAsArgumentsAndEnvironment() {
        var rule = NotificationRule(globs: [.appName: "mail"])
        rule.script = "/usr/local/bin/on-mail"
        let desk = desk(settings: NotificationSettings(rules: [rule]))
        final class Runs { var calls: [(argv: [String], environment: [String: String])] = [] }
        let runs = Runs()
        desk.runScript = { runs.calls.append(($0, $1)) }
        desk.show(7, Notification(appName: "mail", summary: "From: Ann", body: "$(rm -rf ~) `id`",
                                  hints: ["category": .string("email.arrived")], expireTimeout: 0))
        desk.show(8, Notification(appName: "chat", summary: "Hi", expireTimeout: 0))
        // dunst's five arguments: no icon given is dunst's default for the urgency, the urgency in capitals.
        #expect(runs.calls.map(\.argv) == [["/usr/local/bin/on-mail", "mail", "From: Ann", "$(rm -rf ~) `id`",
                                              "dialog-information", "NORMAL"]])
        let environment = runs.calls.first?.environment ?? [:]
        #expect(environment["X11HUD_ID"] == "7" && environment["X11HUD_BODY"] == "$(rm -rf ~) `id`")
        #expect(environment["X11HUD_CATEGORY"] == "email.arrived" && environment["X11HUD_URGENCY"] == "normal")
        #expect(environment["DUNST_ID"] == "7" && environment["DUNST_APP_NAME"] == "mail"
            && environment["DUNST_URGENCY"] == "NORMAL" && environment["DUNST_CATEGORY"] == "email.arrived"
            && environment["DUNST_PROGRESS"] == "-1" && environment["DUNST_TIMEOUT"] == "0"
            && environment["DUNST_ICON_PATH"] == "" && environment["DUNST_URLS"] == "")
        #expect(environment["DUNST_TIMESTAMP"] == String(Int64(clock.now * 1000)))

        // A critical one with a picture file, a value, a stack tag, a desktop entry, links and a timeout.
        desk.show(10, Notification(appName: "mail", appIcon: "file:///usr/share/icons/a%20b.png", summary: "Disk",
                                   body: #"see <a href="https://a.example/x?y=1">the log</a> or www.b.org/z"#,
                                   hints: ["urgency": .int(2), "value": .int(42),
                                           "x-dunst-stack-tag": .string("disk"),
                                           "desktop-entry": .string("org.gnome.Nautilus")],
                                   expireTimeout: 5000))
        let critical = runs.calls.last?.environment ?? [:]
        #expect(runs.calls.last?.argv.suffix(2) == ["file:///usr/share/icons/a%20b.png", "CRITICAL"])
        #expect(critical["DUNST_ICON_PATH"] == "/usr/share/icons/a b.png" && critical["DUNST_PROGRESS"] == "42"
            && critical["DUNST_STACK_TAG"] == "disk" && critical["DUNST_DESKTOP_ENTRY"] == "org.gnome.Nautilus"
            && critical["DUNST_TIMEOUT"] == "5000", "\(critical)")
        #expect(critical["DUNST_URLS"] == "[the log] https://a.example/x?y=1\nwww.b.org/z", "\(critical)")
        desk.runScript = { _, _ in throw CancellationError() }
        desk.show(9, Notification(appName: "mail", summary: "Again", expireTimeout: 0))
        #expect(log.warnings.last?.contains("cannot run the rule's script '/usr/local/bin/on-mail'") == true)
        #expect(display.onScreen.contains("notification-9"))
    }

    // MARK: Pictures

    @Test func aLargeImageIsKeptAtTheSizeItIsDrawnAtAndTheNotificationKeepsNoPixels() throws {
        let desk = desk(maxVisible: 1)
        desk.show(1, Notification(summary: "shown", expireTimeout: 0))
        let side: Int32 = 2048
        let image = BusImage(width: side, height: side / 2, rowstride: side * 4, hasAlpha: true, bitsPerSample: 8,
                             channels: 4, data: [UInt8](repeating: 0x80, count: Int(side * side / 2 * 4)))
        desk.show(2, Notification(summary: "Photo", hints: ["image-data": .image(image)], expireTimeout: 0))
        #expect(desk.queued == [2])
        #expect(desk.notification(2)?.hints["image-data"] == nil, "the waiting notification kept its 8 MiB")
        desk.close(1, reason: .closedByCall)
        clock.advance(by: TestHUD.hideTime)
        let hud = try #require(display.hud("notification-2"))
        guard case .image(let asset) = hud.picture else {
            Issue.record("no picture: \(String(describing: hud.picture))")
            return
        }
        #expect(asset.pixelSize == Size(width: 96, height: 48))
        // Half-transparent grey, premultiplied: 0x80 alpha, 0x40 colours.
        let first = asset.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        #expect(first == 0x8040_4040, "\(String(first, radix: 16))")
    }
}
