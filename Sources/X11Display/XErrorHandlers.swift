import HUDBase
internal import CX11
import Glibc
import HUDLoop
import HUDScene
import Synchronization

/// Xlib's process-wide error hooks. They run nonisolated, inside whatever Xlib call noticed the error, so they
/// must not call back into Xlib (except `XGetErrorText`, which only reads the local error database) or touch the
/// main actor.
package enum XErrorHandlers {
    /// The lines written when the connection or the HUD's window is lost, prepared beforehand so that ending the
    /// process does no formatting.
    private struct Messages {
        /// ` on :1`, once the display is known.
        var display = ""
        /// What happens instead of the exit, said on the same line (`HUDSession.whenLost`).
        var note = ""
        var connectionLost: [UInt8] = []
        var windowLost: [UInt8] = []

        init() { compose() }

        mutating func compose() {
            connectionLost = Array("x11hud: lost the connection to the X server\(display)\(note)\n".utf8)
            windowLost = Array("x11hud: the HUD's window was destroyed by another X client\(display)\(note)\n".utf8)
        }
    }
    private static let messages = Mutex(Messages())
    /// Runs instead of the exit when the HUD can no longer be shown (`HUDSession.whenLost`).
    private static let lossHandler = Mutex<(@Sendable () -> Never)?>(nil)
    package static func replaceLossExit(with handler: @escaping @Sendable () -> Never, note: String) {
        messages.withLock {
            $0.note = note
            $0.compose()
        }
        lossHandler.withLock { $0 = handler }
    }
    /// The HUDs' own windows, by display: an error naming one of them means it is gone.
    private static let ownWindows = Mutex<Set<OwnWindow>>([])
    private struct OwnWindow: Hashable, @unchecked Sendable {
        let display: OpaquePointer
        let id: UInt
    }
    /// HUD windows inside another client's window (`--over-window`): they are destroyed with it, so an error naming
    /// one is expected (the destruction is reported by a DestroyNotify already on its way) and neither logged nor
    /// taken as a loss.
    private static let guestWindows = Mutex<Set<OwnWindow>>([])
    package static func hostGuest(_ window: UInt, on display: OpaquePointer, _ hosted: Bool) {
        _ = guestWindows.withLock {
            hosted ? $0.insert(OwnWindow(display: display, id: window)).inserted
                : $0.remove(OwnWindow(display: display, id: window)) != nil
        }
    }
    /// Protocol errors are logged at most three every five seconds, so a fault that repeats every frame cannot
    /// flood stderr.
    private static let gate = Mutex(WarningGate(burst: 3, interval: 5))

    package static func install(displayName: String) {
        messages.withLock {
            $0.display = " on \(displayName)"
            $0.compose()
        }
        XSetErrorHandler(logProtocolError)
        XSetIOErrorHandler(exitOnConnectionLoss)
    }

    /// Marks `window` on `display` as a HUD's own: its loss ends the process (see `exitOnWindowLoss`). Keyed by
    /// display too, as two servers may hand out the same id.
    package static func own(_ window: UInt, on display: OpaquePointer) {
        _ = ownWindows.withLock { $0.insert(OwnWindow(display: display, id: window)) }
    }
    package static func disown(_ window: UInt, on display: OpaquePointer) {
        _ = ownWindows.withLock { $0.remove(OwnWindow(display: display, id: window)) }
    }
    package static func isOwn(_ window: UInt, on display: OpaquePointer) -> Bool {
        ownWindows.withLock { $0.contains(OwnWindow(display: display, id: window)) }
    }

    /// A HUD's window was destroyed by someone else: nothing is left to show, and an invisible process must not
    /// linger. One line, and the status of a lost server.
    package static func exitOnWindowLoss() -> Never {
        messages.withLock { m in _ = m.windowLost.withUnsafeBytes { write(2, $0.baseAddress, $0.count) } }
        if let handler = lossHandler.withLock({ $0 }) { handler() }
        _exit(ExitStatus.connectionLost.code)
    }

    /// While above zero, protocol errors are expected (another process's window may be gone) and not logged.
    private static let quiet = Mutex(0)

    /// Runs `body`, whose requests may fail because a window of another process has gone, without logging their
    /// errors. With `sync`, waits for the server's answer to every request sent, so late errors are caught too.
    @MainActor package static func quietly<T>(connection c: XConnection, sync: Bool = false, _ body: () -> T) -> T {
        quiet.withLock { $0 += 1 }
        defer { quiet.withLock { $0 -= 1 } }
        let result = body()
        if sync { XSync(c.display, 0) }
        return result
    }

    /// A protocol error (a window that vanished, a bad request) is logged, rate-limited, and the HUD carries on,
    /// unless it names a HUD's own window as missing. Errors inside `quietly` concern other processes' windows:
    /// they are neither logged nor taken as the loss of ours.
    private static let logProtocolError: XErrorHandler = { display, event in
        guard let event, quiet.withLock({ $0 == 0 }) else { return 0 }
        let code = Int32(event.pointee.error_code)
        let guest = display.map { d in
            guestWindows.withLock { $0.contains(OwnWindow(display: d, id: event.pointee.resourceid)) }
        }
        if guest == true { return 0 }
        if code == BadWindow || code == BadDrawable, let display, isOwn(event.pointee.resourceid, on: display) {
            exitOnWindowLoss()
        }
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, code, &text, Int32(text.count))
        let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let message = "X error \(name) (request \(event.pointee.request_code).\(event.pointee.minor_code), "
            + "resource 0x\(String(event.pointee.resourceid, radix: 16)))"
        guard let admitted = gate.withLock({ $0.admit(message, at: MonotonicClock.now) }) else { return 0 }
        let line = "x11hud: \(admitted)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        return 0
    }

    /// Xlib ends the process if this returns; end it ourselves with the documented status. `_exit` runs no atexit
    /// hooks, so nothing can try to talk to the dead server on the way out.
    private static let exitOnConnectionLoss: XIOErrorHandler = { _ in
        messages.withLock { m in _ = m.connectionLost.withUnsafeBytes { write(2, $0.baseAddress, $0.count) } }
        if let handler = lossHandler.withLock({ $0 }) { handler() }
        _exit(ExitStatus.connectionLost.code)
    }
}
