import Dispatch
import Glibc
import Subprocess
import Synchronization
import SystemPackage
import X11Platform

/// The command of `x11hud run`, started with swift-subprocess: no shell in between (a name is looked up in `PATH`),
/// our standard input, its stdout and stderr into the pipes it is given, and a process group of its own (its pid),
/// so that Cancel and the signals we pass on reach everything it started, a shell script's `sleep` too.
///
/// swift-subprocess spawns it (resetting every signal to its default in the child) and reports how it ended. Two
/// things are plain POSIX calls beside it: its teardown (signal the group, SIGKILL after a grace period) exists only
/// inside `run`'s body, which must return before `run` reports the exit status, so stopping is `kill(-pgid, …)`;
/// and handing the terminal to the group (`TerminalHandoff`) has no API there at all.
final class CommandJob: Sendable {
    /// How the command ended.
    enum End: Hashable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// The status a shell gives it: the exit code, or 128 + the signal number.
        var status: Int32 {
            switch self {
            case .exited(let code): return code
            case .signalled(let signal): return ExitStatus.signal.code + signal
            }
        }
    }

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

    private init() {}

    /// Starts `argv` with the given descriptors as its stdout and stderr (closed here once it has them).
    /// - Throws: `ExitError` with 127 when the command is not found, 126 when it cannot be executed.
    static func start(_ argv: [String], stdout: Int32, stderr: Int32) throws(ExitError) -> CommandJob {
        let job = CommandJob()
        let spawned = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        var options = PlatformOptions()
        // 0: a new group whose id is the command's pid. Never a new session: it keeps the terminal.
        options.processGroupID = 0
        let executable: Executable = argv[0].contains("/") ? .path(FilePath(argv[0])) : .name(argv[0])
        let arguments = Arguments(executablePathOverride: argv[0], remainingValues: Array(argv.dropFirst()))
        let output = FileDescriptor(rawValue: stdout), error = FileDescriptor(rawValue: stderr)
        Task.detached {
            do {
                let result = try await Subprocess.run(
                    executable, arguments: arguments, platformOptions: options,
                    input: .fileDescriptor(.standardInput, closeAfterSpawningProcess: false),
                    output: .fileDescriptor(output, closeAfterSpawningProcess: true),
                    error: .fileDescriptor(error, closeAfterSpawningProcess: true)
                ) { execution in
                    job.started(execution.processIdentifier.value)
                    spawned.signal()
                }
                switch result.terminationStatus {
                case .exited(let code): job.ended(.exited(code))
                case .signaled(let signal): job.ended(.signalled(signal))
                }
            } catch {
                failure.withLock { $0 = error }
                spawned.signal()
            }
        }
        spawned.wait()
        if let error = failure.withLock({ $0 }) { throw CommandLookup.failure(argv[0], error) }
        return job
    }

    var pid: pid_t { state.withLock { $0.pid } }

    /// How it ended, once it has.
    var end: End? { state.withLock { $0.end } }

    /// The signal we stopped it with, if we did.
    var stoppedWith: Int32? { state.withLock { $0.stoppedWith } }

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
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.killDelay) { [self] in
            if state.withLock({ $0.end == nil }) { kill(-pid, SIGKILL) }
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
        terminal.give(to: pid)
    }

    private func ended(_ end: End) {
        terminal.takeBack()
        let waiters = state.withLock { s in
            s.end = end
            defer { s.waiters = [] }
            return s.waiters
        }
        for waiter in waiters { waiter(end) }
    }
}
