import Foundation
import HUDScene
import HUDTestSupport

/// A bash script run as the child of a shell that waits for it and reaps it, as a program watched with
/// `--watch-pid` is its shell's: not the test's own child, so a watch follows its exit by tracing it, and the test
/// never races the watch to reap it.
final class ShellChild {
    /// The shell: it starts the script (its standard input the test's `go` pipe) and waits for it.
    let shell: ChildProcess
    let go = Pipe()
    /// The script's process, which is watched.
    let pid: Int32

    init(_ script: String, argument: String) throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        shell = try ChildProcess(URL(fileURLWithPath: "/bin/bash"),
                                 ["-c", "bash -c \"$1\" bash \"$2\" <&0 & echo $! > \"$3\"; wait $!", "shell", script,
                                  argument, pidFile.path],
                                 input: go, output: .discard)
        var pid: Int32 = 0
        _ = Tools.waitUntil(timeout: 5) {
            pid = Int32(((try? String(contentsOf: pidFile, encoding: .utf8)) ?? "").trimmingWhitespace()) ?? 0
            return pid > 0
        }
        guard pid > 0 else { throw TestFailure("the shell did not start the script") }
        self.pid = pid
    }

    /// Lets the script go on past its `read`, and waits for its shell to end.
    func finish() {
        try? go.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
        shell.process.waitUntilExit()
    }
}
