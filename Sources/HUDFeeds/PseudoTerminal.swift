import Glibc
import HUDLoop
import Synchronization

/// The terminal `x11hud run` gives its command when x11hud's own output is a terminal, as `script` does: restic, pv
/// and apt draw their progress only on a terminal, and through pipes the user would see nothing of it and the HUD
/// only a spinner. Its output comes back through `master`, and the `OutputTee` copies it to the real terminal byte
/// for byte and feeds the same bytes to the parser.
///
/// The command's terminal starts with the real one's modes and size. When our standard input is a terminal, it is
/// put in raw mode while the command runs and every byte typed is passed on: Ctrl-C, Ctrl-Z and Ctrl-\ reach the
/// command as its own terminal's characters, which that terminal makes into signals for it, as without x11hud. A
/// window size change (SIGWINCH) is passed on. The real terminal's modes come back when the command ends, while it
/// is stopped (Ctrl-Z), and at exit, whatever ends the process short of SIGKILL.
final class PseudoTerminal: Sendable {
    /// The side the command's output is read from (and our input written to); the `OutputTee` closes it.
    let master: Int32
    /// The command's side, which it opens as its controlling terminal (in a session of its own).
    let slavePath: String
    /// Ours of the command's side, held until the output is through: without it the master reads EIO before the
    /// command has opened its side.
    private let slave: Int32
    /// Our standard input is a terminal, passed on through this one; else the command reads our standard input.
    let relaysInput: Bool
    /// The real terminal the modes and size come from: standard input or output, whichever is a terminal.
    private let real: Int32?
    /// The real terminal's modes before raw mode, while it is in raw mode.
    private let saved = Mutex<termios?>(nil)
    /// Written when the command has ended: the relay of our input stops.
    private let wake: (read: Int32, write: Int32)
    /// SIGWINCH, while the command runs.
    private let sizeWatch = Mutex<SignalWatch?>(nil)
    /// Ctrl-Z was typed and passed on, and the command's group stopped for it: the next stop seen is the user's.
    private let suspendTyped = Mutex(false)
    /// Ctrl-C or Ctrl-\ was typed and passed on while its terminal makes them signals.
    private let interruptTyped = Atomic(false)

