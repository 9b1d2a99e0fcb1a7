import Foundation
import Glibc

/// A private headless sway for one test or suite: software rendering, no input device, one 1280x720 output of a
/// known colour, XWayland off. sway refuses to run as root, so under root it runs as the user `x11hud-test` (made
/// on first use); the test process reaches its sockets as root. Screenshots come from `grim`; clicks from a
/// virtual pointer (`WaylandPointer`), whose arrow sway hides 100 ms after it last moved (sway draws it into the
/// output, so into the shots). Killed with its runtime directory by `stop()` or when it goes.
public final class SwayServer: PrivateCompositor, @unchecked Sendable {
    public static let binary = "/usr/bin/sway"
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary) }
    /// The output's background, to tell the HUD's pixels from the desktop's.
    public static let backgroundColor = "#204060"
    public static let testUser = "x11hud-test"

    public let width = 1280, height = 720
    /// How many outputs sway has (HEADLESS-1 at the left).
    public let outputs: Int
    /// XDG_RUNTIME_DIR of the compositor: its sockets live there.
    public let runtimeDirectory: String
    /// The Wayland socket's absolute path (what WAYLAND_DISPLAY may hold).
    public let socket: String
    private let child: ChildProcess

    /// Starts sway and waits until its output is up.
    /// - Parameters:
    ///   - scale: the output's scale (2 for a HiDPI screen).
    ///   - outputs: how many outputs, each `width` x `height`, side by side from the left (HEADLESS-1, -2…).
    public init(scale: Int = 1, outputs: Int = 1) throws {
        self.outputs = outputs
        runtimeDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sway-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        let config = runtimeDirectory + "/config"
        let width = width, height = height
        let outputLines = (1...max(outputs, 1)).map {
            "output HEADLESS-\($0) resolution \(width)x\(height) position \(($0 - 1) * width),0 scale \(scale) "
                + "background \(Self.backgroundColor) solid_color"
        }
        try """
            \(outputLines.joined(separator: "\n"))
            xwayland disable
            seat * hide_cursor 100
            """.write(toFile: config, atomically: true, encoding: .utf8)
        // Killed with the test process even when it crashes (a sway left running would outlive the suite).
        var command = ["/usr/bin/setpriv", "--pdeathsig", "KILL", Self.binary, "-c", config]
        if getuid() == 0 {
            let (uid, gid) = try Self.testUserIDs()
            chown(runtimeDirectory, uid, gid)
            chown(config, uid, gid)
            command.insert(contentsOf: ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups"], at: 1)
        }
        var environment = ProcessInfo.processInfo.environment
        for key in ["DISPLAY", "WAYLAND_DISPLAY", "SWAYSOCK", "DBUS_SESSION_BUS_ADDRESS"] { environment[key] = nil }
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["HOME"] = runtimeDirectory
        environment["WLR_BACKENDS"] = "headless"
        environment["WLR_RENDERER"] = "pixman"
        environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        environment["WLR_HEADLESS_OUTPUTS"] = String(max(outputs, 1))
        child = try ChildProcess(URL(fileURLWithPath: command[0]), Array(command.dropFirst()),
                                 environment: environment, output: .discard)
        socket = runtimeDirectory + "/wayland-1"
        let up = Tools.waitUntil(timeout: Sanitizer.upTo(15)) { [self] in
            FileManager.default.fileExists(atPath: socket) && outputIsUp()
        }
        guard up else {
            child.kill()
            throw TestFailure("headless sway did not start within 15 s: \(child.stderr.suffix(600))")
        }
    }

    deinit { stop() }

    /// Kills the compositor and removes its runtime directory (idempotent).
    public func stop() {
        child.kill()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// Runs a Wayland client to its end (grim, swaymsg), killing it after `timeout` seconds.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String], timeout: Double = 10) throws -> ChildProcess.Result {
        try ChildProcess.run(URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/\(tool)"), arguments,
                             environment: environment, timeout: timeout)
    }

    /// Runs `swaymsg ARGS` against this sway (a command such as `fullscreen enable`, or `-t get_tree`).
    @discardableResult
    public func swaymsg(_ arguments: [String], timeout: Double = 10) throws -> ChildProcess.Result {
        guard let ipcSocket else { throw TestFailure("sway has no IPC socket in \(runtimeDirectory)") }
        return try run("swaymsg", ["-s", ipcSocket] + arguments, timeout: timeout)
    }

    /// The whole output as the user sees it (`grim`, as a binary PPM).
    public func screenshot() throws -> Screenshot {
        let path = runtimeDirectory + "/shot-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try run("grim", ["-t", "ppm", path])
        guard r.status == 0 else { throw TestFailure("grim failed: \(r.stderr)") }
        return try Screenshot(ppmFile: path)
    }

    /// Whether sway reports its output active (a client mapped before that would wait for it).
    private func outputIsUp() -> Bool {
        guard let r = try? ChildProcess.run(URL(fileURLWithPath: "/usr/bin/swaymsg"),
                                            ["-s", ipcSocket ?? "", "-t", "get_outputs", "-r"],
                                            environment: environment, timeout: 5) else { return false }
        return r.status == 0 && r.stdout.components(separatedBy: "\"active\": true").count > outputs
    }

    /// sway's IPC socket (`sway-ipc.UID.PID.sock` in its runtime directory), once it is there.
    public var ipcSocket: String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
        return names.first { $0.hasPrefix("sway-ipc.") }.map { runtimeDirectory + "/" + $0 }
    }

    /// The uid and gid of `testUser`, made (without a home) when missing.
    static func testUserIDs() throws -> (uid_t, gid_t) {
        if getpwnam(testUser) == nil {
            let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/sbin/useradd"),
                                            ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", testUser])
            guard made.status == 0 || getpwnam(testUser) != nil else {
                throw TestFailure("cannot make the user \(testUser) for sway: \(made.stderr)")
            }
        }
        guard let entry = getpwnam(testUser) else { throw TestFailure("no user \(testUser)") }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }
}

