import HUDLoop
import HUDScene
internal import CX11
import Synchronization

/// Opens an X display with a deadline.
///
/// `XOpenDisplay` waits for the server's setup reply with no timeout, so a server that accepts the connection and
/// never answers (a stopped Xvfb, a stray listener on port 6000 + N, a wedged forwarding) would hang the HUD
/// forever, before any of its own timers exist. The call runs on a thread of its own; past the deadline the
/// caller gives up, and a connection that completes later is closed by that thread.
package enum DisplayOpener {
    /// How long a server may take to answer the connection setup.
    package static let timeout = 5.0

    package enum Outcome {
        case opened(OpaquePointer)
        /// The server refused, or there is no server at that name.
        case failed
        /// No answer within the timeout.
        case timedOut
    }

    /// The `Display*` crossing from the opening thread; only one side ever owns it (decided under the lock).
    private struct Handoff: @unchecked Sendable {
        var display: OpaquePointer?
        var finished = false
        var abandoned = false
    }

    package static func open(_ name: String, timeout: Double = timeout) -> Outcome {
        let handoff = Mutex(Handoff())
        let done = Latch()
        BlockingThread.start("x11hud.open-display") {
            let display = XOpenDisplay(name)
            let late = handoff.withLock { h -> Bool in
                h.finished = true
                if h.abandoned { return true }
                h.display = display
                return false
            }
            if late, let display { XCloseDisplay(display) }
            done.open()
        }
        _ = done.wait(seconds: timeout)
        return handoff.withLock { h in
            guard h.finished else {
                h.abandoned = true
                return .timedOut
            }
            return h.display.map { .opened($0) } ?? .failed
        }
    }
}
