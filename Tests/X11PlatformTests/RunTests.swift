import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// `x11hud run -- COMMAND` end to end: the real binary running real shell scripts on a private Xvfb.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct RunTests {
    /// A script that prints 10 %, 50 %, 90 % with short sleeps, some stderr, then ends as `ending` says.
    static func job(ending: String) throws -> String {
        try script("""
            echo 10%
            sleep 0.4
            echo 50%
            printf 'warming up\\n' >&2
            sleep 0.2
            echo 90%
            printf 'rsync error: some files could not be transferred (code 23)\\n' >&2
            \(ending)
            """)
    }

    static func script(_ body: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-run-\(UUID().uuidString).sh")
        try ("#!/bin/sh\n" + body + "\n").write(to: path, atomically: true, encoding: .utf8)
        chmod(path.path, 0o755)
        return path.path
    }

    /// The `_X11HUD_STATE` the HUD publishes on its window (mode, label, …), as xprop prints it.
    static func state(of window: String, display: String) throws -> String {
        // xprop escapes the JSON's quotes.
        try Tools.run("xprop", ["-id", window, "_X11HUD_STATE"], display: display).stdout.replacing("\\", with: "")
    }

    /// Waits until the state of `window` contains `text`; returns the last state seen.
    static func waitForState(_ text: String, window: String, display: String, timeout: Double = 5) throws -> String {
        var last = ""
        _ = try Tools.waitUntil(timeout: Expected.upTo(timeout)) {
            last = try state(of: window, display: display)
            return last.contains(text)
        }
        return last
    }

    @Test func aCommandThatSucceedsShowsItsProgressThenDoneAndExitsZero() throws {
        let display = try server().display
        let hud = try HUDProcess(["run", "--label", "Copying", "--", try Self.job(ending: "exit 0")], display: display)
        let window = try hud.waitForWindow(display: display)
        // The first percentage turns the spinner into the ring: the output was read for progress.
        let running = try Self.waitForState("\"mode\":\"annular\"", window: window, display: display)
        #expect(running.contains("\"mode\":\"annular\""), "no progress read: \(running)")
        let done = try Self.waitForState("\"label\":\"Done\"", window: window, display: display)
        #expect(done.contains("\"mode\":\"custom\"") && done.contains("\"label\":\"Done\""), "\(done)")
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(5)))
        #expect(exit.status == 0)
    }

    @Test func aCommandThatFailsShowsFailedAndExitsWithItsStatus() throws {
        let display = try server().display
        let hud = try HUDProcess(["run", "--fail-label", "Backup failed", "--", try Self.job(ending: "exit 3")],
                                 display: display)
        let window = try hud.waitForWindow(display: display)
        let failed = try Self.waitForState("Backup failed", window: window, display: display)
        #expect(failed.contains("\"mode\":\"custom\""), "\(failed)")
        // The details (the last stderr line) make the bezel wider than the label alone.
        var width = 0
        _ = try Tools.waitUntil(timeout: 2) {
            width = try WindowInfo(id: window, display: display).width
            return width > 250
        }
        #expect(width > 250, "no details under the label (bezel \(width) px wide)")
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(8)))
        #expect(exit.status == 3)
        #expect(hud.errorOutput.contains("rsync error: some files could not be transferred (code 23)\n"))
    }

    @Test func aCommandKilledBySIGTERMGives143() throws {
        let display = try server().display
        let hud = try HUDProcess(["run", "--", try Self.job(ending: "kill -TERM $$; sleep 5")], display: display)
        let window = try hud.waitForWindow(display: display)
        let failed = try Self.waitForState("\"label\":\"Failed\"", window: window, display: display)
        #expect(failed.contains("\"label\":\"Failed\""), "\(failed)")
        #expect(hud.waitForExit(timeout: Expected.upTo(8))?.status == 143)
    }

    @Test func stdoutAndStderrPassThroughByteForByte() throws {
        let display = try server().display
        // NUL, an invalid UTF-8 byte, a carriage return, a last line without a newline; and lines that stdin would
        // warn about (a number out of range, broken JSON), which a command writes for people, not for x11hud.
        let script = try Self.script("""
            printf 'one\\n\\000\\377two\\rthree\\n2024\\n{not json\\nno newline'
            printf 'err\\001\\nlast' >&2
            """)
        let output = Pipe()
        let hud = try HUDProcess(["run", "--", script], display: display, output: output)
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(8)))
        #expect(exit.status == 0)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        #expect([UInt8](out) == Array("one\n".utf8) + [0, 0xFF] + Array("two\rthree\n2024\n{not json\nno newline".utf8))
        #expect(hud.errorOutput == "err\u{1}\nlast")
    }

    @Test func cancelStopsTheWholeGroupEvenWhatIgnoresSIGTERMAndExits130() throws {
        let display = try server().display
        let pids = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pids) }
        // The script and its grandchild ignore SIGTERM: only the SIGKILL 5 s later ends them.
        let script = try Self.script("""
            trap '' TERM
            sleep 60 &
            echo "$$ $!" > \(pids.path)
            while :; do sleep 0.1; done
            """)
        let hud = try HUDProcess(["run", "--button", "Cancel", "--", script], display: display)
        let window = try hud.waitForWindow(display: display)
        var group: [Int32] = []
        _ = Tools.waitUntil(timeout: 5) {
            let text = (try? String(contentsOf: pids, encoding: .utf8)) ?? ""
            group = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int32($0) }
            return group.count == 2
        }
        #expect(group.count == 2)
        _ = try WindowInfo.settled(id: window, display: display)
        // Where the spinner HUD's button is, from the same layout code the HUD uses.
        let layout = HUDLayout(content: HUDContent(mode: .indeterminate, buttonTitle: "Cancel"),
                               style: .theme(.dark), area: Rect(x: 0, y: 0, width: 1280, height: 720),
                               measurer: HUDRenderer(scale: 1).text)
        let button = try #require(layout.button).frame
        try Tools.run("xdotool", ["mousemove", String(Int(button.midX)), String(Int(button.midY)), "click", "1"],
                      display: display)
        let cancelling = try Self.waitForState("Cancelling", window: window, display: display)
        #expect(cancelling.contains("Cancelling"), "the click did not reach the button: \(cancelling)")
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(10)))
        #expect(exit.status == 130)
        #expect(exit.seconds > 5, "the SIGKILL came before its 5 s")
        for pid in group { #expect(!Self.isAlive(pid), "process \(pid) of the command's group is still alive") }
    }

    @Test func sigtermToX11hudEndsTheCommandAndItsStatusIsPassedOn() throws {
        let display = try server().display
        let hud = try HUDProcess(["run", "--", try Self.script("sleep 30")], display: display)
        _ = try hud.waitForWindow(display: display)
        let sleeper = try #require(Self.children(of: hud.pid).first)
        kill(hud.pid, SIGTERM)
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(3)))
        // sh dies of the SIGTERM its group got: 128 + 15.
        #expect(exit.status == 143)
        #expect(!Self.isAlive(sleeper), "the command outlived x11hud")
    }

    @Test func aCommandNotFoundGives127AndOneLine() throws {
        let display = try server().display
        let hud = try HUDProcess(["run", "--", "x11hud-no-such-command"], display: display)
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(3)))
        #expect(exit.status == 127)
        #expect(hud.errorOutput == "x11hud: run: x11hud-no-such-command: command not found\n")
        #expect(try hud.visibleWindow(display: display) == nil)
    }

    @Test func withIdTheCommandsProgressAndEndGoToTheNamedHUD() throws {
        let display = try server().display
        let owner = try HUDProcess(["--id", "job", "--label", "Waiting"], display: display)
        let window = try owner.waitForWindow(display: display)
        let run = try HUDProcess(["run", "--id", "job", "--", try Self.job(ending: "exit 0")], display: display)
        let done = try Self.waitForState("\"label\":\"Done\"", window: window, display: display)
        #expect(done.contains("\"mode\":\"custom\""), "\(done)")
        #expect(try run.visibleWindow(display: display) == nil, "run opened a window of its own")
        // The named HUD hides after showing Done; then both end, run with its command's status.
        #expect(owner.waitForExit(timeout: Expected.upTo(5))?.status == 0)
        #expect(run.waitForExit(timeout: Expected.upTo(3))?.status == 0)
    }

    @Test func aHUDThatIsNotReadingNeverHoldsTheCommandUp() throws {
        let display = try server().display
        // The command must be through before the owner hides; a sanitizer makes it several times slower. (2 s, of
        // which the command had 1.5, was once not enough for 300,000 lines while the whole suite ran in CI.)
        // (4 s was short for a debug build under load, whose `run` parse alone takes over a second.)
        let busy = Sanitizer.name == nil ? 8.0 : 16.0
        let owner = try HUDProcess(["--id", "busy", "--label", "First", "--hide-after", String(busy)],
                                   display: display)
        _ = try owner.waitForWindow(display: display)
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        // 2 MB of lines while --queue waits for the name: far more than a pipe holds.
        let script = try Self.script("seq 1 300000; echo 42%; touch \(marker.path)")
        let output = Pipe()
        let run = try HUDProcess(["run", "--id", "busy", "--queue", "--", script], display: display, output: output)
        let reader = DispatchQueue(label: "test.output")
        nonisolated(unsafe) var bytes = 0
        reader.async { bytes = output.fileHandleForReading.readDataToEndOfFile().count }
        #expect(Tools.waitUntil(timeout: busy * 0.75) { FileManager.default.fileExists(atPath: marker.path) },
                "the command was held up while the named HUD was busy")
        #expect(try run.visibleWindow(display: display) == nil, "run showed before the name was free")
        // Its own HUD comes once the owner has hidden (after `busy`), shows Done and hides.
        #expect(run.waitForExit(timeout: Expected.upTo(busy + 8))?.status == 0)
        reader.sync {}
        let expected: Int = (1...300_000).reduce(0) { (sum: Int, n: Int) in sum + String(n).utf8.count + 1 } + 4
        #expect(bytes == expected, "the output was not passed through whole")
        _ = owner.waitForExit(timeout: 3)
    }

    @Test func aCommandReadsTheTerminalItIsGiven() throws {
        let display = try server().display
        // script(1) gives x11hud a terminal of its own; the command is in another process group and reads it.
        let command = "\(HUDProcess.binary.path) run -- sh -c 'read answer; echo got:$answer; exit 4'"
        let input = Pipe(), output = Pipe()
        let process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                       environment: ChildProcess.environment(display: display), input: input,
                                       output: .pipe(output))
        // Once x11hud's HUD is up, its command started: the line waits in the terminal until the command reads it.
        #expect(try !Tools.visibleWindow(["--class", "X11hud"], display: display).isEmpty, "no HUD came")
        input.fileHandleForWriting.write(Data("secret\n".utf8))
        let ended = process.waitForExit(timeout: Expected.upTo(8))
        if !ended { process.kill() }
        #expect(ended, "the command never read the terminal (stopped by SIGTTIN?)")
        let text = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        #expect(text.contains("got:secret"), "\(text)")
        #expect(process.status == 4)
        try? input.fileHandleForWriting.close()
    }

    /// Whether `pid` runs: a zombie waiting for whoever reaps orphans here has ended.
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ") ") else { return false }
        return stat[close.upperBound...].first != "Z"
    }

    /// The pids whose parent is `pid`.
    static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [Int32] in
            let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return list.split(separator: " ").compactMap { Int32($0) }
        }
    }
}
