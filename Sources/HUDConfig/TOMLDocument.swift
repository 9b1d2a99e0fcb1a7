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
    /// The line each key of a table below the top was first set on, by its dotted path (`notifications.width`,
    /// `notifications.rule[2].script`, elements of an array of tables counted from 1); a key of an inline table
    /// has its table's line.
    private(set) var lines: [String: Int] = [:]

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
        var reader = TOMLReader(scalars)
        let root = TOMLTable()
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
        lines = Self.lines(of: root, under: "")
    }

    private static func lines(of table: TOMLTable, under prefix: String) -> [String: Int] {
        var found: [String: Int] = [:]
        for key in table.order {
            let path = prefix + key
            found[path] = table.lines[key]
            switch table.items[key] {
            case .table(let t)?:
                found.merge(lines(of: t, under: path + ".")) { a, _ in a }
            case .arrayOfTables(let elements)?:
                for (i, t) in elements.enumerated() {
                    found.merge(lines(of: t, under: "\(path)[\(i + 1)].")) { a, _ in a }
                }
            case .value(.table(let inline))?:
                for name in inline.keys { found[path + "." + name] = table.lines[key] }
            default:
                break
            }
        }
        return found
    }
}

/// How keys are shown in messages.
enum TOMLKey {
    static func shown(_ key: String) -> String {
        !key.isEmpty && key.unicodeScalars.allSatisfy(TOMLReader.isBareKey) ? key : "\"\(key)\""
    }
}
