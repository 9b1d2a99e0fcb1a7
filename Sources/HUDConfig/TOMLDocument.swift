/// The top-level `key = value` pairs of a TOML document, in file order, each with its line.
///
/// A small parser for what `config.toml` uses, written here so that reading three lines of settings does not
/// link Foundation, ICU and a C++ library (TOMLKit did): comments, bare and quoted keys, basic and literal
/// strings (single- and multi-line, with every TOML escape), integers (decimal, hexadecimal, octal, binary,
/// with `_`), floats (with exponents, `inf`, `nan`), booleans and arrays (over several lines, with comments
/// and a trailing comma). Tables are recognised so that they can be reported, not read; dates are refused.
struct TOMLDocument {
    struct Entry: Equatable {
        var key: String
        var value: TOMLValue
        var line: Int
    }

    private(set) var entries: [Entry] = []

    init(parsing text: String) throws(TOMLSyntaxError) {
        var scanner = Scanner(text)
        var seen: Set<String> = []
        var inTable = false
        while true {
            scanner.skipBlankAndComments()
            guard let c = scanner.peek else { break }
            let line = scanner.line
            if c == "[" {
                // `[name]` or `[[name]]`: what follows belongs to the table, not to the top level.
                scanner.advance()
                let double = scanner.take("[")
                scanner.skipSpaces()
                let path = try scanner.key()
                scanner.skipSpaces()
                guard scanner.take("]"), !double || scanner.take("]") else {
                    throw scanner.error("expected ']' to end the table header")
                }
                try scanner.endOfLine()
                if !inTable, seen.insert(path[0]).inserted {
                    entries.append(Entry(key: path[0], value: .table, line: line))
                }
                inTable = true
                continue
            }
            let path = try scanner.key()
            scanner.skipSpaces()
            guard scanner.take("=") else {
                throw scanner.error("expected '=' after the key '\(path.joined(separator: "."))'")
            }
            scanner.skipSpaces()
            let value = try scanner.value()
            try scanner.endOfLine()
            if inTable { continue }
            let key = path[0]
            guard seen.insert(key).inserted else {
                throw TOMLSyntaxError(line: line, reason: "'\(key)' is set twice")
            }
            entries.append(Entry(key: key, value: path.count > 1 ? .table : value, line: line))
        }
    }
}

