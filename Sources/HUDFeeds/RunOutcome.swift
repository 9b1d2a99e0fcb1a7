import HUDBase
import Glibc
import HUDScene
public import ProgressFeed

/// What the HUD of a `CommandFeed` (`x11hud run`) shows when its command has ended, and the status a program
/// running it should end with.
public struct RunOutcome: Sendable {
    /// What the button (Cancel) and the signals we pass on did to the command.
    public enum Stop: Hashable, Sendable {
        case none
        /// The button, or Cancel on the named HUD it drives: the status is 130.
        case cancelled
        /// SIGINT, SIGTERM or SIGHUP to the program, passed on: the command's status; without lingering unless it
        /// was SIGINT (`interrupted`), which shows how the command took it.
        case signalled
    }

    public var end: CommandEnd
    /// The command's name, for messages.
    public var command = ""
    public var stop = Stop.none
    /// An interrupt reached the command on the user's behalf: Ctrl-C typed on the terminal it was given, SIGINT to
    /// the program passed on, or the command's own words say it got one (`FailureReason.interrupted`).
    public var interrupted = false
    /// Why it failed in its own words, from its stderr: its first error, else its last line (`FailureReason`).
    public var reason: String?
    public var doneLabel = "Done"
    public var failLabel = "Failed"
    public var cancelLabel = "Cancelled"
    /// Seconds from the start to the end, and `--grace`: a job that succeeds before the HUD appears shows nothing.
    public var seconds = 0.0
    public var grace = 0.0

    /// The status to exit with: the command's own (128 + N when signal N ended it), 130 when cancelled.
    public var status: Int32 { stop == .cancelled ? ExitStatus.signalled(by: SIGINT) : end.status }

    /// Whether the end shows as cancelled: Cancel, or an interrupt after which the command did not succeed. Tools
    /// take Ctrl-C each their own way: ended by SIGINT (rclone), exit 130 after cleaning up (restic, Python), 20
    /// (rsync), 2 (borg), 4 (duplicity); whatever the status, the user asked for the stop, and it is not a failure.
    public var isCancelled: Bool {
        switch (stop, end) {
        case (.cancelled, _): return true
        case (_, .exited(0)): return false
        // Ctrl-C on the terminal the command was given, which we may not have seen (with pipes it goes to the
        // command alone): the status says it.
        case (_, .signalled(SIGINT)), (_, .exited(130)): return true
        default: return interrupted
        }
    }

    /// The update that shows the end: the success icon and "Done" for status 0, the warning icon and "Cancelled"
    /// when cancelled (`isCancelled`), the error icon, "Failed" and the command's reason otherwise, then a hide
    /// after the time it takes to read them.
    public var update: FeedUpdate {
        var u = FeedUpdate()
        if stop == .signalled, !interrupted {
            // SIGTERM or SIGHUP passed on (a logout, a service stopped): gone at once.
            u.hideAfter = 0
            return u
        }
        if isCancelled {
            u.icon = .warning
            u.label = cancelLabel
            u.details = ""
        } else {
            switch end {
            case .exited(0):
                u.icon = .success
                u.label = doneLabel
            case .exited(let code):
                u.icon = .error
                u.label = failLabel
                u.details = reason ?? "exit status \(code)"
            case .signalled(let signal):
                u.icon = .error
                u.label = failLabel
                u.details = reason ?? "killed by \(Self.signalName(signal))"
            }
        }
        u.button = ""
        if stop == .none, end == .exited(0), seconds < grace {
            u.hideAfter = 0
        } else {
            u.hideAfter = ReadingTime.seconds(label: u.label ?? "", details: u.details ?? "")
        }
        return u
    }

    /// `SIGTERM (Terminated)`, as a shell would name it.
    public static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGABRT: "SIGABRT",
                                      SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
                                      SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGILL: "SIGILL", SIGUSR1: "SIGUSR1",
                                      SIGUSR2: "SIGUSR2", SIGALRM: "SIGALRM"]
        return names[signal] ?? "signal \(signal)"
    }
}
