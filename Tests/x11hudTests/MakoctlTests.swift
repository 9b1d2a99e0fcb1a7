import Foundation
import HUDTestSupport
import Testing

/// Issue 53 item 4: mako's real control script, makoctl (busctl and jq), against `x11hud notifications` on a
/// private Xvfb and bus: list, dismiss (the newest, `-n`, `--all`), restore, invoke, menu and mode.
@Suite(.ownThreads, .serialized) struct MakoctlTests {
    static let usable = NotificationsCommandTests.usable
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/makoctl")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/busctl")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/jq")

    /// `makoctl list` read: the summaries, newest first, and each one's id and actions.
    static func listed(_ desk: NotificationsCommandTests.Desk) throws
        -> [(summary: String, id: Int, actions: [String: String])] {
        let r = try desk.sh("makoctl list")
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "aa{sv}")
        let list = (object?["data"] as? [[[String: Any]]])?.first ?? []
        return list.map { entry in
            func data(_ key: String) -> Any? { (entry[key] as? [String: Any])?["data"] }
            return ("\(data("summary") ?? "")", data("id") as? Int ?? -1, data("actions") as? [String: String] ?? [:])
        }
    }

    @Test(.enabled(if: usable)) func makoctlListsDismissesRestoresInvokesAndPauses() throws {
        let desk = try NotificationsCommandTests.Desk(serverArguments: nil)
        desk.server = try desk.start([])
        func summaries() throws -> [String] { try Self.listed(desk).map(\.summary) }
        #expect(try desk.sh("notify-send -t 0 -a mail -c email.arrived One 'first body'").status == 0)
        // notify-send -A prints the key it hears, and waits until the notification closes.
        let sender = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                      ["-c", "notify-send -t 0 -A yes=Yes -A no=No Two 'second body'"],
                                      environment: desk.environment)
        #expect(try Tools.waitUntil(timeout: 5) { try summaries() == ["Two", "One"] })
        // The actions last first, as mako 1.7 lists them.
        let json = try desk.sh("makoctl list").stdout
        #expect(json.contains(#""actions":{"type":"a{ss}","data":{"no":"No","yes":"Yes"}}"#), "\(json)")

        // menu: the program gets the labels, its pick is invoked on the newest; invoke -n ID names one.
        let menu = try desk.sh("makoctl menu sh -c 'cat > /dev/null; echo No'")
        #expect(menu.status == 0, "\(menu.stderr)")
        #expect(sender.waitForExit(timeout: 5) && sender.stdout == "no\n", "\(sender.stdout)")
        #expect(try Tools.waitUntil(timeout: 5) { try summaries() == ["One"] })

        // dismiss: the newest closes; restore brings it back.
        #expect(try desk.sh("notify-send -t 0 Three").status == 0)
        #expect(try Tools.waitUntil(timeout: 5) { try summaries() == ["Three", "One"] })
        #expect(try desk.sh("makoctl dismiss").status == 0)
        // Gone from the list at once, as from mako's, while its bubble fades out.
        #expect(try summaries() == ["One"])
        #expect(try desk.sh("makoctl restore").status == 0)
        #expect(try Tools.waitUntil(timeout: 5) { try summaries().sorted() == ["One", "Three"] })
        let one = try #require(try Self.listed(desk).first { $0.summary == "One" })
        #expect(try desk.sh("makoctl dismiss -n \(one.id)").status == 0)
        #expect(try Tools.waitUntil(timeout: 5) { try summaries() == ["Three"] })

        // mode: do-not-disturb is the pause (dunstctl sees it too), and the bubble leaves the screen.
        let quiet = try desk.sh("makoctl mode -a do-not-disturb")
        #expect(quiet.stdout == "default\ndo-not-disturb\n", "\(quiet.stdout)\(quiet.stderr)")
        #expect(try desk.sh("dunstctl is-paused").stdout == "true\n")
        #expect(try Tools.waitUntil(timeout: 5) { try desk.list().isEmpty })
        #expect(try desk.sh("makoctl mode").stdout == "default\ndo-not-disturb\n")
        #expect(try desk.sh("makoctl mode -r do-not-disturb").stdout == "default\n")
        #expect(try Tools.waitUntil(timeout: 5) { try desk.list().count == 1 })

        // dismiss --all; reload says why it cannot.
        #expect(try desk.sh("makoctl dismiss --all").status == 0)
        #expect(try Tools.waitUntil(timeout: 5) { try summaries().isEmpty })
        let reload = try desk.sh("makoctl reload")
        #expect(reload.status != 0 && reload.stderr.contains("restart"), "\(reload.stderr)")
    }
}
