import Foundation
import Testing

/// A private X server for one suite: `Xvfb -displayfd` picks a free display number and reports it, `-noreset`
/// keeps the root colour when the last client leaves. Killed when the suite ends.
final class XvfbServer: Sendable {
    static let binary = "/usr/bin/Xvfb"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    @TaskLocal static var current: XvfbServer?

    let display: String
    let process: Process
    /// The root colour the suite paints, to tell "transparent" (this colour) from "black" in screenshots.
    static let rootColor = "#2050c0"

    init() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["-displayfd", "1", "-noreset", "-nolisten", "tcp", "-screen", "0", "1280x720x24"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        guard let line = Self.readLine(from: out.fileHandleForReading.fileDescriptor, timeout: 10),
              let number = Int(line) else {
            process.terminate()
            throw TestFailure("Xvfb did not report a display number within 10 s")
        }
        display = ":\(number)"
        let painted = try Tools.run("xsetroot", ["-solid", Self.rootColor], display: display)
        guard painted.status == 0 else { throw TestFailure("xsetroot failed: \(painted.error)") }
    }

    /// Kills the server (idempotent; a test may have killed it already).
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private static func readLine(from fd: Int32, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        while Date() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 else { return nil }
            guard p.revents != 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}

/// Runs a whole suite against its own `XvfbServer`, available as `XvfbServer.current`.
struct PrivateXServer: SuiteTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let server = try XvfbServer()
        defer { server.stop() }
        try await XvfbServer.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == PrivateXServer {
    static var privateXServer: Self { PrivateXServer() }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The current suite's server; a test without one is a mistake in the suite's traits.
func server() throws -> XvfbServer {
    guard let server = XvfbServer.current else { throw TestFailure("no private X server for this suite") }
    return server
}
