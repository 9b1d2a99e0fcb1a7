import Glibc

/// A sun (ProgressHUD's default symbol, `sun.max`) that bounces: it squashes and springs back once a second.
public enum SymbolBounce {
    public static let period = 1.0
    /// The bounce takes this much of each period; the sun rests for the rest of it.
    package static let bounce = 0.5

    package static func scale(_ t: Double) -> Double {
        let p = Cycle.phase(t, period: period)
        if p < 0.2 { return 1 - 0.18 * sin(p / 0.2 * Double.pi / 2) }
        if p < 0.35 { return 0.82 + 0.3 * Easing.easeOut((p - 0.2) / 0.15) }
        if p < bounce { return 1.12 - 0.12 * Easing.easeInOut((p - 0.35) / 0.15) }
        return 1
    }
}
