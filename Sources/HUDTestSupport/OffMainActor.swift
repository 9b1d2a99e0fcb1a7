import Foundation
import HUDLoop

// Waits for a test on the main actor. Its thread serves the main queue: its session's X events, its bus
// connection, and every other main-actor test of the run. A synchronous wait there (a tool run to its end, a poll
// with `usleep`) holds all of them up, and a D-Bus client of a connection it serves times out.

extension Tools {
    /// Runs `body`, which may block (a tool run to its end, `xwininfo`, `xwd`), on a thread of its own, and gives
    /// back what it returned without holding the caller's thread meanwhile.
    public static func offMainActor<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            BlockingThread.start("x11hud.test.wait") { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Looks at `condition` (on the caller's actor) every 20 ms until it holds or `timeout` passes, sleeping
    /// between looks without holding the thread.
    public static func eventually(timeout: Double, isolation: isolated (any Actor)? = #isolation,
                                  _ condition: () throws -> Bool) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if try condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        } while Date() < deadline
        return try condition()
    }
}
