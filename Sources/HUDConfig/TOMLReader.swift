/// Reads TOML, one Unicode scalar at a time, counting lines.
struct TOMLReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private(set) var line = 1

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        if scalars.first == "\u{FEFF}" { index = 1 }  // a byte order mark at the start is not part of the text
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

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

    /// A line end, `\n` or `\r\n`; a carriage return alone is none.
    mutating func takeNewline() -> Bool {
        if take("\n") { return true }
        guard isCRLF else { return false }
        advance()
        advance()
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

    private mutating func skipComment() throws(TOMLSyntaxError) {
        guard peek == "#" else { return }
        while let c = peek, c != "\n" {
            if c == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { return }
            try check(c, in: "a comment")
            advance()
        }
    }

    /// Blank lines and comment lines, including line ends (inside arrays, too).
    mutating func skipBlankAndComments() throws(TOMLSyntaxError) {
        while true {
            skipSpaces()
            try skipComment()
            if takeNewline() { continue }
            return
        }
    }

    /// Spaces, an optional comment, then a line end or the end of the file.
    mutating func endOfLine() throws(TOMLSyntaxError) {
        skipSpaces()
        try skipComment()
        if peek == nil || takeNewline() { return }
        throw error("expected a comment or the end of the line, saw \(shown)")
    }

    // MARK: Keys

    /// `name`, `"quoted"`, `'literal'`, or dotted parts of those; the spaces after it are read too.
    mutating func key() throws(TOMLSyntaxError) -> [String] {
        var parts: [String] = []
        repeat {
            skipSpaces()
            if take("\"") {
                parts.append(try basicString())
            } else if take("'") {
                parts.append(try literalString())
            } else {
                var name = String.UnicodeScalarView()
                while let c = peek, Self.isBareKey(c) {
                    name.append(c)
                    advance()
                }
                guard !name.isEmpty else { throw error("expected a key, saw \(shown)") }
                parts.append(String(name))
            }
            skipSpaces()
            if parts.count > TOMLDocument.maximumDepth { throw error("nested too deeply") }
        } while take(".")
        return parts
    }

    static func isBareKey(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "-" || c == "_"
    }

    // MARK: Values

    /// A value lying `depth` levels deep.
    mutating func value(depth: Int) throws(TOMLSyntaxError) -> TOMLValue {
        guard depth <= TOMLDocument.maximumDepth else { throw error("nested too deeply") }
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
            return try array(depth: depth)
        case "{":
            advance()
            return try inlineTable(depth: depth)
        default:
            return try bareValue()
        }
    }

    /// After `[`: values of any types, separated by commas, over lines and comments, with an optional last comma.
    private mutating func array(depth: Int) throws(TOMLSyntaxError) -> TOMLValue {
        var items: [TOMLValue] = []
        while true {
            try skipBlankAndComments()
            if take("]") { return .array(items) }
            guard peek != nil else { throw error("expected ']' to end the array, saw the end of the file") }
            items.append(try value(depth: depth + 1))
            try skipBlankAndComments()
            if take(",") { continue }
            if take("]") { return .array(items) }
            throw error("expected ',' or ']' in the array, saw \(shown)")
        }
    }

    /// After `{`: `key = value` pairs separated by commas on one line, no comma after the last; closed afterwards.
    private mutating func inlineTable(depth: Int) throws(TOMLSyntaxError) -> TOMLValue {
        let table = TOMLTable(depth: depth)
        skipSpaces()
        if take("}") { return table.value }
        while true {
            let line = self.line
            guard peek != "\n", peek != "\r" else { throw error("an inline table must end on the line it starts") }
            let path = try key()
            guard take("=") else {
                throw error("expected '=' after the key '\(path.joined(separator: "."))'")
            }
            skipSpaces()
            let value = try value(depth: depth + path.count)
            try table.set(path, to: value, line: line)
            skipSpaces()
            if take("}") { return table.value }
            guard take(",") else { throw error("expected ',' or '}' in the inline table, saw \(shown)") }
            skipSpaces()
            if peek == "}" { throw error("an inline table takes no ',' after its last value") }
        }
    }

    // MARK: Strings

    /// After the opening quote, up to and including the closing one.
    private mutating func basicString() throws(TOMLSyntaxError) -> String {
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek, c != "\n", c != "\r" || !isCRLF else {
                throw error("the string is not closed on its line")
            }
            advance()
            if c == "\"" { return String(out) }
            if c == "\\" {
                out.append(try escape())
            } else {
                try check(c, in: "a string")
                out.append(c)
            }
        }
    }

    private mutating func literalString() throws(TOMLSyntaxError) -> String {
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek, c != "\n", c != "\r" || !isCRLF else {
                throw error("the string is not closed on its line")
            }
            advance()
            if c == "'" { return String(out) }
            try check(c, in: "a string")
            out.append(c)
        }
    }

    private var isCRLF: Bool { peek == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" }

    /// After the opening `"""` or `'''`: a newline right after it is dropped, and in a basic one a backslash at
    /// the end of a line joins it to the next non-blank character.
    private mutating func multiLineString(literal: Bool) throws(TOMLSyntaxError) -> String {
        let quote: Unicode.Scalar = literal ? "'" : "\""
        let close = String(repeating: Character(quote), count: 3)
        let start = line
        _ = takeNewline()
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
            if takeNewline() {
                out.append("\n")
                continue
            }
            advance()
            if !literal, c == "\\" {
                if let n = peek, n == " " || n == "\t" || n == "\n" || n == "\r" {
                    // A line-ending backslash: the whitespace up to the next non-blank character goes, line ends too.
                    skipSpaces()
                    guard takeNewline() else { throw error("invalid escape '\\\(n == "\t" ? "t" : " ")'") }
                    while true {
                        skipSpaces()
                        if !takeNewline() { break }
                    }
                    continue
                }
                out.append(try escape())
                continue
            }
            try check(c, in: "a string")
            out.append(c)
        }
    }

    /// After a backslash in a basic string: TOML 1.0's escapes.
    private mutating func escape() throws(TOMLSyntaxError) -> Unicode.Scalar {
        guard let c = peek, c != "\n", c != "\r" else { throw error("the string is not closed on its line") }
        advance()
        switch c {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
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

    /// TOML allows no control characters in strings and comments but the tab.
    private func check(_ c: Unicode.Scalar, in place: String) throws(TOMLSyntaxError) {
        if (c.value < 0x20 && c != "\t") || c.value == 0x7F {
            let hex = String(c.value, radix: 16, uppercase: true)
            throw error("control character U+\(String(repeating: "0", count: 4 - hex.count) + hex) in \(place) "
                        + "(control characters other than tab are not allowed; in a string, use an escape)")
        }
    }

    // MARK: Numbers and booleans

    /// A number, `true`/`false`, `inf` or `nan`: everything up to a space, comma, bracket, brace, comment or line end.
    private mutating func bareValue() throws(TOMLSyntaxError) -> TOMLValue {
        guard let first = peek, first == "+" || first == "-" || Self.isBareKey(first) else {
            throw error("expected a value, saw \(shown)")
        }
        var scalars = String.UnicodeScalarView()
        while let c = peek, !" \t\n\r,]}#".unicodeScalars.contains(c) {
            scalars.append(c)
            advance()
        }
        let word = String(scalars)
        if word == "true" { return .boolean(true) }
        if word == "false" { return .boolean(false) }
        let digitFirst = scalars.first.map { ("0"..."9").contains($0) } ?? false
        if digitFirst, word.contains(":") || (scalars.count >= 10 && Array(scalars)[4] == "-") {
            throw error("'\(word)': dates and times are not used in config.toml")
        }
        switch TOMLNumber.read(word) {
        case .value(let v): return v
        case .notANumber:
            throw error("'\(word)' is not a value (strings need quotes)")
        case .invalid(let reason):
            throw error("'\(word)' is not a value (\(reason))")
        }
    }
}
