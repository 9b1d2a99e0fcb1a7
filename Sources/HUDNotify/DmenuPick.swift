import Glibc
public import HUDLoop

/// A dmenu-like program (dmenu, rofi -dmenu, fuzzel --dmenu) asked to pick one of some lines: the lines on its
/// standard input, its pick on its standard output, as dunst's context menu runs it.
public enum DmenuPick: Sendable, Equatable {
    /// The line it printed.
    case picked(String)
    /// It printed nothing, or ended with a status other than 0 (Escape in dmenu and rofi): nothing to do.
    case cancelled
    /// It could not be started (127 from the shell: not found; 126: not executable), or the pipes failed: why.
    case failed(String)

    /// dunst's default `dmenu` setting.
    public static let defaultCommand = "dmenu -p dunst:"

    /// Runs `command` (a shell command line: `rofi -dmenu -p action`) with `lines` on its input and waits for it.
    public static func run(_ command: String, lines: [String]) -> DmenuPick {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { return .failed("cannot make a pipe: \(errno)") }
        guard pipe(&output) == 0 else {
            close(input[0])
            close(input[1])
            return .failed("cannot make a pipe: \(errno)")
        }
        // Only the child's ends reach it (dup2 clears the flag), so it sees the end of its input.
        for fd in input + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(SignalWatch.spawnWithDefaultSignals(&attributes)))
        var pid: pid_t = 0
        let argv = ["/bin/sh", "-c", command]
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        let r = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &cArgs, environ)
        close(input[0])
        close(output[1])
        guard r == 0 else {
            close(input[1])
            close(output[0])
            return .failed("cannot start /bin/sh: \(String(cString: strerror(r)))")
        }
        // A program that never reads its input must not block the write: it ends, and the write fails (EPIPE, its
        // signal ignored for the write).
        // One a line, the last without a line end, as dunst writes them.
        var text = Array(lines.joined(separator: "\n").utf8)
        var old = sigaction(), ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGPIPE, &ignore, &old)
        var written = 0
        while written < text.count {
            let n = text.withUnsafeMutableBytes { write(input[1], $0.baseAddress! + written, $0.count - written) }
            if n > 0 { written += n } else if n < 0, errno == EINTR { continue } else { break }
        }
        sigaction(SIGPIPE, &old, nil)
        close(input[1])
        var out: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
            if n > 0 { out += buffer[0..<n] } else if n < 0, errno == EINTR { continue } else { break }
        }
        close(output[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        text = []
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        if exited, code == 127 || code == 126 {
            return .failed("'\(command)' could not be run (status \(code): not found or not executable)")
        }
        let picked = String(decoding: out, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard exited, code == 0, !picked.isEmpty else { return .cancelled }
        return .picked(picked)
    }

    /// Runs `command` on a thread of its own and hands the outcome to `done` on `loop`: the server goes on
    /// answering while the menu is open.
    public static func start(_ command: String, lines: [String], loop: any EventLoop,
                             done: @escaping @MainActor @Sendable (DmenuPick) -> Void) {
        BlockingThread.start("dmenu") {
            let outcome = run(command, lines: lines)
            loop.send { done(outcome) }
        }
    }
}
