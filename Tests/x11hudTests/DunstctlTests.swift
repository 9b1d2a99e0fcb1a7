import Foundation
import HUDTestSupport
import Testing

/// Issue 39 item 3: the real dunstctl (the dunst package's script: dbus-send and busctl) against the real dunst
/// and against x11hud, each on its own private Xvfb and bus, the same steps in the same order: what dunstctl prints
/// and what each step does (the counts, the history, the action a sender hears, the menu's lines, a rule's effect)
/// are the same, but for the ids and the timestamps (each server's own).
@Suite(.ownThreads, .serialized) struct DunstctlTests {
    static let usable = NotificationsCommandTests.usable
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/dunst")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/dunstctl")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/busctl")

    /// What one server did at each step, with its own ids written `ID`.
    struct Transcript {
        var steps: [(step: String, text: String)] = []
        var history: [[String: Any]] = []
        var historyTypes: [String: String] = [:]

        mutating func add(_ step: String, _ text: String) { steps.append((step, text)) }
    }

    /// A server on a private bus and display, with a rule named `mute` (app `muted`, kept off the screen) and a
    /// dmenu stand-in that writes the lines it is given to a file and picks the one of the action `no`.
    final class Server {
        let desk: NotificationsCommandTests.Desk
        let dir: URL
        var menuInput: String {
            (try? String(contentsOf: dir.appendingPathComponent("menu.in"), encoding: .utf8)) ?? ""
        }
        /// The arguments the browser stand-in was last started with, one a line.
        var browserArguments: String {
            (try? String(contentsOf: dir.appendingPathComponent("browser.args"), encoding: .utf8)) ?? ""
        }

        init(dunst: Bool, ruleName: String = "mute", appName: String = "muted") throws {
            desk = try NotificationsCommandTests.Desk(serverArguments: nil)
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-dunstctl-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let dmenu = dir.appendingPathComponent("dmenu").path
            // The action `no`, else the first link.
            try "#!/bin/sh\ncd '\(dir.path)'\ncat > menu.in\ngrep ',no]' menu.in || grep -m1 '^\\[' menu.in\n"
                .write(toFile: dmenu, atomically: true, encoding: .utf8)
            #expect(chmod(dmenu, 0o755) == 0)
            let browser = dir.appendingPathComponent("browser").path
            try "#!/bin/sh\ncd '\(dir.path)'\nprintf '%s\\n' \"$@\" > browser.tmp\nmv browser.tmp browser.args\n"
                .write(toFile: browser, atomically: true, encoding: .utf8)
            #expect(chmod(browser, 0o755) == 0)
            if dunst {
                let config = dir.appendingPathComponent("dunstrc")
                try """
                    [global]
                        dmenu = \(dmenu) -p dunst:
                        browser = \(browser)
                    [mute]
                        appname = muted
                        skip_display = true

                    """.write(to: config, atomically: true, encoding: .utf8)
                desk.server = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dunst"), ["-conf", config.path],
                                               environment: desk.environment)
                let owned = try Tools.waitUntil(timeout: 10) {
                    try desk.sh("dunstctl debug").status == 0
                }
                try #require(owned, "dunst did not start: \(desk.server?.stderr ?? "")")
            } else {
                let config = dir.appendingPathComponent("config.toml")
                try """
                    [notifications]
                    dmenu = "\(dmenu) -p dunst:"
                    browser = "\(browser)"

                    [[notifications.rule]]
                    name = "\(ruleName)"
                    app-name = "\(appName)"
                    skip-display = true

                    """.write(to: config, atomically: true, encoding: .utf8)
                desk.server = try desk.start(["--config", config.path])
            }
        }

        deinit { try? FileManager.default.removeItem(at: dir) }

        @discardableResult
        func ctl(_ arguments: String) throws -> ChildProcess.Result { try desk.sh("dunstctl \(arguments)") }

        func count(_ which: String) throws -> Int {
            Int(try ctl("count \(which)").stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }

        /// Waits until `dunstctl count` says `displayed` and `history` (a hide takes its animation's time in
        /// x11hud); whether it came to.
        func waitFor(displayed: Int, history: Int) throws -> Bool {
            try Tools.waitUntil(timeout: 5) { try count("displayed") == displayed && count("history") == history }
        }

        /// `x11hud list --json` once it lists `count` notifications (what it lists last, when it never does).
        func listed(count: Int) throws -> [[String: Any]] {
            var listed: [[String: Any]] = []
            _ = try Tools.waitUntil(timeout: 5) {
                let json = try desk.sh("\(CLI.binary.path) list --json").stdout
                listed = (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]) ?? []
                return listed.count == count
            }
            return listed
        }

        /// `dunstctl history` read: each entry's values, and each key's D-Bus type.
        func history() throws -> (entries: [[String: Any]], types: [String: String]) {
            let r = try ctl("history")
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let data = (object?["data"] as? [[[String: Any]]])?.first ?? []
            var types: [String: String] = [:], entries: [[String: Any]] = []
            for entry in data {
                var values: [String: Any] = [:]
                for (key, field) in entry {
                    let f = field as? [String: Any]
                    types[key] = f?["type"] as? String
                    values[key] = f?["data"]
                }
                entries.append(values)
            }
            return (entries, types)
        }
    }

    /// The steps, the same for both servers.
    static func run(dunst: Bool) throws -> Transcript {
        let s = try Server(dunst: dunst)
        var t = Transcript()
        func out(_ r: ChildProcess.Result) -> String { "\(r.status) \(r.stdout)\(r.stderr)" }

        // The pause: is-paused, set-paused toggle and true/false.
        t.add("is-paused", out(try s.ctl("is-paused")))
        try s.ctl("set-paused toggle")
        t.add("toggled", out(try s.ctl("is-paused")))
        try s.ctl("set-paused false")
        t.add("unpaused", out(try s.ctl("is-paused")))

        // Two that stay, then count, close (dunst's first of its displayed list), the history as JSON.
        #expect(try s.desk.sh("notify-send -t 0 -c email -h int:value:30 "
            + "-i /usr/share/icons/Adwaita/48x48/legacy/battery-low.png 'First <b>one</b>' "
            + "'Body <a href=\"https://a.example/c\">link</a> http://x.example/z'").status == 0)
        #expect(try s.desk.sh("notify-send -t 0 -u critical Second 'second body'").status == 0)
        t.add("two shown", "\(try s.waitFor(displayed: 2, history: 0))")
        t.add("count", out(try s.ctl("count")))
        t.add("close", out(try s.ctl("close")))
        t.add("after close", "\(try s.waitFor(displayed: 1, history: 1))")
        t.add("closed first", try s.history().entries.map { "\($0["summary"] ?? "")" }.joined(separator: ","))
        // history-pop shows it again; close-all closes both into the history.
        t.add("history-pop", out(try s.ctl("history-pop")))
        t.add("after pop", "\(try s.waitFor(displayed: 2, history: 0))")
        t.add("close-all", out(try s.ctl("close-all")))
        t.add("after close-all", "\(try s.waitFor(displayed: 0, history: 2))")
        // Both closed at once: x11hud records each as its fade ends, so only the set is compared.
        let (entries, types) = try s.history()
        t.history = entries
        t.historyTypes = types
        t.add("history summaries", entries.map { "\($0["summary"] ?? "")" }.sorted().joined(separator: ","))

        // A sender of `actions` (notify-send prints the key it hears), then dunstctl `command` on it.
        func acted(_ step: String, _ actions: String, _ command: String) throws {
            let sender = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                          ["-c", "notify-send -t 0 \(actions) Choose 'some actions'"],
                                          environment: s.desk.environment)
            t.add("\(step) shown", "\(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 1 })")
            t.add(step, out(try s.ctl(command)))
            t.add("\(step) heard", "\(sender.waitForExit(timeout: 5) ? sender.status : -1) \(sender.stdout)")
            try s.ctl("close-all")
            _ = try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 0 }
        }
        // action: the one shown's only action; context: the menu command gets one line per action, its pick invoked.
        try acted("action", "-A yes=Yes", "action")
        try acted("context", "-A yes=Yes -A no=No", "context")
        t.add("menu lines", s.menuInput.replacing(#/\[\d+,/#, with: "[ID,"))
        // A link in a body: context offers it after the actions, and its pick is opened with the browser.
        #expect(try s.desk.sh("notify-send -t 0 Links 'read <a href=\"https://example.org/x?a=1\">the page</a>'")
            .status == 0)
        t.add("link shown", "\(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 1 })")
        t.add("link context", out(try s.ctl("context")))
        // The menu runs after context has answered: its input is read once the browser has started.
        let opened = Tools.waitUntil(timeout: 5) { !s.browserArguments.isEmpty }
        t.add("browser got", "\(opened) \(s.browserArguments)")
        t.add("link menu", s.menuInput)
        try s.ctl("close-all")
        _ = try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 0 }

        // rule: `mute` keeps app `muted` off the screen; disabled, its notification shows; an unknown rule fails.
        let before = try s.count("history")
        #expect(try s.desk.sh("notify-send -t 0 -a muted 'Muted one'").status == 0)
        t.add("muted kept off", "\(try Tools.waitUntil(timeout: 5) { try s.count("history") == before + 1 })"
            + " \(try s.count("displayed"))")
        t.add("rule disable", out(try s.ctl("rule mute disable")))
        #expect(try s.desk.sh("notify-send -t 0 -a muted 'Muted two'").status == 0)
        t.add("unmuted shown", "\(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 1 })")
        t.add("rule enable", out(try s.ctl("rule mute enable")))
        let unknown = try s.ctl("rule nope enable")
        t.add("unknown rule", "\(unknown.status) \(unknown.stderr.split(separator: "\n").first ?? "")")
        // dunst counts the waiting ones in this message (its check compares with them); x11hud the shown ones.
        let far = try s.ctl("action 7")
        t.add("action 7", "\(far.status) \(far.stderr.split(separator: ",").first ?? "")")
        return t
    }

    @Test(.enabled(if: usable)) func dunstctlGetsTheSameAnswersAndEffectsFromBoth() throws {
        let theirs = try Self.run(dunst: true)
        let ours = try Self.run(dunst: false)
        try #require(theirs.steps.count == ours.steps.count)
        for (a, b) in zip(theirs.steps, ours.steps) {
            #expect(b.step == a.step)
            #expect(b.text == a.text, "\(a.step): dunst said \(a.text), x11hud \(b.text)")
        }
        // What the steps were about, so that two servers failing alike cannot pass.
        let said = Dictionary(uniqueKeysWithValues: ours.steps.map { ($0.step, $0.text) })
        #expect(said["toggled"] == "0 true\n")
        #expect(said["count"]?.contains("Currently displayed: 2") == true)
        #expect(said["closed first"] == "Second")
        #expect(said["history summaries"] == "First <b>one</b>,Second")
        #expect(said["action heard"] == "0 yes\n")
        #expect(said["context heard"] == "0 no\n")
        #expect(said["menu lines"]?.contains("#No (Choose) [ID,no]") == true)
        #expect(said["link menu"] == "[the page] https://example.org/x?a=1")
        #expect(said["browser got"] == "true https://example.org/x?a=1\n")
        #expect(said["muted kept off"] == "true 0")
        #expect(said["unknown rule"]?.contains("There is no rule named \"nope\"") == true)

        // The history as dunstctl prints it: dunst 1.9's keys with their types, and the same values but the id and
        // the timestamp (each server's); x11hud adds urgency, stack_tag and urls, as later dunst releases do.
        for (key, type) in theirs.historyTypes {
            #expect(ours.historyTypes[key] == type, "\(key)")
        }
        #expect(Set(ours.historyTypes.keys).subtracting(theirs.historyTypes.keys) == ["urgency", "stack_tag", "urls"])
        func first(_ h: [[String: Any]]) -> [String: Any] {
            h.first { $0["summary"] as? String == "First <b>one</b>" } ?? [:]
        }
        let (a, b) = (first(theirs.history), first(ours.history))
        #expect(!a.isEmpty && theirs.history.count == 2 && ours.history.count == 2)
        for key in theirs.historyTypes.keys where key != "id" && key != "timestamp" {
            #expect("\(b[key] ?? "missing")" == "\(a[key] ?? "missing")", "\(key)")
        }
        #expect(b["progress"] as? Int == 30 && b["icon_path"] as? String != "")
        #expect(b["urls"] as? String == "[link] https://a.example/c\nhttp://x.example/z")
    }

    /// What the dunst 1.9 in the package lacks (1.9.1's `history-rm` and `history-clear`, the same calls as that
    /// dunstctl makes) and x11hud's own commands for the same: on x11hud's server alone.
    @Test(.enabled(if: usable)) func historyRemovalAndOwnCommands() throws {
        let s = try Server(dunst: false)
        let x11hud = CLI.binary.path
        for summary in ["One", "Two", "Three"] {
            #expect(try s.desk.sh("notify-send -t 0 \(summary) body").status == 0)
        }
        #expect(try s.waitFor(displayed: 3, history: 0))
        // close without an id: the newest; with one: that one; an unknown one: status 1 and one line.
        let newest = try s.desk.sh("\(x11hud) notifications close")
        #expect(newest.status == 0 && newest.stdout == "3\n", "\(newest.stderr)")
        #expect(try s.desk.sh("\(x11hud) notifications close 1").stdout == "1\n")
        let unknown = try s.desk.sh("\(x11hud) notifications close 99")
        #expect(unknown.status == 1 && unknown.stderr == "x11hud: no notification 99 is open\n")
        #expect(try s.waitFor(displayed: 1, history: 2))
        // history-rm as dunstctl 1.9.1 calls it; then pop ID of one there and of one gone.
        let rm = try s.desk.sh("dbus-send --print-reply=literal --dest=org.freedesktop.Notifications "
            + "/org/freedesktop/Notifications org.dunstproject.cmd0.NotificationRemoveFromHistory uint32:1")
        #expect(rm.status == 0, "\(rm.stderr)")
        #expect(try s.count("history") == 1)
        let gone = try s.desk.sh("\(x11hud) notifications pop 1")
        #expect(gone.status == 1 && gone.stderr == "x11hud: no notification 1 in the history\n")
        let popped = try s.desk.sh("\(x11hud) notifications pop 3")
        #expect(popped.status == 0 && UInt32(popped.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
        #expect(try s.waitFor(displayed: 2, history: 0))
        // history-clear as dunstctl 1.9.1 calls it.
        try s.ctl("close-all")
        #expect(try s.waitFor(displayed: 0, history: 2))
        #expect(try s.desk.sh("dbus-send --print-reply=literal --dest=org.freedesktop.Notifications "
            + "/org/freedesktop/Notifications org.dunstproject.cmd0.NotificationClearHistory").status == 0)
        #expect(try s.count("history") == 0)
        // rule NAME on|off, and an unknown name.
        #expect(try s.desk.sh("\(x11hud) notifications rule mute off").stdout == "off\n")
        let noRule = try s.desk.sh("\(x11hud) notifications rule nope on")
        #expect(noRule.status == 1 && noRule.stderr == "x11hud: no rule is named 'nope' (named: mute)\n")
        // With the rule off, a muted one shows.
        #expect(try s.desk.sh("notify-send -t 0 -a muted Shown body").status == 0)
        #expect(try s.waitFor(displayed: 1, history: 0))
    }

    /// `menu --dmenu`, `action` of the newest and `list --json`'s actions; a missing or cancelled menu.
    @Test(.enabled(if: usable)) func menuActionAndListedActions() throws {
        let s = try Server(dunst: false)
        let x11hud = CLI.binary.path
        let sender = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                      ["-c", "notify-send -t 0 -A yes=Yes -A no=No Choose 'two actions'"],
                                      environment: s.desk.environment)
        #expect(try s.desk.sh("notify-send -t 0 Plain text").status == 0)
        #expect(try s.waitFor(displayed: 2, history: 0))
        let listed = try s.listed(count: 2)
        let actions = listed.map { ($0["label"] as? String ?? "", $0["actions"] as? [[String: String]]) }
        #expect(actions.first { $0.0 == "Choose" }?.1 == [["key": "yes", "label": "Yes"], ["key": "no", "label": "No"]])
        #expect(actions.first { $0.0 == "Plain" }?.1 == [])

        let missing = try s.desk.sh("\(x11hud) notifications menu --dmenu /nonexistent/dmenu")
        #expect(missing.status == 64 && missing.stderr.contains("could not be run"), "\(missing.stderr)")
        let cancelled = try s.desk.sh("\(x11hud) notifications menu --dmenu 'cat >/dev/null; exit 1'")
        #expect(cancelled.status == 1 && cancelled.stderr == "x11hud: the menu was cancelled: nothing picked\n")
        let picked = try s.desk.sh("\(x11hud) notifications menu --dmenu 'grep \",no]\"'")
        #expect(picked.status == 0 && picked.stdout.hasSuffix(" no\n"), "\(picked.stderr)")
        #expect(sender.waitForExit(timeout: 5) && sender.status == 0 && sender.stdout == "no\n")

        // action without an id: the newest shown with an action.
        let again = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                     ["-c", "notify-send -t 0 -A default=Open Again body"],
                                     environment: s.desk.environment)
        #expect(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 2 })
        #expect(try s.desk.sh("\(x11hud) notifications action").status == 0)
        #expect(again.waitForExit(timeout: 5) && again.status == 0 && again.stdout == "default\n")
        #expect(try s.waitFor(displayed: 1, history: 2))
        let none = try s.desk.sh("\(x11hud) notifications action")
        #expect(none.status == 1 && none.stderr == "x11hud: no notification with an action is shown\n")
    }

    /// The manual's block of x11hud's own commands, each line run as written (bash, x11hud and a rofi stand-in in
    /// PATH) on a server with twelve closed notifications and four shown: what each line says and does.
    @Test(.enabled(if: usable)) func theManualsBlockRunsAsWritten() throws {
        let lines = try #require(Manual.blocks("sh", in: try Manual.section("### dunstctl and dunst's key bindings"))
            .first).split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        let s = try Server(dunst: false, ruleName: "spotify", appName: "Spotify")
        let bin = s.dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("x11hud"),
                                                   withDestinationURL: CLI.binary)
        try "#!/bin/sh\ngrep ',no]'\n".write(to: bin.appendingPathComponent("rofi"), atomically: true, encoding: .utf8)
        #expect(chmod(bin.appendingPathComponent("rofi").path, 0o755) == 0)
        s.desk.extraEnvironment["PATH"] = bin.path + ":" + (s.desk.extraEnvironment["PATH"] ?? "/usr/bin:/bin")
        for n in 1...12 { #expect(try s.desk.sh("notify-send -t 0 Old\(n) body").status == 0) }
        // Five in the column (max-visible), seven waiting.
        #expect(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 5 && s.count("waiting") == 7 })
        try s.ctl("close-all")
        #expect(try s.waitFor(displayed: 0, history: 12))
        #expect(try s.desk.sh("notify-send -t 0 Oldest body").status == 0)
        let pick = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                    ["-c", "notify-send -t 0 -A yes=Yes -A no=No Pick b"],
                                    environment: s.desk.environment)
        #expect(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 2 })
        let open = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                    ["-c", "notify-send -t 0 -A default=Open Open b"],
                                    environment: s.desk.environment)
        #expect(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 3 })
        #expect(try s.desk.sh("notify-send -t 0 Newest body").status == 0)
        #expect(try s.waitFor(displayed: 4, history: 12))
        func run(_ n: Int) throws -> ChildProcess.Result {
            try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", lines[n]], environment: s.desk.environment,
                                 timeout: 20)
        }
        func summaries() throws -> [String] {
            try s.history().entries.map { "\($0["summary"] ?? "")" }
        }
        // dunstctl close: the oldest of those shown (all normal), Oldest (13).
        #expect(try run(0).status == 0)
        #expect(try Tools.waitUntil(timeout: 5) { try summaries().first == "Oldest" })
        // close: the newest, 16.
        let closed = try run(1)
        #expect(closed.status == 0 && closed.stdout == "16\n", "\(closed.stderr)")
        // action: the newest with an action, Open (15): its default action, heard by its sender.
        #expect(try run(2).status == 0)
        #expect(open.waitForExit(timeout: 5) && open.stdout == "default\n")
        // menu through the rofi stand-in: Pick's "no".
        let menu = try run(3)
        #expect(menu.status == 0 && menu.stdout == "14 no\n", "\(menu.stderr)")
        #expect(pick.waitForExit(timeout: 5) && pick.stdout == "no\n")
        // pop 12: shown again under a new id.
        let popped = try run(4)
        #expect(popped.status == 0 && (UInt32(popped.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 16)
        #expect(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 1 })
        // rule spotify off: Spotify's notifications show again.
        let rule = try run(5)
        #expect(rule.status == 0 && rule.stdout == "off\n")
        #expect(try s.desk.sh("notify-send -t 0 -a Spotify Song artist").status == 0)
        #expect(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 2 })
    }
}
