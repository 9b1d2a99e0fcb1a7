public import HUDBase
import HUDScene

/// Why a HUD cannot be shown; a program ends with `exitCode`, the status the command line uses for it.
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

    /// The status a program ends with for this failure, as the command line does: `displayUnavailable` (69) for a
    /// display that cannot be opened, `internalError` (70) for a resource the server refused, `usage` (64) for a
    /// window that does not exist (the caller named it).
    public var exitStatus: ExitStatus {
        switch kind {
        case .displayUnavailable: return .displayUnavailable
        case .serverRefused: return .internalError
        case .noSuchWindow: return .usage
        }
    }

    /// `exitStatus` as the number `exit` takes.
    public var exitCode: Int32 { exitStatus.code }

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
