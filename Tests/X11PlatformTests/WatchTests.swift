import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Issue 14: `--watch-pid` and `--watch-file` end to end, the real binary watching real processes and files on a
/// private Xvfb.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct WatchTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-watch-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    /// `big.bin` in the test's folder: `bytes` long, and sparse.
    func sparseFile(bytes: UInt64) throws -> URL {
        let big = dir.appendingPathComponent("big.bin")
        _ = FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: bytes)
        try handle.close()
        return big
    }

    /// Where the ring is with a fixed label and details (a watcher changes neither when they are given).
    static func ring(label: String, details: String) throws -> Rect {
        let content = HUDContent(mode: .annular, progress: 0.5, label: label, details: details)
        let layout = HUDLayout(content: content, style: .theme(.dark), area: Rect(x: 0, y: 0, width: 1280, height: 720),
                               measurer: HUDRenderer(scale: 1).text)
        return try #require(layout.indicator)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pv"), "no pv (packaging/deps.sh test)"))
    func watchingCatReadThroughASlowPipeShowsARisingValueThenSuccess() throws {
        let display = try server().display
        // 200 MB, sparse, read by cat into pv, which lets 50 MiB a second through: about four seconds.
        let big = try sparseFile(bytes: 200_000_000)
        let pipe = Pipe()
        // Killed when they go out of scope.
        let pv = try ChildProcess(URL(fileURLWithPath: "/usr/bin/pv"), ["-q", "-L", "50m"], input: pipe,
                                  output: .discard)
        let cat = try ChildProcess(URL(fileURLWithPath: "/bin/cat"), [big.path], output: .pipe(pipe))
        try? pipe.fileHandleForReading.close()
        try? pipe.fileHandleForWriting.close()
        defer {
            withExtendedLifetime((cat, pv)) {}
            try? FileManager.default.removeItem(at: dir)
        }

        let hud = try HUDProcess(["--watch-pid", String(cat.pid), "--label", "Reading",
                                  "--details", "big.bin"], display: display)
        _ = try hud.waitForWindow(display: display)
        let ring = try Self.ring(label: "Reading", details: "big.bin")
        // Once cat is some way in (about 1 s), well before its end (4 s); then risen by more than a sixth.
        let early = try ringCoverage(display: display, around: ring) { $0 > 0.05 }
        let later = try ringCoverage(display: display, around: ring) { $0 > early + 0.15 }
        #expect(early > 0.05 && early < 0.8, "the ring shows \(early) at first")
        #expect(later > early + 0.15, "the ring did not rise: \(early) → \(later)")
        // cat exits 0: the success icon, then the HUD hides and exits 0.
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(8)), "x11hud did not end after cat")
        #expect(exit.status == 0)
        #expect(hud.errorOutput.isEmpty)
    }

    @Test func aFileWrittenInChunksFillsTheRingAndEndsAtItsTotal() throws {
        let display = try server().display
        let target = dir.appendingPathComponent("download.part")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Not there yet: the HUD waits for it with the spinner.
        let hud = try HUDProcess(["--watch-file", target.path, "--total", "1M", "--label", "Fetching",
                                  "--details", "download"], display: display)
        _ = try hud.waitForWindow(display: display)
        #expect(hud.waitForExit(timeout: 0.5) == nil, "it did not wait for the file")
        _ = FileManager.default.createFile(atPath: target.path, contents: nil)
        let writer = try FileHandle(forWritingTo: target)
        let ring = try Self.ring(label: "Fetching", details: "download")
        var seen: [Double] = []
        for quarter in 1...3 {
            try writer.write(contentsOf: Data(count: 256 * 1024))
            seen.append(try ringCoverage(display: display, around: ring) { abs($0 - Double(quarter) / 4) < 0.05 })
        }
        #expect(abs(seen[0] - 0.25) < 0.05 && abs(seen[1] - 0.5) < 0.05 && abs(seen[2] - 0.75) < 0.05, "\(seen)")
        try writer.write(contentsOf: Data(count: 256 * 1024))
        try writer.close()
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(4)), "not ended at the total")
        #expect(exit.status == 0)
    }

    @Test func aWatchedFileDeletedEndsWithSixtySixAndStdinIsLeftAlone() throws {
        let display = try server().display
        let target = dir.appendingPathComponent("doomed.part")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(count: 100_000).write(to: target)
        let producer = Producer()
        let hud = try HUDProcess(["--watch-file", target.path, "--total", "1M"], display: display,
                                 input: producer.pipe)
        _ = try hud.waitForWindow(display: display)
        producer.write(String(repeating: "50\n", count: 50_000))  // more than a pipe holds: it is read and dropped
        try FileManager.default.removeItem(at: target)
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(7)), "the deletion went unseen")
        producer.close()
        #expect(exit.status == 66)
        #expect(hud.errorOutput == "x11hud: warning: standard input is ignored with --watch-file\n")
    }

    /// Issues 30 and 40: pv copying 40 MB at 4 MB/s is SIGKILLed a moment in. x11hud does not claim the copy: the
    /// ring gives way to an icon (the error icon, `ProcessProbeTests`), one line says where pv stopped and that it
    /// was killed, and x11hud exits as pv did, 137.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pv"), "no pv (packaging/deps.sh test)"))
    func aCopyKilledMidwayEndsAsItDidAndWhereItStopped() throws {
        let display = try server().display
        let big = try sparseFile(bytes: 40_000_000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pv = try ChildProcess(URL(fileURLWithPath: "/usr/bin/pv"), ["-q", "-L", "4m", big.path], output: .discard)
        let hud = try HUDProcess(["--watch-pid", String(pv.pid)], display: display)
        let window = try hud.waitForWindow(display: display)
        let running = try RunTests.waitForState("\"mode\":\"annular\"", window: window, display: display)
        #expect(running.contains("\"label\":\"pv\""), "\(running)")
        kill(pv.pid, SIGKILL)
        pv.process.waitUntilExit()
        let ended = try RunTests.waitForState("\"mode\":\"custom\"", window: window, display: display)
        #expect(ended.contains("\"mode\":\"custom\""), "the ring stayed: \(ended)")
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(8)), "x11hud did not end after pv")
        #expect(exit.status == 137)
        let line = hud.errorOutput
        #expect(line.hasPrefix("x11hud: pv ended early at ")
                && line.hasSuffix(" of 40 MB of big.bin: killed by signal 9 (Killed)\n"), "\(line)")
        #expect(!line.contains("ended early at 40 MB"), "\(line)")
    }

    /// Issue 40's case: `rsync -a --bwlimit` copying 60 files of 1.5 MB, SIGKILLed a few files in while the file it
    /// reads is at its end. x11hud never says done: it exits 137 with a line that it ended early; the same copy left
    /// to finish ends with success and 0. rsync's shell (here the test) still gets its status.
    @Test func aMultiFileCopyKilledIsNeverDoneAndAFinishedOneIs() throws {
        let display = try server().display
        let source = dir.appendingPathComponent("src"), target = dir.appendingPathComponent("dst")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let block = Data((0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
        for n in 1...60 { try block.write(to: source.appendingPathComponent("report_\(n).txt")) }
        for killed in [true, false] {
            try? FileManager.default.removeItem(at: target)
            let rsync = try ChildProcess(URL(fileURLWithPath: "/usr/bin/rsync"),
                                         ["-a", "--bwlimit=\(killed ? "10M" : "60M")", source.path + "/", target.path],
                                         output: .discard)
            let hud = try HUDProcess(["--watch-pid", String(rsync.pid)], display: display)
            _ = try hud.waitForWindow(display: display)
            if killed {
                // A few files in (some 0.15 s a file at 10 MB/s), mid-copy.
                #expect(Tools.waitUntil(timeout: 10) {
                    ((try? FileManager.default.contentsOfDirectory(atPath: target.path))?.count ?? 0) >= 8
                })
                kill(rsync.pid, SIGKILL)
            }
            let exit = try #require(hud.waitForExit(timeout: Expected.upTo(15)), "x11hud did not end after rsync")
            rsync.process.waitUntilExit()
            if killed {
                #expect(exit.status == 137, "\(hud.errorOutput)")
                #expect(hud.errorOutput.hasPrefix("x11hud: rsync ended early")
                        && hud.errorOutput.hasSuffix(": killed by signal 9 (Killed)\n"), "\(hud.errorOutput)")
                #expect(rsync.process.terminationStatus == SIGKILL, "rsync's parent was told")
            } else {
                #expect(exit.status == 0 && rsync.process.terminationStatus == 0, "\(hud.errorOutput)")
                #expect(hud.errorOutput.isEmpty, "\(hud.errorOutput)")
            }
        }
    }

    /// `count` files of 400 KB of random data in the test's `src` folder.
    func randomSources(_ count: Int) throws -> URL {
        let source = dir.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let random = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/urandom"))
        defer { try? random.close() }
        for n in 1...count {
            try random.read(upToCount: 400_000)?.write(to: source.appendingPathComponent("f\(n).bin"))
        }
        return source
    }

    /// Watches the backup tool `tool` by its PID to its end while `list --json` is polled: it must end 0 (the HUD
    /// and the tool), never name a file of `kept` (every file under those folders, by name) and name a source.
    func watchBackup(_ tool: ChildProcess, display: String, kept folders: [URL]) throws {
        let hud = try HUDProcess(["--watch-pid", String(tool.pid), "--details", "auto"], display: display)
        let seen = try CLI.progressWhile(display: display) { hud.process.isRunning }
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(60)))
        #expect(exit.status == 0 && tool.status == 0, "\(hud.errorOutput)")
        let kept = Set(folders.flatMap { FileManager.default.enumerator(atPath: $0.path)?.compactMap { $0 as? String }
            ?? [] }.map { URL(fileURLWithPath: $0).lastPathComponent })
        // `f79.bin and 1 other file` over `0 B of 400 kB`: the name is the first line's start.
        let names = seen.details.compactMap { $0.split(separator: "\n").first?.split(separator: " ").first }
        let wrong = names.filter { $0.contains("-tmp-") || kept.contains(String($0)) }
        #expect(wrong.isEmpty, "the tool's own files listed: \(wrong)")
        #expect(names.contains { $0.hasPrefix("f") && $0.hasSuffix(".bin") }, "no source shown: \(seen.details)")
    }

    /// Issue 40 item 3: `--watch-pid` on a running `restic backup` (150 files of 400 KB of random data, the
    /// repository on disk, uploads limited to 10 MB/s so that it runs for seconds) never lists a file under the
    /// repository (its `…-tmp-…` packs, which restic opens read-write, nor its index or config, read-only) and
    /// shows the sources restic reads; restic's success ends it with 0.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/restic"), "packaging/deps.sh test"))
    func aResticBackupWatchedByPIDShowsItsSourcesNeverItsRepository() throws {
        let display = try server().display
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try randomSources(150), repo = dir.appendingPathComponent("repo")
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let restic = ["RESTIC_PASSWORD=x", "RESTIC_CACHE_DIR=\(dir.path)/cache", "restic", "-r", repo.path]
        #expect(try ChildProcess.run(env, restic + ["init"]).status == 0)
        let backup = try ChildProcess(env, restic + ["backup", "--limit-upload", "10000", source.path],
                                      output: .discard)
        try watchBackup(backup, display: display, kept: [repo, dir.appendingPathComponent("cache")])
    }

    /// Issue 40 item 3, borg: `--watch-pid` on a running `borg create` to a repository on disk (100 files of
    /// 400 KB of random data, slowed by zstd at level 22), its stdout a log file, never lists its segments, index,
    /// hints, cache or security files (borg reads segments read-only: segment `0` at 476 B was once shown) nor the
    /// log, and shows the sources it reads.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/borg"), "packaging/deps.sh test"))
    func aBorgCreateWatchedByPIDShowsItsSourcesNeverItsRepository() throws {
        let display = try server().display
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try randomSources(100), repo = dir.appendingPathComponent("repo")
        let borg = URL(fileURLWithPath: "/usr/bin/borg")
        let environment = ["HOME": dir.path, "PATH": "/usr/bin:/bin",
                           "BORG_UNKNOWN_UNENCRYPTED_REPO_ACCESS_IS_OK": "yes"]
        #expect(try ChildProcess.run(borg, ["init", "-e", "none", repo.path], environment: environment).status == 0)
        // Its stdout a log file, as from a timer: a file it writes before it reads any source (once followed).
        let logs = dir.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let create = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                      ["-c", "exec \"$0\" \"$@\" > logs/borg.log", borg.path, "create", "--compression",
                                       "zstd,22", repo.path + "::a", source.path],
                                      environment: environment, output: .discard, directory: dir)
        let comm = "/proc/\(create.pid)/comm"
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            (try? String(contentsOfFile: comm, encoding: .utf8)) == "borg\n"
        })
        // Every file borg keeps (the repository's, its cache and configuration in the test's home) and its log.
        try watchBackup(create, display: display, kept: [repo, dir.appendingPathComponent(".cache"),
                                                          dir.appendingPathComponent(".config"), logs])
    }

    @Test func aWatcherDoesNotForwardToAnotherProcesssHUD() throws {
        let display = try server().display
        let owner = try HUDProcess(["--id", "job", "--label", "Up"], display: display)
        _ = try owner.waitForWindow(display: display)
        let watcher = try HUDProcess(["--id", "job", "--watch-pid", String(owner.pid)], display: display)
        let exit = try #require(watcher.waitForExit(timeout: 5))
        #expect(exit.status == 64)
        let message = watcher.errorOutput
        #expect(message.split(separator: "\n").count == 1 && message.contains("--queue"), "\(message)")
        kill(owner.pid, SIGTERM)
        _ = owner.waitForExit(timeout: 3)
    }
}
