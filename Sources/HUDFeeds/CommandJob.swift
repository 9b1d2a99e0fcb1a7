import HUDBase
import Glibc
import HUDLoop
import HUDScene
import Synchronization

/// The command of a `CommandFeed` (`x11hud run`): no shell in between (a name is looked up in `PATH`), our standard
/// input, its stdout and stderr into the pipes it is given, and a process group of its own (its pid), so that Cancel
/// and the signals we pass on reach everything it started, a shell script's `sleep` too.
///
/// It is `posix_spawnp` and `waitpid`, not swift-subprocess 1.0.2: linking that package, even with its Foundation
/// trait off, added 0.9 MB and 375 protocol conformances to the binary and cost every invocation that never runs a
/// command about 0.6 M more instructions (callgrind: `--version` 12.47 M → 13.06 M, a text HUD from start to exit
/// 68.1 M → 68.8 M); this costs nothing measurable. Its teardown (signal the group, SIGKILL after a grace) would
/// not have served either: it exists only inside `run`'s body, which must return before the exit status is known.
public final class CommandJob: Sendable {
    typealias End = CommandEnd

    /// After a stop signal, the group gets SIGKILL this many seconds later if the command has not ended.
    static let killDelay = 5.0

    private struct State {
        var pid: pid_t = 0
        var end: End?
        /// The first signal we sent to stop it (Cancel, or a signal passed on), if we did.
        var stoppedWith: Int32?
        var waiters: [@Sendable (End) -> Void] = []
    }
    private let state = Mutex(State())
    private let terminal = TerminalHandoff()
    /// It was given the terminal (and Ctrl-Z on it is passed on to us).
    private let foreground: Bool
    /// The terminal of its own it runs in, if it was given one (then it leaves ours to us).
    private let pseudoTerminal: PseudoTerminal?
    /// Where the escalation to SIGKILL is timed.
    private let loop: any EventLoop

    private init(foreground: Bool, pseudoTerminal: PseudoTerminal? = nil, loop: any EventLoop = SystemLoop.main) {
        self.foreground = foreground && pseudoTerminal == nil
        self.pseudoTerminal = pseudoTerminal
        self.loop = loop
    }

    /// Runs `command` with /bin/sh in the background, as yad runs a button's command: our stdout and stderr, the
    /// terminal left to us, nothing waiting for it but the reaper. Returns the job, which stays alive until the
    /// command has ended whether or not the caller keeps it.
    @discardableResult public static func startInBackground(shellCommand command: String) throws(CommandFailure)
        -> CommandJob {
        try start(["/bin/sh", "-c", command], stdout: nil, stderr: nil, foreground: false)
    }

    /// Runs `argv` (no shell) in the background with `environment` added to ours, as `startInBackground(shellCommand:)`
    /// runs a command otherwise: a notification rule's script, its fields in its environment.
    @discardableResult public static func startInBackground(_ argv: [String], adding environment: [String: String])
        throws(CommandFailure) -> CommandJob {
        try start(argv, stdout: nil, stderr: nil, foreground: false, adding: environment)
    }

    /// Starts `argv` with the given descriptors as its stdout and stderr (closed here once it has them), or ours
    /// when nil. A command in the foreground (`run`'s) gets the terminal while it runs; one in the background (a
    /// yad button's) leaves it to us. Either way it is in a process group of its own with every signal at its
    /// default, and reaped when it ends.
    /// - Throws: `CommandFailure` when the command is not found or cannot be executed.
    static func start(_ argv: [String], stdout: Int32?, stderr: Int32?, foreground: Bool = true,
                      adding environment: [String: String] = [:]) throws(CommandFailure) -> CommandJob {
        try start(argv, output: .pipes(stdout: stdout, stderr: stderr), foreground: foreground, adding: environment)
    }

    /// Starts `argv` in `terminal`, as `script` does: in a session of its own whose controlling terminal it is,
    /// its stdout and stderr (and its stdin, when the terminal passes ours on) that terminal. Ours is left to us.
    static func start(_ argv: [String], in terminal: PseudoTerminal) throws(CommandFailure) -> CommandJob {
        try start(argv, output: .terminal(terminal), foreground: true, adding: [:])
    }

