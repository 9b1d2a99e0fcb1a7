import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 20: `x11hud notifications` on a private session bus and a private Xvfb, driven by the real clients
/// (notify-send, gdbus, dbus-send, dunstify, Debian's python3-gi for calls no command line can make).
@Suite(.ownThreads, .serialized) struct NotificationsCommandTests {
    /// A private Xvfb, a private dbus-daemon and the server on them; everything is ended when it goes.
    final class Desk {
        let x: XvfbServer
        let bus: SessionBus
        var server: ChildProcess?

        init(serverArguments: [String]? = []) throws {
            x = try XvfbServer()
            bus = try SessionBus()
            if let serverArguments { server = try start(serverArguments) }
        }

        deinit {
            server?.kill()
            bus.stop()
            x.stop()
        }

        /// Added to the environment of everything started from here on (the server's `XDG_DATA_HOME`, say).
        var extraEnvironment: [String: String] = [:]

        var environment: [String: String] {
            ["PATH": "/usr/bin:/bin", "HOME": NSHomeDirectory(), "DISPLAY": x.display,
             "DBUS_SESSION_BUS_ADDRESS": bus.address].merging(extraEnvironment) { $1 }
        }

        /// How many pixels of the one HUD window on the display are `color`, once that is more than `atLeast`
        /// (or after 5 s).
        func pixels(_ color: RGBA, atLeast: Int) throws -> Int {
            guard let window = try hudWindows().first else { return 0 }
            var count = 0
            _ = try Tools.waitUntil(timeout: 5) {
                let w = try WindowInfo(id: window, display: x.display), shot = try screenshot(display: x.display)
                count = 0
                for y in w.y..<min(w.y + w.height, shot.height) {
                    for x in w.x..<min(w.x + w.width, shot.width) where shot.pixel(x: x, y: y).isClose(to: color) {
                        count += 1
                    }
                }
                return count > atLeast
            }
            return count
        }

        /// Starts `x11hud notifications ARGS` and waits until it owns the name.
        func start(_ arguments: [String]) throws -> ChildProcess {
            let child = try ChildProcess(CLI.binary, ["notifications"] + arguments, environment: environment)
            let owned = try Tools.waitUntil(timeout: 10) {
                try sh("gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus "
                    + "--method org.freedesktop.DBus.GetNameOwner org.freedesktop.Notifications").status == 0
                    || !child.isRunning
            }
            guard owned, child.isRunning else { throw TestFailure("the server did not start: \(child.stderr)") }
            return child
        }

        @discardableResult
        func sh(_ script: String, timeout: Double = 20) throws -> ChildProcess.Result {
            try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: environment,
                                 timeout: timeout)
        }

        func call(_ method: String, _ arguments: String = "") throws -> ChildProcess.Result {
            try sh("gdbus call --session --dest org.freedesktop.Notifications --object-path "
                + "/org/freedesktop/Notifications --method org.freedesktop.Notifications.\(method) \(arguments)")
        }

        /// `x11hud list`: one HUD a line, tab-separated id, pid, mode, label, monitor; the notifications' HUDs only,
        /// the "N more" pill aside (`more()` reads it).
        func list() throws -> [[String]] {
            try listAll().filter { $0.first != "notifications-more" }
        }

        func listAll() throws -> [[String]] {
            try sh("\(CLI.binary.path) list").stdout.split(separator: "\n").map {
                $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            }
        }

        /// What the "N more" pill says, nil when it is not up.
        func more() throws -> String? { try listAll().first { $0.first == "notifications-more" }?[3] }

        func monitor() throws -> NotificationMonitor { try NotificationMonitor(environment: environment) }

        /// The HUD windows mapped on the display.
        func hudWindows() throws -> [String] {
            try Tools.run("xdotool", ["search", "--onlyvisible", "--class", "X11hud"], display: x.display)
                .stdout.split(separator: "\n").map(String.init)
        }

        /// Clicks button `index` of the `count` in the one row of the one bubble on the display, once the show
        /// animation has put it where it rests. Their titles about as wide, the buttons share the row equally:
        /// 12 points in from each side of the bezel (a pixel inside the window), 8 points apart.
        func clickButton(_ index: Int = 0, of count: Int = 1) throws {
            guard let window = try hudWindows().first else { throw TestFailure("no HUD window to click") }
            _ = try WindowInfo.settled(id: window, display: x.display)
            let geometry = try Tools.run("xdotool", ["getwindowgeometry", "--shell", window], display: x.display)
            let values = Dictionary(uniqueKeysWithValues: geometry.stdout.split(separator: "\n").compactMap { line in
                let parts = line.split(separator: "=")
                return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
            })
            let inner = Double(values["WIDTH", default: 0] - 2 - 24)
            let width = (inner - 8 * Double(count - 1)) / Double(count)
            let x = values["X", default: 0] + 1 + 12 + Int((Double(index) + 0.5) * width) + index * 8
            // The buttons are the last row of the bezel, 27 points high above its 12-point padding.
            let y = values["Y", default: 0] + values["HEIGHT", default: 0] - 1 - 12 - 13
            try Tools.run("xdotool", ["mousemove", String(x), String(y), "click", "1"], display: self.x.display)
        }

