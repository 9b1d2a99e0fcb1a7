public import Foundation

/// The two display systems the parity suite runs each of its bodies on.
public enum TestPlatform: String, CaseIterable, Sendable, CustomStringConvertible {
    case x11
    case wayland

    public var description: String { rawValue }

    /// Whether the display server this platform's tests start is installed.
    public var isAvailable: Bool {
        switch self {
        case .x11: return XvfbServer.isAvailable
        case .wayland: return SwayServer.isAvailable
        }
    }
}

/// A display of one test's own, X11 (a private Xvfb) or Wayland (a private headless sway, XWayland off), and the
/// x11hud commands run on it: a behaviour written once above the seam is tested once, from one body, on both.
public final class TestDisplay {
    public let platform: TestPlatform
    /// The environment of an x11hud on this display: the test runner's with only this display in it, and no config
    /// or theme of the user's.
    public private(set) var environment: [String: String]
    /// The display's name as x11hud's messages give it: `:5`, the compositor's socket.
    public let name: String
    private let xvfb: XvfbServer?
    private let sway: SwayServer?

    public init(_ platform: TestPlatform) throws {
        self.platform = platform
        switch platform {
        case .x11:
            let server = try XvfbServer()
            xvfb = server
            sway = nil
            name = server.display
            environment = ChildProcess.environment(display: server.display)
        case .wayland:
            let server = try SwayServer()
            sway = server
            xvfb = nil
            name = server.socket
            environment = server.environment
        }
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        environment["GTK_THEME"] = nil
        environment["X11HUD_NO_SERVE"] = nil
    }

    deinit { stop() }

    /// Ends the display server (idempotent): what a HUD sees when the X server or the compositor goes away.
    public func stop() {
        xvfb?.stop()
        sway?.stop()
    }

    /// Adds `value` for `key` to the environment of every x11hud started from now on.
    public func set(_ key: String, _ value: String?) { environment[key] = value }

    /// Runs `x11hud arguments` to its end.
    public func run(_ arguments: [String], timeout: Double = 10) throws -> ChildProcess.Result {
        try ChildProcess.run(CLI.binary, arguments, environment: environment, timeout: timeout)
    }

    /// Starts `x11hud arguments`, reading `input` when given.
    public func start(_ arguments: [String], input: Pipe? = nil) throws -> ChildProcess {
        try ChildProcess(CLI.binary, arguments, environment: environment, input: input, output: .discard)
    }

    /// A shell script run with this display's environment, `x11hud` on its PATH as the binary under test; its
    /// output is kept.
    public func shell(_ script: String) throws -> ChildProcess {
        var environment = environment
        environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin")
        return try ChildProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: environment)
    }

    /// One HUD as `x11hud list --json` gives it, with the process that draws it.
    public struct Listed: Sendable, Equatable {
        public var id: String?
        public var pid: Int32
        public var mode: String
        public var label: String
        public var progress: Double?
        /// The details label as shown (`--details auto`'s figures too).
        public var details: String
        /// `running`, or how its job ended.
        public var outcome: String
    }

    /// The HUDs up on this display, as `x11hud list --json` lists them.
    public func listed() throws -> [Listed] {
        let r = try run(["list", "--json"])
        guard r.status == 0 else { throw TestFailure("x11hud list --json: status \(r.status): \(r.stderr)") }
        let objects = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        return objects.map { o in
            Listed(id: o["id"] as? String, pid: (o["pid"] as? NSNumber)?.int32Value ?? 0,
                   mode: o["mode"] as? String ?? "", label: o["label"] as? String ?? "",
                   progress: o["progress"] as? Double, details: o["details"] as? String ?? "",
                   outcome: o["outcome"] as? String ?? "")
        }
    }

    /// Waits until `condition` holds of the listed HUDs; whether it did within `timeout` seconds.
    public func waitForList(timeout: Double = 8, _ condition: ([Listed]) -> Bool) throws -> Bool {
        try Tools.waitUntil(timeout: Sanitizer.upTo(timeout)) { condition(try listed()) }
    }

    /// The whole screen as the user sees it: the X root window, or the compositor's output.
    public func screenshot() throws -> Screenshot {
        if let sway { return try sway.screenshot() }
        return try Screenshot(display: name)
    }

    /// The box around everything drawn over the background (the colour of the top left pixel), or nil.
    public func drawnBox() throws -> Box? {
        let shot = try screenshot()
        let background = shot.pixel(x: 0, y: 0)
        var box: Box?
        for y in stride(from: 0, to: shot.height, by: 2) {
            for x in stride(from: 0, to: shot.width, by: 2) where !shot.pixel(x: x, y: y).isClose(to: background) {
                box = Box(minX: min(box?.minX ?? x, x), minY: min(box?.minY ?? y, y), maxX: max(box?.maxX ?? x, x),
                          maxY: max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    /// A rectangle of the screen, its edges included.
    public struct Box: Equatable, Sendable, CustomStringConvertible {
        public var minX, minY, maxX, maxY: Int
        public var height: Int { maxY - minY }
        public var centreY: Int { (minY + maxY) / 2 }
        public var description: String { "(\(minX),\(minY))-(\(maxX),\(maxY))" }
    }

    /// Starts `x11hud serve` and waits until it draws the HUDs of this display: a probe's HUD is listed as its.
    public func startResident() throws -> ChildProcess {
        let resident = try start(["serve"])
        var attempt = 0
        let serving = try Tools.waitUntil(timeout: Sanitizer.upTo(10)) {
            attempt += 1
            let label = "probe \(attempt)"
            let probe = try start(["--label", label])
            var drawer: Int32?
            _ = try waitForList(timeout: 3) { huds in
                drawer = huds.first { $0.label == label }?.pid
                return drawer != nil
            }
            // Ended before the test goes on: its HUD, drawn by the resident or its own, must not be listed then.
            probe.kill()
            let gone = try waitForList(timeout: 5) { !$0.contains { $0.label == label } }
            return gone && drawer == resident.pid
        }
        guard serving else {
            resident.kill()
            throw TestFailure("the resident never drew a client's HUD: \(resident.stderr)")
        }
        return resident
    }
}
