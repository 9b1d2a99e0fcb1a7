/// Every status with which an x11hud process ends, defined once: the command line exits with these, the library
/// ends the process with some of them itself (a lost X server, a signal, text libraries that cannot be loaded), and
/// `HUDError.exitCode` gives a Swift program the same number the command line would use.
///
/// It lives in HUDBase, the module under every other Swift target, which links no C library and depends on
/// nothing, so that HUDLoop, HUDRender, the X11 modules and the executables read the same numbers. What each
/// status means on the command line (the `--help` table, the man page, the README) is x11hud's `ExitStatus.meaning`.
///
/// The numbers are the BSD sysexits values where one fits, so a script can tell a usage mistake (64) from a missing
/// display (69) from a lost server (74) without reading stderr.
public enum ExitStatus: CaseIterable, Sendable {
    /// Hidden after `--hide-after`, the end of the input or `--auto-close`.
    case done
    /// Closed with the button, or a click with `--dismiss-on-click`; for `hide`, no HUD of that name answered.
    case cancelled
    /// `--watch-pid`: the process ended and its exit status could not be read (`WatchEnd.incomplete`).
    case incomplete
    /// `--over-window`: the window was closed (destroyed) while the HUD was over it (`HUD.targetClosed`).
    case windowClosed
    /// `EX_USAGE`: an unknown option, a bad value, a missing or unreadable image, a window that does not exist.
    case usage
    /// `EX_NOINPUT`: `--watch-pid`: no such process; `--watch-file`: not a regular file, or deleted before it was
    /// complete.
    case noInput
    /// `EX_UNAVAILABLE`: the X display cannot be opened.
    case displayUnavailable
    /// `EX_UNAVAILABLE` too: `notifications history|pop|pause|…`: no x11hud notification server runs (none, or
    /// another such as dunst). These commands open no display, so the number says which service is missing.
    case noServer
    /// `EX_SOFTWARE`: a failure inside x11hud (the X server refused the window, cairo could not draw, the text
    /// libraries cannot be loaded).
    case internalError
    /// `EX_CANTCREAT`: `render` cannot write its output file.
    case cannotCreate
    /// `EX_IOERR`: the connection to the X server was lost while the HUD was up, or another client destroyed its
    /// window. Xlib gives a program no way to go on after a lost connection, so the library ends the process with
    /// it, after what `HUDSession.whenLost` asked (the command line reads piped input to its end first).
    case connectionLost
    /// `EX_TEMPFAIL`: `notifications`: another notification server owns the name (without `--replace`); `serve`:
    /// another resident x11hud of the user serves the display.
    case nameTaken
    /// `EX_PROTOCOL`: `notifications`: the session bus cannot be reached.
    case busUnavailable
    /// `EX_NOPERM`: `--watch-pid`: the process's open files may not be read (another user's).
    case noPermission
    /// `EX_CONFIG`: a config file is unusable.
    case badConfig
    /// Ended by signal N (SIGINT, SIGTERM), with the window removed: 128 + N, as a shell reports it.
    case signal

    /// The status, or for `signal` the base that the signal number is added to.
    public var code: Int32 {
        switch self {
        case .done: return 0
        case .cancelled: return 1
        case .incomplete: return 3
        case .windowClosed: return 4
        case .usage: return 64
        case .noInput: return 66
        case .displayUnavailable: return 69
        case .noServer: return 69
        case .internalError: return 70
        case .cannotCreate: return 73
        case .connectionLost: return 74
        case .nameTaken: return 75
        case .busUnavailable: return 76
        case .noPermission: return 77
        case .badConfig: return 78
        case .signal: return 128
        }
    }

    /// The status for ending by `signal`: 128 + its number.
    public static func signalled(by signal: Int32) -> Int32 { Self.signal.code + signal }

    /// The status as the tables print it: `64`, or `128+N`.
    public var label: String {
        switch self {
        case .signal: return "\(code)+N"
        default: return "\(code)"
        }
    }
}
