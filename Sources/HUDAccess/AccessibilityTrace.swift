import Glibc

/// Each step of the bridge's life on stderr when `X11HUD_DEBUG` names `accessibility` (a comma list, as
/// `G_MESSAGES_DEBUG` is): what was asked and answered, the registry's reply, each HUD exposed and removed. For "why
/// does my screen reader not hear it", which a user otherwise cannot tell from outside; silent and free when unset.
enum AccessibilityTrace {
    static let isOn: Bool = {
        guard let value = getenv("X11HUD_DEBUG") else { return false }
        return String(cString: value).split(separator: ",").contains { $0 == "accessibility" || $0 == "all" }
    }()

    /// Writes `message` as one line, with the monotonic time, so that a slow step shows.
    static func note(_ message: @autoclosure () -> String) {
        guard isOn else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let stamp = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        let line = "x11hud[\(getpid())]: accessibility: \(format3(stamp)) \(message())\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    /// Seconds with three decimals, without Foundation's `String(format:)`.
    private static func format3(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
