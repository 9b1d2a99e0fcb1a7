import CommandOptions
import HUDFeeds

extension ShowCommand {
    /// `--details auto`, which `--watch-pid` and `--watch-file` take by default.
    var autoDetails: Bool { hud.details == "auto" || watch.isWatching && (hud.details ?? "").isEmpty }

    /// What a watcher must leave as the command line set it.
    var watchTexts: WatchTexts {
        WatchTexts(labelIsSet: !(hud.label ?? "").isEmpty,
                   detailsIsSet: !(hud.details ?? "").isEmpty && hud.details != "auto")
    }
}
