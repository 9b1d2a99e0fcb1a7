/// Reads JSON text (RFC 8259, as strict as Foundation's JSONDecoder: no comments, no leading zeros, no control
/// characters in strings, nothing after the value but white space; and as lenient: one comma may end an array or an
/// object) into a `JSONValue`, and from there into any `Decodable` type with JSONDecoder's rules (`JSONValueDecoder`).
public struct JSONReader {
    /// Why a text is not JSON, with the byte offset where reading stopped.
    public struct Failure: Error, CustomStringConvertible {
        public let offset: Int
        public let reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Containers nested deeper than this are refused, as JSONDecoder refuses them.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var at = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is passed over, as JSONDecoder passes it over.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
    }

    /// The one JSON value of `text`.
    public static func parse(_ text: some Sequence<UInt8>) throws(Failure) -> JSONValue {
        var reader = JSONReader(Array(text))
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == reader.bytes.count else { throw reader.failure("unexpected character after the value") }
        return value
    }

    /// `text` decoded as a `T`, as `JSONDecoder().decode(T.self, from: text)` decodes it.
    public static func decode<T: Decodable>(_ type: T.Type, from text: some Sequence<UInt8>) throws -> T {
        try decode(type, from: try parse(text))
    }

    /// A value already read, decoded as a `T`: for a text that may be one of several types.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: JSONValueDecoder(value, codingPath: []))
    }

    private func failure(_ reason: String) -> Failure { Failure(offset: at, reason: reason) }

    private mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
        for byte in word.utf8 {
            guard at < bytes.count, bytes[at] == byte else { throw failure("invalid literal") }
            at += 1
        }
        return value
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard at < bytes.count else { throw failure("unexpected end of text") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character")
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        var elements: [JSONValue] = []
        try items(depth: depth, close: UInt8(ascii: "]")) { reader throws(Failure) in
            elements.append(try reader.value(depth: depth))
        }
        return .array(elements)
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        try items(depth: depth, close: UInt8(ascii: "}")) { reader throws(Failure) in
            guard reader.at < reader.bytes.count, reader.bytes[reader.at] == UInt8(ascii: "\"") else {
                throw reader.failure("expected a key")
            }
            let key = try reader.string()
            reader.skipSpace()
            guard reader.at < reader.bytes.count, reader.bytes[reader.at] == UInt8(ascii: ":") else {
                throw reader.failure("expected ':'")
            }
            reader.at += 1
            reader.skipSpace()
            members.append((key, try reader.value(depth: depth)))
        }
        return .object(members)
    }

    /// The elements of an array or the members of an object, from its opening bracket: each read by `item`, then a
    /// comma or `close`.
    private mutating func items(
        depth: Int, close: UInt8, _ item: (inout JSONReader) throws(Failure) -> Void
    ) throws(Failure) {
        guard depth <= Self.maximumDepth else { throw failure("too many nested arrays or objects") }
        at += 1
        skipSpace()
        if at < bytes.count, bytes[at] == close {
            at += 1
            return
        }
        while true {
            skipSpace()
            try item(&self)
            skipSpace()
            guard at < bytes.count else { throw failure("unexpected end of text") }
            at += 1
            if bytes[at - 1] == close { return }
            guard bytes[at - 1] == UInt8(ascii: ",") else { throw failure("expected ',' or the closing bracket") }
            skipSpace()
            if at < bytes.count, bytes[at] == close {
                at += 1
                return
            }
        }
    }

    /// A number's text, checked against the grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Failure) -> String {
        let start = at
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.at
            while reader.at < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.at]) { reader.at += 1 }
            return reader.at - first
        }
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        let leadingZero = at < bytes.count && bytes[at] == UInt8(ascii: "0")
        let whole = digits(&self)
        guard whole > 0, !(leadingZero && whole > 1) else { throw failure("invalid number") }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits(&self) > 0 else { throw failure("invalid number") }
        }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits(&self) > 0 else { throw failure("invalid number") }
        }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    private mutating func string() throws(Failure) -> String {
        at += 1
        var out: [UInt8] = []
        while true {
            guard at < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                // Invalid UTF-8 is refused, as JSONDecoder refuses it, rather than replaced.
                guard let text = String(validating: out, as: UTF8.self) else { throw failure("invalid UTF-8") }
                return text
            case UInt8(ascii: "\\"): try escape(into: &out)
            case 0..<0x20: throw failure("unescaped control character in a string")
            default: out.append(byte)
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws(Failure) {
        guard at < bytes.count else { throw failure("unterminated string") }
        let byte = bytes[at]
        at += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by its low one.
                guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u")
                else { throw failure("unpaired surrogate") }
                at += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("unpaired surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid escape") }
            out.append(contentsOf: String(Character(unicode)).utf8)
        default: throw failure("invalid escape")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard at + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16),
            bytes[at..<at + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw failure("invalid \\u escape") }
        at += 4
        return value
    }
}
