import Foundation
import HUDTestSupport
import Testing
@testable import x11hud

/// Issue 14: `--watch-pid`, `--watch-file`, `--total` checked before any display is opened.
@Suite(.ownThreads) struct WatchCommandTests {
    static let environment = ["PATH": "/usr/bin:/bin", "DISPLAY": ":9999"]

    @Test(arguments: [
        (["--total", "5m"], "--total", "5m"),
        (["--total", "-1G"], "--total", "-1G"),
        (["--total", "0"], "--total", "0"),
        (["--watch-file", "/tmp/x.iso"], "--watch-file", "--total SIZE"),
        (["--watch-file", "/tmp/x.iso", "--total", "90s"], "--watch-file", "--total SIZE"),
        (["--watch-pid", "1", "--watch-file", "/tmp/x"], "--watch-pid", "--watch-file"),
        (["--watch-pid", "abc"], "--watch-pid", "abc"),
    ])
    func badValuesAreOneLineNamingTheOption(_ args: [String], _ option: String, _ value: String) throws {
        let r = try CLI.run(args, environment: Self.environment)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(option) && r.stderr.contains(value), "\(r.stderr)")
    }

    @Test func aMissingProcessIsSixtySixBeforeAnyDisplay() throws {
        // PIDs are below 2^22 on Linux: this one cannot exist.
        let r = try CLI.run(["--watch-pid", "99999999"], environment: Self.environment)
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr == "x11hud: --watch-pid: no process 99999999\n")
    }

    @Test func aDirectoryToWatchIsSixtySix() throws {
        let r = try CLI.run(["--watch-file", "/tmp", "--total", "1G"], environment: Self.environment)
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.contains("not a regular file"), "\(r.stderr)")
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"),
                   "needs root to become another user"))
    func anotherUsersProcessIsSeventySeven() throws {
        // As nobody, the open files of PID 1 (root's) may not be read. The binary must be reachable by nobody.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-watch-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLI.binary, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        // Under `make harden` the sanitizer's settings (its suppressions) go along, through `env` since runuser
        // may reset the environment, without the report path, which nobody may not write to.
        let sanitizer = ProcessInfo.processInfo.environment
            .filter { ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"].contains($0.key) }
            .map { "\($0.key)=" + $0.value.split(separator: ":").filter { !$0.hasPrefix("log_path=") }
                .joined(separator: ":") }
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/sbin/runuser"),
                                     ["-u", "nobody", "--", "/usr/bin/env"] + sanitizer
                                        + [copy.path, "--watch-pid", "1"],
                                     environment: Self.environment)
        let text = r.stderr
        #expect(r.status == 77, "\(text)")
        #expect(text.contains("may not read the open files of process 1"), "\(text)")
    }
}

/// Issue 22 item 4: `--watch-pid "$(pidof x)"` when pidof finds nothing or several processes.
@Suite(.ownThreads) struct WatchPIDListTests {
    @Test func anEmptyPIDSaysNoProcess() throws {
        let r = try CLI.run(["--watch-pid", ""], environment: WatchCommandTests.environment)
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("x11hud: --watch-pid: no process") && r.stderr.split(separator: "\n").count == 1,
                "\(r.stderr)")
    }

    @Test func severalPIDsAskForOne() throws {
        let r = try CLI.run(["--watch-pid", "9695 9696"], environment: WatchCommandTests.environment)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr == "x11hud: --watch-pid: 2 PIDs given (9695 9696): watch the one that reads the files "
                + "(pgrep -o NAME gives the oldest, pgrep -n the newest)\n", "\(r.stderr)")
    }

    /// Issue 40 item 7: `--watch-pid "$(pidof rsync)"` on a real local rsync (its sender, the receiver it started
    /// and the generator that one started) names the sender, the one to watch.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsync"), "packaging/deps.sh test"))
    func severalPIDsOfOneRsyncNameItsSender() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-pids-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("src"),
                                                withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(count: 4_000_000).write(to: dir.appendingPathComponent("src/big"))
        let rsync = try ChildProcess(URL(fileURLWithPath: "/usr/bin/rsync"),
                                     ["-a", "--bwlimit=200", dir.path + "/src/", dir.path + "/dst/"], output: .discard)
        defer { rsync.kill() }
        func children(_ pid: Int32) throws -> [String] {
            try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/pgrep"), ["-P", String(pid)]).stdout
                .split(separator: "\n").map(String.init)
        }
        var tree: [String] = []
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(10)) {
            let receiver = try children(rsync.pid)
            tree = [String(rsync.pid)] + receiver + (try receiver.first.map { try children(Int32($0)!) } ?? [])
            return tree.count == 3
        })
        // Given in the order pidof gives them, newest first.
        let r = try CLI.run(["--watch-pid", tree.reversed().joined(separator: " ")],
                            environment: WatchCommandTests.environment)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr == "x11hud: --watch-pid: 3 PIDs given (\(tree.reversed().joined(separator: " "))), one rsync "
                + "and the processes it started: watch \(rsync.pid) (rsync's sender, which reads the files; "
                + "pgrep -o -x rsync gives it)\n", "\(r.stderr)")
    }
}
