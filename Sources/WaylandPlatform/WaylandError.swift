public import HUDBase

/// Why a HUD cannot be shown on a Wayland compositor; a program ends with `exitStatus`, as for an X display.
public struct WaylandError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// `WAYLAND_DISPLAY` names no compositor that accepts the connection, or the connection was lost.
        case displayUnavailable
        /// The compositor lacks what an overlay needs (wlr-layer-shell, shared memory, a compositor global).
        case unsupported
        /// Shared memory for the pixels could not be made.
        case noMemory
    }

    public var kind: Kind
    /// One line for a person, naming the compositor's socket.
    public var message: String
    public var description: String { message }

    /// 69 for a compositor that is not there or cannot show an overlay (the command line then tries X11, as it
    /// does with no display at all), 70 for memory refused.
    public var exitStatus: ExitStatus {
        switch kind {
        case .displayUnavailable, .unsupported: return .displayUnavailable
        case .noMemory: return .internalError
        }
    }

    public var exitCode: Int32 { exitStatus.code }

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
