/// A TOML document: its top-level keys in file order, each with its value and the line it was first set on.
///
/// The subset read is TOML 1.0 (https://toml.io/en/v1.0.0) without its four date and time types, which no setting
/// needs: every other document of TOML 1.0 is read, and every document outside the subset is refused with the
/// line and the reason. Written here so that reading a few lines of settings does not link Foundation, ICU and a
/// C++ library (TOMLKit did). Values nest at most `maximumDepth` levels, so a hostile file cannot overflow the stack.
struct TOMLDocument {
    struct Entry: Equatable {
        var key: String
        var value: TOMLValue
        var line: Int
    }

    /// Tables, arrays and dotted keys nest at most this deep: far more than any config needs, and far less than
    /// what would exhaust the stack of the recursive reader (issue 21: 50,000 nested arrays crashed it).
    static let maximumDepth = 128

    private(set) var entries: [Entry] = []

    init(parsing text: String) throws(TOMLSyntaxError) {
        try self.init(scalars: Array(text.unicodeScalars))
    }

    /// Reads UTF-8 bytes; invalid UTF-8 is refused with the line it is on.
    init(parsing bytes: [UInt8]) throws(TOMLSyntaxError) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1
        decoding: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\n" { line += 1 }
                scalars.append(scalar)
            case .error:
                throw TOMLSyntaxError(line: line, reason: "not UTF-8 text")
            case .emptyInput:
                break decoding
            }
        }
        try self.init(scalars: scalars)
    }

    private init(scalars: [Unicode.Scalar]) throws(TOMLSyntaxError) {
        var reader = Reader(scalars)
        let root = Table()
        var current = root
        while true {
            try reader.skipBlankAndComments()
            guard let c = reader.peek else { break }
            let line = reader.line
            if c == "[" {
                reader.advance()
                let isArray = reader.take("[")
                reader.skipSpaces()
                let path = try reader.key()
                guard path.count <= Self.maximumDepth else { throw reader.error("nested too deeply") }
                guard reader.take("]"), !isArray || reader.take("]") else {
                    throw reader.error("expected '\(isArray ? "]]" : "]")' to end the table header")
                }
                try reader.endOfLine()
                current = isArray ? try root.appendArrayTable(path, line: line) : try root.defineTable(path, line: line)
                continue
            }
            let path = try reader.key()
            guard reader.take("=") else {
                throw reader.error("expected '=' after the key '\(path.joined(separator: "."))'")
            }
            reader.skipSpaces()
            let value = try reader.value(depth: current.depth + path.count)
            try reader.endOfLine()
            try current.set(path, to: value, line: line)
        }
        entries = root.order.map { Entry(key: $0, value: root.items[$0]!.value, line: root.lines[$0]!) }
    }
}

/// A table while the document is read, with what TOML needs to know to refuse a redefinition.
private final class Table {
    enum Item {
        /// A value set with `=`: a static array or an inline table is closed to anything later.
        case value(TOMLValue)
        case table(Table)
        case arrayOfTables([Table])

        var value: TOMLValue {
            switch self {
            case .value(let v): return v
            case .table(let t): return t.value
            case .arrayOfTables(let a): return .array(a.map(\.value))
            }
        }
    }

    var items: [String: Item] = [:]
    var order: [String] = []
    var lines: [String: Int] = [:]
    /// Defined by a `[header]` or as an element of `[[array]]`: a header cannot define it again, nor a dotted key
    /// add to it from another table.
    var isExplicit = false
    /// Made by a dotted key (`a.b = 1` makes `a`): a header cannot define it afterwards.
    var byDottedKey = false
    /// How deep it lies: 0 for the document.
    let depth: Int

    init(depth: Int = 0) {
        self.depth = depth
    }

    var value: TOMLValue {
        .table(items.mapValues(\.value))
    }

    private func insert(_ key: String, _ item: Item, line: Int) {
        if items[key] == nil { order.append(key) }
        items[key] = item
        if lines[key] == nil { lines[key] = line }
    }

    private static func name(_ path: ArraySlice<String>) -> String {
        path.map { TOMLKey.shown($0) }.joined(separator: ".")
    }

