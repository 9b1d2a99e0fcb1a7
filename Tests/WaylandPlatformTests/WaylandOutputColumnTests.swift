import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 53 item 5: on a compositor with two outputs each output's bubbles are a column of their own, as mako keeps
/// them and as x11hud does on X11 with two monitors, and `list` names the output a bubble is drawn on. The bubbles
/// go where sway puts a surface that names no output: on the focused output.
@Suite(.ownThreads, .serialized, .enabled(if: SwayServer.isAvailable && SessionBus.isAvailable, "no sway or dbus"))
struct WaylandOutputColumnTests {
    typealias Box = (minX: Int, minY: Int, maxX: Int, maxY: Int)

    /// The box round what is drawn on the output at `left` (its left edge in the screenshot), if anything.
    static func drawnBox(_ shot: Screenshot, from left: Int, width: Int) -> Box? {
        var box: Box?
        for y in stride(from: 0, to: shot.height, by: 2) {
            for x in stride(from: left, to: left + width, by: 2)
            where !shot.pixel(x: x, y: y).isClose(to: WaylandCommandTests.background) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    /// `x11hud list --json`: each HUD's id and the output it names.
    static func outputs(_ environment: [String: String]) throws -> [String: String] {
        let r = try ChildProcess.run(CLI.binary, ["list", "--json"], environment: environment, timeout: 10)
        let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        var named: [String: String] = [:]
        for row in rows {
            if let id = row["id"] as? String, let monitor = row["monitor"] as? String { named[id] = monitor }
        }
        return named
    }

    @Test func eachOutputKeepsItsOwnColumn() throws {
        let sway = try SwayServer(outputs: 2)
        defer { sway.stop() }
        let bus = try SessionBus()
        defer { bus.stop() }
        var environment = sway.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let server = try ChildProcess(CLI.binary, ["notifications"], environment: environment, output: .discard)
        defer { server.kill() }
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) { try bus.hasOwner("org.freedesktop.Notifications") },
                "the server did not take the name: \(server.stderr)")
        let settled = {
            try Tools.waitForSteady(still: Sanitizer.upTo(0.6), timeout: Sanitizer.upTo(8)) { try sway.screenshot() }.0
        }
        func send(_ summary: String, on output: String) throws -> String {
            #expect(try sway.swaymsg(["focus", "output", output]).status == 0)
            let sent = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                            ["-p", "-t", "0", summary, "On \(output)"], environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            return "notification-" + sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let w = sway.width
        let first = try send("First", on: "HEADLESS-1")
        let alone = try #require(Self.drawnBox(try settled(), from: 0, width: w), "no bubble: \(server.stderr)")
        #expect(alone.minY < 60 && w - alone.maxX < 40, "not in HEADLESS-1's top-right corner: \(alone)")

        // A bubble on the other output stands at that output's top and leaves this one where it was.
        let second = try send("Second", on: "HEADLESS-2")
        _ = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            Self.drawnBox(try sway.screenshot(), from: w, width: w) != nil
        }
        let shot = try settled()
        let left = try #require(Self.drawnBox(shot, from: 0, width: w))
        let right = try #require(Self.drawnBox(shot, from: w, width: w), "no bubble on HEADLESS-2")
        #expect(abs(left.minY - alone.minY) <= 2 && abs(left.maxY - alone.maxY) <= 2,
                "HEADLESS-1's bubble moved when HEADLESS-2's came: \(alone) → \(left)")
        #expect(abs(right.minY - alone.minY) <= 2 && 2 * w - right.maxX < 40,
                "HEADLESS-2's bubble is not at its top-right corner: \(right)")
        let named = try Self.outputs(environment)
        #expect(named[first] == "HEADLESS-1" && named[second] == "HEADLESS-2", "list --json: \(named)")

        // A second bubble on HEADLESS-2 stacks under HEADLESS-2's column only; when both there close, HEADLESS-1's
        // bubble is still where it was.
        let third = try send("Third", on: "HEADLESS-2")
        _ = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            (Self.drawnBox(try sway.screenshot(), from: w, width: w)?.maxY ?? 0) > right.maxY + 20
        }
        let two = try settled()
        let column = try #require(Self.drawnBox(two, from: w, width: w))
        #expect(column.maxY > right.maxY + 20, "HEADLESS-2's two bubbles do not stack: \(column)")
        let stayed = try #require(Self.drawnBox(two, from: 0, width: w))
        #expect(abs(stayed.minY - alone.minY) <= 2 && abs(stayed.maxY - alone.maxY) <= 2,
                "HEADLESS-1's bubble moved when HEADLESS-2's column grew: \(stayed)")
        #expect(try Self.outputs(environment)[third] == "HEADLESS-2")
        for id in [second, third] {
            #expect(try ChildProcess.run(CLI.binary, ["hide", "--id", id], environment: environment, timeout: 10)
                .status == 0)
        }
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            Self.drawnBox(try sway.screenshot(), from: w, width: w) == nil
        }, "HEADLESS-2's bubbles did not go")
        let after = try #require(Self.drawnBox(try settled(), from: 0, width: w))
        #expect(abs(after.minY - alone.minY) <= 2 && abs(after.maxY - alone.maxY) <= 2,
                "HEADLESS-1's bubble moved when HEADLESS-2's went: \(after)")
    }
}
