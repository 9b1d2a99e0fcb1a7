import Foundation
import Glibc
import HUDTestSupport
import Synchronization
import Testing
@testable import HUDFeeds

/// The one spawner, for a command in the background (a yad button's): a group of its own, signals at their
/// defaults whatever this process ignores or blocks, and reaped when it ends.
@Suite(.serialized, .ownThreads) struct CommandJobTests {
    /// Fields of /proc/PID/status as numbers (`SigIgn`, `SigBlk` are hexadecimal masks).
    static func statusMask(_ pid: pid_t, _ field: String) -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
        else { return nil }
        return UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
    }

    @Test func aBackgroundCommandGetsSIGTERMEvenWhenWeIgnoreIt() throws {
        // What x11hud does to SIGTERM while a HUD is up must not reach its commands (exec keeps SIG_IGN).
        let previous = signal(SIGTERM, SIG_IGN)
        defer { signal(SIGTERM, previous) }
        let job = try CommandJob.startInBackground(shellCommand: "exec sleep 30")
        let pid = job.pid
        #expect(pid > 0)
        let bit = UInt64(1) << UInt64(SIGTERM - 1)
        // The mask is read once the shell has become sleep (exec), and before it is signalled.
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(2)) {
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "sleep\n"
        })
        #expect(Self.statusMask(pid, "SigIgn").map { $0 & bit } == 0, "SIGTERM ignored in the command")
        #expect(Self.statusMask(pid, "SigBlk").map { $0 & bit } == 0, "SIGTERM blocked in the command")
        #expect(getpgid(pid) == pid, "not in a process group of its own")

        let ended = Mutex<CommandEnd?>(nil)
        job.whenEnded { end in ended.withLock { $0 = end } }
        kill(pid, SIGTERM)
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(3)) { ended.withLock { $0 } != nil })
        #expect(ended.withLock { $0 } == .signalled(SIGTERM))
        // Reaped: no zombie is left under that pid.
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(1)) { kill(pid, 0) != 0 && errno == ESRCH })
    }

    @Test func aBackgroundCommandsEndIsReported() {
        let job = try? CommandJob.startInBackground(shellCommand: "exit 3")
        let ended = Mutex<CommandEnd?>(nil)
        job?.whenEnded { end in ended.withLock { $0 = end } }
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(3)) { ended.withLock { $0 } != nil })
        #expect(ended.withLock { $0 } == .exited(3))
    }
}