    /// The table `path` names below this one, made as an implicit table where missing: through headers, the last
    /// element of an array of tables is the table meant.
    private func descend(_ path: ArraySlice<String>, line: Int) throws(TOMLSyntaxError) -> Table {
        var table = self
        for (i, key) in zip(path.indices, path) {
            switch table.items[key] {
            case nil:
                let made = Table(depth: table.depth + 1)
                table.insert(key, .table(made), line: line)
                table = made
            case .table(let t)?:
                table = t
            case .arrayOfTables(let a)?:
                table = a[a.count - 1]
            case .value?:
                let at = table.lines[key] ?? line
                throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...i]))' was set to a value on line \(at)")
            }
        }
        return table
    }

    /// `[path]`.
    func defineTable(_ path: [String], line: Int) throws(TOMLSyntaxError) -> Table {
        let parent = try descend(path.dropLast(), line: line)
        let key = path[path.count - 1]
        switch parent.items[key] {
        case nil:
            let made = Table(depth: parent.depth + 1)
            made.isExplicit = true
            parent.insert(key, .table(made), line: line)
            return made
        case .table(let t)? where !t.isExplicit && !t.byDottedKey:
            // Made implicitly by an earlier `[path.sub]`: this header defines it, once.
            t.isExplicit = true
            return t
        case let item?:
            let at = parent.lines[key] ?? line
            let what: String
            switch item {
            case .value: what = "was set to a value"
            case .table: what = "is already a table"
            case .arrayOfTables: what = "is already an array of tables"
            }
            throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...]))' \(what) on line \(at)")
        }
    }

    /// `[[path]]`: a new table at the end of the array.
    func appendArrayTable(_ path: [String], line: Int) throws(TOMLSyntaxError) -> Table {
        let parent = try descend(path.dropLast(), line: line)
        let key = path[path.count - 1]
        let made = Table(depth: parent.depth + 2)
        made.isExplicit = true
        switch parent.items[key] {
        case nil:
            parent.insert(key, .arrayOfTables([made]), line: line)
        case .arrayOfTables(let a)?:
            parent.items[key] = .arrayOfTables(a + [made])
        case .table?:
            let at = parent.lines[key] ?? line
            throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...]))' is already a table on line \(at)")
        case .value?:
            let at = parent.lines[key] ?? line
            throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...]))' was set to a value on line \(at) "
                                  + "(a static array cannot be appended to)")
        }
        return made
    }

    /// `path = value` in this table: a dotted key may make tables or add to tables it made, never to a table a
    /// header defined, nor to an inline table or array.
    func set(_ path: [String], to value: TOMLValue, line: Int) throws(TOMLSyntaxError) {
        var table = self
        for (i, key) in zip(path.indices, path.dropLast()) {
            switch table.items[key] {
            case nil:
                let made = Table(depth: table.depth + 1)
                made.byDottedKey = true
                table.insert(key, .table(made), line: line)
                table = made
            case .table(let t)? where !t.isExplicit:
                table = t
            case .table?, .arrayOfTables?:
                let at = table.lines[key] ?? line
                throw TOMLSyntaxError(line: line,
                                      reason: "'\(Self.name(path[...i]))' is a table defined on line \(at): "
                                          + "dotted keys cannot add to it")
            case .value?:
                let at = table.lines[key] ?? line
                throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...i]))' was set to a value on line \(at)")
            }
        }
        let key = path[path.count - 1]
        if table.items[key] != nil {
            let at = table.lines[key] ?? line
            throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...]))' is set twice (first on line \(at))")
        }
        table.insert(key, .value(value), line: line)
    }
}

/// How keys are shown in messages.
private enum TOMLKey {
    static func shown(_ key: String) -> String {
        !key.isEmpty && key.unicodeScalars.allSatisfy(Reader.isBareKey) ? key : "\"\(key)\""
    }
}

/// Reads TOML, one Unicode scalar at a time, counting lines.
private struct Reader {
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
        let table = Table(depth: depth)
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

/// TOML's integers and floats, read strictly: underscores only between digits, no leading zeros, prefixes
/// `0x`/`0o`/`0b` in lower case without a sign, and integers within 64 bits.
private enum TOMLNumber {
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
