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