    /// Where a command's output goes.
    private enum Output {
        /// These descriptors (closed here once it has them), or ours when nil.
        case pipes(stdout: Int32?, stderr: Int32?)
        case terminal(PseudoTerminal)
    }

    private static func start(_ argv: [String], output: Output, foreground: Bool,
                              adding environment: [String: String]) throws(CommandFailure) -> CommandJob {
        var stdout: Int32?, stderr: Int32?, pseudoTerminal: PseudoTerminal?
        switch output {
        case .pipes(let out, let err): (stdout, stderr) = (out, err)
        case .terminal(let t): pseudoTerminal = t
        }
        defer {
            if let stdout { close(stdout) }
            if let stderr { close(stderr) }
        }
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        // A new group whose id is its pid (a new session only in a terminal of its own); every signal back to its
        // default and unblocked.
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = SignalWatch.spawnWithDefaultSignals(&attributes)
        if let pseudoTerminal {
            // In a terminal of its own: a new session (its group's id its pid, as above), and the terminal opened
            // without O_NOCTTY by the session leader becomes its controlling terminal (TIOCSCTTY's effect). glibc
            // sets the session up before the file actions. POSIX_SPAWN_SETSID is a GNU name Swift does not see.
            flags |= 0x80
            let first: Int32 = pseudoTerminal.relaysInput ? 0 : 1
            posix_spawn_file_actions_addopen(&actions, first, pseudoTerminal.slavePath, O_RDWR, 0)
            for fd in first + 1...2 { posix_spawn_file_actions_adddup2(&actions, first, fd) }
        } else {
            flags |= POSIX_SPAWN_SETPGROUP
            if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
            if let stderr { posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let words = argv.map { strdup($0) } + [nil]
        defer { words.forEach { free($0) } }
        // Ours, with `environment`'s names replaced (none of ours is freed: only the added strings are).
        var added: [UnsafeMutablePointer<CChar>?] = []
        defer { added.forEach { free($0) } }
        var env: [UnsafeMutablePointer<CChar>?] = []
        if !environment.isEmpty {
            var i = 0
            while let entry = environ[i] {
                let name = String(cString: entry).prefix { $0 != "=" }
                if environment[String(name)] == nil { env.append(entry) }
                i += 1
            }
            added = environment.map { strdup($0.key + "=" + $0.value) }
            env += added + [nil]
        }
        var pid = pid_t()
        // posix_spawnp looks a name up in PATH as execvp does, and a path with a slash is used as it is.
        let result = environment.isEmpty ? posix_spawnp(&pid, argv[0], &actions, &attributes, words, environ)
            : posix_spawnp(&pid, argv[0], &actions, &attributes, words, env)
        guard result == 0 else { throw CommandLookup.failure(argv[0], errno: result) }
        let job = CommandJob(foreground: foreground, pseudoTerminal: pseudoTerminal)
        job.started(pid)
        // A thread of its own waits: nothing else reaps it.
        BlockingThread.start("x11hud.run.wait") { [pid] in
            var status: Int32 = 0
            while true {
                if waitpid(pid, &status, WUNTRACED) < 0 {
                    if errno == EINTR { continue }
                    break
                }
                // WIFSTOPPED: Ctrl-Z on the terminal it holds.
                guard status & 0xFF == 0x7F else { break }
                job.stopped()
            }
            job.ended(CommandEnd(waitStatus: status) ?? .exited((status >> 8) & 0xFF))
        }
        return job
    }

    /// Its process id, which is also its process group's.
    public var pid: Int32 { state.withLock { $0.pid } }

    /// How it ended, once it has.
    var end: End? { state.withLock { $0.end } }

    /// Runs `body` (on any thread) once the command has ended; at once if it has.
    func whenEnded(_ body: @escaping @Sendable (End) -> Void) {
        let end: End? = state.withLock { s in
            if s.end == nil { s.waiters.append(body) }
            return s.end
        }
        if let end { body(end) }
    }

    /// Sends `signal` to the command's group (and SIGCONT, so a stopped group can act on it), then SIGKILL after
    /// `killDelay` unless it has ended by then. Safe from any thread.
    func stop(with signal: Int32) {
        let pid: pid_t? = state.withLock { s in
            guard s.end == nil, s.pid > 0 else { return nil }
            if s.stoppedWith == nil { s.stoppedWith = signal }
            return s.pid
        }
        guard let pid else { return }
        kill(-pid, signal)
        kill(-pid, SIGCONT)
        // On the loop: the SIGKILL only matters for a command that ignores `signal`, and whoever stops it waits for
        // its end on the loop anyway (the HUD says "Stopping" until then), so a main thread held up by the X server
        // holds up nothing more by holding this; x11hud's own end after a signal has its deadline off the loop
        // (`ExitDeadline`).
        let loop = loop
        loop.send { [self] in
            loop.schedule(after: Self.killDelay) { [self] in
                if state.withLock({ $0.end == nil }) { kill(-pid, SIGKILL) }
            }
        }
    }

    /// What is left of a group we stopped (children that ignored the signal) gets SIGKILL, so nothing we were asked
    /// to stop outlives us. Called just before exiting.
    func killLeftovers() {
        let pid = state.withLock { s in s.stoppedWith == nil ? 0 : s.pid }
        if pid > 0 { kill(-pid, SIGKILL) }
    }

    private func started(_ pid: pid_t) {
        state.withLock { $0.pid = pid }
        if foreground { terminal.give(to: pid) }
        pseudoTerminal?.start(group: pid)
    }

    /// The command was stopped from the terminal (Ctrl-Z), which only its group heard: x11hud takes the terminal
    /// back and stops its own group, so the shell sees its job stopped (on a terminal of its own, only for a Ctrl-Z
    /// typed: a stop another process sent is left to that process). When continued (`fg`, `bg`), it continues
    /// the command, handing the terminal over again if the shell gave it back to us (`fg`).
    private func stopped() {
        if let pseudoTerminal {
            // Stopped by another process: x11hud goes on (its HUD says `stalled`) until that one continues it.
            guard pseudoTerminal.takeTypedSuspend() else { return }
            // Ctrl-Z on its own terminal: x11hud stops too (the shell sees its job stopped), the real terminal in
            // its own modes meanwhile; when continued, so is the command.
            pseudoTerminal.whileStopped { kill(0, SIGTSTP) }
            kill(-pid, SIGCONT)
            return
        }
        guard foreground, terminal.takeBack() else { return }
        kill(0, SIGTSTP)
        let pid = self.pid
        terminal.give(to: pid)
        kill(-pid, SIGCONT)
    }

    private func ended(_ end: End) {
        if foreground { terminal.takeBack() }
        pseudoTerminal?.commandEnded()
        let waiters = state.withLock { s in
            s.end = end
            defer { s.waiters = [] }
            return s.waiters
        }
        for waiter in waiters { waiter(end) }
    }
}

/// How the command ended.
public enum CommandEnd: Hashable, Sendable {
    case exited(Int32)
    case signalled(Int32)

    /// What a wait status (`waitpid`'s, or `exit_code` in `/proc/PID/stat`) says; nil for a stop.
    /// (WIFEXITED, WEXITSTATUS and WTERMSIG are macros, which Swift does not import.)
    init?(waitStatus status: Int32) {
        let low = status & 0x7f
        if low == 0 {
            self = .exited((status >> 8) & 0xff)
        } else if low != 0x7f {
            self = .signalled(low)
        } else {
            return nil
        }
    }

    /// The status a shell gives it: the exit code, or 128 + the signal number.
    public var status: Int32 {
        switch self {
        case .exited(let code): return code
        case .signalled(let signal): return ExitStatus.signalled(by: signal)
        }
    }
}
