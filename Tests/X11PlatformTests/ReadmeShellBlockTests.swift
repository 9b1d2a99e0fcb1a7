import Foundation
import HUDTestSupport
import Testing

/// Issue 22 item 7: the manual's shell blocks (README.md and docs/) run as written, with bash, in a fresh home
/// directory, on a private Xvfb; stand-ins only for what the machine lacks (a sound server for pamixer).
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct ReadmeShellBlockTests {
    /// The `sh` blocks of the manual's section `heading`, as written.
    static func blocks(under heading: String) throws -> [String] {
        Manual.blocks("sh", in: try Manual.section(heading))
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
        let section = try Manual.section("Many HUDs: names, stacking, hide, list, queue")
        #expect(section.contains("apt-get install pamixer"), "the manual does not say which package pamixer is in")
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
        if !shown.isEmpty { _ = try WindowInfo.settled(id: shown, display: display) }
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

    /// "Run a command under the HUD", as written, on a real source tree.
    @Test func theRunBlockCopiesWithRsync() throws {
        let display = try server().display
        let block = try #require(try Self.blocks(under: "### Run a command under the HUD: `x11hud run`").first)
        let setUp = "mkdir -p src/docs && head -c 5000000 /dev/urandom > src/a.bin && echo hi > src/docs/b.txt\n"
        let (r, home) = try run(setUp + block, display: display, timeout: 60)
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.contentsEqual(atPath: home.appendingPathComponent("src/a.bin").path,
                                                  andPath: home.appendingPathComponent("dst/a.bin").path))
    }

    /// "Watching work already running", each command as written, each with the work it watches started first as a
    /// user's would be: a dd reading a disk image, a curl downloading (from a local HTTP server, the network's
    /// stand-in, at 2 MB/s), a browser's `.part` file growing to its full size. Each ends with status 0: the dd and
    /// the curl exit 0, and the `.part` file reaches its total.
    @Test func theWatchingCommandsRun() throws {
        let display = try server().display
        let heading = "### Watching work already running: `--watch-pid`, `--watch-file`"
        let block = try #require(try Self.blocks(under: heading).first)
        let commands = Self.commands(in: block).map { $0.components(separatedBy: "  #")[0] }
        try #require(commands.count == 3, "\(commands)")
        let work = [
            "head -c 8000000 /dev/urandom > disk.img\n"
                + "dd if=disk.img bs=64k status=none | pv -q -L 4m > copy.img &\nsleep 0.3\n",
            // curl limits neither a file:// read nor the first MBs (socket buffers): a local HTTP server, 12 MB.
            "head -c 12000000 /dev/urandom > served.iso\n"
                + "python3 -u -m http.server --bind 127.0.0.1 0 > served.log 2>&1 &\nsrv=$!\ntrap 'kill $srv' EXIT\n"
                + "until port=$(grep -so 'port [0-9]*' served.log | cut -d' ' -f2) && [ -n \"$port\" ]\n"
                + "do sleep 0.1; done\n"
                + "curl -s --limit-rate 2M -o debian.iso \"http://127.0.0.1:$port/served.iso\" &\nsleep 0.3\n",
            "mkdir -p ~/Downloads\n"
                + "(head -c 1000000 /dev/urandom > ~/Downloads/debian.iso.part; sleep 1.5;"
                + " truncate -s 3G ~/Downloads/debian.iso.part) &\nsleep 0.3\n",
        ]
        // The download stands in for 1.5 GiB with 12 MB, short of the README's --total: curl's own status 0 says the
        // download ended whole (issue 40: the end of the job is its status, not a figure reached).
        for (command, started) in zip(commands, work) {
            let (r, home) = try run(started + command, display: display, timeout: 60)
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(r.status == 0, "\(command)\nstatus \(r.status)\n\(r.stderr)")
            #expect(r.stderr.isEmpty, "\(command)\n\(r.stderr)")
        }
    }

    /// "Many HUDs", each command as written, each with the HUDs it acts on shown first (W, the README's
    /// placeholder for a window id, is an xlogo's): the hides end the HUDs they name with status 0, `list` names
    /// the HUD up, the status-bar line prints its label and percentage, and the queued HUD shows once the one named
    /// `backup` has hidden.
    @Test func theManyHUDsCommandsRun() throws {
        let display = try server().display
        let block = try #require(try Self.blocks(under: "### Many HUDs: names, stacking, hide, list, queue").first)
        let commands = Self.commands(in: block).map { $0.components(separatedBy: "  #")[0] }
        try #require(commands.count == 8, "\(commands)")
        let logo = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xlogo"), ["-geometry", "300x300+100+100"],
                                    environment: ChildProcess.environment(display: display))
        defer { logo.kill() }
        let w = try Tools.visibleWindow(["--class", "xlogo"], display: display, timeout: 10)
        let shownFirst = [
            "",  // the key binding, with pamixer's stand-in
            "x11hud --id vol --label Volume --hide-after 20 &\nsleep 0.8\n",
            "x11hud --label One --hide-after 20 & x11hud --id two --label Two --hide-after 20 &\nsleep 0.8\n",
            "x11hud --over-window \(w) --label Over --hide-after 20 &\nsleep 0.8\nW=\(w)\n",
            "x11hud --id shown --label Listed --hide-after 1.5 &\nsleep 0.8\n",
            // 0.29 times 100 is 28.999…: the status-bar line rounds.
            "x11hud --id backup --label Backup --mode bar --progress 0.29 --hide-after 1.5 &\nsleep 0.8\n",
            // A job that failed and whose HUD has gone, for --ended.
            "x11hud run --label Nightly --hide-after 0.5 --notify never -- sh -c 'exit 3'\n",
            "x11hud --id backup --label Backup --hide-after 1 &\nsleep 0.5\n",
        ]
        // Issue 40 item 7: the status-bar line once the job has ended, while its HUD still says so: a real
        // `x11hud run` that succeeds, then one that fails, let go once the line reads it running.
        let line = try #require(commands.first { $0.contains("| jq ") })
        for (status, printed) in [(0, "Backup done\n"), (1, "Backup failed\n")] {
            let script = """
                mkfifo go
                x11hud run --id backup --label Backup -- sh -c 'read x < go; exit \(status)' &
                until [ "$(\(line))" = "Backup 0%" ]; do sleep 0.05; done
                echo > go
                until s="$(\(line))"; [ -n "$s" ] && [ "$s" != "Backup 0%" ]; do sleep 0.05; done
                echo "$s"
                wait
                """
            let (r, home) = try run(script, display: display, timeout: 30)
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(r.stdout == printed, "\(r.stdout) \(r.stderr)")
        }
        for (command, before) in zip(commands, shownFirst) {
            // The placeholder W as a shell would read a window id put in its place.
            var line = command.replacingOccurrences(of: "--over-window W", with: "--over-window \"$W\"")
            if command.contains("--queue") {
                // It stays up once shown (no input, no --hide-after): hidden as a user would, when it is listed.
                line += " &\nq=$!\nuntil x11hud list | grep -q 'Next backup'; do sleep 0.2; done\n"
                    + "x11hud hide --id backup\nwait $q"
            }
            // Its status, once the HUDs shown first have ended too.
            let script = before + line + "\nstatus=$?\nwait\nexit $status"
            let (r, home) = try run(script, display: display, standIns: ["pamixer": "echo 40"], timeout: 30)
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(r.status == 0, "\(command)\nstatus \(r.status)\n\(r.stderr)")
            #expect(r.stderr.isEmpty, "\(command)\n\(r.stderr)")
            if command == "x11hud list" {
                #expect(r.stdout.hasPrefix("shown\t"), "\(r.stdout)")
            }
            if command.contains("| jq ") {
                #expect(r.stdout == "Backup 29%\n", "\(r.stdout)")
            }
            if command.contains("--ended") {
                #expect(r.stdout.contains(#""label":"Nightly","outcome":"failed""#), "\(r.stdout)")
            }
        }
    }
}
