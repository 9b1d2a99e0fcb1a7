import Dispatch
import Foundation
import Glibc
import HUDScene
import HUDTestSupport
import ProgressFeed
import Synchronization
import Testing
@testable import HUDFeeds

/// A real short command run in-process through `CommandFeed`, its updates read as a HUD would take them (no X).
@Suite(.serialized, .ownThreads) struct CommandFeedTests {
    /// Takes from `feed` whenever it asks, until `finished` is called, and returns every non-empty take in order;
    /// `taken` sees each take as it comes.
    func takes(from feed: CommandFeed, taken: (FeedInbox) -> Void = { _ in }) -> ([FeedInbox], RunOutcome) {
        let asked = DispatchSemaphore(value: 0)
        feed.start { asked.signal() }
        let done = Mutex<RunOutcome?>(nil)
        feed.whenFinished { outcome in
            done.withLock { $0 = outcome }
            asked.signal()
        }
        var seen: [FeedInbox] = []
        let deadline = FeedReader.uptime() + 20
        while FeedReader.uptime() < deadline {
            _ = asked.wait(timeout: .now() + 5)
            let inbox = feed.take()
            if !inbox.isEmpty {
                seen.append(inbox)
                taken(inbox)
            }
            if let outcome = done.withLock({ $0 }), seen.last?.icon != nil { return (seen, outcome) }
        }
        Issue.record("the command's end never came: \(seen)")
        return (seen, feed.outcome)
    }

