import Foundation
import HUDTestSupport
import Testing

/// Issue 22 item 8: the library's first run, as a new user makes it. A fresh package depending on this one by path
/// builds the README's Swift example verbatim, which shows its HUD on a private Xvfb and exits 0, and without a
/// display prints the error it caught and exits 69. The package is kept in the temporary directory between runs,
/// so only the first run builds the library (a few minutes); later ones rebuild what changed.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct ReadmeExampleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The manual's first `swift` block under "In a Swift program", as written.
    static func example() throws -> String {
        try #require(Manual.blocks("swift", in: try Manual.section("In a Swift program")).first)
    }

    /// The swift driver of the toolchain the tests were built with.
    static var swift: URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return found ?? URL(fileURLWithPath: "/opt/swift/usr/bin/swift")
    }

    /// Writes the package (only what changed, so its build stays cached) and builds it.
    static func build() throws -> (directory: URL, result: ChildProcess.Result) {
        let name = repository.lastPathComponent
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-readme-example-\(name)")
        let sources = directory.appendingPathComponent("Sources/Backup")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "backup",
                dependencies: [.package(path: "\(repository.path)")],
                targets: [
                    .executableTarget(name: "Backup", dependencies: [
                        .product(name: "X11Platform", package: "\(name)"),
                        .product(name: "HUDScene", package: "\(name)"),
                    ]),
                ]
            )

            """
        func write(_ text: String, _ file: URL) throws {
            if (try? String(contentsOf: file, encoding: .utf8)) != text { try text.write(to: file, atomically: true,
                                                                                         encoding: .utf8) }
        }
        try write(manifest, directory.appendingPathComponent("Package.swift"))
        try write(try example(), sources.appendingPathComponent("Backup.swift"))
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        let result = try ChildProcess.run(swift, ["build"], environment: environment, directory: directory,
                                          timeout: 1200)
        return (directory, result)
    }

    @Test func theReadmesSwiftExampleBuildsAsADependencyAndRuns() throws {
        let (directory, built) = try Self.build()
        let log = built.stdout + built.stderr
        try #require(built.status == 0, "swift build failed:\n\(log)")
        // No warning from x11hud's own sources when it is built as somebody's dependency.
        let ours = log.split(separator: "\n").filter {
            $0.contains("warning:") && $0.contains(Self.repository.appendingPathComponent("Sources").path)
        }
        #expect(ours.isEmpty, "\(ours.joined(separator: "\n"))")
        // Nor from the manifest: pkg-config's -pthread (pangocairo's flags) was refused with a warning that names
        // no file, before CCairo's header became self-contained.
        #expect(!log.contains("prohibited flag"), "\(log)")
        let binary = directory.appendingPathComponent(".build/debug/Backup")

        let display = try server().display
        let shown = try ChildProcess(binary, [], environment: ChildProcess.environment(display: display))
        #expect(Tools.waitUntil(timeout: 10) {
            (try? Tools.run("xwininfo", ["-root", "-tree"], display: display).stdout.contains("\"X11hud\")")) == true
        }, "the example's HUD did not appear")
        #expect(shown.waitForExit(timeout: 15), "the example did not end")
        #expect(shown.status == 0, "\(shown.stderr)")

        // No display: the error the program caught, printed, and its status; no crash.
        let alone = try ChildProcess.run(binary, [], environment: ["PATH": "/usr/bin:/bin"], timeout: 10)
        #expect(alone.status == 69, "\(alone.status) \(alone.stderr)")
        #expect(alone.stderr.hasPrefix("backup: cannot open a display") && !alone.stderr.contains("Fatal error"),
                "\(alone.stderr)")
    }
}
