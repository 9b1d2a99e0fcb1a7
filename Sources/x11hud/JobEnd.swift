import CommandOptions
import Glibc
import HUDConfig
import HUDFeeds
import HUDNotify
import HUDScene
import ProgressFeed
import Synchronization

/// What `x11hud run` does with its command's end besides showing it: the record `list --json --ended` reads for ten
/// minutes (`EndedJobs`), and one desktop notification when the HUD did not show the end (`--notify`, `JobNotice`).
final class JobEnd: Sendable {
    let choice: NotifyChoice
    /// The HUD's `--id`, when it has one.
    let name: String?
    /// `--label`, else the command's name.
    let label: String
    private let recorded = Mutex(false)

    init(choice: NotifyChoice, name: String?, label: String) {
        self.choice = choice
        self.name = name
        self.label = label
    }

    /// What `run`'s options say (its config files read).
    convenience init(_ run: RunCommand) {
        self.init(choice: run.show.hud.settings.notify, name: run.show.id,
                  label: run.show.hud.label ?? run.command.first ?? "")
    }

    /// Writes the record of `outcome` (once: as soon as the command's end is known, and again harmlessly before the
    /// exit, which so never overtakes it). Any thread; a record that cannot be written is one warning.
    func record(_ outcome: RunOutcome) {
        recorded.withLock { done in
            guard !done else { return }
            done = true
            let said = Self.said(outcome)
            let job = EndedJob(id: name, pid: getpid(), label: label, outcome: said.outcome.rawValue,
                               reason: said.outcome == .failed ? said.details : nil, ended: EndedJobs.now,
                               status: outcome.status)
            do throws(EndedJobsError) {
                try EndedJobs(directory: EndedJobs.userDirectory()).record(job, now: job.ended)
            } catch {
                X11HUDCommand.printError("warning: the end of '\(outcome.command)' is not kept for list: \(error)")
            }
        }
    }

    /// Just before the exit, on the main thread: the record, and the notification if it is due. `endShown`: the HUD
    /// was on screen when the command ended, so it showed the end itself. Waits at most 1 s for the server.
    @MainActor func tell(_ outcome: RunOutcome, endShown: Bool) {
        record(outcome)
        guard JobNotice.isSent(choice, endShown: endShown, stoppedBySignal: outcome.stop == .signalled) else {
            return
        }
        let said = Self.said(outcome)
        let notice = JobNotice(label: label, outcome: said.outcome, said: said.label, reason: said.details)
        if let why = notice.send(timeout: 1) {
            X11HUDCommand.printError("warning: the end of '\(outcome.command)' was not notified: \(why)")
        }
    }

    /// How the HUD says the end: its outcome, label and details, as if no signal to x11hud had hidden it at once.
    static func said(_ outcome: RunOutcome) -> (outcome: JobOutcome, label: String, details: String?) {
        var told = outcome
        if told.stop == .signalled { told.stop = .none }
        let update = told.update
        return (update.icon.flatMap(JobOutcome.init(endingWith:)) ?? .unknown, update.label ?? "", update.details)
    }
}
