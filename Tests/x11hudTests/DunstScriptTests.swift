import Foundation
import HUDTestSupport
import Testing

/// Issue 39 item 5: a rule script written for dunst runs unchanged. The same script and the same notify-send calls
/// against the real dunst and against x11hud, each on its own private Xvfb and bus: the arguments and every
/// `DUNST_*` variable are the same, but for the id (each server's own, checked against what notify-send printed) and
/// the timestamp (each server's clock, checked to be the monotonic time of the call).
@Suite(.ownThreads, .serialized) struct DunstScriptTests {
    static let usable = NotificationsCommandTests.usable
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/dunst")

    /// notify-send arguments: no icon (the default's name), a picture file, an icon name, a critical one with a
    /// value, a stack tag, a category, a desktop entry and a timeout, and a body with a link and a plain URL.
    static let calls = [
        "-t 4000 'Sum one' 'Body <b>bold</b> line'",
        "-t 4000 -u low -i /usr/share/icons/Adwaita/48x48/legacy/battery-low.png -h string:desktop-entry:org.foo "
            + "Low 'see https://example.org/x'",
        "-t 5000 -u critical -a myapp -i dialog-warning -c email.arrived -h int:value:42 "
            + "-h string:x-dunst-stack-tag:vol Crit b",
        "-t 4000 -a mail Links 'read <a href=\"https://a.example/x?y=1\">the log</a>'",
    ]

    struct Run: Equatable {
        var argv: String
        var environment: [String: String]
    }

    /// Each call's script run: its argv line and its DUNST_ variables, with the ids notify-send printed.
    static func runs(dunst: Bool) throws -> (runs: [Run], ids: [String], sent: [Double]) {
        let desk = try NotificationsCommandTests.Desk(serverArguments: nil)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-dunst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out").path, script = dir.appendingPathComponent("script").path
        try """
            #!/bin/sh
            { printf 'argv:'; for a in "$@"; do printf ' [%s]' "$a"; done; printf '\\n'
              env | grep '^DUNST_' | sort; echo ---; } >> '\(out)'

            """.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(chmod(script, 0o755) == 0)
        let config = dir.appendingPathComponent(dunst ? "dunstrc" : "config.toml")
        if dunst {
            try "[all]\n    summary = \"*\"\n    script = \(script)\n".write(to: config, atomically: true,
                                                                          encoding: .utf8)
            let server = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dunst"), ["-conf", config.path],
                                          environment: desk.environment)
            desk.server = server
            let owned = try Tools.waitUntil(timeout: 10) {
                try desk.sh("gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus "
                    + "--method org.freedesktop.DBus.GetNameOwner org.freedesktop.Notifications").status == 0
            }
            try #require(owned, "dunst did not own the name: \(server.stderr)")
        } else {
            try "[[notifications.rule]]\nsummary = \"*\"\nscript = \"\(script)\"\n".write(to: config, atomically: true,
                                                                                      encoding: .utf8)
            desk.server = try desk.start(["--config", config.path])
        }
        var ids: [String] = [], sent: [Double] = []
        for (n, call) in calls.enumerated() {
            sent.append(Self.monotonic())
            let r = try desk.sh("notify-send -p \(call)")
            #expect(r.status == 0, "\(r.stderr)")
            ids.append(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            let ran = Tools.waitUntil(timeout: 5) {
                ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").components(separatedBy: "---\n").count
                    > n + 1
            }
            #expect(ran, "the script did not run for call \(n)")
        }
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let runs = text.components(separatedBy: "---\n").dropLast().map { block in
            let lines = block.split(separator: "\n").map(String.init)
            var environment: [String: String] = [:]
            for line in lines.dropFirst() {
                let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                environment[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
            return Run(argv: lines.first ?? "", environment: environment)
        }
        return (runs, ids, sent)
    }

    static func monotonic() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    @Test(.enabled(if: usable)) func aDunstScriptGetsTheSameArgumentsAndVariablesFromBoth() throws {
        let dunst = try Self.runs(dunst: true)
        let ours = try Self.runs(dunst: false)
        try #require(dunst.runs.count == Self.calls.count && ours.runs.count == Self.calls.count,
                     "dunst ran \(dunst.runs.count), x11hud \(ours.runs.count)")
        for (n, (theirs, mine)) in zip(dunst.runs, ours.runs).enumerated() {
            #expect(mine.argv == theirs.argv, "call \(n)")
            #expect(Set(mine.environment.keys) == Set(theirs.environment.keys), "call \(n)")
            for (key, value) in theirs.environment where key != "DUNST_ID" && key != "DUNST_TIMESTAMP" {
                #expect(mine.environment[key] == value, "call \(n): \(key)")
            }
            #expect(theirs.environment["DUNST_ID"] == dunst.ids[n] && mine.environment["DUNST_ID"] == ours.ids[n])
            for (side, run) in [(dunst, theirs), (ours, mine)] {
                let stamp = Double(run.environment["DUNST_TIMESTAMP"] ?? "") ?? 0
                #expect(abs(stamp / 1000 - side.sent[n]) < 2, "call \(n): \(stamp) against \(side.sent[n])")
            }
        }
        // What the calls were for: the values are the ones the cases are about.
        #expect(ours.runs[2].argv == "argv: [myapp] [Crit] [b] [dialog-warning] [CRITICAL]")
        #expect(ours.runs[2].environment["DUNST_PROGRESS"] == "42")
        #expect(ours.runs[2].environment["DUNST_TIMEOUT"] == "5000")
        #expect(ours.runs[3].environment["DUNST_URLS"] == "[the log] https://a.example/x?y=1")
    }
}
