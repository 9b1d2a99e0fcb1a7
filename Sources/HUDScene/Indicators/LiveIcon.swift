/// How the built-in icons draw themselves in, after ProgressHUD's `LiveIcon`: each stroke grows from its start over
/// a fixed time, eased out, the first 150 ms after the icon appears and each later one 150 ms after the one before.
/// A pure function of the time since the icon appeared.
public enum LiveIcon {
    /// One stroke's timing, in seconds after the icon appeared.
    struct Stroke {
        var start: Double
        var duration: Double
        var end: Double { start + duration }
    }

    /// ProgressHUD waits this long before the first stroke.
    static let delay = 0.15

    static func strokes(_ icon: Icon) -> [Stroke] {
        switch icon {
        // The check is one stroke of 0.25 s; the cross and the plus two of 0.15 s, 150 ms apart.
        case .success: return [Stroke(start: delay, duration: 0.25)]
        case .error, .added: return [Stroke(start: delay, duration: 0.15), Stroke(start: 0.3, duration: 0.15)]
        // The outline as the check, then the mark's two parts as the cross's strokes.
        case .info, .warning:
            return [Stroke(start: delay, duration: 0.25), Stroke(start: 0.3, duration: 0.15),
                    Stroke(start: 0.45, duration: 0.1)]
        }
    }

    /// When the last stroke is complete: after this the icon no longer changes.
    public static func duration(_ icon: Icon) -> Double { strokes(icon).map(\.end).max() ?? 0 }

    /// How much of each stroke is drawn, from 0 to 1, `elapsed` seconds after the icon appeared.
    package static func fractions(_ icon: Icon, elapsed: Double) -> [Double] {
        strokes(icon).map { Easing.easeOut((elapsed - $0.start) / $0.duration) }
    }
}
