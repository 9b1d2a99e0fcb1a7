import Foundation
import HUDTestSupport

/// A private sway with one foot window (running `sleep`, so nothing in it changes) and `x11hud notifications`
/// serving a private session bus. With two outputs foot is on the left one, HEADLESS-1.
final class FullscreenDesk {
    let sway: SwayServer
    let bus: SessionBus
    let environment: [String: String]
    let foot: ChildProcess
    let server: ChildProcess

    /// - Parameters:
    ///   - outputs: sway's outputs, side by side.
    ///   - serverArguments: after `x11hud notifications` (`--monitor HEADLESS-2`).
    init(outputs: Int = 1, serverArguments: [String] = []) throws {
        sway = try SwayServer(outputs: outputs)
        bus = try SessionBus()
        var environment = sway.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        self.environment = environment
        _ = try sway.swaymsg(["focus", "output", "HEADLESS-1"])
        foot = try ChildProcess(URL(fileURLWithPath: "/usr/bin/foot"), ["sleep", "600"], environment: environment,
                                output: .discard)
        server = try ChildProcess(CLI.binary, ["notifications"] + serverArguments, environment: environment,
                                  output: .discard)
        let ready = try Tools.waitUntil(timeout: Sanitizer.upTo(10)) { [sway, bus] in
            let tree = try sway.swaymsg(["-t", "get_tree"]).stdout
            return try bus.hasOwner("org.freedesktop.Notifications") && Self.footNode(tree) != nil
        }
        guard ready else {
            stop()
            throw TestFailure("foot or the server did not come up: \(foot.stderr.suffix(400)) \(server.stderr)")
        }
    }

    func stop() {
        server.kill()
        foot.kill()
        bus.stop()
        sway.stop()
    }

    /// foot's node in sway's tree (`swaymsg -t get_tree`), if it is there.
    static func footNode(_ tree: String) -> [String: Any]? {
        func find(_ node: Any) -> [String: Any]? {
            guard let node = node as? [String: Any] else { return nil }
            if node["app_id"] as? String == "foot" { return node }
            let children = (node["nodes"] as? [Any] ?? []) + (node["floating_nodes"] as? [Any] ?? [])
            return children.lazy.compactMap(find).first
        }
        return (try? JSONSerialization.jsonObject(with: Data(tree.utf8))).flatMap(find)
    }

    /// Asks sway to make foot fullscreen or not, as a video player's key would, and waits until sway says it is.
    func setFullscreen(_ on: Bool) throws {
        let asked = try sway.swaymsg(["[app_id=foot]", "fullscreen", on ? "enable" : "disable"])
        guard asked.status == 0 else { throw TestFailure("swaymsg fullscreen: \(asked.stdout) \(asked.stderr)") }
        let done = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            let tree = try sway.swaymsg(["-t", "get_tree"]).stdout
            return Self.footNode(tree)?["fullscreen_mode"] as? Int == (on ? 1 : 0)
        }
        guard done else { throw TestFailure("sway did not make foot \(on ? "" : "not ")fullscreen") }
    }

    /// The output once nothing on it has moved for 0.6 s (a fade or a slide has ended).
    func settledShot() throws -> Screenshot {
        let (shot, steady) = try Tools.waitForSteady(still: Sanitizer.upTo(0.6), timeout: Sanitizer.upTo(8)) {
            try sway.screenshot()
        }
        guard steady else { throw TestFailure("the output did not settle") }
        return shot
    }

    @discardableResult
    func notify(_ arguments: [String]) throws -> ChildProcess.Result {
        let sent = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/notify-send"), arguments,
                                        environment: environment, timeout: 10)
        guard sent.status == 0 else { throw TestFailure("notify-send \(arguments): \(sent.stderr)") }
        return sent
    }

    /// `x11hud notifications count`'s shown and waiting lines.
    func counts() throws -> [String] {
        let r = try ChildProcess.run(CLI.binary, ["notifications", "count"], environment: environment, timeout: 10)
        return Array(r.stdout.split(separator: "\n").map(String.init).prefix(2))
    }

    /// Sends an ordinary notification that waits. The server hears of the fullscreen window from the compositor
    /// and of a notification over D-Bus: one sent before the compositor's word arrived shows; it is closed and
    /// another is sent.
    func holdOne() throws {
        let held = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            let id = try notify(["-p", "-t", "0", "Mail", "A message from Ada"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if try counts() == ["shown 0", "waiting 1"] { return true }
            _ = try ChildProcess.run(CLI.binary, ["notifications", "close", id], environment: environment)
            // It counts as shown until it has faded out.
            _ = try Tools.waitUntil(timeout: Sanitizer.upTo(3)) { try counts().first == "shown 0" }
            return false
        }
        guard held else { throw TestFailure("no notification was held back: \(try counts())") }
    }
}
