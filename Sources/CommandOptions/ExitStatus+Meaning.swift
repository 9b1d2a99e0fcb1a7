package import HUDBase
package import HUDScene

/// What each status (defined in HUDScene's `ExitStatus`) means on the command line: the one table that `--help`,
/// the man page and the README follow (a test holds the README and the man page to it).
extension ExitStatus {
    /// One line for the tables, in Markdown: options in `backquotes`.
    package var meaning: String {
        switch self {
        case .done: return "done: hidden after `--hide-after`, end of input or `--auto-close`"
        case .cancelled:
            return "cancelled by the button or `--dismiss-on-click`; `hide`: no such HUD; `notifications pop`, "
                + "`action`: nothing to show, no such notification or action"
        case .incomplete:
            return "`--watch-pid`: the process ended and its exit status could not be read (no success icon)"
        case .windowClosed: return "`--over-window`: the window was closed while the HUD was over it"
        case .usage: return "bad usage: unknown option, bad value, missing or unreadable image, no such window"
        case .noInput:
            return "`--watch-pid`: no such process; `--watch-file`: not a regular file, or deleted before complete"
        case .displayUnavailable:
            return "the X display cannot be opened (one line naming it); piped input is read to its end first"
        case .noServer:
            return "`notifications history`, `pop`, `pause` and the rest: no x11hud notification server runs"
        case .internalError: return "internal error, or the text libraries (libpangocairo) cannot be loaded"
        case .cannotCreate: return "`render`: the output file cannot be written"
        case .connectionLost:
            return "the display went away (the X server or the Wayland compositor), or another client destroyed "
                + "the HUD's window; piped input is read to its end first"
        case .nameTaken:
            return "`notifications`: another server owns the name (without `--replace`); `serve`: another resident "
                + "x11hud serves the display; one line names it"
        case .busUnavailable: return "`notifications`: the session bus cannot be reached"
        case .noPermission: return "`--watch-pid`: the process's open files cannot be read (another user's)"
        case .badConfig: return "a config file is unusable"
        case .signal: return "ended by signal N (130 SIGINT, 143 SIGTERM), with the window removed"
        }
    }

    /// The table as plain text for `--help` (and from there the man page): one status a line.
    package static var helpTable: String {
        allCases.map { status in
            "  " + status.label.padded(to: 6) + status.meaning.filter { $0 != "`" }
        }.joined(separator: "\n")
    }

    /// A command's own statuses as one sentence for its `--help`, the numbers from the table and the words the
    /// command's: `Exit status: 0 hidden; 1 no such HUD.`
    package static func sentence(_ entries: [(status: ExitStatus, words: String)]) -> String {
        "Exit status: " + entries.map { "\($0.status.label) \($0.words)" }.joined(separator: "; ") + "."
    }
}
