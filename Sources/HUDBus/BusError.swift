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

/// Why a call made with `BusConnection.call` has no reply: the call could not be made, or was answered with an
/// error.
public enum BusCallError: Error, Sendable {
    case failed(BusError)
    case reply(BusErrorReply)
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

    /// `org.freedesktop.DBus.Error.UnknownMethod`.
    public static let unknownMethod = BusErrorReply(name: "org.freedesktop.DBus.Error.UnknownMethod",
                                                    message: "no such method")

    /// Runs a method's `body`: an error reply it throws is the answer, any other error (an argument that cannot be
    /// read, a reply that cannot be written) an `InvalidArgs` saying it.
    public static func answering(_ body: () throws -> Void) throws(BusErrorReply) {
        do {
            try body()
        } catch let error as BusErrorReply {
            throw error
        } catch let error as BusError {
            throw .invalidArgs(error.description)
        } catch {
            throw .invalidArgs("\(error)")
        }
    }
}