/// A pointer on a `SwayServer`, which has no input device of its own: `Tests/Tools/wl-pointer.c`, built on first
/// use, holding a virtual pointer for as long as it runs (start it before the client that should see the pointer).
public final class WaylandPointer: @unchecked Sendable {
    private let child: ChildProcess
    private let commands: FileHandle
    /// Kept, not just its descriptor: the handle closes it when it goes.
    private let replyHandle: FileHandle
    private var replies: Int32 { replyHandle.fileDescriptor }

    public init(on sway: SwayServer) throws {
        let tool = try Self.build()
        let input = Pipe(), output = Pipe()
        commands = input.fileHandleForWriting
        replyHandle = output.fileHandleForReading
        child = try ChildProcess(URL(fileURLWithPath: tool), [], environment: sway.environment, input: input,
                                 output: .pipe(output))
        guard Tools.readLine(from: replies, timeout: Sanitizer.upTo(5)) == "ready" else {
            child.kill()
            throw TestFailure("wl-pointer did not start: \(child.stderr)")
        }
        try send("size \(sway.width) \(sway.height)")
    }

    deinit {
        try? commands.close()
        child.kill()
    }

    /// Moves to (x, y) on the output, presses and releases the left button there; returns once sway has
    /// handled each step.
    public func click(x: Int, y: Int) throws {
        try send("move \(x) \(y)")
        try send("press")
        try send("release")
    }

    public func move(x: Int, y: Int) throws { try send("move \(x) \(y)") }

    private func send(_ command: String) throws {
        commands.write(Data((command + "\n").utf8))
        guard Tools.readLine(from: replies, timeout: Sanitizer.upTo(5)) == "ok" else {
            throw TestFailure("wl-pointer did not answer '\(command)': \(child.stderr)")
        }
    }

    /// Compiles the tool into the temporary directory once per source version.
    private static func build() throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Tools/wl-pointer.c").path
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let binary = FileManager.default.temporaryDirectory
            .appendingPathComponent("x11hud-wl-pointer-\(getuid())-\(UInt(bitPattern: text.hashValue))").path
        if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        let partial = binary + ".\(getpid())"
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/cc"),
                                     ["-O1", "-o", partial, source, "-lwayland-client"])
        guard r.status == 0 else { throw TestFailure("cannot build wl-pointer: \(r.stderr)") }
        rename(partial, binary)
        return binary
    }
}
