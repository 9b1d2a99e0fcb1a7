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

    /// The commands of `block`, one per entry: comments and blank lines dropped, continuation lines joined.
    static func commands(in block: String) -> [String] {
        block.replacingOccurrences(of: "\\\n", with: "").split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The recipes of "Feeding it progress", each command on its own, with the real tools on real files. Stand-ins
    /// only for the hardware and the network: `/dev/sdX` and `/media/usb` are a file and a directory of the home,
    /// and curl fetches its file from a `file://` URL (it draws the same `-#` bar). ffmpeg is not among the test
    /// packages (66 more), so its line is the one not run.
    @Test func theFeedingRecipesRunWithRealToolsOnFiles() throws {
        let display = try server().display
        let block = try #require(try Self.blocks(under: "### Feeding it progress").first)
        let commands = Self.commands(in: block)
        #expect(commands.count == 10, "\(commands)")
        let setUp = """
            set -e
            mkdir -p src/docs Photos usb
            head -c 3000000 /dev/urandom > src/a.bin; head -c 2000000 /dev/urandom > src/docs/b.bin
            head -c 6000000 /dev/urandom > big.iso; head -c 8000000 /dev/urandom > disk.img
            head -c 4000000 /dev/urandom > Photos/one.jpg; head -c 4000000 /dev/urandom > served.tar.gz
            : > sdX
            set +e

            """
        for command in commands where !command.hasPrefix("ffmpeg") {
            var script = command.replacingOccurrences(of: "/dev/sdX", with: "\"$HOME/sdX\"")
                .replacingOccurrences(of: "/media/usb", with: "\"$HOME/usb\"")
                .replacingOccurrences(of: "https://example.org/file.tar.gz", with: "\"file://$HOME/served.tar.gz\"")
            if command.contains("pidof dd") {
                // "A copy already running": a dd reading a file, held to about two seconds by the pv it writes to.
                script = "dd if=disk.img bs=64k status=none | pv -q -L 4m > copy.img &\nsleep 0.3\n" + script
            }
            let (r, home) = try run(setUp + script, display: display, timeout: 60)
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(r.status == 0, "\(command)\nstatus \(r.status)\n\(r.stderr)")
            #expect(!r.stderr.contains("x11hud:"), "\(command)\n\(r.stderr)")
            if command.contains("rsync -a") {
                #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("dst/docs/b.bin").path),
                        "\(command) copied nothing")
            }
            if command.contains("/dev/sdX") {
                let size = (try? FileManager.default.attributesOfItem(
                    atPath: home.appendingPathComponent("sdX").path)[.size] as? Int) ?? 0
                #expect(size == 8_000_000, "\(command) wrote \(size) bytes")
            }
        }
    }

    /// "Show it live", each command as written: the first three end by themselves with status 0; the fourth waits
    /// for its Cancel button (stdin is a terminal in the README, a pipe kept open here) and ends with status 0 when
    /// `x11hud hide --all` hides it, as from another terminal.
    @Test func theShowItLiveCommandsRun() throws {
        let display = try server().display
        let block = try #require(try Self.blocks(under: "### Show it live").first)
        let commands = Self.commands(in: block).map { $0.components(separatedBy: "  #")[0] }
        try #require(commands.count == 4, "\(commands)")
        for command in commands.prefix(3) {
            let (r, home) = try run(command, display: display, timeout: 20)
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(r.status == 0, "\(command)\n\(r.stderr)")
            #expect(r.stderr.isEmpty, "\(command)\n\(r.stderr)")
        }
        let terminal = Pipe()
        var environment = ChildProcess.environment(display: display)
        environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let waiting = try ChildProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", commands[3]],
                                       environment: environment, input: terminal)
        defer { waiting.kill() }
        let shown = try Tools.visibleWindow(["--class", "x11hud"], display: display, timeout: 10)
        #expect(!shown.isEmpty, "the Cancel HUD did not appear after its grace time")
        usleep(300_000)
        #expect(waiting.waitForExit(timeout: 0) == false, "it ended by itself: \(waiting.stderr)")
        _ = try ChildProcess.run(CLI.binary, ["hide", "--all"], environment: environment, timeout: 10)
        #expect(waiting.waitForExit(timeout: 5), "hide --all did not end it")
        #expect(waiting.status == 0, "\(waiting.stderr)")
        try? terminal.fileHandleForWriting.close()
    }

    /// "Render a frame to PNG", as written, with no X server: each file written at its size (cover.png is the
    /// user's picture: made here).
    @Test func theRenderCommandsWriteTheirPictures() throws {
        let block = try #require(try Self.blocks(under: "### Render a frame to PNG (no X server needed)").first)
        let commands = Self.commands(in: block).map { $0.components(separatedBy: "  #")[0] }
        #expect(commands.count == 5, "\(commands)")
        let script = "set -e\nconvert -size 320x200 xc:orange cover.png\n" + commands.joined(separator: "\n")
        let (r, home) = try run(script, display: "")
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(r.status == 0, "\(r.stderr)")
        for (file, width) in [("a.png", 0), ("b.png", 0), ("done@2x.png", 0), ("mid.png", 0), ("bottom.png", 400)] {
            let path = home.appendingPathComponent(file).path
            guard let data = FileManager.default.contents(atPath: path), data.count > 24 else {
                Issue.record("\(file) was not written")
                continue
            }
            // The PNG header's width, big-endian at byte 16.
            let w = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
            #expect(w > 0 && (width == 0 || w >= width), "\(file) is \(w) wide")
        }
    }
}
