import Glibc

/// Core Animation's timing curves as functions from a fraction of a duration to a fraction of the change, so
/// the spinners keep ProgressHUD's feel while being pure functions of time.
public struct Easing: Hashable, Sendable {
    private let x1, y1, x2, y2: Double

    /// A cubic Bézier from (0, 0) to (1, 1) with these control points, as `CAMediaTimingFunction(controlPoints:)`.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    public static let linear = Easing(0, 0, 1, 1)
    public static let easeIn = Easing(0.42, 0, 1, 1)
    public static let easeOut = Easing(0, 0, 0.58, 1)
    public static let easeInOut = Easing(0.42, 0, 0.58, 1)
    /// `CAMediaTimingFunctionName.default`.
    public static let `default` = Easing(0.25, 0.1, 0.25, 1)

    /// The eased fraction at `t`, which is clamped into 0...1.
    public func callAsFunction(_ t: Double) -> Double {
        guard t.isFinite else { return t > 0 ? 1 : 0 }
        let t = min(max(t, 0), 1)
        if self == .linear { return t }
        // Solve x(s) = t for the curve parameter s by bisection: monotonic in s, and 20 steps are exact to 1e-6.
        var lo = 0.0, hi = 1.0, s = t
        for _ in 0..<20 {
            let x = Self.bezier(s, x1, x2)
            if abs(x - t) < 1e-7 { break }
            if x < t { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return Self.bezier(s, y1, y2)
    }

    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
}

/// Small helpers for keyframed motion: where a time falls inside a cycle.
package enum Cycle {
    /// `time` reduced into `0..<period` (negative times wrap too).
    package static func phase(_ time: Double, period: Double) -> Double {
        guard time.isFinite, period > 0 else { return 0 }
        let r = time.truncatingRemainder(dividingBy: period)
        return r < 0 ? r + period : r
    }

    /// A value going `from` → `to` over the first half of `period` and back over the second (Core Animation's
    /// `autoreverses`), eased each way.
    package static func autoreversed(_ time: Double, period: Double, from: Double, to: Double,
                             easing: Easing = .easeInOut) -> Double {
        let p = phase(time, period: period) / period
        let f = p < 0.5 ? easing(p * 2) : easing((1 - p) * 2)
        return from + (to - from) * f
    }

    /// Linear interpolation.
    package static func mix(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }
}
