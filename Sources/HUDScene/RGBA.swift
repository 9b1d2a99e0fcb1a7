/// A colour with straight (not premultiplied) alpha, each component in 0...1.
public struct RGBA: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A grey, as UIKit's `colorWithWhite:alpha:`.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` may be left out).
    public init(hex input: String) throws(ColorParseError) {
        var digits = Substring(input.trimmingWhitespace())
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), digits.count == 6 || digits.count == 8 else {
            throw ColorParseError(input: input, reason: "expected #RRGGBB or #RRGGBBAA (hexadecimal digits)")
        }
        var values: [Double] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else {
                throw ColorParseError(input: input, reason: "'\(digits[index..<next])' is not a hexadecimal byte")
            }
            values.append(Double(byte) / 255)
            index = next
        }
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }

    /// The same colour with its alpha replaced.
    public func withAlpha(_ alpha: Double) -> RGBA { RGBA(red: red, green: green, blue: blue, alpha: alpha) }

    /// `#RRGGBBAA`, the form `init(hex:)` reads back.
    public var description: String {
        func byte(_ v: Double) -> String {
            let s = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }

    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
}

/// A colour given on the command line or in a file could not be read.
public struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var input: String
    /// Why it was rejected, in a few words.
    public var reason: String
    public var description: String { "'\(input)' is not a colour: \(reason)" }
}

extension StringProtocol {
    /// Without leading and trailing whitespace (FoundationEssentials has no `trimmingCharacters(in:)`).
    package func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
