import Foundation
import HUDTestSupport
import Testing

/// Issue 52 item 3: a backup the user interrupts ends `Cancelled`, not `Failed`, whatever status its tool chose for
/// it, and x11hud exits with that status. Each tool runs for real under `x11hud run` on data the test makes, on a
/// private Xvfb, slowed by its own means, while `x11hud list --json` is polled as a status bar would.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct RunCancelTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-cancel-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    /// One tool's backup: how its repository and data are made, the command, what it draws once it is under way
    /// (its handlers set, its data moving), and the status it ends with when interrupted (measured without x11hud:
    /// rsync 20, borg 2 after `Got Ctrl-C / SIGINT.`, restic 130, rclone killed by SIGINT).
    ///
    /// Not duplicity 0.8.22: it exits 4 as a rule, but a Ctrl-C that lands in its logging lock is printed as a
    /// traceback and the backup runs on to status 0 (2 of 5 under x11hud, Ctrl-C typed as it began), and with gpg it
    /// once hung for good. `FailureReasonTests` has its words, `RunOutcomeTests` its status 4.
    struct Backup: Sendable, CustomTestStringConvertible {
        var tool: String
        var setup: String
        var command: String
        var underWay: String
        var status: Int32
        var testDescription: String { tool }
    }

    /// `count` files of `megabytes` random megabytes each in `src`.
    static func data(_ count: Int, of megabytes: Int) -> String {
        "mkdir -p src && for i in $(seq 1 \(count)); do head -c \(megabytes)M /dev/urandom > src/f$i; done"
    }

    static let backups = [
        Backup(tool: "rsync", setup: data(8, of: 4), command: "rsync -a --info=progress2 --bwlimit=2m src/ dst/",
               underWay: "MB/s", status: 20),
        // lzma at level 9 on random data: about 2 MB/s, and borg stops between files.
        Backup(tool: "borg", setup: data(10, of: 2) + " && borg init -e none repo",
               command: "borg create --progress --compression lzma,9 repo::a src", underWay: " MB O ", status: 2),
        Backup(tool: "restic", setup: data(1, of: 16) + " && RESTIC_PASSWORD=x restic init -q -r repo",
               command: "env RESTIC_PASSWORD=x restic -r repo backup --limit-upload 2048 src",
               underWay: " MiB, total", status: 130),
        Backup(tool: "rclone", setup: data(8, of: 4), command: "rclone copy --progress --bwlimit 4M src dst",
               underWay: "Transferred:", status: 130),
    ]

    /// The start of every shell line here: in `$0` (`dir`), which is also the home, so that the tools' caches and
    /// borg's record of the repositories it knows are the test's own, not the user's.
    static let inDir = "cd \"$0\" && export HOME=\"$0\" XDG_CONFIG_HOME=\"$0/config\" XDG_CACHE_HOME=\"$0/cache\" && "

    /// Runs `setup` in `dir`.
    func prepare(_ setup: String) throws {
        let r = try Tools.run("/bin/sh", ["-c", Self.inDir + setup, dir.path], display: nil, timeout: 60)
        try #require(r.status == 0, "\(setup): \(r.stderr)")
    }

    /// What `x11hud list --json` showed of the HUD `cancel` while `running` holds, for at most 20 s.
    func outcomes(display: String, while running: () -> Bool) throws -> CLI.Seen {
        let deadline = Date().addingTimeInterval(Expected.upTo(20))
        return try CLI.progressWhile(display: display, id: "cancel") { running() && Date() < deadline }
    }

    func listed(display: String) throws -> Bool {
        try Tools.waitUntil(timeout: Expected.upTo(8)) {
            try CLI.listed(display: display).contains { $0.id == "cancel" && $0.outcome == "running" }
        }
    }

    /// The job `hud` runs, once it has got going: it has written a megabyte of the copy (to rsync's receiver, to
    /// borg's repository). Its progress on stderr cannot be watched here (`errorOutput` waits for the end), and
    /// borg's plain progress has no fraction to show.
    func jobUnderWay(_ hud: HUDProcess) throws -> Int32? {
        var job: Int32?
        let going = try Tools.waitUntil(timeout: Expected.upTo(15)) {
            if job == nil {
                job = Int32(try Tools.run("pgrep", ["-P", String(hud.pid)], display: nil).stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines))
            }
            guard let job, let io = try? String(contentsOfFile: "/proc/\(job)/io", encoding: .utf8) else {
                return false
            }
            let written = io.split(separator: "\n").first { $0.hasPrefix("wchar:") }?.split(separator: " ").last
            return (written.flatMap { Int($0) } ?? 0) > 1_000_000
        }
        return going ? job : nil
    }

    /// Ctrl-C typed on the terminal `x11hud run` runs in, which passes it to the tool's own terminal.
    @Test(arguments: backups)
    func ctrlCTypedInTheTerminalIsCancelled(_ backup: Backup) throws {
        let display = try server().display
        defer { try? FileManager.default.removeItem(at: dir) }
        try prepare(backup.setup)
        // The outer terminal's script has `dir` as its `$0`.
        let outer = try RunTerminalTests.Outer(Self.inDir + "\"$X11HUD\" run --id cancel -- " + backup.command,
                                               dir: dir, display: display)
        #expect(try listed(display: display), "no HUD: \(outer.text)")
        try #require(outer.waitFor(backup.underWay, timeout: 15), "\(backup.tool) never got going: \(outer.text)")
        outer.type("\u{3}")
        let seen = try outcomes(display: display) { outer.child.isRunning }
        #expect(outer.end() == backup.status, "\(outer.text)")
        #expect(seen.outcomes.last == "cancelled" && !seen.outcomes.contains("failed"), "\(seen.outcomes)")
        #expect(seen.labels.last == "Cancelled", "\(seen.labels)")
        #expect(seen.details.last == "", "a cancel shows no reason: \(seen.details)")
    }

    /// SIGINT sent to the job's process group, not typed: with pipes x11hud has not seen it, and knows it from the
    /// tool's own words (rsync's `received SIGINT`, borg's `Got Ctrl-C / SIGINT.`).
    @Test(arguments: [backups[0], backups[1]])
    func sigintToTheJobIsCancelledByTheToolsOwnWords(_ backup: Backup) throws {
        let display = try server().display
        defer { try? FileManager.default.removeItem(at: dir) }
        try prepare(backup.setup)
        let hud = try HUDProcess(["run", "--no-pty", "--id", "cancel", "--", "/bin/sh", "-c",
                                  Self.inDir + "exec " + backup.command, dir.path], display: display)
        #expect(try listed(display: display))
        let job = try #require(try jobUnderWay(hud), "\(backup.tool) never got going")
        kill(-job, SIGINT)
        let seen = try outcomes(display: display) { hud.child.isRunning }
        #expect(hud.waitForExit(timeout: Expected.upTo(10))?.status == backup.status)
        #expect(seen.outcomes.last == "cancelled" && !seen.outcomes.contains("failed"), "\(seen.outcomes)")
    }

    /// SIGINT to x11hud itself is passed on to the job, and the end says how the job took it, for long enough to
    /// be seen: Cancelled, with the job's own status.
    @Test func sigintToX11hudIsPassedOnAndCancelled() throws {
        let display = try server().display
        defer { try? FileManager.default.removeItem(at: dir) }
        let rsync = Self.backups[0]
        try prepare(rsync.setup)
        let hud = try HUDProcess(["run", "--no-pty", "--id", "cancel", "--", "/bin/sh", "-c",
                                  Self.inDir + "exec " + rsync.command, dir.path], display: display)
        #expect(try listed(display: display))
        try #require(try jobUnderWay(hud) != nil, "rsync never got going")
        kill(hud.pid, SIGINT)
        let seen = try outcomes(display: display) { hud.child.isRunning }
        #expect(hud.waitForExit(timeout: Expected.upTo(10))?.status == rsync.status)
        #expect(seen.outcomes.last == "cancelled", "\(seen.outcomes)")
    }
}
