import Foundation
import HUDTestSupport
import Testing

/// Issue 30 item 7: `x11hud list --json` says how far a running job is (`progress`) and what its details read, so
/// that a status bar or a script can follow it.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct ListProgressTests {
    /// pv copying a 10 MB file at 4 MB/s, its percentages (`-n`) read by the HUD: list --json, polled, rises.
    @Test func aHUDFedRealProgressListsItRising() throws {
        let display = try server().display
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-list-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = """
            head -c 10000000 /dev/urandom > big
            (pv -n -i 0.1 -L 4m big > copy) 2>&1 | "$0" --mode bar --label Copying --details auto
            """
        var environment = ChildProcess.environment(display: display)
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let job = try ChildProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script, CLI.binary.path],
                                   environment: environment, directory: directory)
        let seen = try CLI.progressWhile(display: display) { job.isRunning }
        #expect(job.status == 0, "\(job.stderr)")
        #expect(CLI.rises(seen.fractions), "\(seen.fractions)")
        // pv -n gives percentages only: the details `--details auto` writes are the percentage (and, after the
        // warm-up, the time left), as shown.
        let percentages = seen.details.filter { $0.hasSuffix(" %") || $0.contains(" % · ") }
        #expect(percentages.count >= 3, "\(seen.details)")
    }

    /// Updates faster than the description is rewritten (`RegistryListing.figuresInterval`): the last value is
    /// listed once they stop, even one too small to move a pixel (nothing is drawn, no frame follows it).
    @Test func theLastOfABurstIsListedAtRest() throws {
        let display = try server().display
        let input = Pipe()
        let hud = try HUDProcess(["--mode", "bar", "--label", "Burst"], display: display, input: input)
        defer { hud.kill() }
        input.fileHandleForWriting.write(Data("5\n".utf8))
        _ = try hud.waitForWindow(display: display)
        func listed(_ wanted: Double) throws -> Double? {
            var progress: Double?
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                progress = try CLI.listed(display: display).first?.progress
                if progress == wanted { break }
                usleep(20_000)
            }
            return progress
        }
        input.fileHandleForWriting.write(Data((13...62).map { "\($0)\n" }.joined().utf8))
        #expect(try listed(0.62) == 0.62)
        // Fixed: the bar's ease to 62 % (0.2 s) is over, so no frame is drawn after this.
        usleep(500_000)
        // Two changes too small to draw, 20 ms apart: the first is written at once (the stream was quiet), the
        // second held back and then written by the timer, since nothing else will draw.
        input.fileHandleForWriting.write(Data("62.01\n".utf8))
        usleep(20_000)
        input.fileHandleForWriting.write(Data("62.02\n".utf8))
        #expect(try listed(0.6202) == 0.6202)
    }

    /// A spinner shows no progress: the key is there, with null.
    @Test func aSpinnerListsItsProgressAsNull() throws {
        let display = try server().display
        let hud = try HUDProcess(["--label", "Working", "--details", "one\ttwo"], display: display)
        defer { hud.kill() }
        _ = try hud.waitForWindow(display: display)
        let listed = try CLI.listed(display: display)
        #expect(listed.count == 1)
        #expect(listed.first?.hasProgress == true && listed.first?.progress == nil, "\(listed)")
        #expect(listed.first?.details == "one\ttwo", "\(listed)")
    }

    /// Issue 40 item 7: `outcome` says how the job ended while the HUD still shows it (`running` first): `done`
    /// after a command that succeeds, `failed` after one that fails, each with the HUD still listed.
    @Test(arguments: [("exit 0", "done", "Done"), ("echo 'disk full' >&2; exit 3", "failed", "Failed")])
    func theOutcomeIsListedWhileTheHUDIsUp(script: String, outcome: String, label: String) throws {
        let display = try server().display
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-outcome-\(UUID())")
        defer { try? FileManager.default.removeItem(at: marker) }
        // The command waits for the test to have seen the HUD running, so `running` is seen first.
        let job = try HUDProcess(["run", "--", "sh", "-c", "echo 40; until [ -e \"$0\" ]; do sleep 0.02; done; "
                                  + script, marker.path], display: display)
        _ = try job.waitForWindow(display: display)
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            try CLI.listed(display: display).first?.outcome == "running"
        })
        _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
        var ended: ListedHUD?
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            ended = try CLI.listed(display: display).first { $0.outcome != "running" }
            return ended != nil
        })
        #expect(ended?.outcome == outcome && ended?.label == label, "\(String(describing: ended))")
        _ = job.waitForExit(timeout: Sanitizer.upTo(10))
    }
}
