import Foundation
import Glibc

/// A private D-Bus session bus: `dbus-daemon --session --nofork --print-address`, a child of the test (so killed
/// with it), its address read from the line it prints once it listens. Killed when it goes, or by `stop()`.
public final class SessionBus {
    public static let binary = "/usr/bin/dbus-daemon"
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// The address to put in `DBUS_SESSION_BUS_ADDRESS` (`unix:path=/tmp/dbus-…,guid=…`).
    public let address: String
    public let daemon: ChildProcess

    /// Starts the daemon and waits for its address, holding the thread (see `start()` for a test on the main actor).
    public convenience init() throws { try self.init(user: nil) }

    /// - Parameter user: the uid and gid to run it as (a bus for a program run as `SwayServer.testUser`: a session
    ///   bus lets in only its own user); killed with the test process all the same.
    convenience init(user: (uid: uid_t, gid: gid_t)?) throws {
        let out = Pipe()
        let arguments = ["--session", "--nofork", "--print-address=1"]
        let daemon = try user.map {
            try ChildProcess(URL(fileURLWithPath: "/usr/bin/setpriv"),
                             ["--reuid=\($0.uid)", "--regid=\($0.gid)", "--clear-groups", "--pdeathsig", "KILL",
                              Self.binary] + arguments, output: .pipe(out))
        } ?? ChildProcess(URL(fileURLWithPath: Self.binary), arguments, output: .pipe(out))
        let line = Tools.readLine(from: out.fileHandleForReading.fileDescriptor, timeout: Sanitizer.upTo(10))
        guard let line, !line.isEmpty else {
            daemon.kill()
            throw TestFailure("dbus-daemon did not print its address")
        }
        self.init(daemon: daemon, address: line)
    }

    /// Starts the daemon and waits for its address without holding the thread (a test on the main actor).
    public static func start() async throws -> SessionBus {
        let out = Pipe()
        let daemon = try ChildProcess(URL(fileURLWithPath: Self.binary),
                                      ["--session", "--nofork", "--print-address=1"], output: .pipe(out))
        let line = await Tools.nextLine(from: out.fileHandleForReading.fileDescriptor, timeout: Sanitizer.upTo(10))
        guard let line, !line.isEmpty else {
            daemon.kill()
            throw TestFailure("dbus-daemon did not print its address")
        }
        return SessionBus(daemon: daemon, address: line)
    }

    private init(daemon: ChildProcess, address: String) {
        self.daemon = daemon
        self.address = address
    }

    deinit { daemon.kill() }

    /// Kills the daemon (idempotent): every connection to it breaks.
    public func stop() { daemon.kill() }

    /// `environment` (the test runner's if nil) with this bus as the session bus.
    public func environment(_ environment: [String: String]? = nil) -> [String: String] {
        var env = environment ?? ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        return env
    }

    /// Whether a client owns `name` on this bus now (NameHasOwner, which never starts a service for it), asked with
    /// gdbus from this thread.
    public func hasOwner(_ name: String) throws -> Bool {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/gdbus"), [
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.NameHasOwner", name,
        ], environment: environment()).stdout.contains("true")
    }

    /// Runs `tool ARGS` (gdbus, dbus-send) on this bus to its end, killing it after `timeout` seconds; awaited, so
    /// that a test on the main actor serves the calls the tool makes to a connection of its own meanwhile.
    /// `timeout` only catches a hang: a server on the test's main actor may wait many seconds for it in a full
    /// run, while other suites' tests hold the main actor.
    public func run(_ tool: String, _ arguments: [String], timeout: Double = 60,
                    isolation: isolated (any Actor)? = #isolation) async throws -> ChildProcess.Result {
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments, environment: environment())
        if await !child.exited(within: timeout) { child.kill() }
        return ChildProcess.Result(status: child.status, stdout: child.stdout, stderr: child.stderr)
    }
}
