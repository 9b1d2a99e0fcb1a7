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
        /// SIGINT, SIGTERM or SIGHUP to the program, passed on: the command's status, without lingering.
        case signalled
    }

    public var end: CommandEnd
    /// The command's name, for messages.
    public var command = ""
    public var stop = Stop.none
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

    /// The update that shows the end: the success icon and "Done" for status 0, the error icon, "Failed" and the
    /// command's reason otherwise, then a hide after the time it takes to read them.
    public var update: FeedUpdate {
        var u = FeedUpdate()
        switch (stop, end) {
        case (.signalled, _):
            u.hideAfter = 0
            return u
        case (.cancelled, _), (_, .signalled(SIGINT)), (_, .exited(130)):
            // Cancel, or Ctrl-C on the terminal the command was given: one that ends it, or one it catches, cleans
            // up after and exits 130 for, as restic and Python do, whatever it printed on its way out.
            u.icon = .warning
            u.label = cancelLabel
            u.details = ""
        case (_, .exited(0)):
            u.icon = .success
            u.label = doneLabel
        case (_, .exited(let code)):
            u.icon = .error
            u.label = failLabel
            u.details = reason ?? "exit status \(code)"
        case (_, .signalled(let signal)):
            u.icon = .error
            u.label = failLabel
            u.details = reason ?? "killed by \(Self.signalName(signal))"
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
