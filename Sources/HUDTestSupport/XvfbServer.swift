import Foundation
public import Testing

/// A private X server for one suite: `Xvfb -displayfd` picks a free display number and reports it, `-noreset`
/// keeps the root colour when the last client leaves. Killed when the suite ends.
public final class XvfbServer: Sendable {
    public static let binary = "/usr/bin/Xvfb"
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    @TaskLocal public static var current: XvfbServer?

    public let display: String
    // Only killed and waited for (both thread-safe in Foundation), once the suite is over.
    nonisolated(unsafe) private let child: ChildProcess
    private let outlivesThisProcess: Bool
    /// The root colour the suite paints, to tell "transparent" (this colour) from "black" in screenshots.
    public static let rootColor = "#2050c0"

    public convenience init() throws {
        try self.init(outlivingThisProcess: false)
    }

    /// - Parameter outlivingThisProcess: a shell starts the server and kills it once the test process has gone
    ///   (not before: see `processWide`); `stop()` then leaves it running.
    private init(outlivingThisProcess: Bool) throws {
        let out = Pipe()
        let arguments = ["-displayfd", "1", "-noreset", "-nolisten", "tcp", "-screen", "0", "1280x720x24"]
        let child: ChildProcess
        if outlivingThisProcess {
            let script = """
                "$0" "$@" & server=$!
                while kill -0 $PPID 2>/dev/null; do sleep 0.2; done
                kill -KILL $server; wait $server
                """
            child = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, Self.binary] + arguments,
                                     output: .pipe(out))
        } else {
            child = try ChildProcess(URL(fileURLWithPath: Self.binary), arguments, output: .pipe(out))
        }
        self.child = child
        self.outlivesThisProcess = outlivingThisProcess
        guard let line = Tools.readLine(from: out.fileHandleForReading.fileDescriptor, timeout: 10),
              let number = Int(line) else {
            child.kill()
            throw TestFailure("Xvfb did not report a display number within 10 s")
        }
        display = ":\(number)"
        let painted = try Tools.run("xsetroot", ["-solid", Self.rootColor], display: display)
        guard painted.status == 0 else { throw TestFailure("xsetroot failed: \(painted.stderr)") }
    }

    /// A server for tests that connect from the test process itself, alive until the process has ended: Xlib ends
    /// a process whose server goes away (status 74, whatever the tests' result), and a library session may keep its
    /// connection until then (a named HUD and its session hold each other). Nil when Xvfb cannot be started.
    public static let processWide: XvfbServer? = {
        guard isAvailable else { return nil }
        return try? XvfbServer(outlivingThisProcess: true)
    }()

    /// Kills the server (idempotent; a test may have killed it already).
    public func stop() {
        if !outlivesThisProcess { child.kill() }
    }
}

/// Runs a whole suite against its own `XvfbServer`, available as `XvfbServer.current`, on threads of its own
/// (`OwnThreads`): X tests wait for windows and programs.
public struct PrivateXServer: SuiteTrait, TestScoping {
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await OwnThreads().provideScope(for: test, testCase: testCase) {
            let server = try XvfbServer()
            defer { server.stop() }
            try await XvfbServer.$current.withValue(server) { try await function() }
        }
    }
}

/// Runs a suite against the server that lives as long as the test process (`XvfbServer.processWide`), started
/// on a thread of its own: the start waits for Xvfb, which on the cooperative pool (where a condition trait would
/// ask for it) held up every other suite of the run for seconds. A server that cannot start fails the suite.
public struct ProcessWideXServer: SuiteTrait, TestScoping {
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let started = try await Tools.offMainActor { XvfbServer.processWide != nil }
        guard started else { throw TestFailure("the process-wide Xvfb (\(XvfbServer.binary)) did not start") }
        try await function()
    }
}

extension Trait where Self == ProcessWideXServer {
    /// Starts the process-wide server before the suite runs (its tests read `XvfbServer.processWide`).
    public static var processWideXServer: Self { ProcessWideXServer() }
}

extension Trait where Self == PrivateXServer {
    /// Gives the suite a private X server of its own (`server()` in its tests).
    public static var privateXServer: Self { PrivateXServer() }
}

/// The current suite's server; a test without one is a mistake in the suite's traits.
public func server() throws -> XvfbServer {
    guard let server = XvfbServer.current else { throw TestFailure("no private X server for this suite") }
    return server
}