    @Test func aCommandsOutputBecomesUpdatesThenItsEndOnce() throws {
        // stdout only: the test's own output stays quiet enough, and stderr is checked below.
        // The command goes on once the 10 has been taken (the test makes a file), so the 50 cannot replace it.
        let taken = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-taken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: taken) }
        let script = "echo 10; until [ -e \"$0\" ]; do sleep 0.01; done; echo '#Half'; echo 50"
        let feed = try CommandFeed(["/bin/sh", "-c", script, taken.path])
        let (seen, outcome) = takes(from: feed) {
            if $0.progress == 0.1 { _ = FileManager.default.createFile(atPath: taken.path, contents: nil) }
        }
        #expect(outcome.status == 0 && outcome.end == .exited(0))
        #expect(seen.contains { $0.progress == 0.1 }, "\(seen)")
        let last = try #require(seen.last)
        #expect(last.progress == 0.5 || seen.contains { $0.progress == 0.5 })
        #expect(last.icon == .success && last.label == "Done" && !last.ended)
        #expect(seen.filter { $0.icon != nil }.count == 1, "the end came more than once")
        #expect(feed.take().isEmpty)
    }

    @Test func aFailureShowsItsReasonAndStatus() throws {
        let script = "echo 30; echo 'disk full' >&2; exit 3"
        let feed = try CommandFeed(["/bin/sh", "-c", script], failLabel: "Backup failed")
        let (seen, outcome) = takes(from: feed)
        #expect(outcome.status == 3 && outcome.reason == "disk full")
        let last = try #require(seen.last)
        #expect(last.icon == .error && last.label == "Backup failed" && last.details == "disk full")
    }

    /// Issue 30 item 4, end to end: real restic and borg on a repository that does not exist; the HUD's details
    /// are the tool's own reason, not its last line (restic's is the path, borg --log-json's a JSON object).
    @Test(arguments: [
        (["env", "RESTIC_PASSWORD=x", "restic", "-r", "REPO", "backup", "/etc/hostname"], 1 as Int32,
         "unable to open config file: stat REPO/config: no such file or directory"),
        (["borg", "--log-json", "create", "REPO::a", "/etc/hostname"], 2, "Repository REPO does not exist."),
    ])
    func aBackupToolsFailureSaysWhy(command: [String], status: Int32, reason: String) throws {
        let tool = command.first { $0 == "restic" || $0 == "borg" }!
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)"), "packaging/deps.sh test has it")
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-norepo-\(UUID().uuidString)")
        let argv = command.map { $0.replacing("REPO", with: repo.path) }
        let feed = try CommandFeed(argv)
        let (seen, outcome) = takes(from: feed)
        let expected = reason.replacing("REPO", with: repo.path)
        #expect(outcome.status == status && outcome.reason == expected, "\(outcome)")
        let last = try #require(seen.last)
        #expect(last.icon == .error && last.label == "Failed" && last.details == expected, "\(last)")
    }

    /// Issue 40 item 5, end to end: the tool's first cause, not its summary or hint. rsync with a missing source
    /// and a missing destination parent; duplicity with no `PASSPHRASE` and no terminal (`setsid`, stdin at its
    /// end, as from cron). `DIR` is a fresh directory holding `src/a.txt`.
    @Test(arguments: [
        (["rsync", "-a", "DIR/nosuchdir/", "DIR/dst/"], 23 as Int32,
         "change_dir \"DIR/nosuchdir\" failed: No such file or directory (2)"),
        (["rsync", "-a", "DIR/src/", "DIR/no/parent/dst/"], 11,
         "mkdir \"DIR/no/parent/dst\" failed: No such file or directory (2)"),
        (["setsid", "-w", "sh", "-c", "unset PASSPHRASE; exec duplicity DIR/src file://DIR/dup </dev/null"], 30,
         "GnuPG passphrase for decryption: no answer, its input ended (EOFError)"),
    ])
    func aBackupToolsFirstCauseIsTheReason(command: [String], status: Int32, reason: String) throws {
        let tool = command.first { $0 == "rsync" } ?? "duplicity"
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)"), "packaging/deps.sh test has it")
        let dir = try Self.sourceDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let feed = try CommandFeed(command.map { $0.replacing("DIR", with: dir.path) })
        let (seen, outcome) = takes(from: feed)
        let expected = reason.replacing("DIR", with: dir.path)
        #expect(outcome.status == status && outcome.reason == expected, "\(outcome)")
        #expect(seen.last?.icon == .error && seen.last?.details == expected, "\(String(describing: seen.last))")
    }

    /// Issue 40 item 5: a restic repository another restic holds (`check --read-data` slowed to 1 KiB/s, which
    /// locks it exclusively) fails with the lock's owner, not restic's hint about `unlock`.
    @Test func aLockedResticRepositoryNamesTheLocksOwner() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/restic"), "packaging/deps.sh test has it")
        let dir = try Self.sourceDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repo = dir.appendingPathComponent("repo").path
        let restic = ["RESTIC_PASSWORD=x", "restic", "-r", repo]
        let env = URL(fileURLWithPath: "/usr/bin/env")
        #expect(try ChildProcess.run(env, restic + ["init"], timeout: 30).status == 0)
        #expect(try ChildProcess.run(env, restic + ["backup", dir.appendingPathComponent("src").path],
                                     timeout: 30).status == 0)
        let holder = try ChildProcess(env, restic + ["check", "--read-data", "--limit-download", "1"])
        defer { holder.kill() }
        let locks = dir.appendingPathComponent("repo/locks").path
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(20)) {
            !((try? FileManager.default.contentsOfDirectory(atPath: locks)) ?? []).isEmpty
        })
        let feed = try CommandFeed(["env"] + restic + ["backup", dir.appendingPathComponent("src").path])
        let (_, outcome) = takes(from: feed)
        let owner = "unable to create lock in backend: repository is already locked exclusively by PID \(holder.pid) "
        #expect(outcome.status == 1 && outcome.reason?.hasPrefix(owner) == true, "\(outcome)")
    }

    /// A fresh directory with `src/a.txt` (and, for restic's check to read slowly, `src/b.bin`, 256 KiB).
    static func sourceDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-cause-\(UUID().uuidString)")
        let src = dir.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        try Data((1...1000).map { "\($0)\n" }.joined().utf8).write(to: src.appendingPathComponent("a.txt"))
        var random = SystemRandomNumberGenerator()
        try Data((0..<262_144).map { _ in UInt8.random(in: 0...255, using: &random) })
            .write(to: src.appendingPathComponent("b.bin"))
        return dir
    }

    @Test func cancelStopsTheGroupAndEndsWith130() throws {
        // Cancelled once the command runs (it has made its file).
        let started = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: started) }
        let feed = try CommandFeed(["/bin/sh", "-c", "echo 20; : > \"$0\"; sleep 30", started.path])
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(5)) { FileManager.default.fileExists(atPath: started.path) })
        feed.cancel()
        let (seen, outcome) = takes(from: feed)
        #expect(outcome.status == 130 && outcome.stop == .cancelled)
        #expect(seen.contains { $0.label == "Cancelling…" } || seen.last?.label == "Cancelled", "\(seen)")
        #expect(seen.last?.icon == .warning)
    }

    @Test func curlsRedrawIsSeenBeforeTheNextOne() throws {
        // curl writes each redraw to stderr led by \r, never ended: under `run` it shows when written.
        let line = " 14 28.6M   14 4352k    0     0  21.1M      0  0:00:01 --:--:--  0:00:01 21.1M"
        let feed = try CommandFeed(["/bin/sh", "-c", "printf '\\r\(line)' >&2; sleep 2"])
        let asked = DispatchSemaphore(value: 0)
        feed.start { asked.signal() }
        var progress: Double?
        let deadline = FeedReader.uptime() + 1.5
        while progress == nil, FeedReader.uptime() < deadline {
            _ = asked.wait(timeout: .now() + 0.1)
            progress = feed.take().progress
        }
        #expect(progress == 0.14, "the redraw waited for the next one")
        feed.cancel()
        #expect(feed.waitUntilFinished().status == 130)
    }

    @Test func aMissingCommandIsATypedFailure() {
        #expect(throws: CommandFailure.notFound(command: "x11hud-no-such-command")) {
            _ = try CommandFeed(["x11hud-no-such-command"])
        }
        #expect(CommandFailure.notFound(command: "x").shellStatus == 127)
        #expect("\(CommandFailure.notFound(command: "rsync"))" == "rsync: command not found")
    }

    /// Issue 21 item 8: a script whose `#!` names no file, and an empty name, are "not found" (127) as in a shell,
    /// not "Permission denied" or "is a directory" (126).
    @Test func aMissingInterpreterAndAnEmptyNameGive127() throws {
        let script = "/tmp/x11hud-badint-\(getpid())"
        let fd = open(script, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
        try #require(fd >= 0)
        let text = Array("#!/nonexistent/interpreter -x\necho hi\n".utf8)
        #expect(write(fd, text, text.count) == text.count)
        close(fd)
        defer { unlink(script) }
        for (command, words) in [(script, ["/nonexistent/interpreter"]), ("", ["''", "not found"])] {
            do {
                _ = try CommandFeed([command])
                Issue.record("'\(command)' started")
            } catch {
                #expect(error.shellStatus == 127, "\(error)")
                for word in words { #expect("\(error)".contains(word), "\(error)") }
            }
        }
    }
}
