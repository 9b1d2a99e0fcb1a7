import Foundation
import HUDTestSupport
import Testing

/// Issue 31: the history, the pause, the waiting order and what scripts ask the running server
/// (`x11hud notifications history|pop|pause|close-all|count|action`), against a real server on a private bus and a
/// private Xvfb, with notify-send and Python's gi as the clients.
@Suite(.ownThreads, .serialized) struct NotificationsControlTests {
    typealias Desk = NotificationsCommandTests.Desk
    static let usable = NotificationsCommandTests.usable

    /// `x11hud notifications ARGS` on the desk's bus.
    static func control(_ desk: Desk, _ arguments: String) throws -> ChildProcess.Result {
        try desk.sh("\(CLI.binary.path) notifications \(arguments)")
    }

    static func id(_ r: ChildProcess.Result) -> String { r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The label of each HUD up, oldest first.
    static func labels(_ desk: Desk) throws -> [String] { try desk.list().map { $0[3] } }

    @Test(.enabled(if: usable)) func theHistoryListsExpiredOnesAndPopShowsTheLastAgain() throws {
        let desk = try Desk()
        #expect(try desk.call("GetCapabilities").stdout.contains("'persistence'"))
        let first = Self.id(try desk.sh("notify-send -p -a mail -t 200 First 'one body'"))
        #expect(try Tools.waitUntil(timeout: 5) { try desk.list().isEmpty }, "\((try? desk.list()) ?? [])")
        // Its record lands when its hide has ended, which a loaded machine may put after the next one's close.
        #expect(try Tools.waitUntil(timeout: 5) { try Self.control(desk, "count history").stdout == "1\n" })
        // Critical and without a time: it stays until closed.
        let second = Self.id(try desk.sh("notify-send -p -a chat -u critical Second \"$(printf 'two\\tbody')\""))
        try desk.sh("notify-send -t 200 -h boolean:transient:true Transient")
        #expect(try desk.call("CloseNotification", second).status == 0)
        #expect(try Tools.waitUntil(timeout: 5) { try desk.list().isEmpty }, "\((try? desk.list()) ?? [])")
        // In the history once its hide has ended (the listing may lose it a moment before).
        var history = try Self.control(desk, "history")
        _ = try Tools.waitUntil(timeout: 5) {
            history = try Self.control(desk, "history")
            return history.stdout.split(separator: "\n").count == 2
        }
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout == "\(second)\tchat\tcritical\tclosed\tSecond\ttwo body\n"
            + "\(first)\tmail\tnormal\texpired\tFirst\tone body\n", "\(history.stdout)")
        let json = try Self.control(desk, "history --json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["summary"] as? String } == ["Second", "First"])
        #expect(items.first?["closed"] as? String == "closed" && items.first?["app"] as? String == "chat")
        let received = try #require(items.first?["received"] as? Int)
        #expect(abs(Double(received) - Date().timeIntervalSince1970) < 60)

        let pop = try Self.control(desk, "pop")
        #expect(pop.status == 0 && UInt32(Self.id(pop)) != nil, "\(pop.stdout) \(pop.stderr)")
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Second"] }, "\((try? desk.list()) ?? [])")
        #expect(try Self.control(desk, "history").stdout.split(separator: "\n").count == 1)
        #expect(try Self.control(desk, "count").stdout == "shown 1\nwaiting 0\nhistory 1\n")
        // The one popped stays (critical, no time); closed, it is back in the history.
        #expect(try Self.control(desk, "close-all").status == 0)
        #expect(try Tools.waitUntil(timeout: 5) { try Self.control(desk, "count history").stdout == "2\n" })
    }

    @Test(.enabled(if: usable)) func withoutAHistoryNothingIsKeptAndPersistenceIsNotAdvertised() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-\(UUID().uuidString).toml")
        defer { try? FileManager.default.removeItem(at: config) }
        try "[notifications]\nhistory-length = 0\n".write(to: config, atomically: true, encoding: .utf8)
        let desk = try Desk(serverArguments: ["--config", config.path])
        #expect(try !desk.call("GetCapabilities").stdout.contains("'persistence'"))
        try desk.sh("notify-send -t 100 Gone")
        #expect(try Tools.waitUntil(timeout: 5) { try desk.list().isEmpty })
        #expect(try Self.control(desk, "history").stdout.isEmpty)
        let empty = try Self.control(desk, "pop")
        #expect(empty.status == 1 && empty.stderr.split(separator: "\n").count == 1, "\(empty.stderr)")
        #expect(empty.stderr.contains("history is empty"), "\(empty.stderr)")
    }

