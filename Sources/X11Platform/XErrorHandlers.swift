internal import CX11
import FoundationEssentials
import Glibc
import Synchronization

/// Xlib's process-wide error hooks. They run nonisolated, inside whatever Xlib call noticed the error, so they
/// must not call back into Xlib (except `XGetErrorText`, which only reads the local error database) or touch the
/// main actor.
enum XErrorHandlers {
    /// The line written when the connection dies, prepared beforehand so the handler does no formatting.
    private static let lostMessage = Mutex<[UInt8]>(Array("x11hud: lost the connection to the X server\n".utf8))

    static func install(displayName: String) {
        lostMessage.withLock { $0 = Array("x11hud: lost the connection to the X server on \(displayName)\n".utf8) }
        XSetErrorHandler(logProtocolError)
        XSetIOErrorHandler(exitOnConnectionLoss)
    }

    /// While above zero, protocol errors are expected (another process's window may be gone) and not logged.
    private static let quiet = Mutex(0)

    /// Runs `body`, whose requests may fail because a window of another process has gone, without logging their
    /// errors. With `sync`, waits for the server's answer to every request sent, so late errors are caught too.
    @MainActor static func quietly<T>(connection c: XConnection, sync: Bool = false, _ body: () -> T) -> T {
        quiet.withLock { $0 += 1 }
        defer { quiet.withLock { $0 -= 1 } }
        let result = body()
        if sync { XSync(c.display, 0) }
        return result
    }

    /// A protocol error (a window that vanished, a bad request) is logged and the HUD carries on.
    private static let logProtocolError: XErrorHandler = { display, event in
        guard let event, quiet.withLock({ $0 == 0 }) else { return 0 }
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
        let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let line = "x11hud: X error \(name) (request \(event.pointee.request_code).\(event.pointee.minor_code), "
            + "resource 0x\(String(event.pointee.resourceid, radix: 16)))\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        return 0
    }

    /// Xlib ends the process if this returns; end it ourselves with the documented status. `_exit` runs no atexit
    /// hooks, so nothing can try to talk to the dead server on the way out.
    private static let exitOnConnectionLoss: XIOErrorHandler = { _ in
        lostMessage.withLock { bytes in
            _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
        _exit(HUDExitStatus.connectionLost)
    }
}
