/// TOML's integers and floats, read strictly: underscores only between digits, no leading zeros, prefixes
/// `0x`/`0o`/`0b` in lower case without a sign, and integers within 64 bits.
enum TOMLNumber {
    enum Result {
        case value(TOMLValue)
        /// Not shaped like a number at all (a word, a date).
        case notANumber
        case invalid(String)
    }

    static func read(_ word: String) -> Result {
        var s = Array(word.unicodeScalars)
        var negative = false
        let signed = s.first == "+" || s.first == "-"
        if signed {
            negative = s.first == "-"
            s.removeFirst()
        }
        let text = String(String.UnicodeScalarView(s))
        if text == "inf" { return .value(.float(negative ? -.infinity : .infinity)) }
        if text == "nan" { return .value(.float(.nan)) }
        guard let first = s.first, ("0"..."9").contains(first) else {
            return signed ? .invalid("a sign must be followed by digits, inf or nan") : .notANumber
        }
        if s.count > 1, s[0] == "0", let radix = ["x": 16, "o": 8, "b": 2][Character(s[1])] {
            guard !signed else { return .invalid("hexadecimal, octal and binary numbers take no sign") }
            let digits = Array(s.dropFirst(2))
            guard let error = digitsProblem(digits, radix: radix) else {
                let plain = String(String.UnicodeScalarView(digits.filter { $0 != "_" }))
                guard let v = Int64(plain, radix: radix) else { return .invalid("too large for a 64-bit integer") }
                return .value(.integer(v))
            }
            return .invalid(error)
        }
        // Decimal: an integer part, then a fraction, an exponent, or both for a float.
        let fractionAt = s.firstIndex(of: ".")
        let exponentAt = s.firstIndex { $0 == "e" || $0 == "E" }
        if let f = fractionAt, let e = exponentAt, e < f {
            return .invalid("the fraction must come before the exponent")
        }
        let integerEnd = fractionAt ?? exponentAt ?? s.count
        let integer = Array(s[..<integerEnd])
        if let problem = digitsProblem(integer, radix: 10) { return .invalid(problem) }
        if integer.count > 1, integer[0] == "0" { return .invalid("leading zeros are not allowed") }
        if let f = fractionAt {
            let fraction = Array(s[(f + 1)..<(exponentAt ?? s.count)])
            if fraction.isEmpty { return .invalid("a decimal point needs digits on both sides") }
            if let problem = digitsProblem(fraction, radix: 10) { return .invalid(problem) }
        }
        if let e = exponentAt {
            var exponent = Array(s[(e + 1)...])
            if exponent.first == "+" || exponent.first == "-" { exponent.removeFirst() }
            if exponent.isEmpty { return .invalid("an exponent needs digits") }
            if let problem = digitsProblem(exponent, radix: 10) { return .invalid(problem) }
        }
        let plain = (negative ? "-" : "") + String(String.UnicodeScalarView(s.filter { $0 != "_" }))
        if fractionAt == nil, exponentAt == nil {
            guard let v = Int64(plain) else { return .invalid("too large for a 64-bit integer") }
            return .value(.integer(v))
        }
        guard let v = Double(plain) else { return .invalid("not a number") }
        return .value(.float(v))
    }

    /// Why `digits` are not a run of digits of `radix` with single underscores between them; nil when they are.
    private static func digitsProblem(_ digits: [Unicode.Scalar], radix: Int) -> String? {
        guard !digits.isEmpty else { return "digits are missing" }
        for (i, c) in digits.enumerated() {
            if c == "_" {
                guard i > 0, i < digits.count - 1, digits[i - 1] != "_", digits[i + 1] != "_" else {
                    return "an underscore must stand between two digits"
                }
                continue
            }
            guard let d = Int(String(c), radix: 16), d < radix, c.properties.isASCIIHexDigit else {
                return "'\(Character(c))' is not a digit here"
            }
        }
        return nil
    }
}
