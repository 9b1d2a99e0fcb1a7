import Glibc

/// How a watched process ended, as far as x11hud could see it (`ExitStatusWatch`).
public enum ProcessOutcome: Hashable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// Its status could not be read; why, in a few words.
    case unknown(String)

    /// How a process that ended did.
    init(_ end: CommandEnd) {
        switch end {
        case .exited(let code): self = .exited(code)
        case .signalled(let signal): self = .signalled(signal)
        }
    }

    /// What a wait status says (`CommandEnd(waitStatus:)`); nil for a stop.
    init?(waitStatus status: Int32) {
        guard let end = CommandEnd(waitStatus: status) else { return nil }
        self.init(end)
    }

    /// The status a shell would report for it (`CommandEnd.status`); nil when unknown.
    public var shellStatus: Int32? {
        switch self {
        case .exited(let code): return CommandEnd.exited(code).status
        case .signalled(let signal): return CommandEnd.signalled(signal).status
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
