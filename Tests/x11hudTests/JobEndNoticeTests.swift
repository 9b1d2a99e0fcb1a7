import Foundation
import HUDTestSupport
import Testing

/// Issue 52 item 2: the end of a job whose HUD is not on screen reaches the session's notification server (the real
/// dunst, on a private Xvfb and a private bus), with the command's exit status unchanged; `list --json --ended` keeps
/// the ends that a status bar polling every few seconds would otherwise miss.
@Suite(.ownThreads, .serialized) struct JobEndNoticeTests {
    static let usable = NotificationsCommandTests.usable
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/dunst")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-monitor")

    /// dunst on a private Xvfb and bus, a monitor of the Notify calls, and a runtime folder of the test's own (the
    /// ended jobs' records).
    final class Session {
        let desk: NotificationsCommandTests.Desk
        let monitor: ChildProcess
        private let monitored = Pipe()
        private(set) var calls = ""
        let runtime: URL

        init() throws {
            let desk = try NotificationsCommandTests.Desk(serverArguments: nil)
            self.desk = desk
            runtime = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-run-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let config = runtime.appendingPathComponent("dunstrc")
            try "[global]\n    markup = full\n".write(to: config, atomically: true, encoding: .utf8)
            desk.server = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dunst"), ["-conf", config.path],
                                           environment: desk.environment)
            let owned = try Tools.waitUntil(timeout: 10) {
                try desk.sh("gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus "
                    + "--method org.freedesktop.DBus.GetNameOwner org.freedesktop.Notifications").status == 0
            }
            try #require(owned, "dunst did not own the name: \(desk.server?.stderr ?? "")")
            monitor = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dbus-monitor"), [
                "--session", "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
            ], environment: desk.environment, output: .pipe(monitored))
            // It is a monitor once the bus has told it its name was lost (BecomeMonitor releases them).
            _ = read { $0.contains("NameLost") }
        }

        deinit {
            monitor.kill()
            try? FileManager.default.removeItem(at: runtime)
        }

        /// The environment of an x11hud run here: the desk's (DISPLAY, the bus) with the test's runtime folder.
        var environment: [String: String] { desk.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 } }

        /// Reads the monitor's lines until `done` holds for all of them, at most 5 s; whether it came to hold.
        @discardableResult
        func read(until done: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(Sanitizer.upTo(5))
            while !done(calls) {
                let left = deadline.timeIntervalSinceNow
                guard left > 0, let line = Tools.readLine(from: monitored.fileHandleForReading.fileDescriptor,
                                                          timeout: left) else { return false }
                calls += line + "\n"
            }
            return true
        }

        /// `x11hud ARGS` here, to its end.
        func x11hud(_ arguments: [String], without: [String] = [], extra: [String: String] = [:])
            throws -> ChildProcess.Result {
            var environment = environment.merging(extra) { $1 }
            for name in without { environment[name] = nil }
            return try ChildProcess.run(CLI.binary, arguments, environment: environment, timeout: 30)
        }

        /// `script` run by /bin/sh here, to its end.
        func shell(_ script: String) throws -> ChildProcess.Result {
            try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: environment,
                                 timeout: 30)
        }

        /// How many notifications dunst shows; a Notify call returns once dunst has taken it, so this counts every
        /// one sent before a run's exit.
        func displayed() throws -> Int {
            Int(try desk.sh("dunstctl count displayed").stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }

        /// The summaries and bodies of what dunst had, newest first, once closed into its history.
        func history() throws -> [(summary: String, body: String, app: String)] {
            try desk.sh("dunstctl close-all")
            var items: [(String, String, String)] = []
            _ = try Tools.waitUntil(timeout: 5) {
                let text = try desk.sh("dunstctl history").stdout
                let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
                let list = ((object?["data"] as? [Any])?.first as? [[String: Any]]) ?? []
                func field(_ item: [String: Any], _ key: String) -> String {
                    (item[key] as? [String: Any])?["data"] as? String ?? ""
                }
                items = list.map { (field($0, "summary"), field($0, "body"), field($0, "appname")) }
                return !items.isEmpty
            }
            return items
        }
    }

    static let nightly = ["run", "--label", "Nightly", "--hide-after", "1", "--", "sh", "-c", "sleep 3; exit 3"]

    @Test(.enabled(if: usable)) func aHiddenHUDsFailureReachesDunstAndTheStatusStays() throws {
        let session = try Session()
        let child = try ChildProcess(CLI.binary, Self.nightly, environment: session.environment)
        // Only the end needs the bus: while the command runs, libsystemd is not loaded.
        #expect(try Tools.waitUntil(timeout: 5) { try !session.desk.hudWindows().isEmpty })
        #expect(try !NotificationsCommandTests.maps(child.pid).contains("libsystemd"))
        #expect(child.waitForExit(timeout: Sanitizer.upTo(20)))
        #expect(child.status == 3, "\(child.stderr)")
        #expect(child.stderr.isEmpty, "\(child.stderr)")
        #expect(session.read { $0.contains("\"Nightly\"") && $0.contains("int32 -1") }, "\(session.calls)")
        #expect(session.calls.contains("string \"x11hud\""))
        #expect(session.calls.contains("string \"Failed: exit status 3\""))
        #expect(session.calls.contains("byte 2"), "critical: \(session.calls)")
        #expect(try session.displayed() == 1)
        let history = try session.history()
        #expect(history.count == 1 && history.first?.summary == "Nightly" && history.first?.app == "x11hud")
        #expect(history.first?.body == "Failed: exit status 3")
    }

    /// x11hud's own server takes it as dunst does: a critical bubble, in its history once closed.
    @Test(.enabled(if: usable)) func x11hudsOwnServerShowsItCritical() throws {
        let desk = try NotificationsCommandTests.Desk()
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let r = try ChildProcess.run(CLI.binary, Self.nightly, environment: desk.environment.merging(
            ["XDG_RUNTIME_DIR": runtime.path, "X11HUD_NO_SERVE": "1"]) { $1 }, timeout: 30)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(try desk.waitForList { $0.map { $0[3] } == ["Nightly"] }, "\((try? desk.list()) ?? [])")
        #expect(try NotificationsControlTests.control(desk, "close-all").status == 0)
        var history = ""
        _ = try Tools.waitUntil(timeout: 5) {
            history = try NotificationsControlTests.control(desk, "history").stdout
            return !history.isEmpty
        }
        let fields = history.split(separator: "\n").first?.split(separator: "\t").dropFirst().map(String.init)
        #expect(fields == ["x11hud", "critical", "dismissed", "Nightly", "Failed: exit status 3"], "\(history)")
    }

    @Test(.enabled(if: usable)) func withoutADisplayTheEndStillReachesDunst() throws {
        let session = try Session()
        let r = try session.x11hud(Self.nightly, without: ["DISPLAY"])
        #expect(r.status == 3, "\(r.stderr)")
        // The one warning there was before: no HUD.
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("without a HUD"), "\(r.stderr)")
        #expect(session.read { $0.contains("\"Nightly\"") && $0.contains("int32 -1") }, "\(session.calls)")
        #expect(try session.history().map(\.summary) == ["Nightly"])
    }

    @Test(.enabled(if: usable)) func anEndTheHUDShowedIsNotSentUnlessAlwaysAndNeverSendsNone() throws {
        let session = try Session()
        let shown = try session.x11hud(["run", "--label", "Shown", "--", "sh", "-c", "exit 4"])
        #expect(shown.status == 4, "\(shown.stderr)")
        #expect(try session.displayed() == 0)
        // The config file says never; the command line's always wins over it, for the end the HUD showed too.
        let config = session.runtime.appendingPathComponent("config.toml")
        try "notify = \"never\"\n".write(to: config, atomically: true, encoding: .utf8)
        let never = try session.x11hud(["run", "--config", config.path] + Self.nightly.dropFirst(),
                                       without: ["DISPLAY"])
        #expect(never.status == 3, "\(never.stderr)")
        #expect(try session.displayed() == 0)
        let always = try session.x11hud(["run", "--config", config.path, "--notify", "always", "--label", "Always",
                                         "--", "true"])
        #expect(always.status == 0, "\(always.stderr)")
        #expect(session.read { $0.contains("\"Always\"") && $0.contains("int32 -1") }, "\(session.calls)")
        #expect(!session.calls.contains("\"Shown\"") && !session.calls.contains("\"Nightly\""), "\(session.calls)")
        #expect(session.calls.contains("string \"Done\"") && session.calls.contains("byte 1"), "\(session.calls)")
    }

    /// A piped HUD hidden before its input tells the end: the end is read from the rest of the input as it is
    /// drained, and sent; one that the HUD showed is not.
    @Test(.enabled(if: usable)) func aPipedHUDsEndAfterItsHideIsSent() throws {
        let session = try Session()
        let x11hud = CLI.binary.path
        let hidden = try session.shell("""
            { echo 10; echo '{"label":"Step 2","progress":0.5}'; while [ ! -e '\(session.runtime.path)/go' ]; do \
            sleep 0.05; done; echo '{"icon":"error","label":"Failed","details":"disk full"}'; } \
            | '\(x11hud)' --label Piped --hide-after 0.5 & pid=$!
            # The HUD hides after 0.5 s; the end comes once it has been on the display and is gone (10 s at most).
            up() { '\(x11hud)' list | awk -v p=$pid '$2 == p { f = 1 } END { exit !f }'; }
            n=0; until up || [ $n -gt 200 ]; do n=$((n + 1)); sleep 0.05; done
            until ! up || [ $n -gt 200 ]; do n=$((n + 1)); sleep 0.05; done; touch '\(session.runtime.path)/go'
            wait $pid
            """)
        #expect(hidden.status == 0, "\(hidden.stderr)")
        #expect(session.read { $0.contains("\"Piped\"") && $0.contains("int32 -1") }, "\(session.calls)")
        #expect(session.calls.contains("string \"Failed: disk full\"") && session.calls.contains("byte 2"))
        let shown = try session.shell("""
            { echo 10; echo '{"icon":"error","label":"Failed","details":"disk full"}'; } | '\(x11hud)' --label Shown
            """)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(try session.displayed() == 1, "the hidden one's only")
    }

    /// A server that takes the call and never answers holds the exit back 1 s at most.
    @Test(.enabled(if: usable)) func aServerThatNeverAnswersDelaysTheExitAtMostASecond() throws {
        let bus = try SessionBus()
        let script = """
            from gi.repository import Gio, GLib
            types = ['s', 'u', 's', 's', 's', 'as', 'a{sv}', 'i']
            xml = ('<node><interface name="org.freedesktop.Notifications"><method name="Notify">'
                   + ''.join('<arg type="%s" direction="in"/>' % t for t in types)
                   + '<arg type="u" direction="out"/></method></interface></node>')
            info = Gio.DBusNodeInfo.new_for_xml(xml).interfaces[0]
            held = []
            def call(connection, sender, path, interface, method, parameters, invocation):
                held.append(invocation)
                print('called', parameters[3], flush=True)
            def acquired(connection, name):
                connection.register_object('/org/freedesktop/Notifications', info, call, None, None)
                print('owned', flush=True)
            Gio.bus_own_name(Gio.BusType.SESSION, 'org.freedesktop.Notifications', 0, None, acquired, None)
            GLib.MainLoop().run()
            """
        let out = Pipe()
        let server = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script],
                                      environment: bus.environment(), output: .pipe(out))
        defer { server.kill() }
        let owned = Tools.readLine(from: out.fileHandleForReading.fileDescriptor, timeout: Sanitizer.upTo(10))
        try #require(owned == "owned", "\(server.stderr)")
        var environment = bus.environment()
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let started = Date()
        let r = try ChildProcess.run(CLI.binary, ["run", "--label", "Slow", "--", "sh", "-c", "exit 3"],
                                     environment: environment, timeout: 30)
        let seconds = Date().timeIntervalSince(started)
        #expect(r.status == 3)
        #expect(seconds >= 0.9 && seconds < Sanitizer.upTo(3), "\(seconds) s")
        #expect(r.stderr.contains("did not answer within 1 s"), "\(r.stderr)")
        let called = Tools.readLine(from: out.fileHandleForReading.fileDescriptor, timeout: Sanitizer.upTo(5))
        #expect(called == "called Slow")
    }

    @Test(.enabled(if: usable)) func withNoBusAtAllTheJobEndsAsBeforeWithOneWarning() throws {
        let session = try Session()
        let started = Date()
        let r = try session.x11hud(["run", "--label", "Cron", "--", "sh", "-c", "exit 3"], without: ["DISPLAY"],
                                   extra: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        #expect(r.status == 3)
        #expect(Date().timeIntervalSince(started) < Sanitizer.upTo(5))
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines.last?.contains("was not notified") == true, "\(r.stderr)")
    }

    /// A status bar polling `list --json --ended` sees a named job's failure for as long as it cares to: here each
    /// poll from its end until 6 s after it, and without a display too.
    @Test(.enabled(if: usable)) func listEndedShowsAFailureLongAfterItsHUD() throws {
        let session = try Session()
        let r = try session.x11hud(["run", "--id", "nightly", "--label", "Nightly", "--", "sh", "-c",
                                    "echo 'rsync error: some files vanished' >&2; exit 24"])
        #expect(r.status == 24)
        func ended(_ extra: [String] = []) throws -> [[String: Any]] {
            let list = try session.x11hud(["list", "--json", "--ended"], without: extra)
            #expect(list.status == 0, "\(list.stderr)")
            let items = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
            return (items ?? []).filter { $0["id"] as? String == "nightly" }
        }
        let first = try #require(try ended().first)
        #expect(first["outcome"] as? String == "failed" && first["label"] as? String == "Nightly")
        #expect(first["reason"] as? String == "rsync error: some files vanished")
        #expect(first["status"] as? Int == 24)
        let end = try #require(first["ended"] as? Double)
        #expect(abs(end - Date().timeIntervalSince1970) < 30)
        var polls = 0
        let lasted = try Tools.waitUntil(timeout: Sanitizer.upTo(20)) {
            let now = Date().timeIntervalSince1970
            let outcomes = try ended().map { $0["outcome"] as? String }
            #expect(outcomes == ["failed"], "poll \(polls)")
            polls += 1
            return now >= end + 6
        }
        #expect(lasted && polls > 1)
        #expect(try ended(["DISPLAY"]).map { $0["outcome"] as? String } == ["failed"])
        let bad = try session.x11hud(["list", "--ended"])
        #expect(bad.status == 64 && bad.stderr.contains("--ended needs --json"), "\(bad.stderr)")
    }
}
