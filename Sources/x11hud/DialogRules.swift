import CommandOptions
import Glibc
import HUDControl
import HUDFeeds
import ProgressFeed
import HUDLoop

/// The status a HUD of the command line ends with: the button's, the timeout's, or the rules' `doneStatus`.
@MainActor final class ShowOutcome {
    var code: Int32 = 0
}

/// How a HUD ends when it stands in for a zenity or yad progress dialog: the status of each way out, what is done
/// to the parent process, the timeout, and how input lines are read. x11hud's own command uses the defaults.
struct DialogRules {
    /// Who may be sent SIGHUP (`--auto-kill`): zenity on Cancel only, yad whenever the status is not 0.
    enum AutoKill: Equatable {
        case onCancel
        case onFailure
    }

    /// The status when the input ends or `--auto-close` fires (yad's `--response`).
    var doneStatus: Int32 = 0
    /// The status of the button and of a click with `--dismiss-on-click` (zenity's Cancel, yad's `--button` ID).
    var buttonStatus: Int32 = 1
    /// yad's `--button=LABEL:COMMAND`: the button runs the command and the HUD stays.
    var buttonCommand: String?
    /// Seconds until the HUD gives up, and the status then (zenity 5, yad 70).
    var timeout: (seconds: Double, status: Int32)?
    var autoKill: AutoKill?
    /// yad's `--kill-parent`: this signal goes to the parent whenever the HUD ends.
    var killParent: Int32?
    /// Read input lines as zenity or yad does; nil for x11hud's own protocol.
    var lineRules: ZenityLineRules?
    /// zenity's `--time-remaining`: the estimate goes in the details, under this title.
    var timeRemainingTitle: String?
    /// The input is a producer's even before it writes (a progress dialog's always is), so it is waited for.
    var inputIsAProducer = false
    /// The button (or a click on the bezel) exits as soon as the HUD has hidden, as zenity's Cancel and yad's
    /// buttons do: the producer is not waited for, and, as under them, ends on its next write (SIGPIPE).
    var buttonExitsAtOnce = false
    /// Replaces what the button does, and the HUD stays (`x11hud run`: it stops the command, and the HUD follows).
    var buttonAction: (@MainActor @Sendable () -> Void)?

    /// The work is being stopped on purpose, so there is no input to wait for. (`@unchecked Sendable`: read and
    /// written on the main queue only.)
    private final class Stopped: @unchecked Sendable {
        /// The parent was sent a signal.
        var parent = false
        /// The button was used, and exits at once (`buttonExitsAtOnce`).
        var button = false
    }
    private let stopped = Stopped()

    /// The button (or a click on the bezel) was used. Returns whether the HUD should hide.
    @MainActor func buttonPressed(_ status: ShowOutcome) -> Bool {
        if let buttonCommand {
            Self.spawn(buttonCommand)
            return false
        }
        if let buttonAction {
            buttonAction()
            return false
        }
        status.code = buttonStatus
        if autoKill == .onCancel { signalParent(SIGHUP) }
        if buttonExitsAtOnce { stopped.button = true }
        return true
    }

    /// Hides the HUD with the timeout's status when the timeout passes.
    @MainActor func startTimeout(hud: any HUDPresenter, loop: any EventLoop, status: ShowOutcome) {
        guard let timeout else { return }
        loop.schedule(after: timeout.seconds) { [weak hud] in
            guard let hud, hud.isVisible else { return }
            status.code = timeout.status
            hud.hide()
        }
    }

    /// The HUD has hidden: signal the parent if asked to, then exit with `code`, after the producer has finished
    /// writing unless the work is being stopped on purpose (the parent signalled, or a button that exits at once).
    /// Returns at once; the exit comes on the main queue.
    @MainActor func finish(_ code: Int32, input: (any LiveFeed)?) {
        // yad: --kill-parent replaces --auto-kill.
        if let killParent {
            signalParent(killParent)
        } else if autoKill == .onFailure, code != 0 {
            signalParent(SIGHUP)
        }
        if let input, !stopped.parent, !stopped.button {
            input.drainThenExit(code, evenIfIdle: inputIsAProducer)
        } else {
            Glibc.exit(code)
        }
    }

    @MainActor private func signalParent(_ signal: Int32) {
        let parent = getppid()
        // Never init (an orphan's parent): that signal would go nowhere useful.
        guard parent > 1 else { return }
        kill(parent, signal)
        stopped.parent = true
    }

    /// Runs `command` with /bin/sh in the background, as yad runs a button's command, through the spawner `run`
    /// uses (`CommandJob`): its own process group, every signal at its default, reaped when it ends.
    static func spawn(_ command: String) {
        do { try CommandJob.startInBackground(shellCommand: command) } catch {
            X11HUDCommand.printError("warning: cannot run '\(command)': \(error)")
        }
    }
}
