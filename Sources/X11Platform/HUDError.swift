/// Why a HUD cannot be shown; a command-line program chooses its exit status from `kind`.
public struct HUDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Hashable, Sendable {
        /// No display name was given and `DISPLAY` is unset, or the X server did not accept the connection.
        case displayUnavailable
        /// The X server refused a resource the HUD needs (its window).
        case serverRefused
        /// The window a HUD was to go over (`--over-window`, `makeHUD(over:)`) does not exist.
        case noSuchWindow
    }

    public var kind: Kind
    /// One line for a person, naming the display.
    public var message: String
    public var description: String { message }

    /// The status a program ends with for this failure, as the command line does: 69 (`EX_UNAVAILABLE`) for a
    /// display that cannot be opened, 70 (`EX_SOFTWARE`) for a resource the server refused, 64 (`EX_USAGE`) for a
    /// window that does not exist (the caller named it).
    public var exitCode: Int32 {
        switch kind {
        case .displayUnavailable: return HUDExitStatus.displayUnavailable
        case .serverRefused: return HUDExitStatus.serverRefused
        case .noSuchWindow: return HUDExitStatus.noSuchWindow
        }
    }

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The exit statuses with which the library itself ends the process (see `HUD.run()`); x11hud's `ExitStatus`
/// table lists them too.
public enum HUDExitStatus {
    /// The X server went away (`EX_IOERR`, 74). Xlib gives a program no way to go on after this.
    public static let connectionLost: Int32 = 74
    /// The display cannot be opened (`EX_UNAVAILABLE`, 69): `HUDError.exitCode`.
    public static let displayUnavailable: Int32 = 69
    /// The X server refused a resource (`EX_SOFTWARE`, 70): `HUDError.exitCode`.
    public static let serverRefused: Int32 = 70
    /// The window named for a HUD to go over does not exist (`EX_USAGE`, 64): `HUDError.exitCode`.
    public static let noSuchWindow: Int32 = 64
    /// The window a HUD was over was destroyed (`HUD.targetClosed`).
    public static let windowClosed: Int32 = 4
    /// Added to the signal number when SIGINT or SIGTERM ends the HUD, as a shell does.
    public static let signalBase: Int32 = 128
}
