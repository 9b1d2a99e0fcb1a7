import Glibc
import HUDLoop
import Synchronization

/// The exit status of a process x11hud watches (`--watch-pid`), which is not its child: the kernel tells a
/// process's status to its parent and to its tracer only. So x11hud becomes its tracer, the way the success of a
/// whole copy can be told from a copy killed half-way (issue 40): `PTRACE_SEIZE` with no options stops the process
/// for nothing but the signals it is sent, each handed straight on (`PTRACE_CONT` with the signal; a stop from the
/// terminal stays a stop, `PTRACE_LISTEN`), its children are not traced, and `waitpid` reports its end; its parent
/// is told as before, and when x11hud exits first the kernel lets go of it. A process that is x11hud's own child
/// (a program using the library) is waited for without being reaped (`WNOWAIT`).
///
/// Tracing is refused for another user's process, a setuid one, one traced already (a debugger, `strace`), and
/// under Yama's `ptrace_scope` 1 or more (Ubuntu's default) for any process that is not x11hud's descendant. Then
/// the status is read from `/proc/PID/stat` if its end is seen while it is still a zombie, and is otherwise
/// `unknown`: a caller must not take the process's end for success.
///
/// One thread per watch, blocked in `waitpid` (ptrace's requests must all come from the thread that attached).
final class ExitStatusWatch: Sendable {
    let pid: Int32
    private let state = Mutex<State>(State())

    private struct State {
        var outcome: ProcessOutcome?
        /// Whether a thread will report the end (it traces or waits); false once it could not.
        var following = true
        var ended: (@Sendable () -> Void)?
        /// Why it follows nothing, once it does not.
        var refusal: String?
        /// The thread has attached to the process, is waiting for it, or has given up.
        var started = false
    }

    /// Starts following `pid`; with `follows` false (a test of what a refusal leaves), follows nothing.
    init(pid: Int32, follows: Bool = true) {
        self.pid = pid
        guard follows else {
            state.withLock { $0 = State(following: false, refusal: "not followed", started: true) }
            return
        }
        let own = Self.parent(of: pid) == getpid()
        BlockingThread.start("x11hud.exit-status") { [self] in own ? waitForChild() : trace() }
        // Until the thread has attached (or failed to): an end soon after the start is still seen. Well under a
        // millisecond, at most a second on a machine that is slow to start the thread.
        for _ in 0..<5_000 where !state.withLock({ $0.started }) { usleep(200) }
    }

    /// The outcome, once the thread has seen the end; nil before, and for good when it follows nothing
    /// (`isFollowing` false: the caller reads the zombie's status itself).
    var outcome: ProcessOutcome? { state.withLock { $0.outcome } }
    var isFollowing: Bool { state.withLock { $0.following } }
    /// Why it follows nothing (for the line saying the status cannot be read).
    var refusal: String? { state.withLock { $0.refusal } }

    /// Calls `body` (on the thread) once the outcome is known, or at once if it is already.
    func whenEnded(_ body: @escaping @Sendable () -> Void) {
        let now = state.withLock { s -> Bool in
            if s.outcome != nil || !s.following { return true }
            s.ended = body
            return false
        }
        if now { body() }
    }

    private func finish(_ outcome: ProcessOutcome?, refusal: String? = nil) {
        let ended = state.withLock { s -> (@Sendable () -> Void)? in
            s.outcome = outcome
            s.following = outcome != nil
            s.refusal = refusal
            s.started = true
            defer { s.ended = nil }
            return s.ended
        }
        ended?()
    }

    // MARK: The thread

    private func trace() {
        guard let ptrace = Self.ptrace else { return finish(nil, refusal: "no ptrace in the C library") }
        guard ptrace(Self.seize, pid, nil, nil) == 0 else {
            let refusal = errno == ESRCH ? "it ended before x11hud could follow it"
                : "tracing it is not permitted: another user's process, one being traced, or Yama's ptrace_scope"
            return finish(nil, refusal: refusal)
        }
        state.withLock { $0.started = true }
        while true {
            var status: Int32 = 0
            let r = waitpid(pid, &status, Self.waitAll)
            if r < 0 {
                if errno == EINTR { continue }
                return finish(.unknown("waitpid: \(String(cString: strerror(errno)))"))
            }
            if let outcome = ProcessOutcome(waitStatus: status) { return finish(outcome) }
            let signal = (status >> 8) & 0xff
            if status >> 16 == Self.eventStop {
                // A group stop (Ctrl-Z, SIGSTOP): it stays stopped until SIGCONT, as its shell expects.
                let jobControl = [SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU].contains(signal)
                _ = ptrace(jobControl ? Self.listen : Self.cont, pid, nil, nil)
            } else {
                // A signal on its way to it: delivered as if no one traced it.
                _ = ptrace(Self.cont, pid, nil, UnsafeMutableRawPointer(bitPattern: Int(signal)))
            }
        }
    }

    private func waitForChild() {
        state.withLock { $0.started = true }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
            guard errno == EINTR else { return finish(nil, refusal: "it was reaped before x11hud saw it end") }
        }
        let status = info._sifields._sigchld.si_status
        finish(ProcessOutcome(info.si_code == CLD_EXITED ? .exited(status) : .signalled(status)))
    }

    /// The parent of `pid` (`PPid` in its status), nil when it cannot be read.
    static func parent(of pid: Int32) -> Int32? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        let text = String(decoding: bytes[0..<n], as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    // glibc declares ptrace variadic, which Swift cannot call; looked up, it takes its four arguments in the
    // registers a variadic call uses for them on x86-64 and AArch64 Linux.
    private typealias PtraceFunction = @convention(c) (Int32, Int32, UnsafeMutableRawPointer?,
                                                       UnsafeMutableRawPointer?) -> Int
    private static let ptrace: PtraceFunction? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "ptrace") else { return nil }
        return unsafeBitCast(symbol, to: PtraceFunction.self)
    }()
    private static let cont: Int32 = 7
    private static let seize: Int32 = 0x4206
    private static let listen: Int32 = 0x4208
    private static let eventStop: Int32 = 128
    private static let waitAll: Int32 = 0x4000_0000
}
