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
    /// The window a HUD was over was destroyed (`HUD.targetClosed`).
    public static let windowClosed: Int32 = 4
    /// Added to the signal number when SIGINT or SIGTERM ends the HUD, as a shell does.
    public static let signalBase: Int32 = 128
}
