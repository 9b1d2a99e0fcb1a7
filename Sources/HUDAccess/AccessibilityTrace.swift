import Glibc
import HUDLoop

/// Each step of the bridge's life on stderr when `X11HUD_DEBUG` names `accessibility` (a comma list, as
/// `G_MESSAGES_DEBUG` is): what was asked and answered, the registry's reply, each HUD exposed and removed. For "why
/// does my screen reader not hear it", which a user otherwise cannot tell from outside; silent and free when unset.
enum AccessibilityTrace {
    static let isOn: Bool = {
        guard let value = getenv("X11HUD_DEBUG") else { return false }
        return String(cString: value).split(separator: ",").contains { $0 == "accessibility" || $0 == "all" }
    }()

    /// Writes `message` as one line, with the monotonic clock in milliseconds, so that a slow step shows.
    static func note(_ message: @autoclosure () -> String) {
        guard isOn else { return }
        let line = "x11hud[\(getpid())]: accessibility: \(MonotonicClock.microseconds / 1000) ms: \(message())\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
