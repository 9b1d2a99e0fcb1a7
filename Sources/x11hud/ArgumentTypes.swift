import X11Display
import HUDBase
import X11Platform
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
extension NotificationSettings.ValueIndicator: ExpressibleByArgument {}
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

/// The rule a value breaks, which ArgumentParser appends to "The value 'X' is invalid for '--option <value>'", so
/// that every refusal names the option, the value and the rule.
struct ValueRule: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A progress value: a fraction `0.6` or a percentage `60%`.
struct ProgressValue {
    var fraction: Double
    static func parse(_ argument: String) throws(ValueRule) -> ProgressValue {
        let text = argument.trimmingWhitespace()
        let isPercent = text.hasSuffix("%")
        let number = Double(isPercent ? String(text.dropLast()) : text)
        let value = number.map { isPercent ? $0 / 100 : $0 }
        guard let value, value.isFinite, (0...1).contains(value) else {
            throw ValueRule("expected a fraction from 0 to 1 (0.6) or a percentage from 0% to 100% (60%)")
        }
        return ProgressValue(fraction: value)
    }
}

/// A percentage 0...100, with or without `%` (zenity's `--percentage`).
struct Percentage {
    var value: Double
    static func parse(_ argument: String) throws(ValueRule) -> Percentage {
        let text = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard let v = Double(text), v.isFinite, (0...100).contains(v) else {
            throw ValueRule("expected a number from 0 to 100")
        }
        return Percentage(value: v)
    }
}

/// `WxH`, e.g. `400x300`.
struct SizeValue {
    var size: Size
    static func parse(_ argument: String) throws(ValueRule) -> SizeValue {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              InputLimits.sideRange.contains(w), InputLimits.sideRange.contains(h)
        else { throw ValueRule("expected WIDTHxHEIGHT in points, each from 0 to \(InputLimits.maxSide) (400x300)") }
        return SizeValue(size: Size(width: w, height: h))
    }
}

/// `X,Y`, e.g. `0,1000000` to pin the bezel to the bottom edge.
struct OffsetValue {
    var point: Point
    static func parse(_ argument: String) throws(ValueRule) -> OffsetValue {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = Double(parts[0].trimmingWhitespace()),
              let y = Double(parts[1].trimmingWhitespace()),
              x.isFinite, y.isFinite
        else { throw ValueRule("expected X,Y in points (0,40 or -100,0)") }
        return OffsetValue(point: Point(x: x, y: y))
    }
}

/// A duration, in `InputLimits.durationRange` (the same range stdin's "hide" is clamped to).
struct Seconds {
    var value: Double
    static func parse(_ argument: String) throws(ValueRule) -> Seconds {
        guard let v = Double(argument), v.isFinite, InputLimits.durationRange.contains(v) else {
            throw ValueRule("expected \(InputLimits.durationRule)")
        }
        return Seconds(value: v)
    }
}

/// `--over-window`: a window id (decimal or `0x…`), `active` or `pointer`.
func parseWindowChoice(_ argument: String) throws(ValueRule) -> WindowChoice {
    guard let choice = WindowChoice(argument) else {
        throw ValueRule("expected a window id (decimal or 0x…, as $WINDOWID or xdotool give it), active or pointer")
    }
    return choice
}

func parseColor(_ text: String) throws -> RGBA { try RGBA(hex: text) }
func parseFont(_ text: String) throws -> FontSpec { try FontSpec(text) }

