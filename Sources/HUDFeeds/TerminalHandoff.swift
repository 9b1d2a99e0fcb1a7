import Glibc
import Synchronization

/// Lends the terminal to the command of `x11hud run`, as a shell does for a foreground job.
///
/// The command runs in a process group of its own (so Cancel reaches all of it); a process outside the terminal's
/// foreground group that reads the terminal is stopped (SIGTTIN), so a password prompt (`run -- rsync host:…`) would
/// hang. When x11hud itself is in the foreground, its command's group is made the foreground group for as long as
/// it runs: it reads the terminal, and Ctrl-C and Ctrl-\ reach it directly, as without x11hud. The terminal is
/// taken back when it ends. Not in the foreground (started with `&`, or from a launcher without a terminal), nothing
/// changes hands.
final class TerminalHandoff: Sendable {
    /// The terminal descriptor and our group, while the command holds the terminal.
    private let lent = Mutex<(fd: Int32, group: pid_t)?>(nil)

    /// Makes `group` the foreground group of our terminal if we are in its foreground now.
    func give(to group: pid_t) {
        let group0 = getpgrp()
        guard let fd = [0, 1, 2].first(where: { isatty($0) == 1 && tcgetpgrp($0) == group0 }) else { return }
        // Taking the terminal back from the background would stop us with SIGTTOU; the command gets its default
        // disposition back (`CommandJob` resets every signal in the child).
        signal(SIGTTOU, SIG_IGN)
        guard tcsetpgrp(fd, group) == 0 else { return }
        lent.withLock { $0 = (fd, group0) }
        // It may have touched the terminal before it was its own and been stopped for that.
        kill(-group, SIGCONT)
    }

    /// Gives the terminal back to our group, if it was lent; returns whether it was.
    @discardableResult
    func takeBack() -> Bool {
        guard let (fd, group) = lent.withLock({ l in defer { l = nil }; return l }) else { return false }
        tcsetpgrp(fd, group)
        return true
    }
}
