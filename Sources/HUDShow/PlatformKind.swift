public import HUDBase

/// The two display systems, and the words a message uses for each: a person on Wayland reads Wayland words.
public enum PlatformKind: String, Sendable, CaseIterable {
    case x11
    case wayland

    /// What the display is called: `X display`, `Wayland compositor`.
    public var display: String {
        switch self {
        case .x11: return "X display"
        case .wayland: return "Wayland compositor"
        }
    }

    /// What a screen is called: a RandR monitor, a Wayland output.
    public var screen: String {
        switch self {
        case .x11: return "monitor"
        case .wayland: return "output"
        }
    }

    /// The environment variable that names the display.
    public var variable: String {
        switch self {
        case .x11: return "DISPLAY"
        case .wayland: return "WAYLAND_DISPLAY"
        }
    }
}

/// Why a display, a name or a window cannot be had; a program ends with `status`.
public struct PlatformFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line for a person, in the words of the platform in use.
    public var message: String
    public var status: ExitStatus
    public var description: String { message }
    public var code: Int32 { status.code }

    public init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }
}
