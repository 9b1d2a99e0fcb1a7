import Foundation
import HUDTestSupport
import Testing

/// Issue 53 item 4: mako's real control script, makoctl (busctl and jq), against the real mako (on a private
/// headless sway) and against `x11hud notifications` (on a private Xvfb), each on its own private bus, the same
/// steps in the same order: what makoctl prints and what each step does are the same, but for the ids.
@Suite(.ownThreads, .serialized) struct MakoctlTests {
    static let usable = NotificationsCommandTests.usable
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/makoctl")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/busctl")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/jq")
    static let makoUsable = usable && SwayServer.isAvailable
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/mako")

    /// The summaries `makoctl list` gives, in its order.
    static func summaries(_ desk: NotificationsCommandTests.Desk) throws -> [String] {
        let r = try desk.sh("makoctl list | jq -c '[.data[0][].summary.data]'")
        return (try? JSONDecoder().decode([String].self, from: Data(r.stdout.utf8))) ?? ["error: \(r.stderr)"]
    }

    /// The steps against mako (`sway` given) or x11hud, and what each printed, its ids written `ID`.
    static func run(on sway: SwayServer?) throws -> [(step: String, text: String)] {
        let desk = try NotificationsCommandTests.Desk(serverArguments: nil)
        if let sway {
            desk.extraEnvironment = ["WAYLAND_DISPLAY": sway.socket, "XDG_RUNTIME_DIR": sway.runtimeDirectory]
            desk.server = try ChildProcess(URL(fileURLWithPath: "/usr/bin/mako"), [], environment: desk.environment)
            try #require(try Tools.waitUntil(timeout: 10) { try desk.sh("makoctl mode").status == 0 },
                         "mako did not start: \(desk.server?.stderr ?? "")")
        } else {
            desk.server = try desk.start([])
        }
        var steps: [(String, String)] = []
        func add(_ step: String, _ r: ChildProcess.Result) {
            let text = "\(r.status) \(r.stdout)".replacing(#/"id":\{"type":"u","data":\d+\}/#, with: "ID")
            steps.append((step, text))
        }
        func listed(_ expected: [String]) throws -> String {
            "\(try Tools.waitUntil(timeout: 5) { try summaries(desk) == expected }) \(try summaries(desk))"
        }
        #expect(try desk.sh("notify-send -t 0 -a mail -c email.arrived One 'first body'").status == 0)
        // notify-send -A prints the key it hears, and waits until the notification closes.
        let sender = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                      ["-c", "notify-send -t 0 -A yes=Yes -A no=No Two 'second body'"],
                                      environment: desk.environment)
        steps.append(("two", try listed(["Two", "One"])))
        add("list", try desk.sh("makoctl list"))
        // menu: the program gets the labels and prints one; that action is invoked on the newest.
        add("menu", try desk.sh("makoctl menu sh -c 'cat > /dev/null; echo No'"))
        steps.append(("heard", "\(sender.waitForExit(timeout: 5)) \(sender.stdout)"))
        steps.append(("after menu", try listed(["One"])))
        // dismiss: the newest leaves the list at once; restore brings it back.
        #expect(try desk.sh("notify-send -t 0 Three").status == 0)
        steps.append(("three", try listed(["Three", "One"])))
        add("dismiss", try desk.sh("makoctl dismiss"))
        steps.append(("after dismiss", "\(try summaries(desk))"))
        // x11hud keeps it in the history once its bubble has faded out.
        if sway == nil { _ = try Tools.waitUntil(timeout: 5) { try desk.list().count == 1 } }
        add("restore", try desk.sh("makoctl restore"))
        steps.append(("restored", try listed(["Three", "One"])))
        let one = try desk.sh("makoctl list | jq '.data[0][] | select(.summary.data == \"One\") | .id.data'")
        let oneID = one.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        add("dismiss -n", try desk.sh("makoctl dismiss -n \(oneID)"))
        steps.append(("after dismiss -n", try listed(["Three"])))
        // mode: do-not-disturb added and removed.
        add("mode", try desk.sh("makoctl mode"))
        add("mode -a", try desk.sh("makoctl mode -a do-not-disturb"))
        if sway == nil {
            // x11hud's pause: dunstctl sees it, and the bubble leaves the screen until the mode is removed.
            steps.append(("paused", try desk.sh("dunstctl is-paused").stdout))
            steps.append(("off the screen", "\(try Tools.waitUntil(timeout: 5) { try desk.list().isEmpty })"))
        }
        add("mode -r", try desk.sh("makoctl mode -r do-not-disturb"))
        if sway == nil {
            steps.append(("back", "\(try Tools.waitUntil(timeout: 5) { try desk.list().count == 1 })"))
        }
        add("dismiss --all", try desk.sh("makoctl dismiss --all"))
        steps.append(("none", try listed([])))
        return steps
    }

    @Test(.enabled(if: usable)) func makoctlDoesTheSameWithX11hudAsWithMako() throws {
        let ours = try Self.run(on: nil)
        let said = Dictionary(ours.map { ($0.step, $0.text) }) { a, _ in a }
        // What the steps were about, so that two servers failing alike cannot pass.
        #expect(said["list"]?.contains(#""actions":{"type":"a{ss}","data":{"no":"No","yes":"Yes"}}"#) == true)
        #expect(said["list"]?.contains(#""category":{"type":"s","data":"email.arrived"}"#) == true)
        #expect(said["heard"] == "true no\n")
        #expect(said["after dismiss"] == "[\"One\"]" && said["restored"] == "true [\"Three\", \"One\"]")
        #expect(said["mode -a"] == "0 default\ndo-not-disturb\n" && said["mode -r"] == "0 default\n")
        #expect(said["paused"] == "true\n" && said["off the screen"] == "true" && said["back"] == "true")
        #expect(said["none"] == "true []")
        // makoctl reload fails with one line: x11hud reads its configuration when it starts.
        let desk = try NotificationsCommandTests.Desk(serverArguments: nil)
        desk.server = try desk.start([])
        let reload = try desk.sh("makoctl reload")
        #expect(reload.status != 0 && reload.stderr.contains("restart it"), "\(reload.stderr)")

        guard Self.makoUsable else { return }
        let sway = try SwayServer()
        defer { sway.stop() }
        let theirs = try Self.run(on: sway)
        let compared = ours.filter { !["paused", "off the screen", "back"].contains($0.step) }
        try #require(theirs.count == compared.count)
        for (a, b) in zip(theirs, compared) {
            #expect(b.step == a.step && b.text == a.text, "\(a.step): mako said \(a.text), x11hud \(b.text)")
        }
    }
}
