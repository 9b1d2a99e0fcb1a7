import HUDScene

/// Sizes in bytes: read from a command line (`--total 1.5G`) and from the progress lines tools print.
///
/// A bare `K`, `M`, `G`, `T` on the command line is a power of 1024, as `dd bs=1G`, `pv -s 1G`, `du -B1G`,
/// `truncate -s 1G` and `head -c 1G` read it; `KiB`… says so explicitly; `kB`, `MB`, `GB`, `TB` are powers of 1000,
/// as dd reads them. A size with no unit is bytes.
public enum ByteCount {
    /// `123456`, `700M`, `1.5G`, `1.5GiB`, `2GB`, `512k`: bytes, or nil when `text` is not a size.
    public static func parse(_ text: String) -> Int64? {
        let t = text.trimmingWhitespace()
        let number = t.prefix { $0.isASCIIDigit || $0 == "." }
        guard !number.isEmpty, let value = Double(number), value.isFinite else { return nil }
        guard let multiplier = multiplier(t.dropFirst(number.count), base: 1024, strict: true) else { return nil }
        let bytes = (value * multiplier).rounded()
        guard bytes < 9.2e18 else { return nil }
        return Int64(bytes)
    }

    /// A size token inside a tool's progress line: `1,234,567` (rsync), `463.12M` (wget, curl), `30.0MiB` (pv),
    /// `4096K` (wget's dots). A bare `K`, `M`, `G` is a power of `base`: the tool decides (curl and wget count in
    /// 1024s, rsync `-h` in 1000s). Read byte by byte: it runs for every progress line of a flood.
    static func scan(_ token: Substring, base: Double) -> Int64? {
        let utf8 = token.utf8
        let (value, digits, end) = FeedParser.leadingDecimal(utf8, commas: true)
        guard digits > 0, value.isFinite,
              let multiplier = multiplier(Substring(utf8[end...]), base: base, strict: false) else { return nil }
        let bytes = (value * multiplier).rounded()
        return bytes < 9.2e18 ? Int64(bytes) : nil
    }

    /// `""`, `B`: 1; `K`/`k`: base; `KiB`: 1024; `kB`/`KB`: 1000 when `strict` (dd's rule), else base (wget's
    /// `KB/s` means 1024).
    private static func multiplier(_ unit: Substring, base: Double, strict: Bool) -> Double? {
        var u = unit
        if u.isEmpty || u == "B" || u == "b" && !strict { return 1 }
        var power = 0.0
        switch u.first {
        case "k", "K": power = 1
        case "M": power = 2
        case "G": power = 3
        case "T": power = 4
        case "P": power = 5
        default: return nil
        }
        u = u.dropFirst()
        switch u {
        case "": return pow(base, power)
        case "iB", "i": return pow(1024, power)
        case "B": return pow(strict ? 1000 : base, power)
        default: return nil
        }
    }

    private static func pow(_ base: Double, _ power: Double) -> Double {
        var r = 1.0
        for _ in 0..<Int(power) { r *= base }
        return r
    }
}

/// Prints sizes in decimal units (`1.2 GB`, `35 MB/s`), as GNOME, KDE, dd's first figure and curl's web pages
/// do, without flickering between two units when a value hovers at a boundary.
///
/// The unit goes up when the value reaches 1000 of the current one and comes back down only below 0.8 of it, so a
/// rate swinging around 1 MB/s stays `1.0 MB/s`, `0.9 MB/s`, not `1.0 MB/s`, `999 kB/s`.
public struct ByteFormatter: Sendable {
    static let units = ["B", "kB", "MB", "GB", "TB", "PB"]
    /// The index into `units` in use.
    private var unit = 0

    public init() {}

    /// The text for `bytes`, with the unit moved only as far as the hysteresis allows.
    public mutating func format(_ bytes: Double) -> String {
        let value = max(0, bytes)
        while unit < Self.units.count - 1, value / scale(unit) >= 999.5 { unit += 1 }
        while unit > 0, value / scale(unit) < 0.8 { unit -= 1 }
        return Self.text(value / scale(unit), unit: unit)
    }

    private func scale(_ unit: Int) -> Double {
        var s = 1.0
        for _ in 0..<unit { s *= 1000 }
        return s
    }

    /// One decimal below 10 (`1.2 GB`, `0.9 MB`), none above (`35 MB`); bytes always whole.
    private static func text(_ value: Double, unit: Int) -> String {
        if unit == 0 || value >= 9.95 { return "\(Int(value.rounded())) \(units[unit])" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
