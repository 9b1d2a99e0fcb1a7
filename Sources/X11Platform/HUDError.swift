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

    /// The status for this failure: `displayUnavailable` (69) for a display that cannot be opened,
    /// `internalError` (70) otherwise.
    public var exitStatus: ExitStatus {
        switch kind {
        case .displayUnavailable: return .displayUnavailable
        case .serverRefused: return .internalError
        }
    }

    /// `exitStatus` as a number for `exit(_:)`.
    public var exitCode: Int32 { exitStatus.code }

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The exit statuses with which the library itself ends the process (see `HUD.run()`), from `ExitStatus`.
public enum HUDExitStatus {
    /// The X server went away (`EX_IOERR`). Xlib gives a program no way to go on after this.
    public static let connectionLost = ExitStatus.connectionLost.code
    /// Added to the signal number when SIGINT or SIGTERM ends the HUD, as a shell does.
    public static let signalBase = ExitStatus.signal.code
}
