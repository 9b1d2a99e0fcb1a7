import Glibc

/// How a watched process ended, as far as x11hud could see it (`ExitStatusWatch`).
public enum ProcessOutcome: Hashable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// Its status could not be read; why, in a few words.
    case unknown(String)

    /// What a wait status (`waitpid`'s, or `exit_code` in `/proc/PID/stat`) says; nil for a stop.
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

    /// The status a shell would report for it (128 + N for signal N); nil when unknown.
    public var shellStatus: Int32? {
        switch self {
        case .exited(let code): return code
        case .signalled(let signal): return 128 + signal
        case .unknown: return nil
        }
    }

    /// "exit status 23", "killed by signal 9 (Killed)".
    public var description: String {
        switch self {
        case .exited(let code): return "exit status \(code)"
        case .signalled(let signal):
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            return "killed by signal \(signal) (\(name))"
        case .unknown(let why): return "its exit status cannot be read (\(why))"
        }
    }
}