    /// Opens a new pseudo-terminal with the real terminal's modes and size (or the defaults without one).
    /// - Throws: `CommandFailure.system` when no pseudo-terminal can be had.
    init() throws(CommandFailure) {
        guard let calls = Self.calls else { throw .system(call: "posix_openpt", code: ENOSYS) }
        let master = calls.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw .system(call: "posix_openpt", code: errno) }
        var name = [CChar](repeating: 0, count: 128)
        guard calls.grantpt(master) == 0, calls.unlockpt(master) == 0,
              calls.ptsname(master, &name, name.count) == 0 else {
            let code = errno
            close(master)
            throw .system(call: "unlockpt", code: code)
        }
        slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            let code = errno
            close(master)
            throw .system(call: "open \(slavePath)", code: code)
        }
        do { wake = try Pipes.make() } catch {
            close(master)
            close(slave)
            throw error
        }
        self.master = master
        self.slave = slave
        relaysInput = isatty(0) == 1
        real = [0, 1, 2].first { isatty($0) == 1 }
        if let real {
            var modes = termios()
            if tcgetattr(real, &modes) == 0 { tcsetattr(slave, TCSANOW, &modes) }
        }
        copySize()
        Self.restoreAtExit(self)
    }

    /// Puts the real terminal in raw mode and starts passing our input and window size changes on. Call it once
    /// the command has started, with its process group.
    func start(group: pid_t) {
        if relaysInput {
            enterRawMode()
            BlockingThread.start("x11hud.run.input") { [self] in relayInput(group: group) }
        }
        // On the signal watch's thread, not the loop: copying the size is two `ioctl`s, and a terminal resized
        // while the X server holds the main thread still tells the command at once.
        let watch = SignalWatch(signals: [SIGWINCH]) { [self] _ in copySize() }
        sizeWatch.withLock { $0 = watch }
    }

    /// Whether Ctrl-C or Ctrl-\ (its terminal's interrupt and quit characters) was typed and passed on while its
    /// terminal made them signals: the user asked it to stop.
    var interrupted: Bool { interruptTyped.load(ordering: .sequentiallyConsistent) }

    /// The command has ended: our input and size changes are no longer passed on.
    func commandEnded() {
        sizeWatch.withLock { s in
            s?.cancel()
            s = nil
        }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// The command has ended and its output is through: the real terminal gets its modes back (after the last of
    /// that output, which they would otherwise change: `\n` would end a line twice), and our side of its terminal
    /// is closed (the `OutputTee` closes the master). Before the end is shown, and before any exit.
    func outputDone() {
        restore()
        for fd in [slave, wake.read, wake.write] { close(fd) }
    }

    /// Whether the stop just seen is the user's, Ctrl-Z typed and passed on, rather than another process's (`kill
    /// -STOP`, a debugger, as a hung link would hold it): only the user's stops x11hud too.
    func takeTypedSuspend() -> Bool {
        suspendTyped.withLock { typed in
            defer { typed = false }
            return typed
        }
    }

    /// The command was stopped (Ctrl-Z on its terminal): the real terminal gets its modes back while `stop` stops
    /// x11hud as well, then raw mode again (unless the shell went on in the foreground without us) and the size,
    /// which may have changed meanwhile.
    func whileStopped(_ stop: () -> Void) {
        let wasRaw = restore()
        stop()
        copySize()
        if wasRaw { enterRawMode() }
    }

    /// glibc's pseudo-terminal calls, which Swift's Glibc module leaves out (they are X/Open extensions), looked up
    /// once as `ProcessFiles` looks up `pidfd_open`.
    private struct Calls {
        let openpt: @convention(c) (Int32) -> Int32
        let grantpt: @convention(c) (Int32) -> Int32
        let unlockpt: @convention(c) (Int32) -> Int32
        let ptsname: @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
    }

    private static let calls: Calls? = {
        let libc = dlopen(nil, RTLD_NOW)
        guard let openpt = dlsym(libc, "posix_openpt"), let grantpt = dlsym(libc, "grantpt"),
              let unlockpt = dlsym(libc, "unlockpt"), let ptsname = dlsym(libc, "ptsname_r") else { return nil }
        typealias Call = @convention(c) (Int32) -> Int32
        return Calls(openpt: unsafeBitCast(openpt, to: Call.self), grantpt: unsafeBitCast(grantpt, to: Call.self),
                     unlockpt: unsafeBitCast(unlockpt, to: Call.self),
                     ptsname: unsafeBitCast(ptsname, to: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int)
                                                             -> Int32).self))
    }()

    // MARK: Modes

    private func enterRawMode() {
        // Only in the foreground: a job put in the background (`bg`) must not take the shell's terminal.
        guard relaysInput, tcgetpgrp(0) == getpgrp() else { return }
        var modes = termios()
        guard tcgetattr(0, &modes) == 0 else { return }
        var raw = modes
        cfmakeraw(&raw)
        saved.withLock { s in
            if s == nil { s = modes }
        }
        tcsetattr(0, TCSADRAIN, &raw)
    }

    /// Gives the real terminal its modes back if we changed them; returns whether we had.
    @discardableResult
    private func restore() -> Bool {
        guard var modes = saved.withLock({ s in defer { s = nil }; return s }) else { return false }
        tcsetattr(0, TCSADRAIN, &modes)
        return true
    }

    /// The real terminal's size, given to the command's terminal (which signals SIGWINCH to its foreground group).
    private func copySize() {
        guard let real else { return }
        var size = winsize()
        if ioctl(real, UInt(TIOCGWINSZ), &size) == 0 { _ = ioctl(master, UInt(TIOCSWINSZ), &size) }
    }

    /// Whatever ends the process short of SIGKILL goes through `exit` or `_exit` after the command has ended, which
    /// restores the modes; `atexit` covers an `exit` that comes first.
    private static func restoreAtExit(_ terminal: PseudoTerminal) {
        current.withLock { $0 = terminal }
        guard !registered.withLock({ r in defer { r = true }; return r }) else { return }
        atexit { PseudoTerminal.current.withLock { $0 }?.restore() }
    }

    private static let current = Mutex<PseudoTerminal?>(nil)
    private static let registered = Mutex(false)

    // MARK: Input

    /// Which of its terminal's signal characters `bytes` hold: Ctrl-Z (suspend), Ctrl-C or Ctrl-\ (interrupt,
    /// quit); none while its terminal does not make them signals (a full-screen program reading them as keys).
    private func signalCharacters(in bytes: ArraySlice<UInt8>) -> (suspends: Bool, interrupts: Bool) {
        var modes = termios()
        guard tcgetattr(master, &modes) == 0, modes.c_lflag & tcflag_t(ISIG) != 0 else { return (false, false) }
        let characters = withUnsafeBytes(of: modes.c_cc) { c in [VSUSP, VINTR, VQUIT].map { c[Int($0)] } }
        let typed = characters.map { $0 != 0 && bytes.contains($0) }
        return (typed[0], typed[1] || typed[2])
    }

    /// Passes what is typed to the command's terminal until the command ends or our input does, noting Ctrl-C and
    /// Ctrl-\ (`interrupted`).
    ///
    /// Ctrl-Z is passed on, and the command's group is stopped with SIGSTOP as well: in a session of its own whose
    /// leader it is, its group has no parent in that session, so the kernel drops the SIGTSTP its terminal sends
    /// (an orphaned group; pv, which stops itself with SIGSTOP, would stop and a shell script not).
    private func relayInput(group: pid_t) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[1].revents != 0 { break }
            let n = read(0, &buffer, buffer.count)
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            guard n > 0 else { break }
            // Noted before it is passed on: the command may end at once, and its end must know why.
            let typed = signalCharacters(in: buffer[0..<n])
            if typed.interrupts { interruptTyped.store(true, ordering: .sequentiallyConsistent) }
            let passed = buffer.withUnsafeBytes { bytes in
                OutputTee.writeAll(master, UnsafeRawBufferPointer(rebasing: bytes[0..<n]))
            }
            if !passed { break }
            if typed.suspends {
                suspendTyped.withLock { $0 = true }
                kill(-group, SIGSTOP)
            }
        }
    }
}
