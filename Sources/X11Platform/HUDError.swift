/// Why a HUD cannot be shown, with the exit status a command-line program should end with.
public struct HUDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Hashable, Sendable {
        /// No display name was given and `DISPLAY` is unset, or the X server did not accept the connection.
        case displayUnavailable
        /// The X server refused a resource the HUD needs (its window).
        case serverRefused
    }

    public var kind: Kind
    /// One line for a person, naming the display.
    public var message: String
    public var description: String { message }

    /// The sysexits status for this failure: 69 (`EX_UNAVAILABLE`) for a display that cannot be opened,
    /// 70 (`EX_SOFTWARE`) otherwise.
    public var exitCode: Int32 {
        switch kind {
        case .displayUnavailable: return 69
        case .serverRefused: return 70
        }
    }

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The exit statuses with which the library itself ends the process (see `HUD.run()`).
public enum HUDExitStatus {
    /// The X server went away (`EX_IOERR`). Xlib gives a program no way to go on after this.
    public static let connectionLost: Int32 = 74
    /// Added to the signal number when SIGINT or SIGTERM ends the HUD, as a shell does.
    public static let signalBase: Int32 = 128
}
