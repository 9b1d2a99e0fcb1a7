/// The ranges every value from outside (flags, the config file, stdin, the Swift API) must lie in, defined once.
///
/// Each limit keeps a value from doing harm downstream: a duration from overflowing a clock conversion, a length
/// or font size from asking for gigabytes of pixels, an image from being decoded at any size. The README's
/// "Reliability" section lists them.
public enum InputLimits {
    // MARK: Durations

    /// Seconds a hide, grace or minimum show time may last: one day, which any real use stays far below and which
    /// keeps `clock + duration` exact in nanoseconds.
    public static let durationRange: ClosedRange<Double> = 0...86_400
    /// The rule for a duration, for messages.
    public static let durationRule = "a number of seconds from 0 to 86400 (one day)"

    /// `seconds` brought into `durationRange`; NaN counts as 0. The one clamp every duration goes through.
    public static func clampedDuration(_ seconds: Double) -> Double {
        guard !seconds.isNaN else { return 0 }
        return min(max(seconds, durationRange.lowerBound), durationRange.upperBound)
    }

    /// A reading of a seconds clock as whole nanoseconds, saturating instead of trapping on NaN, negatives or
    /// values beyond `UInt64`: the conversion a timer deadline goes through.
    public static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }  // also NaN
        let ns = seconds * 1e9
        return ns >= 18_446_744_073_709_549_568 ? UInt64.max : UInt64(ns)
    }

    // MARK: Lengths and sizes

    /// Points for a margin or a corner radius.
    public static let lengthRange: ClosedRange<Double> = 0...10_000
    public static let lengthRule = "a number of points from 0 to 10000"

    /// Device pixels per point (`--scale`, `scale` in the config file).
    public static let scaleRange: ClosedRange<Double> = 0.25...8
    public static let scaleRule = "a number from 0.25 to 8"

    /// Font sizes in points, for font descriptions and for sizes inside markup.
    public static let fontSizeRange: ClosedRange<Double> = 1...512
    public static let fontSizeRule = "the size must be between 1 and 512 points"

    /// The largest side of a size given from outside, in points (`--min-size`, `render --size`, zenity's
    /// `--width`/`--height`), and of a canvas in pixels: far beyond any screen, and it keeps a typo from asking for
    /// gigabytes of pixels.
    public static let maxSide = 16384
    /// `0…maxSide`, for a size in points.
    public static let sideRange: ClosedRange<Double> = 0...Double(maxSide)

    /// The largest image accepted, in pixels a side, checked from the PNG header before anything is decoded: the
    /// bezel shows it at 37 points, and 4096 × 4096 already takes 64 MiB decoded.
    public static let imageMaxSide = 4096
}