    /// Issue 31 item 5: a rule keeps one application's notifications off the screen but in the history, another
    /// makes a summary critical, a third runs a script; a bad rule is one line naming its file and line, and 78.
    @Test(.enabled(if: usable)) func aRuleSkipsOneAppsNotificationsFromTheScreenButKeepsThemInHistory() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-\(UUID().uuidString).toml")
        defer { try? FileManager.default.removeItem(at: config) }
        try """
            [[notifications.rule]]
            app-name = "spotify"
            skip-display = true

            [[notifications.rule]]
            summary = "*battery*"
            urgency = "critical"
            """.write(to: config, atomically: true, encoding: .utf8)
        let desk = try Desk(serverArguments: ["--config", config.path])
        #expect(try desk.sh("notify-send -a spotify -t 0 'Now playing' 'A song'").status == 0)
        #expect(try desk.sh("notify-send -a upower -t 0 'Low battery' '5% left'").status == 0)
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Low battery"] }, "\((try? desk.list()) ?? [])")
        #expect(try Self.control(desk, "history").stdout.hasSuffix("\tspotify\tnormal\texpired\tNow playing\tA song\n"))
        #expect(try Self.control(desk, "count").stdout == "shown 1\nwaiting 0\nhistory 1\n")
        // Critical now: closed, it is in the history as such once it has hidden.
        #expect(try Self.control(desk, "close-all").status == 0)
        #expect(try Tools.waitUntil(timeout: 5) {
            try Self.control(desk, "history").stdout.contains("\tupower\tcritical\tdismissed\tLow battery")
        })

        // A script: the fields in its arguments and environment, read by no shell (the body's $(…) stays text).
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("on-mail").path, out = dir.appendingPathComponent("out").path
        let text = "#!/bin/sh\nprintf '%s|' \"$@\" \"$X11HUD_APP_NAME\" \"$X11HUD_BODY\" > '\(out).tmp'\n"
            + "mv '\(out).tmp' '\(out)'\n"
        try text.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(chmod(script, 0o755) == 0)
        try "[[notifications.rule]]\napp-name = \"mail\"\nscript = \"\(script)\"\n"
            .write(to: config, atomically: true, encoding: .utf8)
        desk.server?.kill()
        desk.server = try desk.start(["--config", config.path])
        let pwned = dir.appendingPathComponent("pwned").path
        #expect(try desk.sh("notify-send -a mail -t 1 'From: Ann' '$(touch \(pwned))'").status == 0)
        #expect(Tools.waitUntil(timeout: 5) { FileManager.default.fileExists(atPath: out) })
        let written = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(written == "mail|From: Ann|$(touch \(pwned))|dialog-information|NORMAL|mail|$(touch \(pwned))|",
                "\(written)")
        #expect(!FileManager.default.fileExists(atPath: pwned))

        // Issue 39 item 6: a bad key costs the server nothing but that key (a rule, all of that rule): one warning
        // naming the key's own line, and the rest of the file applies.
        try "[[notifications.rule]]\nsummary = \"x\"\n\n[[notifications.rule]]\nbody = \"y\"\nscript = 3\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let printed = try ChildProcess.run(CLI.binary, ["notifications", "--config", config.path, "--print-config"],
                                           environment: desk.environment)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stderr.split(separator: "\n").count == 1, "\(printed.stderr)")
        #expect(printed.stderr.contains("\(config.path):6: notifications.rule[2].script: expected")
            && printed.stderr.hasSuffix("; left out with its rule\n"), "\(printed.stderr)")
        #expect(printed.stdout.components(separatedBy: "[[notifications.rule]]").count == 2, "one rule: the good one")
    }

    /// Issue 39 item 6: a typo on line 2 (`max-visble`) starts the server with one warning naming line 2 and what
    /// was meant, and the rest of the file applies (its width); a file that is not TOML is one warning and none of
    /// its settings. dunst then stays what D-Bus activation does not start.
    @Test(.enabled(if: usable)) func aConfigTypoStartsTheServerWithOneWarningNamingItsLine() throws {
        let desk = try Desk(serverArguments: nil)
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-typo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        try "[notifications]\nmax-visble = 3\nwidth = 400\n".write(to: config, atomically: true, encoding: .utf8)
        let server = try desk.start(["--config", config.path])
        desk.server = server
        #expect(try desk.sh("notify-send -t 0 Hello").status == 0)
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Hello"] }, "\((try? desk.list()) ?? [])")
        let warning = "x11hud: warning: \(config.path):2: notifications.max-visble: unknown setting (did you mean "
            + "'max-visible'?); left out\n"
        let window = try #require(try desk.hudWindows().first)
        #expect(try WindowInfo(id: window, display: desk.x.display).width >= 400, "the width the file sets")
        // Its stderr is whole once it has ended.
        server.kill()
        desk.server = nil
        #expect(server.stderr == warning, "\(server.stderr)")

        try "[notifications]\nwidth = 400\nposition = \"top\n".write(to: config, atomically: true, encoding: .utf8)
        let broken = try ChildProcess.run(CLI.binary, ["notifications", "--config", config.path, "--print-config"],
                                          environment: desk.environment)
        #expect(broken.status == 0 && broken.stdout.contains("width = 350"), "\(broken.stdout)")
        #expect(broken.stderr.split(separator: "\n").count == 1
            && broken.stderr.contains("\(config.path):3:") && broken.stderr.contains("settings are not used"),
                "\(broken.stderr)")
    }

    /// Paused, notify-send's answer comes after the server has decided: `count` then says what waits, with no wait.
    @Test(.enabled(if: usable)) func aPausedServerShowsNothingUntilResumedThenWhatWaitedInOrder() throws {
        let desk = try Desk()
        #expect(try Self.control(desk, "pause status").stdout == "off\n")
        #expect(try Self.control(desk, "pause on").stdout == "on\n")
        for n in ["A", "B"] { #expect(try desk.sh("notify-send -t 0 \(n)").status == 0) }
        #expect(try Self.control(desk, "count").stdout == "shown 0\nwaiting 2\nhistory 0\n")
        #expect(try desk.hudWindows().isEmpty && desk.list().isEmpty)
        // A critical one still shows.
        #expect(try desk.sh("notify-send -u critical -t 0 Critical").status == 0)
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Critical"] }, "\((try? desk.list()) ?? [])")
        #expect(try Self.control(desk, "pause toggle").stdout == "off\n")
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Critical", "A", "B"] }, "\((try? desk.list()) ?? [])")
        // A pause given a duration ends by itself, and says how long is left.
        let timed = try Self.control(desk, "pause on --for 1s")
        #expect(timed.stdout == "on 1\n", "\(timed.stdout)")
        #expect(try desk.sh("notify-send -t 0 Later").status == 0)
        #expect(try !Self.labels(desk).contains("Later"))
        #expect(try Tools.waitUntil(timeout: 5) { try Self.labels(desk).contains("Later") })
        #expect(try Self.control(desk, "pause status").stdout == "off\n")
        // Another caller of the interface: a duration beyond a week is a week, a word it does not know an error.
        let call = "gdbus call --session --dest org.freedesktop.Notifications --object-path "
            + "/org/freedesktop/Notifications --method org.x11hud.Notifications.Pause"
        let huge = try desk.sh("\(call) on 1e300")
        let left = Double(huge.stdout.drop { $0 != " " }.dropFirst().prefix { $0 != ")" }) ?? 0
        #expect(huge.stdout.hasPrefix("(true, ") && left > 604_000 && left <= 604_800, "\(huge.stdout) \(huge.stderr)")
        let bogus = try desk.sh("\(call) sometimes 0")
        #expect(bogus.status != 0 && bogus.stderr.contains("InvalidArgs"), "\(bogus.stderr)")
        #expect(try Self.control(desk, "pause off").stdout == "off\n")
    }

    @Test(.enabled(if: usable)) func sigusr1PausesAndSigusr2Resumes() throws {
        let desk = try Desk()
        let server = try #require(desk.server)
        kill(server.pid, SIGUSR1)
        #expect(try Tools.waitUntil(timeout: 5) { try Self.control(desk, "pause status").stdout == "on\n" })
        #expect(server.isRunning, "SIGUSR1 ended the server: \(server.stderr)")
        #expect(try desk.sh("notify-send -t 0 Waited").status == 0)
        #expect(try Self.control(desk, "count waiting").stdout == "1\n")
        kill(server.pid, SIGUSR2)
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Waited"] }, "\((try? desk.list()) ?? [])")
        #expect(try Self.control(desk, "pause status").stdout == "off\n")
    }

    /// Issue 31's defect: the queue was first in, first out, and a critical one behind 100 low ones was dropped.
    /// Issue 39: it does not wait at all.
    @Test(.enabled(if: usable)) func aCriticalAfter200LowOnesShowsAtOnce() throws {
        let desk = try Desk(serverArguments: ["--max-visible", "1"])
        let script = """
            from gi.repository import Gio, GLib
            bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            for i in range(200):
                bus.call_sync('org.freedesktop.Notifications', '/org/freedesktop/Notifications',
                    'org.freedesktop.Notifications', 'Notify',
                    GLib.Variant('(susssasa{sv}i)', ('flood', 0, '', 'Low %d' % i, '', [],
                                 {'urgency': GLib.Variant('y', 0)}, 0)),
                    GLib.VariantType('(u)'), 0, 20000, None)
            """
        let flood = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script],
                                         environment: desk.environment, timeout: 60)
        #expect(flood.status == 0, "\(flood.stderr)")
        #expect(try desk.sh("notify-send -u critical -t 0 'Battery low'").status == 0)
        // The 99 dropped, never seen, stay out of the history (issue 39 item 7).
        #expect(try Self.control(desk, "count").stdout == "shown 2\nwaiting 100\nhistory 0\n")
        #expect(try desk.waitForList { Set($0.map { $0[3] }) == ["Low 0", "Battery low"] },
                "\((try? desk.list()) ?? [])")
        // The oldest low one left (1…99 were dropped) takes the one place once both are gone.
        #expect(try desk.sh("\(CLI.binary.path) hide --all").status == 0)
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Low 100"] }, "\((try? desk.list()) ?? [])")
    }

    @Test(.enabled(if: usable)) func anActionByIdAndKeyReachesNotifySend() throws {
        let desk = try Desk()
        let client = try ChildProcess(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                      ["-p", "-A", "reply=Reply", "-A", "markread=Mark read", "-A", "delete=Delete",
                                       "Mail", "A new message"], environment: desk.environment)
        #expect(try desk.waitForList { $0.count == 1 })
        let id = try #require(try desk.list().first?[0].split(separator: "-").last.map(String.init))
        let wrong = try Self.control(desk, "action \(id) archive")
        #expect(wrong.status == 1 && wrong.stderr.contains("reply, markread, delete"), "\(wrong.stderr)")
        let missing = try Self.control(desk, "action 4000000")
        #expect(missing.status == 1 && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        let r = try Self.control(desk, "action \(id) markread")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(client.waitForExit(timeout: 5))
        #expect(client.stdout == "\(id)\nmarkread\n", "\(client.stdout) \(client.stderr)")
        #expect(try desk.waitForList { $0.isEmpty })
    }

    @Test(.enabled(if: usable)) func closeAllAndCount() throws {
        let desk = try Desk(serverArguments: ["--max-visible", "2"])
        for n in 1...3 { #expect(try desk.sh("notify-send -t 0 N\(n)").status == 0) }
        #expect(try Self.control(desk, "count").stdout == "shown 2\nwaiting 1\nhistory 0\n")
        let monitor = try desk.monitor()
        #expect(try Self.control(desk, "close-all").status == 0)
        #expect(try desk.waitForList { $0.isEmpty })
        monitor.read { $0.components(separatedBy: "uint32 2)").count == 4 }
        #expect(monitor.text.components(separatedBy: "uint32 2)").count == 4, "\(monitor.text)")
        #expect(try Self.control(desk, "count").stdout == "shown 0\nwaiting 0\nhistory 3\n")
    }

    @Test(.enabled(if: usable)) func noServerRunningIsOneLineAnd69() throws {
        let desk = try Desk(serverArguments: nil)
        for command in ["history", "pop", "pause status", "close-all", "count", "action 1"] {
            let r = try Self.control(desk, command)
            #expect(r.status == 69, "\(command): \(r.status) \(r.stderr)")
            #expect(r.stderr == "x11hud: no notification server is running (start one: x11hud notifications)\n",
                    "\(command): \(r.stderr)")
        }
        let dunst = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dunst"), [], environment: desk.environment,
                                     output: .discard)
        defer { dunst.kill() }
        #expect(try Tools.waitUntil(timeout: 10) { try desk.call("GetServerInformation").stdout.contains("'dunst'") })
        let other = try Self.control(desk, "count")
        #expect(other.status == 69 && other.stderr.split(separator: "\n").count == 1, "\(other.stderr)")
        #expect(other.stderr.contains("not x11hud's") && other.stderr.contains("dunst"), "\(other.stderr)")
        // Bad usage is 64, before anything is asked.
        let bad = try Self.control(desk, "pause on --for 5x")
        #expect(bad.status == 64 && bad.stderr.contains("not a duration"), "\(bad.stderr)")
        #expect(try Self.control(desk, "pause status --for 5m").status == 64)
    }

    /// Issue 31 item 7: under openbox, an xterm made fullscreen (asked of the window manager, as a video player
    /// does) holds a normal notification back and lets a critical one through; once it leaves fullscreen (F11,
    /// bound to xterm's own fullscreen(toggle) action, typed through XTEST), what waited shows.
    @Test(.enabled(if: usable && ["openbox", "xterm", "xprop", "xdotool"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
    })) func aFullscreenWindowHoldsANormalNotificationBack() throws {
        let desk = try Desk()
        let openbox = try Tools.start("openbox", [], display: desk.x.display)
        defer { openbox.kill() }
        #expect(try Tools.waitUntil(timeout: 20) {
            try Tools.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], display: desk.x.display).stdout
                .contains("window id")
        })
        let xterm = try Tools.start("xterm", [
            "-fullscreen", "-xrm", "XTerm*VT100.translations: #override <Key>F11: fullscreen(toggle)",
            "-e", "sleep", "600",
        ], display: desk.x.display)
        defer { xterm.kill() }
        func activeIsFullscreen() throws -> Bool {
            let active = try Tools.run("xprop", ["-root", "_NET_ACTIVE_WINDOW"], display: desk.x.display).stdout
            guard let id = active.split(separator: " ").last, id.hasPrefix("0x"), id != "0x0" else { return false }
            return try Tools.run("xprop", ["-id", String(id), "_NET_WM_STATE"], display: desk.x.display).stdout
                .contains("_NET_WM_STATE_FULLSCREEN")
        }
        #expect(try Tools.waitUntil(timeout: 20) { try activeIsFullscreen() }, "the xterm did not go fullscreen")
        #expect(try Tools.waitUntil(timeout: 5) {
            try desk.sh("notify-send -t 0 Held").status == 0
                && Self.control(desk, "count waiting").stdout == "1\n"
        }, "\((try? desk.list()) ?? [])")
        // The first tries may have shown one before the server saw the fullscreen window: only one is held.
        try desk.sh("\(CLI.binary.path) hide --all")
        #expect(try desk.waitForList { $0.isEmpty })
        #expect(try desk.sh("notify-send -u critical -t 0 Urgent").status == 0)
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Urgent"] }, "\((try? desk.list()) ?? [])")
        #expect(try Self.control(desk, "count waiting").stdout == "1\n")
        try Tools.run("xdotool", ["key", "F11"], display: desk.x.display)
        #expect(try Tools.waitUntil(timeout: 10) { try !activeIsFullscreen() }, "the xterm stayed fullscreen")
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Urgent", "Held"] }, "\((try? desk.list()) ?? [])")
    }

    /// The issue's defect: 130 waiting 16 MiB images held 1.7 GB. Each is now read at the size it is drawn at
    /// when it arrives, and the notification keeps no pixels.
    @Test(.enabled(if: usable)) func fortyWaiting16MiBImagesKeepTheServerSmall() throws {
        let desk = try Desk(serverArguments: ["--max-visible", "1"])
        let script = """
            from gi.repository import Gio, GLib
            bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            pixels = bytes([0, 200, 0, 255]) * (2048 * 2048)
            # From bytes at once: GLib.Variant('ay', pixels) makes a child value per byte (minutes for 16 MiB).
            ay = GLib.Variant.new_from_bytes(GLib.VariantType('ay'), GLib.Bytes.new(pixels), True)
            img = GLib.Variant.new_tuple(*[GLib.Variant(t, v) for t, v in
                                           [('i', 2048), ('i', 2048), ('i', 2048 * 4), ('b', True), ('i', 8),
                                            ('i', 4)]], ay)
            for i in range(40):
                bus.call_sync('org.freedesktop.Notifications', '/org/freedesktop/Notifications',
                    'org.freedesktop.Notifications', 'Notify',
                    GLib.Variant('(susssasa{sv}i)', ('photos', 0, '', 'Photo %d' % i, '', [],
                                 {'image-data': img}, 0)),
                    GLib.VariantType('(u)'), 0, 60000, None)
            """
        let send = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script],
                                        environment: desk.environment, timeout: 300)
        #expect(send.status == 0, "\(send.stderr)")
        #expect(try Self.control(desk, "count").stdout == "shown 1\nwaiting 39\nhistory 0\n")
        let server = try #require(desk.server)
        let status = try String(contentsOfFile: "/proc/\(server.pid)/status", encoding: .utf8)
        func kB(_ key: String) -> Int {
            status.split(separator: "\n").first { $0.hasPrefix(key) }.flatMap {
                Int($0.split(separator: " ", omittingEmptySubsequences: true)[1])
            } ?? 0
        }
        let rss = kB("VmRSS:")
        // 40 × 16 MiB is 640 MiB; what was drawn at 96 pixels a side is 36 KiB each.
        print("40 waiting 16 MiB images: VmRSS \(rss) kB, VmHWM \(kB("VmHWM:")) kB")
        #expect(rss > 0 && rss < Sanitizer.memoryUpTo(100_000), "VmRSS \(rss) kB")
    }
}