/// Reads TOML from a string, one Unicode scalar at a time, counting lines.
private struct Scanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private(set) var line = 1

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    mutating func take(_ c: Unicode.Scalar) -> Bool {
        guard peek == c else { return false }
        advance()
        return true
    }

    mutating func take(_ s: String) -> Bool {
        let wanted = Array(s.unicodeScalars)
        guard index + wanted.count <= scalars.count, Array(scalars[index..<index + wanted.count]) == wanted else {
            return false
        }
        for _ in wanted { advance() }
        return true
    }

    func error(_ reason: String) -> TOMLSyntaxError { TOMLSyntaxError(line: line, reason: reason) }

    private var shown: String {
        guard let c = peek else { return "the end of the file" }
        if c == "\n" || c == "\r" { return "the end of the line" }
        return "'\(Character(c))'"
    }

    mutating func skipSpaces() {
        while peek == " " || peek == "\t" { advance() }
    }

    private mutating func skipComment() {
        guard peek == "#" else { return }
        while let c = peek, c != "\n" { advance() }
    }

    /// Blank lines and comment lines, including line ends (inside arrays, too).
    mutating func skipBlankAndComments() {
        while true {
            skipSpaces()
            skipComment()
            if take("\n") || take("\r\n") { continue }
            return
        }
    }

    /// Spaces, an optional comment, then a line end or the end of the file.
    mutating func endOfLine() throws(TOMLSyntaxError) {
        skipSpaces()
        skipComment()
        if peek == nil || take("\n") || take("\r\n") { return }
        throw error("expected a comment or the end of the line, saw \(shown)")
    }

    // MARK: Keys

    /// `name`, `"quoted"`, `'literal'`, or dotted parts of those.
    mutating func key() throws(TOMLSyntaxError) -> [String] {
        var parts: [String] = []
        repeat {
            skipSpaces()
            if peek == "\"" {
                advance()
                parts.append(try basicString())
            } else if peek == "'" {
                advance()
                parts.append(try literalString())
            } else {
                var name = ""
                while let c = peek, Self.isBareKey(c) {
                    name.unicodeScalars.append(c)
                    advance()
                }
                guard !name.isEmpty else { throw error("expected a key, saw \(shown)") }
                parts.append(name)
            }
            skipSpaces()
        } while take(".")
        return parts
    }

    private static func isBareKey(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "-" || c == "_"
    }

    // MARK: Values

    mutating func value() throws(TOMLSyntaxError) -> TOMLValue {
        guard let c = peek else { throw error("expected a value, saw the end of the file") }
        switch c {
        case "\"":
            if take("\"\"\"") { return .string(try multiLineString(literal: false)) }
            advance()
            return .string(try basicString())
        case "'":
            if take("'''") { return .string(try multiLineString(literal: true)) }
            advance()
            return .string(try literalString())
        case "[":
            advance()
            return try array()
        case "{":
            try skipInlineTable()
            return .table
        default:
            return try bareValue()
        }
    }

    private mutating func array() throws(TOMLSyntaxError) -> TOMLValue {
        var items: [TOMLValue] = []
        while true {
            skipBlankAndComments()
            if take("]") { return .array(items) }
            guard peek != nil else { throw error("expected ']' to end the array, saw the end of the file") }
            items.append(try value())
            skipBlankAndComments()
            if take(",") { continue }
            if take("]") { return .array(items) }
            throw error("expected ',' or ']' in the array, saw \(shown)")
        }
    }

    /// An inline table is never a valid setting; it is read over (nested braces, strings) only to be reported.
    private mutating func skipInlineTable() throws(TOMLSyntaxError) {
        var depth = 0
        repeat {
            guard let c = peek, c != "\n" else { throw error("expected '}' to end the inline table") }
            if c == "\"" || c == "'" {
                advance()
                _ = c == "\"" ? try basicString() : try literalString()
                continue
            }
            if c == "{" { depth += 1 }
            if c == "}" { depth -= 1 }
            advance()
        } while depth > 0
    }

    // MARK: Strings

    /// After the opening quote, up to and including the closing one.
    private mutating func basicString() throws(TOMLSyntaxError) -> String {
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek, c != "\n", c != "\r" else { throw error("the string is not closed on its line") }
            advance()
            if c == "\"" { return String(out) }
            if c == "\\" {
                out.append(try escape())
            } else {
                try check(c)
                out.append(c)
            }
        }
    }

    private mutating func literalString() throws(TOMLSyntaxError) -> String {
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek, c != "\n", c != "\r" else { throw error("the string is not closed on its line") }
            advance()
            if c == "'" { return String(out) }
            try check(c)
            out.append(c)
        }
    }

    /// After the opening `"""` or `'''`: a newline right after it is dropped, and in a basic one a backslash at
    /// the end of a line joins it to the next non-blank character.
    private mutating func multiLineString(literal: Bool) throws(TOMLSyntaxError) -> String {
        let quote: Unicode.Scalar = literal ? "'" : "\""
        let close = String(repeating: Character(quote), count: 3)
        let start = line
        _ = take("\n") || take("\r\n")
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek else {
                throw TOMLSyntaxError(line: start, reason: "the multi-line string is not closed")
            }
            if c == quote, take(close) {
                // Up to two more quotes just before the closing three belong to the string.
                for _ in 0..<2 where peek == quote {
                    out.append(quote)
                    advance()
                }
                return String(out)
            }
            advance()
            if !literal, c == "\\" {
                if let n = peek, n == " " || n == "\t" || n == "\n" || n == "\r" {
                    var save = self
                    save.skipSpaces()
                    guard save.peek == "\n" || save.peek == "\r" else { throw error("invalid escape '\\\(n)'") }
                    while let w = peek, w == " " || w == "\t" || w == "\n" || w == "\r" { advance() }
                    continue
                }
                out.append(try escape())
                continue
            }
            if c != "\n", c != "\r" { try check(c) }
            out.append(c)
        }
    }

    /// After a backslash in a basic string.
    private mutating func escape() throws(TOMLSyntaxError) -> Unicode.Scalar {
        guard let c = peek else { throw error("the string is not closed") }
        advance()
        switch c {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "e": return "\u{1B}"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            var hex = ""
            for _ in 0..<(c == "u" ? 4 : 8) {
                guard let h = peek, h.properties.isASCIIHexDigit else {
                    throw error("'\\\(c)' needs \(c == "u" ? 4 : 8) hexadecimal digits")
                }
                hex.unicodeScalars.append(h)
                advance()
            }
            guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                throw error("'\\\(c)\(hex)' is not a Unicode scalar value")
            }
            return scalar
        default:
            throw error("invalid escape '\\\(Character(c))'")
        }
    }

    /// TOML allows no control characters in strings but the tab.
    private func check(_ c: Unicode.Scalar) throws(TOMLSyntaxError) {
        if (c.value < 0x20 && c != "\t") || c.value == 0x7F {
            throw error("control characters other than tab are not allowed in a string (use an escape)")
        }
    }

    // MARK: Numbers and booleans

    /// A number, `true`/`false`, `inf` or `nan`: everything up to a space, comma, bracket, comment or line end.
    private mutating func bareValue() throws(TOMLSyntaxError) -> TOMLValue {
        guard let first = peek, first == "+" || first == "-" || Self.isBareKey(first) else {
            throw error("expected a value, saw \(shown)")
        }
        var word = ""
        while let c = peek, !" \t\n\r,]#".unicodeScalars.contains(c) {
            word.unicodeScalars.append(c)
            advance()
        }
        guard !word.isEmpty else { throw error("expected a value, saw \(shown)") }
        if word == "true" { return .boolean(true) }
        if word == "false" { return .boolean(false) }
        if let i = Self.integer(word) { return .integer(i) }
        if let d = Self.float(word) { return .float(d) }
        if word.unicodeScalars.count >= 10, word.contains("-") || word.contains(":") {
            throw error("'\(word)': dates and times are not used in config.toml")
        }
        throw error("'\(word)' is not a value (strings need quotes)")
    }

    private static func integer(_ word: String) -> Int64? {
        var s = Substring(word)
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where s.hasPrefix(prefix) {
            s = s.dropFirst(2)
            guard let digits = underscoresRemoved(s) else { return nil }
            return Int64(digits, radix: radix)
        }
        var sign = ""
        if let first = s.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            s = s.dropFirst()
        }
        guard let digits = underscoresRemoved(s), digits.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        if digits.count > 1, digits.hasPrefix("0") { return nil }  // TOML forbids leading zeros
        return Int64(sign + digits)
    }

    private static func float(_ word: String) -> Double? {
        var s = Substring(word)
        var sign = 1.0
        if let first = s.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            s = s.dropFirst()
        }
        if s == "inf" { return sign * .infinity }
        if s == "nan" { return .nan }
        guard let text = underscoresRemoved(s), text.first?.isASCIIDigitCharacter == true else { return nil }
        // TOML: digits, then a fraction (`.` between digits), an exponent, or both.
        let parts = text.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false) }
        guard parts.count <= 2 else { return nil }
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard mantissa.count <= 2, mantissa.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) })
        else { return nil }
        if mantissa[0].count > 1, mantissa[0].hasPrefix("0") { return nil }
        if parts.count == 2 {
            var exponent = parts[1]
            if let first = exponent.first, first == "+" || first == "-" { exponent = exponent.dropFirst() }
            guard !exponent.isEmpty, exponent.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        } else if mantissa.count == 1 {
            return nil  // an integer, handled before
        }
        return Double(text).map { sign * $0 }
    }

    /// `1_000` → `1000`; nil for a misplaced underscore (first, last or doubled).
    private static func underscoresRemoved(_ s: Substring) -> String? {
        guard !s.isEmpty, s.first != "_", s.last != "_", !s.contains("__") else { return nil }
        return String(s.filter { $0 != "_" })
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