        func waitForList(_ condition: ([[String]]) -> Bool) throws -> Bool {
            try Tools.waitUntil(timeout: 5) { condition(try list()) }
        }
    }

    static let usable = XvfbServer.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/notify-send")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")

    @Test(.enabled(if: usable)) func capabilitiesAndServerInformation() throws {
        let desk = try Desk()
        let caps = try desk.call("GetCapabilities")
        for cap in ["'body'", "'body-markup'", "'actions'", "'icon-static'", "'x-canonical-private-synchronous'",
                    "'x-dunst-stack-tag'"] {
            #expect(caps.stdout.contains(cap), "\(caps.stdout)")
        }
        // Closed notifications are kept (the history, 100 by default); without one it is not advertised
        // (NotificationsControlTests).
        #expect(caps.stdout.contains("'persistence'"), "\(caps.stdout)")
        let info = try desk.call("GetServerInformation")
        #expect(info.stdout.hasPrefix("('x11hud', 'x11hud', '"), "\(info.stdout)")
        #expect(info.stdout.contains("'1.2')"), "\(info.stdout)")
    }

    @Test(.enabled(if: usable)) func notifySendShowsANamedHUDAndReplacesItById() throws {
        let desk = try Desk()
        let first = try desk.sh("notify-send -p -t 0 Backup 'Copying <b>photos</b>'")
        let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(first.status == 0 && UInt32(id) != nil, "\(first.stdout) \(first.stderr)")
        #expect(try desk.waitForList { $0.contains { $0.first == "notification-\(id)" && $0[3] == "Backup" } })
        let second = try desk.sh("notify-send -p -r \(id) -t 0 'Backup & sync done'")
        #expect(second.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == id)
        #expect(try desk.waitForList { $0.count == 1 && $0[0][3] == "Backup & sync done" },
                "\((try? desk.list()) ?? [])")
        #expect(try desk.hudWindows().count == 1)
    }

    @Test(.enabled(if: usable), arguments: [
        "notify-send -h string:x-canonical-private-synchronous:volume",
        "notify-send -h string:synchronous:volume",
        "notify-send -h string:private-synchronous:volume",
        "notify-send -h string:x-dunst-stack-tag:volume",
    ])
    func thirtySynchronousUpdatesAreOneHUD(_ client: String) throws {
        let desk = try Desk()
        let r = try desk.sh("for i in $(seq 1 30); do \(client) -h int:value:$i \"Volume $i\" || exit 1; done")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try desk.waitForList { $0.count == 1 && $0[0][0] == "notify-send:volume" && $0[0][3] == "Volume 30" },
                "\((try? desk.list()) ?? [])")
        #expect(try desk.list().first?[2] == "bar")
        #expect(try desk.hudWindows().count == 1)
    }

    @Test(.enabled(if: usable)) func dunstifyReplacesByIdAndTag() throws {
        let desk = try Desk()
        let id = try desk.sh("dunstify -p -t 0 One").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try desk.sh("dunstify -r \(id) -t 0 Two")
        try desk.sh("dunstify -h string:x-dunst-stack-tag:bright -h int:value:10 Brightness")
        try desk.sh("dunstify -h string:x-dunst-stack-tag:bright -h int:value:90 'Brightness 90'")
        #expect(try desk.waitForList { rows in
            rows.count == 2 && rows.contains { $0[3] == "Two" } && rows.contains { $0[3] == "Brightness 90" }
        }, "\((try? desk.list()) ?? [])")
    }

    @Test(.enabled(if: usable)) func eachCloseReasonIsSignalled() throws {
        let desk = try Desk()
        let monitor = try desk.monitor()
        let called = try desk.sh("notify-send -p -t 0 Called").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try desk.call("CloseNotification", called).status == 0)
        let expired = try desk.sh("notify-send -p -t 300 Short").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let hidden = try desk.sh("notify-send -p -t 0 Hidden").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try desk.waitForList { $0.contains { $0[0] == "notification-\(hidden)" } })
        #expect(try desk.sh("\(CLI.binary.path) hide --id notification-\(hidden)").status == 0)
        #expect(try desk.waitForList { $0.isEmpty })
        let closes = ["\(called), uint32 3", "\(expired), uint32 1", "\(hidden), uint32 3"].map {
            "NotificationClosed (uint32 \($0))"
        }
        monitor.read { text in closes.allSatisfy { text.contains($0) } }
        for close in closes { #expect(monitor.text.contains(close), "\(monitor.text)") }
    }

    @Test(.enabled(if: usable)) func anActionChosenByAClickIsPrintedByNotifySend() throws {
        let desk = try Desk()
        let monitor = try desk.monitor()
        let client = try ChildProcess(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                      ["-A", "ok=Okay", "-A", "later=Later", "Question", "Choose"],
                                      environment: desk.environment)
        #expect(try desk.waitForList { $0.count == 1 })
        try desk.clickButton(0, of: 2)
        #expect(client.waitForExit(timeout: 5))
        #expect(client.stdout == "ok\n", "\(client.stdout) \(client.stderr)")
        #expect(try desk.waitForList { $0.isEmpty })
        monitor.read { $0.contains("ActionInvoked (uint32 ") && $0.contains("uint32 2)") }
        let text = monitor.text
        let invoked = try #require(text.range(of: "ActionInvoked (uint32 "), "\(text)")
        let closed = try #require(text.range(of: "uint32 2)"), "\(text)")
        #expect(invoked.lowerBound < closed.lowerBound)
    }

    /// `notify-send -A` killed while it waits for the answer: the click is still an action and a close for whoever
    /// listens, and the server carries on.
    @Test(.enabled(if: usable)) func aClientGoneWhileWaitingForAnActionHarmsNothing() throws {
        let desk = try Desk()
        let monitor = try desk.monitor()
        let client = try ChildProcess(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                      ["-A", "ok=Okay", "-t", "0", "Question", "Choose"], environment: desk.environment)
        #expect(try desk.waitForList { $0.count == 1 })
        client.kill()
        try desk.clickButton()
        #expect(try desk.waitForList { $0.isEmpty }, "\((try? desk.list()) ?? [])")
        monitor.read { $0.contains("ActionInvoked (uint32 ") && $0.contains("'ok'") }
        #expect(monitor.text.contains("ActionInvoked (uint32 ") && monitor.text.contains("'ok'"), "\(monitor.text)")
        #expect(desk.server?.isRunning == true)
        #expect(try desk.call("GetServerInformation").status == 0)
    }

    /// 10,000 `Notify` calls sent without waiting for each answer, half of them updating one synchronous HUD: every
    /// call is answered, at most `--max-visible` HUDs show, the memory stays bounded and the server still answers.
    @Test(.enabled(if: usable)) func tenThousandNotifyCallsAtOnce() throws {
        let desk = try Desk()
        let script = """
            from gi.repository import Gio, GLib
            bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            loop = GLib.MainLoop()
            n, done, errors = 10000, [0], [0]
            def reply(b, res):
                try:
                    b.call_finish(res)
                except GLib.Error:
                    errors[0] += 1
                done[0] += 1
                if done[0] == n:
                    loop.quit()
            for i in range(n):
                hints = {'x-canonical-private-synchronous': GLib.Variant('s', 'flood')} if i % 2 else {}
                bus.call('org.freedesktop.Notifications', '/org/freedesktop/Notifications',
                         'org.freedesktop.Notifications', 'Notify',
                         GLib.Variant('(susssasa{sv}i)', ('flood', 0, '', 'N%d' % i, 'body', [], hints, 0)),
                         GLib.VariantType('(u)'), 0, 120000, None, reply)
            GLib.timeout_add_seconds(120, loop.quit)
            loop.run()
            print(done[0], errors[0])
            """
        let flood = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script],
                                         environment: desk.environment, timeout: 150)
        #expect(flood.stdout == "10000 0\n", "\(flood.stdout) \(flood.stderr)")
        let server = try #require(desk.server)
        #expect(server.isRunning)
        #expect(try desk.call("GetServerInformation").status == 0)
        // At most the five places of the column and the synchronous half's one OSD, which takes none (issue 39).
        #expect(try desk.waitForList { (1...6).contains($0.count) }, "\((try? desk.list()) ?? [])")
        let status = try String(contentsOfFile: "/proc/\(server.pid)/status", encoding: .utf8)
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap {
            Int($0.split(separator: " ")[1])
        } ?? 0
        #expect(rss > 0 && rss < Sanitizer.memoryUpTo(120_000), "VmHWM \(rss) kB")
    }

    @Test(.enabled(if: usable)) func theDefaultActionIsAClickOnTheBezel() throws {
        let desk = try Desk()
        let client = try ChildProcess(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                      ["-A", "default=Open", "Mail", "A new message"], environment: desk.environment)
        #expect(try desk.waitForList { $0.count == 1 })
        let window = try #require(try desk.hudWindows().first)
        _ = try WindowInfo.settled(id: window, display: desk.x.display)
        try Tools.run("xdotool", ["mousemove", "--window", window, "20", "10", "click", "1"], display: desk.x.display)
        #expect(client.waitForExit(timeout: 5))
        #expect(client.stdout == "default\n", "\(client.stdout) \(client.stderr)")
    }

    @Test(.enabled(if: usable)) func atMostMaxVisibleAreShownAndTheRestWaitInOrder() throws {
        let desk = try Desk(serverArguments: nil)
        desk.server = try desk.start(["--max-visible", "2"])
        var ids: [String] = []
        for n in 1...4 {
            ids.append(try desk.sh("notify-send -p -t 0 N\(n)").stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(try desk.waitForList { $0.map { $0[3] } == ["N1", "N2"] }, "\((try? desk.list()) ?? [])")
        #expect(try desk.call("CloseNotification", ids[0]).status == 0)
        #expect(try desk.waitForList { Set($0.map { $0[3] }) == ["N2", "N3"] }, "\((try? desk.list()) ?? [])")
        // One still waiting closes at once.
        #expect(try desk.call("CloseNotification", ids[3]).status == 0)
        #expect(try desk.call("CloseNotification", ids[1]).status == 0)
        #expect(try desk.waitForList { $0.map { $0[3] } == ["N3"] }, "\((try? desk.list()) ?? [])")
    }

    /// libnotify's test-removal: notify, let it expire, close; dunst answers success, and so does x11hud for any id
    /// that is not open (expired, closed already, or never issued here: a server taking the name over with
    /// `--replace` meets the ids of the one before it).
    @Test(.enabled(if: usable)) func closingAnIdThatIsNoLongerOpenSucceeds() throws {
        let desk = try Desk()
        let monitor = try desk.monitor()
        let expired = try desk.sh("notify-send -p -t 200 Short").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(monitor.read { $0.contains("NotificationClosed (uint32 \(expired), uint32 1)") }, "\(monitor.text)")
        let late = try desk.call("CloseNotification", expired)
        #expect(late.status == 0, "\(late.stderr)")
        let closed = try desk.sh("notify-send -p -t 0 Closed").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try desk.call("CloseNotification", closed).status == 0)
        #expect(monitor.read { $0.contains("NotificationClosed (uint32 \(closed), uint32 3)") }, "\(monitor.text)")
        let twice = try desk.call("CloseNotification", closed)
        #expect(twice.status == 0, "\(twice.stderr)")
        let never = try desk.call("CloseNotification", "4000000")
        #expect(never.status == 0, "\(never.stderr)")
        // Nothing more is signalled for them: the next signal is a later notification's.
        let marker = try desk.sh("notify-send -p -t 0 Marker").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try desk.call("CloseNotification", marker).status == 0)
        #expect(monitor.read { $0.contains("NotificationClosed (uint32 \(marker), uint32 3)") }, "\(monitor.text)")
        #expect(monitor.text.components(separatedBy: "NotificationClosed").count == 4, "\(monitor.text)")
    }

    /// Two applications using the same synchronous tag value: a bubble each, and each id closed as itself.
    @Test(.enabled(if: usable)) func twoApplicationsSharingATagHaveABubbleEach() throws {
        let desk = try Desk()
        let monitor = try desk.monitor()
        let tag = "-h string:x-canonical-private-synchronous:volume -h int:value:40"
        let mixer = try desk.sh("notify-send -a mixer -p -t 0 \(tag) Mixer").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let player = try desk.sh("notify-send -a player -p -t 0 \(tag) Player").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(mixer != player)
        #expect(try desk.waitForList { Set($0.map { $0[3] }) == ["Mixer", "Player"] }, "\((try? desk.list()) ?? [])")
        #expect(try desk.call("CloseNotification", mixer).status == 0)
        #expect(monitor.read { $0.contains("NotificationClosed (uint32 \(mixer), uint32 3)") }, "\(monitor.text)")
        #expect(!monitor.text.contains("NotificationClosed (uint32 \(player),"), "\(monitor.text)")
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Player"] }, "\((try? desk.list()) ?? [])")
    }

    @Test(.enabled(if: usable)) func theCommandLineUpdatesTheHUDOfASynchronousTag() throws {
        let desk = try Desk()
        try desk.sh("notify-send -t 0 -h string:x-canonical-private-synchronous:volume -h int:value:20 Volume")
        #expect(try desk.waitForList { $0.first?[3] == "Volume" })
        let r = try desk.sh("\(CLI.binary.path) --id notify-send:volume --label 'Volume 70%' --progress 0.7")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try desk.waitForList { $0.count == 1 && $0[0][3] == "Volume 70%" }, "\((try? desk.list()) ?? [])")
    }

    /// The picture of a notification is drawn above its text: raw `image-data` (RGBA with a padded stride, and RGB),
    /// a PNG named by `notify-send -i` (a path) and by `image-path` (a `file://` URI), an SVG file; one that cannot
    /// be shown is a warning and the notification shows without it.
    static let green = RGBA(red: 0, green: 1, blue: 0, alpha: 1)

    @Test(.enabled(if: usable), arguments: ["rgba", "rgb", "icon", "image-path", "svg", "missing"])
    func thePictureIsDrawnAboveTheText(_ kind: String) throws {
        let desk = try Desk()
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-pic-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        #expect(try desk.sh("convert -size 24x24 xc:'#00FF00' '\(png.path)'").status == 0)
        let send: ChildProcess.Result
        switch kind {
        case "rgba", "rgb":
            let channels = kind == "rgba" ? 4 : 3
            let script = """
                from gi.repository import Gio, GLib
                w, h, ch = 24, 24, \(channels)
                stride = w * ch + 3
                row = bytes([0, 255, 0, 255][:ch]) * w + b'\\0' * 3
                img = GLib.Variant('(iiibiiay)', (w, h, stride, ch == 4, 8, ch, row * h))
                bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
                r = bus.call_sync('org.freedesktop.Notifications', '/org/freedesktop/Notifications',
                    'org.freedesktop.Notifications', 'Notify',
                    GLib.Variant('(susssasa{sv}i)', ('t', 0, '', 'Pixels', '', [], {'image-data': img}, 0)),
                    GLib.VariantType('(u)'), 0, 20000, None)
                print(r.unpack()[0])
                """
            send = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script],
                                        environment: desk.environment)
        case "icon": send = try desk.sh("notify-send -t 0 -i '\(png.path)' Pixels")
        case "image-path": send = try desk.sh("notify-send -t 0 -h 'string:image-path:file://\(png.path)' Pixels")
        case "svg":
            let svg = png.path + ".svg"
            defer { try? FileManager.default.removeItem(atPath: svg) }
            try """
                <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">
                <rect width="8" height="8" fill="#0f0"/></svg>
                """.write(toFile: svg, atomically: true, encoding: .utf8)
            send = try desk.sh("notify-send -t 0 -i '\(svg)' Pixels")
        default: send = try desk.sh("notify-send -t 0 -i no-such-icon-anywhere Pixels")
        }
        #expect(send.status == 0, "\(send.stderr)")
        let mode = kind == "missing" ? "text" : "custom"
        #expect(try desk.waitForList { $0.first?[2] == mode && $0.first?[3] == "Pixels" },
                "\((try? desk.list()) ?? [])")
        #expect(try desk.hudWindows().count == 1)
        let greens = try desk.pixels(Self.green, atLeast: kind == "missing" ? Int.max : 300)
        if kind == "missing" {
            #expect(greens == 0)
            // Its stderr is read to the end: the server is stopped first.
            let server = try #require(desk.server)
            server.kill()
            #expect(server.stderr.contains("warning: notification") && server.stderr.contains("no-such-icon-anywhere"),
                    "\(server.stderr)")
        } else {
            // 24×24 pixels drawn at about 37 points: well over 300 of them green.
            #expect(greens > 300, "\(greens) green pixels in the HUD")
        }
    }

    /// An icon name is looked up in the desktop's icon theme (the XSETTINGS `Net/IconThemeName`, published here by
    /// xsettingsd) and the themes it inherits, before hicolor.
    @Test(.enabled(if: usable && FileManager.default.isExecutableFile(atPath: "/usr/bin/xsettingsd")))
    func anIconNameComesFromTheDesktopsThemeAndWhatItInherits() throws {
        let desk = try Desk(serverArguments: nil)
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-icons-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let icons = data.appendingPathComponent("icons").path
        // MyTheme inherits Parent, which has the icon in green; hicolor has it in red. Each theme lists its
        // directories in index.theme, as the icon theme specification wants.
        let setup = """
            set -e
            mkdir -p '\(icons)/MyTheme' '\(icons)/Parent/48x48/status' '\(icons)/hicolor/48x48/apps'
            printf '[Icon Theme]\\nName=MyTheme\\nInherits=Parent\\n' > '\(icons)/MyTheme/index.theme'
            printf '[Icon Theme]\\nName=Parent\\nDirectories=48x48/status\\n[48x48/status]\\nSize=48\\n' \\
                > '\(icons)/Parent/index.theme'
            printf '[Icon Theme]\\nName=Hicolor\\nDirectories=48x48/apps\\n[48x48/apps]\\nSize=48\\n' \\
                > '\(icons)/hicolor/index.theme'
            convert -size 48x48 xc:'#00FF00' '\(icons)/Parent/48x48/status/x11hud-test-icon.png'
            convert -size 48x48 xc:'#FF0000' '\(icons)/hicolor/48x48/apps/x11hud-test-icon.png'
            """
        #expect(try desk.sh(setup).status == 0)
        desk.extraEnvironment["XDG_DATA_HOME"] = data.path
        desk.server = try desk.start([])
        let red = RGBA(red: 1, green: 0, blue: 0, alpha: 1)

        #expect(try desk.sh("notify-send -t 0 -i x11hud-test-icon 'No theme set'").status == 0)
        #expect(try desk.waitForList { $0.count == 1 })
        #expect(try desk.pixels(red, atLeast: 300) > 300, "without a theme, not hicolor's icon")
        #expect(try desk.sh("\(CLI.binary.path) hide --all").status == 0)
        #expect(try desk.waitForList { $0.isEmpty })

        let config = data.appendingPathComponent("xsettingsd.conf").path
        try "Net/IconThemeName \"MyTheme\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let xsettingsd = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xsettingsd"), ["-c", config],
                                          environment: desk.environment)
        defer { xsettingsd.kill() }
        // Published once xsettingsd owns the XSETTINGS selection.
        let owner = "from Xlib import display; d = display.Display(); "
            + "print(d.get_selection_owner(d.intern_atom('_XSETTINGS_S0')))"
        #expect(try Tools.waitUntil(timeout: 5) {
            let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", owner],
                                         environment: desk.environment)
            return r.status == 0 && !["", "0"].contains(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        })
        #expect(try desk.sh("notify-send -t 0 -i x11hud-test-icon 'Theme set'").status == 0)
        #expect(try desk.waitForList { $0.count == 1 && $0[0][3] == "Theme set" })
        #expect(try desk.pixels(Self.green, atLeast: 300) > 300, "the theme's parent's icon was not used")
    }

    /// The config file's `[notifications]` table: the value hint drawn as a ring, at most `max-visible` shown; the
    /// command line's option wins over the file.
    @Test(.enabled(if: usable)) func theConfigFilesNotificationsTableIsUsed() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-\(UUID().uuidString).toml")
        defer { try? FileManager.default.removeItem(at: config) }
        try "[notifications]\nmax-visible = 2\nvalue-indicator = \"ring\"\n".write(to: config, atomically: true,
                                                                                   encoding: .utf8)
        for (arguments, shown) in [([String](), 2), (["--max-visible", "3"], 3)] {
            let desk = try Desk(serverArguments: ["--config", config.path] + arguments)
            #expect(try desk.sh("notify-send -t 0 -h int:value:40 Volume").status == 0)
            #expect(try desk.waitForList { $0.first?[2] == "annular" }, "\((try? desk.list()) ?? [])")
            for n in 1...3 { #expect(try desk.sh("notify-send -t 0 N\(n)").status == 0) }
            // The bubbles up to the limit, and the OSD, which takes no place of the column (issue 39).
            #expect(try desk.waitForList { $0.count == shown + 1 }, "\((try? desk.list()) ?? [])")
            // Fixed: nothing may happen (no HUD past the limit may come).
            usleep(300_000)
            #expect(try desk.list().count == shown + 1)
        }
        // --timeout: a text that takes 10 s to read goes after the half second asked for.
        let desk = try Desk(serverArguments: ["--timeout", "0.5"])
        let body = String(repeating: "words to read ", count: 22)
        #expect(try desk.sh("notify-send Long '\(body)'").status == 0)
        #expect(try desk.waitForList { $0.count == 1 })
        #expect(try Tools.waitUntil(timeout: 4) { try desk.list().isEmpty }, "still up after 4 s")
    }

    /// The rest of the table: `width` makes every bezel that wide, `value-hints` says which hints are a bar, and
    /// `[notifications.critical]` gives critical notifications their own bezel colour and time.
    @Test(.enabled(if: usable)) func widthPositionValueHintsAndTheCriticalLookComeFromTheTable() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-\(UUID().uuidString).toml")
        defer { try? FileManager.default.removeItem(at: config) }
        try """
            position = "bottom"
            [notifications]
            width = 400
            value-hints = ["x-progress"]
            position = "top-right"
            [notifications.critical]
            bezel-color = "#00FF00"
            timeout = 1
            """.write(to: config, atomically: true, encoding: .utf8)
        let desk = try Desk(serverArguments: ["--config", config.path])
        // A short text, 400 points wide all the same (no zoom: the window is the bezel, scale 1).
        #expect(try desk.sh("notify-send -t 0 Hi").status == 0)
        #expect(try desk.waitForList { $0.count == 1 })
        let window = try #require(try desk.hudWindows().first)
        #expect(try Tools.waitUntil(timeout: 3) { try WindowInfo(id: window, display: desk.x.display).width >= 400 },
                "\((try? WindowInfo(id: window, display: desk.x.display).width) ?? 0) wide")
        // The table's corner over the top-level `bottom` (the 1280×720 screen's top-right, inside the margin).
        let at = try WindowInfo(id: window, display: desk.x.display)
        #expect(at.x + at.width > 1280 - 60 && at.y < 60, "at \(at.x),\(at.y) \(at.width)×\(at.height)")
        _ = try desk.sh("\(CLI.binary.path) hide --all")
        #expect(try desk.waitForList { $0.isEmpty })
        // The configured hint is a bar; the specification's `value` is now plain text.
        #expect(try desk.sh("notify-send -t 0 -h int:x-progress:40 Copying").status == 0)
        #expect(try desk.waitForList { $0.first?[2] == "bar" }, "\((try? desk.list()) ?? [])")
        #expect(try desk.sh("notify-send -t 0 -h int:value:40 Volume").status == 0)
        #expect(try desk.waitForList { $0.contains { $0[3] == "Volume" && $0[2] == "text" } },
                "\((try? desk.list()) ?? [])")
        _ = try desk.sh("\(CLI.binary.path) hide --all")
        #expect(try desk.waitForList { $0.isEmpty })
        // Critical: green, and gone after its second although critical ones otherwise stay until closed.
        #expect(try desk.sh("notify-send -u critical Alert").status == 0)
        #expect(try desk.waitForList { $0.count == 1 })
        #expect(try desk.pixels(Self.green, atLeast: 2000) > 2000, "the critical bezel is not green")
        #expect(try Tools.waitUntil(timeout: 4) { try desk.list().isEmpty }, "the critical one stayed")
    }

    @Test(.enabled(if: usable)) func hostileCallsGetErrorsAndNothingBreaks() throws {
        let desk = try Desk()
        // A wrong signature, sent without introspection: sd-bus's own InvalidArgs reply.
        let wrong = try desk.sh("dbus-send --session --print-reply --dest=org.freedesktop.Notifications "
            + "/org/freedesktop/Notifications org.freedesktop.Notifications.Notify string:a uint32:1")
        #expect(wrong.status != 0 && wrong.stderr.contains("InvalidArgs"), "\(wrong.stderr)")
        // Invalid UTF-8 never reaches the server: the bus refuses it.
        let bad = try desk.sh("dbus-send --session --print-reply --dest=org.freedesktop.Notifications "
            + "/org/freedesktop/Notifications org.freedesktop.Notifications.CloseNotification "
            + "string:\"$(printf '\\377\\376')\"")
        #expect(bad.status != 0)
        // 10 MB of body, a million characters of markup, image-data that lies about its size or asks for 65536².
        let script = """
            import sys
            from gi.repository import Gio, GLib
            bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            def notify(summary, body, hints):
                r = bus.call_sync('org.freedesktop.Notifications', '/org/freedesktop/Notifications',
                    'org.freedesktop.Notifications', 'Notify',
                    GLib.Variant('(susssasa{sv}i)', ('t', 0, '', summary, body, [], hints, 0)),
                    GLib.VariantType('(u)'), 0, 20000, None)
                print(r.unpack()[0])
            notify('Big', 'x' * 10_000_000, {})
            notify('Markup', '<b>' * 500_000 + '</i>' * 500_000, {})
            img = GLib.Variant('(iiibiiay)', (4, 4, 3, True, 8, 4, b'\\0' * 10))
            notify('Lying image', 'b', {'image-data': img})
            img = GLib.Variant('(iiibiiay)', (65536, 65536, 262144, True, 8, 4, b'\\0' * 64))
            notify('Huge image', 'b', {'image-data': img, 'urgency': GLib.Variant('y', 9)})
            """
        let hostile = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script],
                                           environment: desk.environment, timeout: 60)
        #expect(hostile.status == 0, "\(hostile.stderr)")
        #expect(hostile.stdout.split(separator: "\n").count == 4, "\(hostile.stdout)")
        #expect(try desk.waitForList { $0.count == 4 }, "\((try? desk.list()) ?? [])")
        let server = try #require(desk.server)
        #expect(server.isRunning)
        // Bounded: the server holds 4000 characters of a body, not 10 MB.
        let status = try String(contentsOfFile: "/proc/\(server.pid)/status", encoding: .utf8)
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }.flatMap {
            Int($0.split(separator: " ")[1])
        } ?? 0
        #expect(rss > 0 && rss < Sanitizer.memoryUpTo(120_000), "VmRSS \(rss) kB")
        #expect(try desk.call("GetServerInformation").status == 0)
    }

    @Test(.enabled(if: usable)) func aTakenNameIsOneLineAnd75UnlessReplace() throws {
        let desk = try Desk(serverArguments: nil)
        let dunst = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dunst"), [], environment: desk.environment,
                                     output: .discard)
        #expect(try Tools.waitUntil(timeout: 10) {
            try desk.call("GetServerInformation").stdout.contains("'dunst'")
        })
        let refused = try ChildProcess.run(CLI.binary, ["notifications"], environment: desk.environment)
        #expect(refused.status == 75, "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("dunst") && refused.stderr.contains("--replace"), "\(refused.stderr)")
        // dunst 1.9 owns the name without allowing replacement: --replace says so, and waits for nothing.
        let refusedAgain = try ChildProcess.run(CLI.binary, ["notifications", "--replace"],
                                                environment: desk.environment)
        #expect(refusedAgain.status == 75, "\(refusedAgain.stderr)")
        #expect(refusedAgain.stderr.contains("does not let it be replaced"), "\(refusedAgain.stderr)")
        dunst.kill()
        desk.server = try desk.start([])
        #expect(try desk.call("GetServerInformation").stdout.contains("'x11hud'"))
        let id = try desk.sh("notify-send -p -t 0 Mine").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try desk.waitForList { $0.contains { $0[0] == "notification-\(id)" } })
        // And another x11hud --replace takes it from this one, which then exits 0.
        let second = try desk.start(["--replace"])
        #expect(desk.server?.waitForExit(timeout: 5) == true)
        #expect(desk.server?.status == 0, "\(desk.server?.stderr ?? "")")
        #expect(try desk.call("GetServerInformation").stdout.contains("'x11hud'"))
        second.kill()
    }

    @Test(.enabled(if: usable)) func theBusGoingAwayIsExitZeroAndTheXServerSeventyFour() throws {
        let desk = try Desk()
        kill(desk.bus.daemon.pid, SIGKILL)
        let server = try #require(desk.server)
        try #require(server.waitForExit(timeout: 5))
        #expect(server.status == 0, "\(server.stderr)")
        let other = try Desk()
        other.x.stop()
        let second = try #require(other.server)
        try #require(second.waitForExit(timeout: 5))
        #expect(second.status == 74, "\(second.stderr)")
    }

    /// /proc/PID/maps read to its end (procfs answers in pieces; a single read of its size, 0, can stop early).
    static func maps(_ pid: Int32) throws -> String {
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        return String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test(.enabled(if: usable)) func onlyTheServerMapsLibsystemd() throws {
        let desk = try Desk()
        let server = try #require(desk.server)
        let maps = try Self.maps(server.pid)
        #expect(maps.contains("libsystemd"))
        // A plain HUD, and the binary itself, need no libsystemd (the forwarding `x11hud --id` is the same binary).
        // Its desktop runs no screen reader: a runtime directory with no accessibility bus in it (without one, a
        // stale ~/.cache/at-spi that another program's launcher left would have it ask the session bus).
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-noatspi-\(UUID())")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let hud = try ChildProcess(CLI.binary, ["--label", "plain", "--hide-after", "3"],
                                   environment: desk.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 },
                                   output: .discard)
        #expect(try Tools.waitUntil(timeout: 5) { try !desk.hudWindows().isEmpty })
        let hudMaps = try Self.maps(hud.pid)
        #expect(!hudMaps.contains("libsystemd"), "a plain HUD mapped libsystemd")
        hud.kill()
        let needed = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", CLI.binary.path])
        #expect(!needed.stdout.contains("libsystemd"), "\(needed.stdout)")
    }
}
