public import HUDBase

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
