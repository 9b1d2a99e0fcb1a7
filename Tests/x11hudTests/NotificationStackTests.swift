import Foundation
import HUDTestSupport
import Testing

/// Issue 31 on a private Xvfb and bus with real notify-send: duplicates stacked into one bubble with a count.
@Suite(.ownThreads, .serialized) struct NotificationStackTests {
    typealias Desk = NotificationsCommandTests.Desk

    @Test(.enabled(if: NotificationsCommandTests.usable)) func theSameNotificationThreeTimesIsOneBubbleCountingThem()
        throws {
        let desk = try Desk()
        let monitor = try desk.monitor()
        var ids: [String] = []
        for _ in 0..<3 {
            let sent = try desk.sh("notify-send -p -t 0 -a make 'Build failed' 'exit 2'")
            ids.append(sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(Set(ids).count == 3, "every one its own id: \(ids)")
        #expect(try desk.waitForList { $0.count == 1 && $0[0][3] == "Build failed  ×3" }, "\((try? desk.list()) ?? [])")
        #expect(try desk.hudWindows().count == 1)
        // One id closed by its sender leaves the stack alone.
        #expect(try desk.call("CloseNotification", ids[1]).status == 0)
        #expect(try desk.waitForList { $0.count == 1 && $0[0][3] == "Build failed  ×2" }, "\((try? desk.list()) ?? [])")
        #expect(try desk.sh("\(CLI.binary.path) notifications close-all").status == 0)
        #expect(try desk.waitForList { $0.isEmpty })
        monitor.read { $0.components(separatedBy: "NotificationClosed").count > 3 }
        #expect(monitor.text.contains("NotificationClosed (uint32 \(ids[1]), uint32 3)"), "\(monitor.text)")
        for id in [ids[0], ids[2]] {
            #expect(monitor.text.contains("NotificationClosed (uint32 \(id), uint32 2)"), "\(monitor.text)")
        }
    }
}

/// Issue 31: "N more" under the column while notifications wait for a place.
@Suite(.ownThreads, .serialized) struct NotificationMoreTests {
    typealias Desk = NotificationsCommandTests.Desk

    @Test(.enabled(if: NotificationsCommandTests.usable)) func aPillUnderTheColumnSaysHowManyWait() throws {
        let desk = try Desk(serverArguments: ["--max-visible", "2"])
        for n in 1...5 { #expect(try desk.sh("notify-send -t 0 'Message \(n)' text").status == 0) }
        #expect(try Tools.waitUntil(timeout: 5) { try desk.more() == "3 more" }, "\((try? desk.listAll()) ?? [])")
        let windows = try desk.hudWindows()
        #expect(windows.count == 3)
        let frames = try windows.map { try WindowInfo.settled(id: $0, display: desk.x.display) }.sorted { $0.y < $1.y }
        // The bubbles, then the pill under them, a small one at the column's right edge.
        let pill = try #require(frames.last)
        #expect(pill.height < 40 && pill.width < 100, "\(frames)")
        for bubble in frames.dropLast() {
            #expect(bubble.y + bubble.height <= pill.y, "\(bubble) overlaps \(pill)")
            #expect(abs((bubble.x + bubble.width) - (pill.x + pill.width)) <= 1, "\(frames)")
        }
        #expect(try desk.sh("\(CLI.binary.path) notifications close-all").status == 0)
        #expect(try Tools.waitUntil(timeout: 5) { try desk.listAll().isEmpty }, "\((try? desk.listAll()) ?? [])")
    }
}

/// Issue 31: one application's flood cannot hold another's notification back.
@Suite(.ownThreads, .serialized) struct NotificationFairnessTests {
    typealias Desk = NotificationsCommandTests.Desk

    @Test(.enabled(if: NotificationsCommandTests.usable)) func anotherApplicationShowsWithinASecondOfAFlood() throws {
        let desk = try Desk()
        let flood = try desk.sh("for i in $(seq 1 200); do notify-send -a flood \"Flood $i\" body || exit 1; done")
        #expect(flood.status == 0, "\(flood.stderr)")
        #expect(try desk.waitForList { $0.count == 5 })
        let sent = Date()
        #expect(try desk.sh("notify-send -a mail 'New mail' 'from Ann'").status == 0)
        #expect(try desk.waitForList { $0.contains { $0[3] == "New mail" } }, "\((try? desk.list()) ?? [])")
        let waited = Date().timeIntervalSince(sent)
        // A place given up (a 0.25 s fade) and the new bubble laid out; a loaded machine gets some slack.
        #expect(waited < Sanitizer.upTo(1.5), "shown \(waited) s after it was sent")
        #expect(try desk.more() != nil, "the flood still waits")
    }
}

/// Issue 31: a column taller than the screen never overlaps; what does not fit waits, counted in the pill.
@Suite(.ownThreads, .serialized) struct NotificationRoomTests {
    typealias Desk = NotificationsCommandTests.Desk

    @Test(.enabled(if: NotificationsCommandTests.usable)) func tallBubblesWaitRatherThanOverlap() throws {
        let desk = try Desk()
        let body = String(repeating: "A body long enough for five lines of the bubble. ", count: 8)
        // notify-send waits for an action while its notification is open.
        let clients = try (1...5).map { n in
            try ChildProcess(URL(fileURLWithPath: "/usr/bin/notify-send"),
                             ["-t", "0", "-A", "a=Reply", "-A", "b=Mark read", "-A", "c=Delete", "Mail \(n)", body],
                             environment: desk.environment)
        }
        defer { for client in clients { client.kill() } }
        #expect(try Tools.waitUntil(timeout: 5) { try desk.more() != nil }, "\((try? desk.listAll()) ?? [])")
        let shown = try desk.list().count
        #expect(shown >= 2 && shown < 5, "\(shown) shown")
        let frames = try desk.hudWindows().map { try WindowInfo.settled(id: $0, display: desk.x.display) }
            .sorted { $0.y < $1.y }
        #expect(frames.count == shown + 1, "the bubbles and the pill: \(frames)")
        for (upper, lower) in zip(frames, frames.dropFirst()) {
            #expect(upper.y + upper.height <= lower.y, "\(upper) overlaps \(lower)")
        }
        #expect((frames.last.map { $0.y + $0.height } ?? 0) <= 720, "\(frames)")
    }
}

/// Issue 31: middle click = the first action (or the default), right click = close all, as `[notifications]` sets.
@Suite(.ownThreads, .serialized) struct NotificationMouseTests {
    typealias Desk = NotificationsCommandTests.Desk

    /// Clicks `button` on the bezel of the one bubble on the display (the tallest window: not the pill), above its
    /// action buttons.
    private func click(_ button: Int, on desk: Desk) throws {
        let frames = try desk.hudWindows().map { ($0, try WindowInfo.settled(id: $0, display: desk.x.display)) }
        let window = try #require(frames.max { $0.1.height < $1.1.height }?.0)
        try Tools.run("xdotool", ["mousemove", "--window", window, "20", "10", "click", String(button)],
                      display: desk.x.display)
    }

    @Test(.enabled(if: NotificationsCommandTests.usable)) func middleDoesTheFirstActionAndRightClosesAll() throws {
        let desk = try Desk(serverArguments: ["--max-visible", "1"])
        let client = try ChildProcess(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                      ["-A", "reply=Reply", "-A", "delete=Delete", "Mail", "A new message"],
                                      environment: desk.environment)
        #expect(try desk.waitForList { $0.count == 1 })
        try click(2, on: desk)
        #expect(client.waitForExit(timeout: 5))
        #expect(client.stdout == "reply\n", "\(client.stdout) \(client.stderr)")
        #expect(try desk.waitForList { $0.isEmpty })
        for n in 1...3 { #expect(try desk.sh("notify-send -t 0 'Message \(n)' text").status == 0) }
        #expect(try Tools.waitUntil(timeout: 5) { try desk.more() == "2 more" }, "\((try? desk.listAll()) ?? [])")
        try click(3, on: desk)
        #expect(try Tools.waitUntil(timeout: 5) { try desk.listAll().isEmpty }, "\((try? desk.listAll()) ?? [])")
        #expect(try desk.sh("\(CLI.binary.path) notifications count waiting").stdout == "0\n")
    }

    @Test(.enabled(if: NotificationsCommandTests.usable)) func theTableChangesWhatEachButtonDoes() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-\(UUID().uuidString).toml")
        defer { try? FileManager.default.removeItem(at: config) }
        try "[notifications]\nmouse-right = \"close\"\nmouse-middle = \"none\"\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let printed = try CLI.run(["notifications", "--print-config", "--config", config.path])
        #expect(printed.stdout.contains("mouse-right = \"close\""), "\(printed.stdout)")
        let desk = try Desk(serverArguments: ["--config", config.path])
        for n in 1...2 { #expect(try desk.sh("notify-send -t 0 'Message \(n)' text").status == 0) }
        #expect(try desk.waitForList { $0.count == 2 })
        // The newest is on top, where the click lands: only it goes.
        let frames = try desk.hudWindows().map { ($0, try WindowInfo.settled(id: $0, display: desk.x.display)) }
        let top = try #require(frames.min { $0.1.y < $1.1.y }?.0)
        try Tools.run("xdotool", ["mousemove", "--window", top, "20", "10", "click", "2"], display: desk.x.display)
        try Tools.run("xdotool", ["mousemove", "--window", top, "20", "10", "click", "3"], display: desk.x.display)
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Message 1"] }, "\((try? desk.list()) ?? [])")
    }
}
