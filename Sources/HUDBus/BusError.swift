import Glibc

/// A failed sd-bus call: what was being done and the error number sd-bus returned.
public struct BusError: Error, CustomStringConvertible, Sendable {
    /// What was being done, in a few words ("connecting to the session bus").
    public var action: String
    /// The positive errno value.
    public var code: Int32

    public init(_ action: String, code: Int32) {
        self.action = action
        self.code = abs(code)
    }

    public var description: String { "\(action): \(String(cString: strerror(code)))" }

    /// libsystemd opened without a function x11hud calls (`action` names it): the installation is broken, which
    /// is not the bus's fault.
    public var isBrokenLibrary: Bool { code == ELIBBAD }
}

/// An error reply to a method call: a D-Bus error name and a message for the caller.
public struct BusErrorReply: Error, Sendable {
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// `org.freedesktop.DBus.Error.InvalidArgs`.
    public static func invalidArgs(_ message: String) -> BusErrorReply {
        BusErrorReply(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }
}
