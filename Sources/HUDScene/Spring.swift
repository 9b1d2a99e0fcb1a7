import Glibc

/// The critically damped spring MBProgressHUD animates with (`usingSpringWithDamping:1 initialSpringVelocity:0`,
/// 0.3 s), as a pure function of time.
///
/// A critically damped spring released from rest moves as `1 − (1 + ωt)·e^(−ωt)`. UIKit picks ω so the motion has
/// settled by the end of the duration; here ω·duration = `stiffness` (≈ 0.1 % left at the end), and the curve is
/// normalised so it reaches exactly 1 at the end. It never overshoots and never goes backwards.
public enum Spring {
    /// ω × duration.
    public static let stiffness = 9.23
    /// MBProgressHUD's duration.
    public static let duration = 0.3

    /// Progress along the curve for `fraction` of the duration, 0 at or before the start, 1 at or after the end.
    public static func criticallyDamped(_ fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        func raw(_ u: Double) -> Double { 1 - (1 + stiffness * u) * exp(-stiffness * u) }
        return raw(fraction) / raw(1)
    }
}
