/// Writes JSON text as Foundation's JSONEncoder writes it (compact; `/` escaped unless told not to; `\b \f \n \r \t`
/// and `\u00xx` for the other control characters), from a `JSONValue` or from any `Encodable` value.
///
/// An object's keys come in the order they were encoded (JSONEncoder's order is its dictionary's, which changes from
/// one run to the next), or sorted by their UTF-8 bytes with `sortedKeys`, as JSONEncoder sorts them.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private let sortedKeys: Bool
    private let escapingSlashes: Bool

    public init(sortedKeys: Bool = false, escapingSlashes: Bool = true) {
        self.sortedKeys = sortedKeys
        self.escapingSlashes = escapingSlashes
    }

    /// `value` as JSON text, or nil when it cannot be written (a number that is not finite).
    public static func text<T: Encodable>(
        _ value: T, sortedKeys: Bool = false, escapingSlashes: Bool = true
    ) -> String? {
        guard let json = try? JSONValueEncoder.encode(value) else { return nil }
        var writer = JSONWriter(sortedKeys: sortedKeys, escapingSlashes: escapingSlashes)
        writer.write(json)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: bytes += "null".utf8
        case .bool(let b): bytes += (b ? "true" : "false").utf8
        case .number(let text): bytes += text.utf8
        case .string(let s): write(string: s)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            let ordered = sortedKeys ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            for (i, member) in ordered.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `text` quoted, with JSONEncoder's escapes.
    public mutating func write(string text: String) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "/") where escapingSlashes: bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Raw bytes, for a writer of its own (`HUDRegistry.State.json`) that writes numbers and punctuation itself.
    public mutating func append(_ raw: some Sequence<UInt8>) { bytes += raw }
}
