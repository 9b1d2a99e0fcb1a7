import Foundation
import Glibc
@testable import HUDFeeds
import HUDTestSupport
import Testing

/// Issue 40: the exit status of a process that is not ours, read by tracing it, on real processes started by a
/// shell (so that the shell, not the test, is their parent, as for `x11hud --watch-pid`). No X.
@Suite(.ownThreads) struct ExitStatusWatchTests {
    /// A shell that starts `command` in the background, prints its PID, waits for it and prints the status it was
    /// told: the parent's view, which tracing must leave as it was.
    final class Parent {
        let shell: ChildProcess
        let out = Pipe()
        let pid: Int32

        init(_ command: String) throws {
            // A shell of the test's own ChildProcess: Foundation's Process would start it with SIGCHLD blocked, and
            // a shell waits for SIGCHLD.
            shell = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                     ["-c", "\(command) & echo $!; wait $!; echo status $?"], output: .pipe(out))
            let line = try #require(Tools.readLine(from: out.fileHandleForReading.fileDescriptor, timeout: 5))
            pid = try #require(Int32(line.trimmingCharacters(in: .whitespaces)))
        }

        /// What the shell was told, once it has been.
        func toldStatus() -> String? {
            Tools.readLine(from: out.fileHandleForReading.fileDescriptor, timeout: Sanitizer.upTo(10))
        }

        deinit { kill(pid, SIGKILL) }
    }

    /// The outcome, once the watch has it (at most 10 s).
    func outcome(of watch: ExitStatusWatch) -> ProcessOutcome? {
        let deadline = Date().addingTimeInterval(Sanitizer.upTo(10))
        while watch.outcome == nil, watch.isFollowing, Date() < deadline { usleep(10_000) }
        return watch.outcome
    }

    /// Until `/proc/PID/stat` says the process is being traced or has a tracer (`TracerPid` in its status).
    func traced(_ pid: Int32) -> Bool {
        Tools.waitUntil(timeout: 5) {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").contains { $0.hasPrefix("TracerPid:") && !$0.hasSuffix("\t0") }
        }
    }

    @Test(arguments: [("exit 0", ProcessOutcome.exited(0)), ("exit 23", .exited(23))])
    func anExitStatusIsSeenAndItsShellIsStillTold(_ exit: String, _ expected: ProcessOutcome) throws {
        let parent = try Parent("sh -c 'sleep 0.5; \(exit)'")
        let watch = ExitStatusWatch(pid: parent.pid)
        #expect(traced(parent.pid))
        #expect(outcome(of: watch) == expected)
        #expect(parent.toldStatus() == "status \(expected.shellStatus ?? -1)")
    }

    @Test func aKilledProcessIsSeenKilled() throws {
        let parent = try Parent("sleep 30")
        let watch = ExitStatusWatch(pid: parent.pid)
        #expect(traced(parent.pid))
        kill(parent.pid, SIGKILL)
        #expect(outcome(of: watch) == .signalled(SIGKILL))
        #expect(parent.toldStatus() == "status 137")
        #expect(ProcessOutcome.signalled(SIGKILL).description == "killed by signal 9 (Killed)")
    }

    /// The signals it is sent reach it (its trap runs), and a stop from the terminal stops it until SIGCONT.
    @Test func signalsAndStopsReachItAsIfUntraced() throws {
        let parent = try Parent("sh -c 'trap \"exit 42\" USR1; while :; do sleep 0.05; done'")
        let watch = ExitStatusWatch(pid: parent.pid)
        #expect(traced(parent.pid))
        // Once its trap is set (SIGUSR1 among the signals it catches, SigCgt in its status).
        #expect(Tools.waitUntil(timeout: 5) {
            let status = (try? String(contentsOfFile: "/proc/\(parent.pid)/status", encoding: .utf8)) ?? ""
            let caught = status.split(separator: "\n").first { $0.hasPrefix("SigCgt:") }?.split(separator: "\t").last
            return caught.flatMap { UInt64($0, radix: 16) }.map { $0 & (1 << (UInt64(SIGUSR1) - 1)) != 0 } ?? false
        })
        kill(parent.pid, SIGSTOP)
        let stopped = Tools.waitUntil(timeout: 5) {
            let stat = (try? String(contentsOfFile: "/proc/\(parent.pid)/stat", encoding: .utf8)) ?? ""
            return stat.split(separator: ")").last?.split(separator: " ").first.map { $0 == "T" || $0 == "t" } ?? false
        }
        #expect(stopped, "SIGSTOP did not stop it")
        kill(parent.pid, SIGCONT)
        kill(parent.pid, SIGUSR1)
        #expect(outcome(of: watch) == .exited(42))
        #expect(parent.toldStatus() == "status 42")
    }

    /// A process of our own is waited for without being reaped: its parent (here, the test) still gets its status.
    @Test func aChildOfOurOwnIsNotReapedFromUnderItsParent() throws {
        var pid: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", "sleep 0.3; exit 7"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0)
        let watch = ExitStatusWatch(pid: pid)
        #expect(outcome(of: watch) == .exited(7))
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        #expect(ProcessOutcome(waitStatus: status) == .exited(7))
    }

    /// A process that has gone before the watch starts cannot be followed, and says why.
    @Test func aProcessGoneAlreadyIsNotFollowed() throws {
        let parent = try Parent("true")
        #expect(parent.toldStatus() == "status 0")
        let watch = ExitStatusWatch(pid: parent.pid)
        let deadline = Date().addingTimeInterval(5)
        while watch.isFollowing, Date() < deadline { usleep(10_000) }
        #expect(!watch.isFollowing && watch.outcome == nil)
        #expect(watch.refusal == "it ended before x11hud could follow it")
    }
}
