import CommandOptions
import HUDConfig
import HUDFeeds
import HUDNotify
import HUDScene
import ProgressFeed

/// A piped HUD's end (`… | x11hud --details auto`, the input ending with `{"icon":"error",…}`), told as `run`'s is
/// (`JobEnd`): one desktop notification when the HUD was gone before the input told it (`--hide-after`, `x11hud
/// hide`), read from the rest of the input as it is drained (`EndScan`); with `--notify always`, the end the HUD
/// showed too.
@MainActor final class PipedEnd {
    let choice: NotifyChoice
    /// `--label`, `--id`: what names the job when the input's own label does not.
    let name: String?
    let scan: EndScan
    /// The end the HUD showed, once it has ended.
    private var shown: JobOutcome?
    private var shownContent: HUDContent?

    init(choice: NotifyChoice, name: String?, scan: EndScan) {
        self.choice = choice
        self.name = name
        self.scan = scan
    }

    /// The HUD has ended showing `content`: an end of the job, if it has an outcome.
    func hudEnded(showing content: HUDContent) {
        // The icon it ends on is the end, whether or not it came in the same look as the end of the input.
        if case .icon(let icon) = content.custom, content.mode == .custom {
            shown = content.outcome ?? JobOutcome(endingWith: icon)
        } else {
            shown = content.outcome
        }
        shownContent = content
    }

    /// Just before the exit, once the input is drained: sends the end if it is due (waiting at most 1 s).
    func tell() {
        let notice: JobNotice
        if let end = scan.finish() {
            guard JobNotice.isSent(choice, endShown: false) else { return }
            notice = JobNotice(label: name ?? end.jobLabel ?? "x11hud", outcome: end.outcome, said: end.label,
                               reason: end.details)
        } else if let shown, let content = shownContent, JobNotice.isSent(choice, endShown: true) {
            notice = JobNotice(label: name ?? "x11hud", outcome: shown, said: content.label, reason: content.details)
        } else {
            return
        }
        if let why = notice.send(timeout: 1) {
            X11HUDCommand.printError("warning: the end of the input was not notified: \(why)")
        }
    }
}

extension PipedEnd {
    /// For `command`'s standard input `feed`, read with `parser`.
    convenience init(_ command: ShowCommand, scanning feed: FileDescriptorFeed, parser: FeedParser) {
        let scan = EndScan(parser: parser)
        feed.scanWhileDraining(scan)
        self.init(choice: command.hud.settings.notify, name: command.hud.label ?? command.id, scan: scan)
    }
}
