import Foundation
import Glibc
import HUDTestSupport
import Testing

/// Issue 52 item 1: a real rsync stopped with SIGSTOP (as a hung NFS or ssh link holds it) sends no more lines,
/// and the HUD's `--details auto` still turn to `stalled` about 5 s after its last progress, under `run`, through a
/// pipe and drawn by the resident; SIGCONT brings the rate back. The stopped rsync is always continued (and killed
/// if the test did not see it end), so no stopped process is left behind.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct StalledProducerTests {
    /// 12 MB in 12 files in a fresh directory, for an rsync at 2 MiB/s: about 6 s of copying.
    static func data() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-stall-\(UUID().uuidString)")
        let source = dir.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        for n in 0..<12 {
            try Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 17 &+ n) })
                .write(to: source.appendingPathComponent("f\(n)"))
        }
        return dir
    }

    static func rsync(_ dir: URL) -> [String] {
        ["rsync", "-a", "--bwlimit=2M", "--info=progress2", "--no-inc-recursive",
         dir.appendingPathComponent("src").path + "/", dir.appendingPathComponent("dst").path + "/"]
    }

    /// The children of `pid`, over all its threads (`run` spawns its command from one of them).
    static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Whether the process group `group` still has its leader, an rsync.
    static func isRsync(_ group: Int32) -> Bool {
        (try? String(contentsOfFile: "/proc/\(group)/comm", encoding: .utf8)) == "rsync\n"
    }

    /// The rsync nearest under `pid` (`run` starts it in a process group of its own, which its children share),
    /// once there is one within 5 s; 0 if none.
    static func rsync(under pid: Int32) -> Int32 {
        var found: Int32 = 0
        _ = Tools.waitUntil(timeout: Expected.upTo(5)) {
            var queue = [pid]
            while found == 0, !queue.isEmpty {
                let next = children(of: queue.removeFirst())
                found = next.first(where: isRsync) ?? 0
                queue += next
            }
            return found > 0
        }
        return found
    }

    /// The details of the HUD labelled `label`, as `x11hud list --json` gives them.
    static func details(_ label: String, display: String) throws -> String {
        try CLI.listed(display: display).first { $0.label == label }?.details ?? ""
    }

    /// Stops rsync's group (`group`) once the HUD shows a rate, then checks that the details say `stalled` within
    /// 8 s with the sizes kept, and that after SIGCONT they show a rate again.
    static func stopAndContinue(_ group: Int32, label: String, display: String) throws {
        var seen = ""
        let rate = try Tools.waitUntil(timeout: Expected.upTo(10)) {
            seen = try details(label, display: display)
            return seen.contains("/s")
        }
        try #require(rate, "no rate before the stop: '\(seen)'")
        try #require(kill(-group, SIGSTOP) == 0)
        let stopped = Date()
        let stall = try Tools.waitUntil(timeout: Expected.upTo(9)) {
            seen = try details(label, display: display)
            return seen.contains("stalled")
        }
        let after = Date().timeIntervalSince(stopped)
        #expect(stall, "no 'stalled' \(after) s after SIGSTOP: '\(seen)'")
        // rsync writes a line every fraction of a second while it copies: the last came just before the stop.
        #expect(after >= 2.5 && after <= Expected.upTo(8), "'stalled' came \(after) s after SIGSTOP")
        // The rate and time left go, what is done stays (rsync's percentage gives no total).
        #expect(seen.hasSuffix(" MB · stalled") && !seen.contains("/s") && !seen.contains("left"), "\(seen)")
        try #require(kill(-group, SIGCONT) == 0)
        let back = try Tools.waitUntil(timeout: Expected.upTo(6)) {
            seen = try details(label, display: display)
            return seen.contains("/s") && !seen.contains("stalled")
        }
        #expect(back, "no rate after SIGCONT: '\(seen)'")
        print("\(label): stalled \(after) s after SIGSTOP; after SIGCONT: \(seen)")
    }

    /// Continues and ends what is left of rsync's group: nothing stopped outlives the test.
    static func release(_ group: Int32) {
        guard group > 0, isRsync(group) else { return }
        kill(-group, SIGCONT)
        kill(-group, SIGKILL)
    }

    @Test func runWithDetailsAutoSaysStalledWhileRsyncIsStopped() throws {
        let display = try server().display
        let dir = try Self.data()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try HUDProcess(["run", "--label", "Copy", "--details", "auto", "--"] + Self.rsync(dir),
                                 display: display, environment: ["X11HUD_NO_SERVE": "1"])
        let group = Self.rsync(under: run.pid)
        defer { Self.release(group) }
        try #require(group > 0, "no rsync under x11hud run")
        try Self.stopAndContinue(group, label: "Copy", display: display)
        #expect(run.waitForExit(timeout: Expected.upTo(20))?.status == 0, "\(run.errorOutput)")
    }

    @Test func rsyncPipedIntoDetailsAutoSaysStalledWhileItIsStopped() throws {
        let display = try server().display
        let dir = try Self.data()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = Pipe()
        let hud = try HUDProcess(["--label", "Piped", "--details", "auto"], display: display, input: pipe,
                                 environment: ["X11HUD_NO_SERVE": "1"])
        defer { hud.kill() }
        // setsid: a group of its own (rsync forks its receiver), stopped and continued as one, as a shell's job is.
        let rsync = try ChildProcess(URL(fileURLWithPath: "/usr/bin/setsid"), Self.rsync(dir), output: .pipe(pipe))
        defer { Self.release(rsync.pid) }
        try Self.stopAndContinue(rsync.pid, label: "Piped", display: display)
        #expect(rsync.waitForExit(timeout: Expected.upTo(20)) && rsync.status == 0, "\(rsync.stderr)")
        #expect(hud.waitForExit(timeout: Expected.upTo(5))?.status == 0, "\(hud.errorOutput)")
    }

    /// Typed in an interactive bash, `run` gives rsync a terminal of its own. A stop another process sends it is not
    /// the user's Ctrl-Z: x11hud goes on (it stopped itself too, so bash reported the job stopped and the HUD froze on
    /// its last rate) and says `stalled`; Ctrl-Z still stops both (`RunTerminalTests.ctrlZStopsTheJobAndFgGoesOn`).
    @Test func runInATerminalSaysStalledWhileAnotherProcessStopsRsync() throws {
        let display = try server().display
        let dir = try Self.data()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outer = try RunTerminalTests.Outer("bash --norc --noprofile -i", dir: dir, display: display,
                                               environment: ["X11HUD_NO_SERVE": "1"])
        defer { _ = outer.end(timeout: 1) }
        #expect(outer.waitFor("bash-"), "no prompt: \(outer.text)")
        outer.type("cd '\(dir.path)' && \"$X11HUD\" run --label Term --details auto -- "
            + Self.rsync(dir).joined(separator: " ") + "; echo status=$?\n")
        let group = Self.rsync(under: outer.child.pid)
        defer { Self.release(group) }
        try #require(group > 0, "no rsync under the terminal's x11hud run")
        try Self.stopAndContinue(group, label: "Term", display: display)
        #expect(!outer.text.contains("Stopped"), "x11hud stopped with rsync: \(outer.text)")
        #expect(outer.waitFor("status=0", timeout: 20), "\(outer.text)")
        outer.type("exit\n")
        #expect(outer.end() == 0, "\(outer.text)")
    }

    @Test func theResidentsHUDSaysStalledWhileItsClientsRsyncIsStopped() throws {
        let display = try server().display
        let dir = try Self.data()
        defer { try? FileManager.default.removeItem(at: dir) }
        let resident = try ResidentTests.startResident(display)
        defer { resident.kill() }
        let run = try HUDProcess(["run", "--label", "Served", "--details", "auto", "--"] + Self.rsync(dir),
                                 display: display)
        let group = Self.rsync(under: run.pid)
        defer { Self.release(group) }
        try #require(group > 0, "no rsync under x11hud run")
        #expect(try ResidentTests.drawn("Served", by: resident, display), "not drawn by the resident")
        try Self.stopAndContinue(group, label: "Served", display: display)
        #expect(run.waitForExit(timeout: Expected.upTo(20))?.status == 0, "\(run.errorOutput)")
        try ResidentTests.stop(resident, display: display)
    }
}
