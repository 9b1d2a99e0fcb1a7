// The conformances of HUDScene's public types are public by nature, so these two imports must be too.
public import ArgumentParser
import FoundationEssentials
import Glibc
public import HUDScene
public import HUDConfig

// Each value type reads itself from one argument; a value it rejects becomes ArgumentParser's
// "The value 'X' is invalid for '--option <value>'" message, which names both.

extension HUDMode: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ThemeChoice: ExpressibleByArgument {}
extension Icon: ExpressibleByArgument {}
extension HUDAnimation: ExpressibleByArgument {}
extension DeterminateStyle: ExpressibleByArgument {}
extension Position: ExpressibleByArgument {}
extension SpinnerStyle: ExpressibleByArgument {}
extension BezelStyle: ExpressibleByArgument {}

// ArgumentParser's default builds these at every start, describing each case only to find every description equal
// to the case's name, which leaves them empty; saying so directly is the same help text for fewer instructions
// before the window is mapped (issue 12).
extension HUDMode { public static var allValueDescriptions: [String: String] { [:] } }
extension ThemeChoice { public static var allValueDescriptions: [String: String] { [:] } }
extension Icon { public static var allValueDescriptions: [String: String] { [:] } }
extension HUDAnimation { public static var allValueDescriptions: [String: String] { [:] } }
extension DeterminateStyle { public static var allValueDescriptions: [String: String] { [:] } }
extension Position { public static var allValueDescriptions: [String: String] { [:] } }

/// A progress value: a fraction `0.6` or a percentage `60%`.
struct ProgressValue: ExpressibleByArgument {
    var fraction: Double
    init?(argument: String) {
        let text = argument.trimmingWhitespace()
        let isPercent = text.hasSuffix("%")
        guard let number = Double(isPercent ? String(text.dropLast()) : text), number.isFinite else { return nil }
        let value = isPercent ? number / 100 : number
        guard (0...1).contains(value) else { return nil }
        fraction = value
    }
    static var defaultCompletionKind: CompletionKind { .default }
}

/// A percentage 0...100, with or without `%` (zenity's `--percentage`).
struct Percentage: ExpressibleByArgument {
    var value: Double
    init?(argument: String) {
        let text = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard let v = Double(text), v.isFinite, (0...100).contains(v) else { return nil }
        value = v
    }
}

/// `WxH`, e.g. `400x300`.
struct SizeValue: ExpressibleByArgument {
    var size: Size
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w >= 0, h >= 0, w <= 16384, h <= 16384 else { return nil }
        size = Size(width: w, height: h)
    }
}

/// `X,Y`, e.g. `0,1000000` to pin the bezel to the bottom edge.
struct OffsetValue: ExpressibleByArgument {
    var point: Point
    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = Double(parts[0].trimmingWhitespace()),
              let y = Double(parts[1].trimmingWhitespace()),
              x.isFinite, y.isFinite else { return nil }
        point = Point(x: x, y: y)
    }
}

/// A non-negative number of points or seconds.
struct NonNegative: ExpressibleByArgument {
    var value: Double
    init?(argument: String) {
        guard let v = Double(argument), v.isFinite, v >= 0, v <= 100_000 else { return nil }
        value = v
    }
}

/// A scale factor between 0.25 and 8.
struct ScaleValue: ExpressibleByArgument {
    var value: Double
    init?(argument: String) {
        guard let v = Double(argument), v.isFinite, v >= 0.25, v <= 8 else { return nil }
        value = v
    }
}

func parseColor(_ text: String) throws -> RGBA { try RGBA(hex: text) }
func parseFont(_ text: String) throws -> FontSpec { try FontSpec(text) }

