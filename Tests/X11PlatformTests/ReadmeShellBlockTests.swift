import Foundation
import HUDTestSupport
import Testing

/// Issue 22 item 7: README shell blocks run as written, with bash, in a fresh home directory, on a private Xvfb;
/// stand-ins only for what the machine lacks (a sound server for pamixer).
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer)
struct ReadmeShellBlockTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../README.md").standardized

    /// The `sh` blocks of the README section `heading`, as written.
    static func blocks(under heading: String) throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "\n" + heading + "\n"))
        let section = text[start.upperBound...]
        let end = section.range(of: "\n### ")?.lowerBound ?? section.endIndex
        return section[..<end].components(separatedBy: "```sh\n").dropFirst().map {
            $0.components(separatedBy: "\n```")[0] + "\n"
        }
    }

    /// Runs `script` with bash in a new home, x11hud (a link to the built binary) and the stand-ins on PATH.
    func run(_ script: String, display: String, standIns: [String: String] = [:],
             timeout: Double = 30) throws -> (ChildProcess.Result, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-readme-\(UUID().uuidString)")
        let bin = home.appendingPathComponent(".tools")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("x11hud"),
                                                   withDestinationURL: CLI.binary)
        for (name, body) in standIns {
            let file = bin.appendingPathComponent(name)
            try ("#!/bin/sh\n" + body + "\n").write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        let environment = ["HOME": home.path, "PATH": "\(bin.path):/usr/bin:/bin", "DISPLAY": display]
        let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script],
                                          environment: environment, directory: home, timeout: timeout)
        return (result, home)
    }

    @Test func theZenityBlockRunsAndItsSymlinkTakesZenitysPlace() throws {
        let display = try server().display
        let block = try #require(try Self.blocks(under: "### zenity and yad scripts, unchanged").first)
        #expect(block.contains("mkdir -p ~/bin"))
        // The block, then which zenity the shell it set up finds.
        let (r, home) = try run(block + "command -v zenity\n", display: display)
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == home.appendingPathComponent("bin/zenity").path + "\n", "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func theVolumeLineRunsWithItsNamedPackagesCommand() throws {
        let display = try server().display
        let block = try #require(try Self.blocks(under: "### Many HUDs: names, stacking, hide, list, queue").first)
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        #expect(readme.contains("apt-get install pamixer"), "the README does not say which package pamixer is in")
        // Its first command, the key binding, as written; pamixer stands in for the sound server it would ask.
        let line = try #require(block.split(separator: "\n").first { $0.hasPrefix("x11hud --id vol") })
        let (r, home) = try run(String(line), display: display, standIns: ["pamixer": "echo 40"])
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }
}
