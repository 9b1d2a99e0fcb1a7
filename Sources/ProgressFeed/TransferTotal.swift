import HUDScene

/// What a job adds up to when its output does not say (`--total`): a size for `dd`, `pv` without `-s` and the
/// watchers, or a duration for ffmpeg's `time=`.
public enum TransferTotal: Hashable, Sendable, Codable {
    case bytes(Int64)
    /// Seconds of media.
    case duration(Double)

    /// The rule a bad value breaks, for the one-line error that names the option.
    public static let rule = "expected a size (123456, 700M, 1.5G; K, M, G, T are powers of 1024, kB, MB, GB "
        + "powers of 1000) or a duration (1:30:00, 90s, 1.5h, 90min)"

    /// `1.5G`, `700M`, `123456`, `1:30:00`, `90s`, `1.5h`, `90min`; nil when it is none of them, or zero.
    ///
    /// A lowercase `m` is refused: `5m` would be five minutes to some and five megabytes to others.
    public init?(parsing text: String) {
        let t = text.trimmingWhitespace()
        if let seconds = Self.duration(t) {
            guard seconds > 0 else { return nil }
            self = .duration(seconds)
        } else if let bytes = ByteCount.parse(t), bytes > 0 {
            self = .bytes(bytes)
        } else {
            return nil
        }
    }

    public var bytes: Int64? {
        if case .bytes(let b) = self { return b }
        return nil
    }

    public var seconds: Double? {
        if case .duration(let s) = self { return s }
        return nil
    }

    /// `1:30:00`, `4:05`, `90s`, `1.5h`, `90min`; seconds.
    static func duration(_ t: String) -> Double? {
        if t.contains(":") { return clock(Substring(t)) }
        for (suffix, scale) in [("min", 60.0), ("s", 1), ("h", 3600)] where t.hasSuffix(suffix) {
            guard let v = Double(t.dropLast(suffix.count)), v.isFinite, v >= 0 else { return nil }
            return v * scale
        }
        return nil
    }

    /// `HH:MM:SS.ss` or `MM:SS`, as ffmpeg prints `time=` and `Duration:`; nil for anything else.
    static func clock(_ t: Substring) -> Double? {
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (i, part) in parts.enumerated() {
            let isLast = i == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ $0.isASCIIDigit || isLast && $0 == "." }),
                  let v = Double(part), v.isFinite, i == 0 || v < 60 else { return nil }
            total = total * 60 + v
        }
        return total
    }
}
