import Foundation

/// A Wayland compositor a test starts for itself (`SwayServer`, `KWinServer`): its socket in a runtime directory of
/// its own, which clients are pointed at.
public protocol PrivateCompositor: AnyObject {
    var socket: String { get }
    var runtimeDirectory: String { get }
}

extension PrivateCompositor {
    /// The environment of a client of this compositor: the test runner's without any X display or other
    /// compositor, with this one's socket.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = socket
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        return environment
    }
}
