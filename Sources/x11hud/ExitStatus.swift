import X11Platform

/// Every status with which x11hud ends: the one table that `--help`, the man page and the README follow
/// (a test holds the README and the man page to it).
///
/// The numbers are the BSD sysexits values where one fits, so a script can tell a usage mistake (64) from a missing
/// display (69) from a lost server (74) without reading stderr.
enum ExitStatus: CaseIterable, Sendable {
    /// Hidden after `--hide-after`, the end of the input or `--auto-close`.
    case done
    /// Closed with the button, or a click with `--dismiss-on-click`; for `hide`, no HUD of that name answered.
    case cancelled
    /// `--over-window`: the window was closed (destroyed) while the HUD was over it.
    case windowClosed
    /// `EX_USAGE`: an unknown option, a bad value, a missing or unreadable image.
    case usage
    /// `EX_NOINPUT`: `--watch-pid`: no such process; `--watch-file`: not a regular file, or deleted before it was
    /// complete.
    case noInput
    /// `EX_UNAVAILABLE`: the X display cannot be opened.
    case displayUnavailable
    /// `EX_SOFTWARE`: a failure inside x11hud (the X server refused the window, cairo could not draw).
    case internalError
    /// `EX_CANTCREAT`: `render` cannot write its output file.
    case cannotCreate
    /// `EX_IOERR`: the connection to the X server was lost while the HUD was up.
    case connectionLost
    /// `EX_TEMPFAIL`: `notifications`: another notification server owns the name (without `--replace`).
    case nameTaken
    /// `EX_PROTOCOL`: `notifications`: the session bus cannot be reached.
    case busUnavailable
    /// `EX_NOPERM`: `--watch-pid`: the process's open files may not be read (another user's).
    case noPermission
    /// `EX_CONFIG`: a config file is unusable.
    case badConfig
    /// Ended by signal N, with the window removed: 128 + N, as a shell reports it.
    case signal

    /// The status, or for `signal` the base that the signal number is added to.
    var code: Int32 {
        switch self {
        case .done: return 0
        case .cancelled: return 1
        case .windowClosed: return HUDExitStatus.windowClosed
        case .usage: return 64
        case .noInput: return 66
        // The library's own statuses are its definitions (a Swift program using it exits with the same).
        case .displayUnavailable: return HUDExitStatus.displayUnavailable
        case .internalError: return HUDExitStatus.serverRefused
        case .cannotCreate: return 73
        case .connectionLost: return HUDExitStatus.connectionLost
        case .nameTaken: return 75
        case .busUnavailable: return 76
        case .noPermission: return 77
        case .badConfig: return 78
        case .signal: return HUDExitStatus.signalBase
        }
    }

    /// The status as the tables print it: `64`, or `128+N`.
    var label: String {
        switch self {
        case .signal: return "\(code)+N"
        default: return "\(code)"
        }
    }

    /// One line for the tables, in Markdown: options in `backquotes`.
    var meaning: String {
        switch self {
        case .done: return "done: hidden after `--hide-after`, end of input or `--auto-close`"
        case .cancelled: return "cancelled by the button or `--dismiss-on-click`; `hide`: no such HUD"
        case .windowClosed: return "`--over-window`: the window was closed while the HUD was over it"
        case .usage: return "bad usage: unknown option, bad value, missing or unreadable image, no such window"
        case .noInput:
            return "`--watch-pid`: no such process; `--watch-file`: not a regular file, or deleted before complete"
        case .displayUnavailable: return "the X display cannot be opened (one line naming it)"
        case .internalError: return "internal error, or the text libraries (libpangocairo) cannot be loaded"
        case .cannotCreate: return "`render`: the output file cannot be written"
        case .connectionLost: return "the connection to the X server was lost while the HUD was up"
        case .nameTaken: return "`notifications`: another server owns the name (without `--replace`); one line names it"
        case .busUnavailable: return "`notifications`: the session bus cannot be reached"
        case .noPermission: return "`--watch-pid`: the process's open files cannot be read (another user's)"
        case .badConfig: return "a config file is unusable"
        case .signal: return "ended by signal N (130 SIGINT, 143 SIGTERM), with the window removed"
        }
    }

    /// The table as plain text for `--help` (and from there the man page): one status a line.
    static var helpTable: String {
        allCases.map { status in
            let label = status.label.padding(toLength: 6)
            return "  \(label)\(status.meaning.filter { $0 != "`" })"
        }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padding(toLength width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

extension HUDError {
    /// The status for this failure: 69 for a display that cannot be opened, 64 for a window that does not exist,
    /// 70 otherwise.
    var exitStatus: ExitStatus {
        switch kind {
        case .displayUnavailable: return .displayUnavailable
        case .serverRefused: return .internalError
        case .noSuchWindow: return .usage
        }
    }
}
