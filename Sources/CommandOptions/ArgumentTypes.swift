package import HUDBase
package import HUDCommandLine
import Glibc
package import HUDScene
package import HUDConfig

// Each value type reads itself from one argument; a value it rejects becomes "The value 'X' is invalid for
// '--option <value>': <rule>", which names the option, the value and the rule.

/// A progress value: a fraction `0.6` or a percentage `60%`.
package struct ProgressValue: Codable {
    package var fraction: Double
    package static func parse(_ argument: String) throws(ValueError) -> ProgressValue {
        let text = argument.trimmingWhitespace()
        let isPercent = text.hasSuffix("%")
        let number = Double(isPercent ? String(text.dropLast()) : text)
        let value = number.map { isPercent ? $0 / 100 : $0 }
        guard let value, value.isFinite, (0...1).contains(value) else {
            throw ValueError.rule("expected a fraction from 0 to 1 (0.6) or a percentage from 0% to 100% (60%)")
        }
        return ProgressValue(fraction: value)
    }
}

/// A percentage 0...100, with or without `%` (zenity's `--percentage`).
package struct Percentage: Codable {
    package var value: Double
    package static func parse(_ argument: String) throws(ValueError) -> Percentage {
        let text = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard let v = Double(text), v.isFinite, (0...100).contains(v) else {
            throw ValueError.rule("expected a number from 0 to 100")
        }
        return Percentage(value: v)
    }
}

/// `WxH`, e.g. `400x300`.
package struct SizeValue: Codable {
    package var size: Size
    package static func parse(_ argument: String) throws(ValueError) -> SizeValue {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              InputLimits.sideRange.contains(w), InputLimits.sideRange.contains(h)
        else { throw .rule("expected WIDTHxHEIGHT in points, each from 0 to \(InputLimits.maxSide) (400x300)") }
        return SizeValue(size: Size(width: w, height: h))
    }
}

/// `X,Y`, e.g. `0,1000000` to pin the bezel to the bottom edge.
package struct OffsetValue {
    package var point: Point
    package static func parse(_ argument: String) throws(ValueError) -> OffsetValue {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = Double(parts[0].trimmingWhitespace()),
              let y = Double(parts[1].trimmingWhitespace()),
              x.isFinite, y.isFinite
        else { throw ValueError.rule("expected X,Y in points (0,40 or -100,0)") }
        return OffsetValue(point: Point(x: x, y: y))
    }
}

/// A duration, in `InputLimits.durationRange` (the same range stdin's "hide" is clamped to).
package struct Seconds: Codable {
    package var value: Double
    package static func parse(_ argument: String) throws(ValueError) -> Seconds {
        guard let v = Double(argument), v.isFinite, InputLimits.durationRange.contains(v) else {
            throw ValueError.rule("expected \(InputLimits.durationRule)")
        }
        return Seconds(value: v)
    }
}

/// `--over-window`: a window id (decimal or `0x…`), `active` or `pointer`.
package func parseWindowChoice(_ argument: String) throws(ValueError) -> WindowChoice {
    guard let choice = WindowChoice(argument) else {
        throw .rule("expected a window id (decimal or 0x…, as $WINDOWID or xdotool give it), active or pointer")
    }
    return choice
}

package func parseColor(_ text: String) throws -> RGBA { try RGBA(hex: text) }
package func parseFont(_ text: String) throws -> FontSpec { try FontSpec(text) }

