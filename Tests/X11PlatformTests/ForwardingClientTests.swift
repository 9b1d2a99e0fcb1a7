import Foundation
import HUDTestSupport
import Testing

/// A client that hands its content to another process's named HUD opens only the link to it (issue 19): never the
/// text stack or a font, whatever config.toml says (issue 32: a client's memory is its binary, libc and libX11).
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct ForwardingClientTests {
    /// What a client must not map: the text stack's libraries, a font file or fontconfig's caches (each is resident
    /// memory when mapped).
    static let textStack = ["libpango", "libcairo", "libfontconfig", "libfreetype", "libharfbuzz", "fontconfig/",
                            ".ttf", ".otf", ".pcf", ".cache-"]

    @Test func aForwardingClientMapsNoCairoOrPangoEvenWithAFontInItsConfig() throws {
        let display = try server().display
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-forward-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("x11hud"),
                                                withIntermediateDirectories: true)
        try "font = \"DejaVu Sans 12\"\n".write(to: dir.appendingPathComponent("x11hud/config.toml"), atomically: true,
                                                encoding: .utf8)
        let binary = try CLI.lazyBinary(in: dir)

        func start(_ arguments: [String], input: Pipe) throws -> ChildProcess {
            var environment = ChildProcess.environment(display: display)
            environment["XDG_CONFIG_HOME"] = dir.path
            return try ChildProcess(binary, arguments, environment: environment, input: input, output: .discard)
        }
        let ownerInput = Pipe(), clientInput = Pipe()
        let owner = try start(["--id", "fwd", "--label", "Owner"], input: ownerInput)
        defer { owner.kill() }
        // The owner draws: it has the text libraries and a font mapped, so the check below can see them.
        let drew = try Tools.waitUntil(timeout: 5) {
            let files = try CLI.mappedFiles(owner.pid)
            return files.contains { $0.contains("libpango") } && files.contains { $0.contains(".ttf") }
        }
        let ownerFiles = try CLI.mappedFiles(owner.pid).sorted()
        #expect(drew, "the owner has not loaded Pango and a font: \(ownerFiles)")
        // With input still open, the client forwards its content and stays to forward the input.
        let client = try start(["--id", "fwd", "--label", "Client"], input: clientInput)
        defer { client.kill() }
        _ = try Tools.waitUntil(timeout: 5) {
            try Self.run(["list"], display: display).contains("Client")
        }
        #expect(try Self.run(["list"], display: display).contains("Client"), "the client's label did not arrive")
        let text = try CLI.mappedFiles(client.pid).filter { file in Self.textStack.contains { file.contains($0) } }
        #expect(client.isRunning && text.isEmpty, "a forwarding client mapped \(text.sorted())")
        clientInput.fileHandleForWriting.closeFile()
        ownerInput.fileHandleForWriting.closeFile()
    }

    private static func run(_ arguments: [String], display: String) throws -> String {
        try Tools.run(HUDProcess.binary.path, arguments, display: display).stdout
    }
}
